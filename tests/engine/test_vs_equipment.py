"""302.3a, the object equipment is attached to: each case the rule lists that the corpus can decide
(type character, visible, unstunned, controlled by the effect's player), with the rule switched off."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from .test_vs_system import act, make, rid


def test_equipment_cannot_be_recruited_onto_an_equipment():
    """'it must have type character': an equipment in play is refused, naming 302.3a."""
    eng = make(A_visible=["Henchman", "Power Gauntlet@Henchman"], A_hand=["Power Gauntlet"])
    with pytest.raises(ReplayError, match="only to characters") as err:
        act(eng, "recruit", what="Power Gauntlet#2", targets=["Power Gauntlet"])
    assert rid("302.3a") in err.value.rules
    assert eng.obj("Power Gauntlet#2").zone == "hand"


def test_equipment_onto_a_character_is_not_refused_by_the_type_case():
    eng = make(A_visible=["Henchman", "Power Gauntlet@Henchman", "Shang Chi"], A_hand=["Power Gauntlet"])
    act(eng, "recruit", what="Power Gauntlet#2", targets=["Shang Chi"])
    eng.resolve_chain()
    assert eng.obj("Power Gauntlet#2").attached_to == eng.obj("Shang Chi").oid
    assert rid("302.3a") not in {r for st in eng.trace for r in st.rules}  # no case refused it


def test_type_case_switched_off_lets_equipment_go_on_an_equipment():
    eng = make(ablate=[rid("302.3a")], A_visible=["Henchman", "Power Gauntlet@Henchman"],
               A_hand=["Power Gauntlet"])
    act(eng, "recruit", what="Power Gauntlet#2", targets=["Power Gauntlet"])
    eng.resolve_chain()
    assert eng.obj("Power Gauntlet#2").attached_to == eng.obj("Power Gauntlet").oid


def test_transfer_onto_an_equipment_is_refused():
    """512.4: a transfer checks the same legality (here through a step naming the equipment)."""
    eng = make(A_visible=["Henchman", "Power Gauntlet@Henchman", "Shang Chi", "Power Gauntlet@Shang Chi"])
    assert not eng.run_steps([{"transfer": "Power Gauntlet", "to": "Power Gauntlet#2"}], {"you": "A"})
    assert eng.obj("Power Gauntlet").attached_to == eng.obj("Henchman").oid
