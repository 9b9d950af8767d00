"""8.9.2 "A helyszínek idézési költségében szereplő szörnykomponens kifizethető 2 Ép feláldozásával is": a
component costs 2 HP, paid with what the player has -- exactly 2 HP pay one, down to 0 (no rule asks him to
keep any). Fewer than 2 per component do not pay it; with 8.9.2 switched off HP pay nothing."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from .test_hatalom import make, rid

LOC, TWO = "Próba komponensköltségű helyszín", "Próba kétkomponensű helyszín"


def _play(card, ep, komponens=0, ablate=(), choices=(), pay_ep=0):
    eng = make(ablate, A={"hand": [card], "vp": 1, "komponens": komponens, "ep": ep})
    eng.choices["A"].extend(choices)
    eng.play("A", card, {"pay_ep": pay_ep} if pay_ep else {})
    eng.pass_priority("all")
    eng.settle()
    assert eng.obj(card).zone == "table"
    data = eng.state.player_data["A"]
    return data["vp"], data["komponens"], data["ep"]


@pytest.mark.parametrize("card,ep", [(LOC, 2), (TWO, 4)])
def test_exactly_two_hp_per_missing_component_pay_it(card, ep):
    assert _play(card, ep) == (0, 0, 0)


@pytest.mark.parametrize("card,ep", [(LOC, 1), (TWO, 3)])
def test_fewer_hp_do_not(card, ep):
    with pytest.raises(ReplayError, match="cannot pay"):
        _play(card, ep)


def test_exactly_two_hp_by_choice_keeping_the_component():
    assert _play(LOC, 2, komponens=1, choices=["ep"]) == (0, 1, 0)
    assert _play(LOC, 2, komponens=1, pay_ep=1) == (0, 1, 0)


def test_rule_off_hp_pay_nothing():
    with pytest.raises(ReplayError, match="cannot pay"):
        _play(LOC, 2, ablate=(rid("8.9.2"),))
