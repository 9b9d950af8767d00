"""302.3a's fourth and fifth cases (the maximum number of equipment, an existing restriction on attaching
equipment) and 512.3's "unless otherwise specified" (a move to a different position), each where it
applies, where it must not, and switched off."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError
from judge.games.vs_system.moving import _move_one, position_text

from .test_vs_system import act, events, make, rid


def _rules(eng) -> set:
    return {r for st in eng.trace for r in st.rules}


# -- 302.3a: "can't already have its maximum allowed number of equipment equipped to it" --------------

def test_second_equipment_recruited_onto_an_equipped_character_is_refused():
    eng = make(A_visible=["Henchman", "Power Gauntlet@Henchman"], A_hand=["Power Gauntlet"])
    with pytest.raises(ReplayError, match="maximum number of equipment") as err:
        act(eng, "recruit", what="Power Gauntlet#2", targets=["Henchman"])
    assert rid("302.3a") in err.value.rules
    assert eng.obj("Power Gauntlet#2").zone == "hand"


def test_equipment_onto_a_character_without_equipment_is_not_refused_by_the_maximum():
    """Where the case must not apply: a character with no equipment; the rule is not recorded."""
    eng = make(A_visible=["Henchman", "Power Gauntlet@Henchman", "Shang Chi"], A_hand=["Power Gauntlet"])
    act(eng, "recruit", what="Power Gauntlet#2", targets=["Shang Chi"])
    eng.resolve_chain()
    assert eng.obj("Power Gauntlet#2").attached_to == eng.obj("Shang Chi").oid
    assert rid("302.3a") not in _rules(eng)


def test_maximum_switched_off_allows_a_second_equipment():
    eng = make(ablate=[rid("302.3a")], A_visible=["Henchman", "Power Gauntlet@Henchman"], A_hand=["Power Gauntlet"])
    act(eng, "recruit", what="Power Gauntlet#2", targets=["Henchman"])
    eng.resolve_chain()
    assert eng.obj("Power Gauntlet#2").attached_to == eng.obj("Henchman").oid
    assert eng.obj("Power Gauntlet").attached_to == eng.obj("Henchman").oid


def test_transfer_onto_an_equipped_character_fails_and_the_equipment_stays():
    """512.4: the transfer checks the legality of attaching; the character's own equipment counts."""
    eng = make(A_visible=["Henchman", "Power Gauntlet@Henchman", "Shang Chi", "Power Gauntlet@Shang Chi"])
    assert not eng.run_steps([{"transfer": "Power Gauntlet", "to": "Shang Chi"}], {"you": "A"})
    assert eng.obj("Power Gauntlet").attached_to == eng.obj("Henchman").oid
    (failed,) = events(eng, "transfer_failed")
    assert "maximum" in failed["reason"]


def test_a_transfer_does_not_count_the_equipment_being_transferred():
    """The equipment moved is not 'already equipped' to its new character: only the others count."""
    eng = make(A_visible=["Henchman", "Power Gauntlet@Henchman", "Shang Chi"])
    assert eng.run_steps([{"transfer": "Power Gauntlet", "to": "Shang Chi"}], {"you": "A"})
    assert eng.obj("Power Gauntlet").attached_to == eng.obj("Shang Chi").oid


def test_recruited_equipment_rechecks_the_maximum_as_it_resolves():
    """302.3: on the chain; a transfer in response fills the character, so the recruit is not attached."""
    eng = make(A_visible=["Henchman", "Power Gauntlet@Henchman", "Shang Chi"], A_hand=["Power Gauntlet"])
    act(eng, "recruit", what="Power Gauntlet#2", targets=["Shang Chi"])
    assert eng.run_steps([{"transfer": "Power Gauntlet", "to": "Shang Chi"}], {"you": "A"})
    eng.resolve_chain()
    assert eng.obj("Power Gauntlet#2").zone == "kod"
    assert events(eng, "attach_failed")


# -- 302.3a: "any existing restrictions on attaching equipment to it must be satisfied" --------------

def test_equipment_restriction_refuses_a_character_it_does_not_allow():
    """Billy Club: 'Equip only to a Marvel Knights character'; Henchman is Crime Lords."""
    eng = make(A_visible=["Henchman"], A_hand=["Billy Club"])
    with pytest.raises(ReplayError, match="restriction") as err:
        act(eng, "recruit", what="Billy Club", targets=["Henchman"])
    assert rid("302.3a") in err.value.rules


def test_equipment_restriction_met_is_not_recorded():
    eng = make(A_visible=["Shang Chi"], A_hand=["Billy Club"])
    act(eng, "recruit", what="Billy Club", targets=["Shang Chi"])
    eng.resolve_chain()
    assert eng.obj("Billy Club").attached_to == eng.obj("Shang Chi").oid
    assert rid("302.3a") not in _rules(eng)


def test_equipment_without_a_restriction_goes_on_any_legal_character():
    """Power Gauntlet states no restriction: a Crime Lords Henchman is fine."""
    eng = make(A_visible=["Henchman"], A_hand=["Power Gauntlet"])
    act(eng, "recruit", what="Power Gauntlet", targets=["Henchman"])
    eng.resolve_chain()
    assert eng.obj("Power Gauntlet").attached_to == eng.obj("Henchman").oid


def test_equipment_restriction_switched_off_is_ignored():
    eng = make(ablate=[rid("302.3a")], A_visible=["Henchman"], A_hand=["Billy Club"])
    act(eng, "recruit", what="Billy Club", targets=["Henchman"])
    eng.resolve_chain()
    assert eng.obj("Billy Club").attached_to == eng.obj("Henchman").oid


def test_transfer_checks_the_equipment_restriction_too():
    eng = make(A_visible=["Shang Chi", "Billy Club@Shang Chi", "Henchman", "Luke Cage"])
    assert not eng.run_steps([{"transfer": "Billy Club", "to": "Henchman"}], {"you": "A"})
    assert eng.run_steps([{"transfer": "Billy Club", "to": "Luke Cage"}], {"you": "A"})
    assert eng.obj("Billy Club").attached_to == eng.obj("Luke Cage").oid


# -- 512.3: "Moving an object to the position it was already in is legal, unless otherwise specified" --

def test_a_move_to_a_different_position_refuses_its_own_position():
    eng = make(A_visible=["Henchman"])
    eng.choices["A"] = [{"try": "visible front 1"}, "visible front 2"]
    assert _move_one(eng, eng.obj("Henchman"), "A", None, None, elsewhere=True)
    (rejected,) = events(eng, "choice_rejected")
    assert rejected["choice"] == "visible front 1"
    assert position_text(eng, eng.obj("Henchman")) == "visible front 2"  # the same row, another position


def test_a_move_that_specifies_nothing_may_stay_put():
    """Where the exception must not apply: the rule's default, and it is recorded as deciding."""
    eng = make(A_visible=["Henchman"])
    eng.choices["A"] = ["visible front 1"]
    assert _move_one(eng, eng.obj("Henchman"), "A", None, None)
    assert position_text(eng, eng.obj("Henchman")) == "visible front 1"
    assert not events(eng, "choice_rejected")


def test_a_different_position_with_one_row_allowed_takes_another_position_of_it():
    eng = make(A_visible=["Henchman", "Shang Chi"])
    assert _move_one(eng, eng.obj("Henchman"), "A", "visible", "front", elsewhere=True)
    assert position_text(eng, eng.obj("Henchman")) == "visible front 3"
    assert position_text(eng, eng.obj("Shang Chi")) == "visible front 2"


# -- 302.3a: "must be visible unless otherwise specified" --------------------------------------------

def test_equipment_whose_text_allows_it_goes_on_a_hidden_character():
    """Shadow Cloak's recruiting target names the hidden area: the visible case does not refuse it."""
    eng = make(A_hidden=["Death-Stalker"], A_hand=["Shadow Cloak"])
    act(eng, "recruit", what="Shadow Cloak", targets=["Death-Stalker"])
    eng.resolve_chain()
    cloak = eng.obj("Shadow Cloak")
    assert (cloak.zone, cloak.attached_to) == ("hidden", eng.obj("Death-Stalker").oid)
    assert rid("302.3a") not in _rules(eng)


def test_equipment_that_says_nothing_still_needs_a_visible_character():
    eng = make(A_hidden=["Death-Stalker"], A_hand=["Power Gauntlet"])
    with pytest.raises(ReplayError, match="hidden") as err:
        act(eng, "recruit", what="Power Gauntlet", targets=["Death-Stalker"])
    assert rid("302.3a") in err.value.rules


def test_the_exception_leaves_the_other_cases_in_force():
    """A stunned hidden character, or one already equipped, is still refused."""
    eng = make(A_hidden=["Death-Stalker"], A_hand=["Shadow Cloak"])
    eng.obj("Death-Stalker").flags.add("stunned")
    with pytest.raises(ReplayError, match="stunned"):
        act(eng, "recruit", what="Shadow Cloak", targets=["Death-Stalker"])
    eng2 = make(A_hidden=["Death-Stalker", "Power Gauntlet@Death-Stalker"], A_hand=["Shadow Cloak"])
    with pytest.raises(ReplayError, match="maximum"):
        act(eng2, "recruit", what="Shadow Cloak", targets=["Death-Stalker"])
