"""A card's on-play ('Kijátszáskor, aktiválás:') ability is used as the card is played: once its play is
over -- something else played or used, or resolved, or the phase gone -- it is refused by the card's own
text (review 43 -hh2 #1: the turn and phase alone kept it open through other plays). Its own on-play
triggered ability (+1 VP) is part of its play; what waited under it on the chain has not resolved yet,
and the chain stops there so the ability can be used."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from .test_hatalom import make, play

TOWER, SPELL, BOLT = "Próba őrtorony", "Próba általános varázslat", "Próba villám"
TARGET, OTHER = "Próba kalandozó 1/1", "Próba szörny 2/3"


def _shoot(eng, target=TARGET):
    eng.use("A", TOWER, {"targets": [target]})
    eng.pass_priority("all")
    eng.settle()


def _tower_played(**hand):
    eng = make(A={"hand": [TOWER, *hand.get("A", [])], "vp": 5}, B={"reserve": [TARGET, OTHER]})
    play(eng, "A", TOWER)
    return eng


def test_used_right_after_its_play_and_its_own_trigger():
    eng = _tower_played()
    assert eng.player_attr("A", "vp") == 5  # paid 1, its own on-play trigger gave 1: that was its play
    _shoot(eng)
    assert eng.obj(TARGET).where == "B.discard"


def test_refused_once_another_play_resolved():
    eng = _tower_played(A=[SPELL])
    play(eng, "A", SPELL)
    with pytest.raises(ReplayError, match="on-play ability is used when the card is played"):
        _shoot(eng)
    assert eng.obj(TARGET).damage == 0


def test_refused_while_another_play_waits_above_it():
    eng = _tower_played(A=[BOLT])
    eng.play("A", BOLT, {"targets": [OTHER]})  # not yet resolved: still, the tower's play is over
    with pytest.raises(ReplayError, match="on-play ability is used when the card is played"):
        eng.use("A", TOWER, {"targets": [TARGET]})


def test_played_over_a_waiting_spell_the_chain_stops_for_the_shot():
    eng = make(A={"hand": [BOLT, TOWER], "vp": 5}, B={"reserve": [TARGET, OTHER]})
    eng.play("A", BOLT, {"targets": [OTHER]})
    eng.play("A", TOWER, {})  # its own main phase: a building may be played while the bolt waits
    eng.pass_priority("all")
    eng.settle()
    assert eng.obj(TOWER).where == "A.table" and len(eng.state.chain) == 1  # the bolt still waits
    _shoot(eng)  # before the bolt resolves: the tower's play is not over
    assert eng.obj(TARGET).where == "B.discard" and eng.obj(OTHER).damage == 2


def test_refused_once_what_waited_under_it_resolved():
    eng = make(A={"hand": [BOLT, TOWER], "vp": 5}, B={"reserve": [TARGET, OTHER]})
    eng.play("A", BOLT, {"targets": [OTHER]})
    eng.play("A", TOWER, {})
    eng.pass_priority("all")
    eng.settle()
    eng.pass_priority("all")  # the player lets the moment go: the bolt resolves
    eng.settle()
    assert not eng.state.chain and eng.obj(OTHER).damage == 2
    with pytest.raises(ReplayError, match="on-play ability is used when the card is played"):
        _shoot(eng)
