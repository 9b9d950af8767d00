"""8.6.1: a building's on-play ability needing activation may be used even though the building entered
passive -- once, as its on-play use, in the turn it was played. A second use would need a new activation
of the passive building: refused. Without 8.6.1 even the first one is refused."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from .test_hatalom import make, play, rid

TOWER, TARGET = "Próba őrtorony", "Próba szörny 2/3"


def _shoot(eng):
    eng.use("A", TOWER, {"targets": [TARGET]})
    eng.pass_priority("all")
    eng.settle()


def _played(ablate=()):
    eng = make(ablate, A={"hand": [TOWER], "vp": 1}, B={"reserve": [TARGET]})
    play(eng, "A", TOWER)
    return eng


def test_passive_tower_shoots_once():
    eng = _played()
    assert eng.obj(TOWER).exhausted
    _shoot(eng)
    assert eng.obj(TARGET).damage == 1
    with pytest.raises(ReplayError):
        _shoot(eng)
    assert eng.obj(TARGET).damage == 1


def test_without_8_6_1_not_even_once():
    eng = _played((rid("8.6.1"),))
    with pytest.raises(ReplayError):
        _shoot(eng)


def test_tower_entering_active_shoots_once_too():
    # without 8.6 it enters active: the shot activates it (turns it passive); the on-play use is made,
    # so 8.6.1 gives no second one
    eng = _played((rid("8.6"),))
    assert not eng.obj(TOWER).exhausted
    _shoot(eng)
    assert eng.obj(TOWER).exhausted
    with pytest.raises(ReplayError):
        _shoot(eng)
    assert eng.obj(TARGET).damage == 1


# 'kijátszáskori': the on-play use belongs to the playing of the card -- not a later phase of the same turn
# (blind5 watchtower scenario; test_hatalom_turn_ends checks the later phase), nor later in the same phase
# once another card was played and resolved: "Kijátszáskor" is as the card is played, and that play is over
# (review 43 -hh2 #1; this test expected the shot to go through; test_hatalom_on_play_window has the rest).
def test_on_play_shot_refused_after_another_play_of_the_same_phase():
    eng = make(A={"hand": [TOWER, "Próba általános varázslat"], "vp": 2}, B={"reserve": [TARGET]})
    play(eng, "A", TOWER)
    play(eng, "A", "Próba általános varázslat")
    with pytest.raises(ReplayError):
        _shoot(eng)
    assert eng.obj(TARGET).damage == 0


def test_building_already_on_the_table_has_no_on_play_use():
    # a building that was not played (it was on the table when the phase began): no playing time at all
    eng = make(A={"table": [TOWER], "vp": 1}, B={"reserve": [TARGET]})
    eng.set_exhausted(eng.obj(TOWER), True)
    with pytest.raises(ReplayError):
        _shoot(eng)
