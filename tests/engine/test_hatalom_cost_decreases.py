"""Cost decreases of cards in play (a 'play cost increase' with a negative amount): a card gets cheaper
down to nothing, never into a VP gain; 8.9.1 keeps a location's summoning cost from being lowered too
("módosítani"), while 8.9.5.1 only keeps a location's abilities from being made dearer ("drágítani")."""
from __future__ import annotations

import dataclasses

import pytest

from judge.games.hatalom_kartyai.costs import ACTIVATION_INCREASE, PLAY_INCREASE, increase

from .test_hatalom import make, rid

DISCOUNT = "Próba kedvezmény építmény"


def _vp_after(card, discounts=1, ablate=(), vp=3):
    eng = make(ablate, A={"vp": vp, "hand": [card], "table": [DISCOUNT] * discounts})
    eng.play("A", card, {})
    eng.pass_priority("all")
    eng.settle()
    return eng.state.player_data["A"]["vp"]


@pytest.mark.parametrize("card, discounts, left", [
    ("Próba KF szörny 3/4", 1, 1), ("Próba KF szörny 3/4", 2, 2),
    ("Próba építmény", 1, 3), ("Próba építmény", 2, 3),   # 1 - 2: free, no VP back
])
def test_discounts_lower_a_cost_to_nothing(card, discounts, left):
    assert _vp_after(card, discounts) == left


def test_location_cost_not_lowered():
    assert _vp_after("Próba helyszín", 2) == 2


def test_location_cost_lowered_without_8_9_1():
    assert _vp_after("Próba helyszín", 1, ablate=(rid("8.9.1"),)) == 3


@pytest.mark.parametrize("add, change", [(1, 0), (-1, -1)])
def test_location_activation_only_not_made_dearer(add, change):
    # 8.9.5.1 forbids making a location's activated abilities dearer only: a decrease passes through
    # (a free activation then stays free: use_costs pays nothing back)
    eng = make(A={"table": ["Próba oltár helyszín"]}, B={"table": ["Próba vámszedő építmény"]})
    toll = eng.obj("Próba vámszedő építmény")
    abilities = tuple(dataclasses.replace(a, data={**a.data, "add": add}) if a.name == ACTIVATION_INCREASE else a
                      for a in toll.card.abilities)
    toll.card = dataclasses.replace(toll.card, abilities=abilities)
    assert increase(eng, eng.obj("Próba oltár helyszín"), ACTIVATION_INCREASE) == change


def test_no_vp_paid_back_for_a_free_activation():
    eng = make(A={"vp": 0, "table": ["Próba tárgy", DISCOUNT]})
    eng.use("A", "Próba tárgy", {})
    eng.pass_priority("all")
    eng.settle()
    assert eng.state.player_data["A"]["vp"] == 1  # the item's own +1 VP, nothing for the discount
