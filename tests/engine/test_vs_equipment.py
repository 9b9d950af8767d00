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


def test_a_location_in_the_resource_row_is_refused_by_the_type_case():
    """Geraci Family Estate in the resource row is no character: 302.3a's first case names the refusal
    (blind round 30: 'it is not in play' named no rule); a character card outside play names none."""
    eng = make(A_visible=["Henchman"], A_resource=["Geraci Family Estate"], A_hand=["Power Gauntlet"])
    with pytest.raises(ReplayError, match="only to characters") as err:
        act(eng, "recruit", what="Power Gauntlet", targets=["Geraci Family Estate"])
    assert rid("302.3a") in err.value.rules
    eng = make(A_visible=["Henchman"], A_hand=["Power Gauntlet", "Shang Chi"])
    with pytest.raises(ReplayError, match="not in play") as err:
        act(eng, "recruit", what="Power Gauntlet", targets=["Shang Chi"])
    assert not err.value.rules


def test_transfer_onto_an_equipment_is_refused():
    """512.4: a transfer checks the same legality (here through a step naming the equipment)."""
    eng = make(A_visible=["Henchman", "Power Gauntlet@Henchman", "Shang Chi", "Power Gauntlet@Shang Chi"])
    assert not eng.run_steps([{"transfer": "Power Gauntlet", "to": "Power Gauntlet#2"}], {"you": "A"})
    assert eng.obj("Power Gauntlet").attached_to == eng.obj("Henchman").oid


def test_kept_equipment_goes_with_its_character():
    """Equipment that stays attached is where its character is: a character moved into another
    player's visible area (same kind of area, 302.9 does not apply) takes it along; with 302.9 switched
    off, a character moved to the hidden area does too; a move within one area changes nothing."""
    from judge.games.vs_system.moving import relocate
    eng = make(B_visible=["Henchman", "Power Gauntlet@Henchman"])
    relocate(eng, eng.obj("Henchman"), "A", "visible", "front")
    g = eng.obj("Power Gauntlet")
    assert (g.zone, g.side, g.attached_to) == ("visible", "A", eng.obj("Henchman").oid)
    eng2 = make(ablate=[rid("302.9")], A_visible=["Henchman", "Power Gauntlet@Henchman"])
    relocate(eng2, eng2.obj("Henchman"), "A", "hidden", "front")
    assert (eng2.obj("Power Gauntlet").zone, eng2.obj("Power Gauntlet").side) == ("hidden", "A")
    eng3 = make(A_visible=["Henchman", "Power Gauntlet@Henchman"])
    relocate(eng3, eng3.obj("Henchman"), "A", "visible", "support")
    assert (eng3.obj("Power Gauntlet").zone, eng3.obj("Power Gauntlet").side) == ("visible", "A")
