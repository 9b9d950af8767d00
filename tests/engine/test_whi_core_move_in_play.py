"""Warhammer: Invasion, a card written with the core {move: REF, to: ZONE} for a unit moved between zones
of the play area follows the rules of moving, as move_to_zone does (blind round 31: the core verb knew
none of them): 'Limit one Hero per zone' keeps a second Hero out (a unit that must move and cannot is
sacrificed, the Veteran Sellswords FAQ), the unit stays the same card, and a move out of play is the core's."""
from __future__ import annotations

from tests.engine.test_whi_terms import make


def _move(eng, label, zone):
    return eng.run_steps([{"move": label, "to": zone}], eng.bindings_for(None, "A"))


def test_a_unit_moves_to_another_zone_as_the_same_card():
    eng = make(A={"kingdom": [("Rat Swarm", "R1")]})
    oid = eng.obj("R1").oid
    assert _move(eng, "R1", "battlefield")
    assert eng.obj("R1").zone == "battlefield" and eng.obj("R1").oid == oid  # moved in place, not re-entered


def test_a_unit_already_in_the_zone_does_not_move():
    eng = make(A={"battlefield": [("Rat Swarm", "R1")]})
    assert not _move(eng, "R1", "battlefield")


def test_a_second_hero_cannot_move_in_and_is_sacrificed():
    eng = make(A={"kingdom": [("Illustrative Hero", "H1")], "battlefield": [("Illustrative Second Hero", "H2")]})
    assert not _move(eng, "H1", "battlefield")
    assert eng.obj("H1").zone == "discard"
    assert any(e["event"] == "move_impossible" for e in eng.events)


def test_a_move_out_of_play_is_the_core_move():
    eng = make(A={"kingdom": [("Rat Swarm", "R1")]})
    assert _move(eng, "R1", "hand")
    assert eng.obj("R1").zone == "hand"
