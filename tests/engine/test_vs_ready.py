"""Vs. System: exhausted cards ready as a new turn begins -- characters, and the cards of the resource row
that an 'Activate' cost exhausted (Geraci Family Estate: "Activate >>> Target Crime Lords defender you
control has reinforcement this attack"), so such a power can be used again on a later turn, not again
in the same turn."""
from __future__ import annotations

from .test_vs_system import act, make


def _exhaust(eng, label):
    assert eng.run_steps([{"exhaust": "c"}], {"you": "B", "c": eng.obj(label)})


def test_a_location_in_the_resource_row_is_ready_next_turn():
    eng = make(B_resource=["Geraci Family Estate"], B_visible=["Death-Stalker"])
    _exhaust(eng, "Geraci Family Estate")
    act(eng, "begin", what="turn")
    assert not eng.obj("Geraci Family Estate").exhausted
    assert eng.obj("Geraci Family Estate").zone == "resource"


def test_a_location_stays_exhausted_for_the_rest_of_the_turn():
    eng = make(B_resource=["Geraci Family Estate"], B_visible=["Death-Stalker"])
    _exhaust(eng, "Geraci Family Estate")
    act(eng, "begin", what="combat")  # (not the recovery phase: Geraci's upkeep would replace it)
    assert eng.obj("Geraci Family Estate").exhausted


def test_characters_ready_too_but_cards_in_the_hand_are_untouched():
    eng = make(A_visible=["Shang Chi"], A_hand=["Henchman"])
    eng.obj("Shang Chi").exhausted = True
    eng.obj("Henchman").exhausted = True  # not a real state: only shows that the hand is left alone
    act(eng, "begin", what="turn")
    assert not eng.obj("Shang Chi").exhausted
    assert eng.obj("Henchman").exhausted
