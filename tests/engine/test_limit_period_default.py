"""The core's default period of a 'once per X' limit (GameModule.limit_period): a phase comes back every
turn, so 'once per phase' counts this turn's phase, not every phase of that name (Warhammer, which has
additional phases, answers the hook itself). 'Once per turn' is the turn."""
from __future__ import annotations

from judge.engine.engine import Engine
from judge.engine.game import get_game


def _period(turn, phase, per):
    game = get_game("vs-system")
    eng = Engine(game, pool=None)
    eng.state.vars.update({"turn": turn, "phase": phase})
    return game.limit_period(eng, per)


def test_a_phase_of_another_turn_is_another_period():
    assert _period(1, "build", "phase") != _period(2, "build", "phase")
    assert _period(1, "build", "phase") == _period(1, "build", "phase")
    assert _period(1, "build", "phase") != _period(1, "combat", "phase")


def test_once_per_turn_is_the_turn_whatever_the_phase():
    assert _period(1, "build", "turn") == _period(1, "combat", "turn")
    assert _period(1, "build", "turn") != _period(2, "build", "turn")
