"""sacrifice_one with ``player``: 'Az ellenfeled feláldoz egy általa választott szörnyet' -- the opponent
picks among his matching cards and sacrifices it; without ``player`` the card's own player picks (a cost
like 'áldozz fel egy lapot az asztalodról', where the opponent's choice must not be asked)."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from .test_hatalom import make

FORCED = "Próba kényszerű áldozat"  # "Az ellenfeled feláldoz egy általa választott szörnyet."


def _forced(choices_b=(), choices_a=()):
    eng = make(A={"hand": [FORCED], "vp": 1},
               B={"reserve": ["Próba szörny 2/3", "Próba torzszülött 2/2", "Próba kalandozó 1/1"]})
    eng.choices["A"] = list(choices_a)
    eng.choices["B"] = list(choices_b)
    eng.play("A", FORCED, {})
    eng.pass_priority("all")
    eng.settle()
    return eng


def test_the_opponent_picks_and_sacrifices():
    eng = _forced(choices_b=["Próba torzszülött 2/2"])
    assert eng.obj("Próba torzszülött 2/2").zone == "discard"
    assert eng.obj("Próba szörny 2/3").zone == "reserve"


def test_the_caster_does_not_pick():
    # A's scripted choice is not asked for: B must choose, and nothing is scripted for him
    with pytest.raises(ReplayError):
        _forced(choices_a=["Próba szörny 2/3"])


def test_own_cost_sacrifice_still_picked_by_its_player():
    eng = make(A={"hand": ["Próba áldozati szertartás"], "table": ["Próba építmény"], "vp": 1},
               B={"table": ["Próba másik szakértelem"]})
    eng.choices["A"] = ["Próba építmény"]
    eng.play("A", "Próba áldozati szertartás", {})
    eng.pass_priority("all")
    eng.settle()
    assert eng.obj("Próba építmény").zone == "discard"
    assert eng.player_attr("A", "vp") == 2
