"""'Then' after a step over several cards (blind round 31): the step resolved successfully when it did what
it says to one card at least -- 'each' is done as fully as possible (Warhammer clarification:multiple-effects:
'all effects on the card resolve if possible'; 'Then' needs the previous effect to have resolved
successfully). A card the step cannot change (already corrupted, no damage, no token, already in the zone)
does not make the whole step fail; a step that changed none fails, and a single card's step is as before.
Core verbs (move, remove_counter) and Warhammer's (heal, corrupt, move_to_zone)."""
from __future__ import annotations

import pytest

from tests.engine.test_whi_terms import make

DRAW = {"then": [{"draw": 1}]}
DECK = [("Rat Swarm", "Deck 1"), ("Rat Swarm", "Deck 2")]


def _hand_after(eng, step) -> int:
    eng.run_steps([step, DRAW], eng.bindings_for(None, "A"))
    return len(eng.zone_objs("A", "hand"))


@pytest.mark.parametrize("first, second, drew", [(1, 0, 1), (1, 1, 1), (0, 0, 0)])
def test_remove_a_token_from_each(first, second, drew):
    eng = make(A={"battlefield": [("Rat Swarm", "R1"), ("Rat Swarm", "R2")], "deck": DECK})
    eng.obj("R1").counters["resource"], eng.obj("R2").counters["resource"] = first, second
    step = {"remove_counter": {"all": "it.label in ['R1', 'R2']"}, "counter": "resource", "amount": 1}
    assert _hand_after(eng, step) == drew


def test_remove_from_a_single_card_without_the_token_fails():
    eng = make(A={"battlefield": [("Rat Swarm", "R1")], "deck": DECK})
    assert _hand_after(eng, {"remove_counter": "R1", "counter": "resource", "amount": 1}) == 0


@pytest.mark.parametrize("zones, drew", [(("kingdom", "battlefield"), 1), (("battlefield", "battlefield"), 0)])
def test_move_each_to_a_zone_one_already_there(zones, drew):
    eng = make(A={zones[0]: [("Rat Swarm", "R1")], "deck": DECK})
    eng.create(eng.pool.get("Rat Swarm"), "R2", owner="A", side="A", zone=zones[1])
    step = {"move": {"all": "it.label in ['R1', 'R2']"}, "to": "battlefield"}
    assert _hand_after(eng, step) == drew


@pytest.mark.parametrize("damage, drew", [((1, 0), 1), ((0, 0), 0)])
def test_heal_each_one_undamaged(damage, drew):
    eng = make(A={"battlefield": [("Hag Queen", "H1"), ("Hag Queen", "H2")], "deck": DECK})
    eng.obj("H1").damage, eng.obj("H2").damage = damage
    assert _hand_after(eng, {"heal": {"all": "it.label in ['H1', 'H2']"}, "amount": 1}) == drew


@pytest.mark.parametrize("already, drew", [(("H1",), 1), (("H1", "H2"), 0)])
def test_corrupt_each_one_already_corrupted(already, drew):
    eng = make(A={"battlefield": [("Hag Queen", "H1"), ("Hag Queen", "H2")], "deck": DECK})
    for label in already:
        eng.obj(label).flags.add("corrupted")
    assert _hand_after(eng, {"corrupt": {"all": "it.label in ['H1', 'H2']"}}) == drew
