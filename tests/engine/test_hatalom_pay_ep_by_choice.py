"""8.9.2 "A helyszínek idézési költségében szereplő szörnykomponens kifizethető 2 Ép feláldozásával is":
the player may pay a location's monster components with 2 HP each by his own choice (action field
``pay_ep: N``), even while he has components; never another card's components; not without the rule."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from .test_hatalom import make, rid

LOC, TWO, BUILDING = "Próba komponensköltségű helyszín", "Próba kétkomponensű helyszín", "Próba komponensköltségű építmény"


def _pay(card, pay_ep, ablate=(), komponens=1, ep=10):
    eng = make(ablate, A={"hand": [card], "komponens": komponens, "ep": ep, "vp": 3})
    eng.play("A", card, {"pay_ep": pay_ep} if pay_ep is not None else {})
    eng.pass_priority("all")
    eng.settle()
    data = eng.state.player_data["A"]
    return data["komponens"], data["ep"]


def test_component_kept_location_paid_with_hp():
    assert _pay(LOC, 1) == (1, 8)


def test_without_pay_ep_the_player_is_asked():
    """No pay_ep: both ways can be paid, so the player is asked (test_hatalom_component_choice.py)."""
    with pytest.raises(ReplayError) as err:
        _pay(LOC, None)
    assert "missing choice" in str(err.value)


def test_one_of_two_components_with_hp_the_other_with_the_players_component():
    assert _pay(TWO, 1, komponens=1) == (0, 8)


@pytest.mark.parametrize("card, pay_ep, kw", [
    (BUILDING, 1, {}),                 # only a location's components
    (LOC, 2, {}),                      # more than its cost names
    (LOC, 1, {"ep": 1}),               # 1 HP: not the 2 a component costs (exactly 2 would pay it, 8.9.2)
    (LOC, 1, {"ablate": (rid("8.9.2"),)}),
])
def test_refused(card, pay_ep, kw):
    with pytest.raises(ReplayError):
        _pay(card, pay_ep, **kw)


def test_not_a_number():
    with pytest.raises(ReplayError):
        _pay(LOC, "all")
