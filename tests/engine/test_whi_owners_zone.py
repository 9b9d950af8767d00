"""Warhammer: Invasion, a card leaving play goes to its OWNER's out-of-play zone (leaving.py,
owners_out_of_play_zone): destroyed (clarification:destroy) or sacrificed (clarification:sacrifice) to
his discard pile, returned to his hand (clarification:out-of-play). Each entry switched off sends the
card of its own kind of leaving to the zone of the player who controlled it; the others are untouched;
a card its owner controls goes to his zone either way (nothing for the rule to decide)."""
from __future__ import annotations

from tests.engine.test_whi_terms import make, rid


def _stolen(ablate=()):
    """B's Dark Zealot, controlled by A, in A's battlefield; A's own Rat Swarm beside it."""
    eng = make(ablate, B={"battlefield": [("Dark Zealot", "Zealot")]}, A={"battlefield": [("Rat Swarm", "Swarm")]})
    z = eng.obj("Zealot")
    eng.place(z, side="A", controller="A")
    return eng


def _do(eng, step):
    eng.run_steps([step], {"you": "A"})


def test_destroyed_stolen_card_to_owners_discard():
    eng = _stolen()
    _do(eng, {"destroy": "Zealot"})
    assert eng.obj("Zealot").where == "B.discard"
    assert rid("clarification:destroy") in eng.step.rules


def test_destroy_off_controllers_discard():
    eng = _stolen([rid("clarification:destroy")])
    _do(eng, {"destroy": "Zealot"})
    assert eng.obj("Zealot").where == "A.discard"


def test_out_of_play_off_does_not_move_a_destroyed_card():
    eng = _stolen([rid("clarification:out-of-play")])
    _do(eng, {"destroy": "Zealot"})
    assert eng.obj("Zealot").where == "B.discard"


def test_sacrifice_off_controllers_discard_and_destroy_off_does_not_matter():
    eng = _stolen([rid("clarification:sacrifice")])
    _do(eng, {"sacrifice": "Zealot"})
    assert eng.obj("Zealot").where == "A.discard"
    eng = _stolen([rid("clarification:destroy")])
    _do(eng, {"sacrifice": "Zealot"})
    assert eng.obj("Zealot").where == "B.discard"


def test_returned_to_hand_owners_hand_off_controllers():
    eng = _stolen()
    _do(eng, {"return_to_hand": "Zealot"})
    assert eng.obj("Zealot").where == "B.hand"
    eng = _stolen([rid("clarification:out-of-play")])
    _do(eng, {"return_to_hand": "Zealot"})
    assert eng.obj("Zealot").where == "A.hand"


def test_own_card_not_traced_and_unchanged_when_off():
    eng = _stolen([rid("clarification:destroy")])
    _do(eng, {"destroy": "Swarm"})
    assert eng.obj("Swarm").where == "A.discard"
    eng = _stolen()
    _do(eng, {"destroy": "Swarm"})
    assert rid("clarification:destroy") not in eng.step.rules
