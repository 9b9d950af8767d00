"""8.9.2 "A helyszínek idézési költségében szereplő szörnykomponens kifizethető 2 Ép feláldozásával is" and a
card's 'szörnykomponenst 2 VP-vel is kifizetheted' (continuous 'component substitution'): another way of
paying a monster component that the player chooses, even while he has the component. Asked per component
only when both ways can be paid (options ``komponens`` and ``ep`` / ``vp``); one way only: not asked."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from .test_hatalom import make, rid

LOC, TWO, BUILDING = "Próba komponensköltségű helyszín", "Próba kétkomponensű helyszín", "Próba komponensköltségű építmény"
ALCHEMIST = "Próba alkimista építmény"


def _pay(card, choices=(), ablate=(), table=(), komponens=1, ep=10, vp=4):
    eng = make(ablate, A={"hand": [card], "table": list(table), "komponens": komponens, "ep": ep, "vp": vp})
    eng.choices["A"].extend(choices)
    eng.play("A", card, {})
    eng.pass_priority("all")
    eng.settle()
    assert not eng.choices["A"], "a scripted choice was not asked"
    data = eng.state.player_data["A"]
    return data["vp"], data["komponens"], data["ep"]


def test_location_component_paid_with_hp_by_choice_keeps_the_component():
    assert _pay(LOC, ["ep"]) == (3, 1, 8)


def test_location_component_paid_with_the_component_by_choice():
    assert _pay(LOC, ["komponens"]) == (3, 0, 10)


def test_two_components_asked_per_component():
    assert _pay(TWO, ["ep", "komponens"], komponens=1) == (3, 0, 8)
    assert _pay(TWO, ["ep", "ep"], komponens=1) == (3, 1, 6)


def test_two_components_the_component_first_then_no_question():
    """The only component spent on the first: the second can be paid only with HP -- not asked."""
    assert _pay(TWO, ["komponens"], komponens=1) == (3, 0, 8)


def test_no_component_no_question_hp_paid():
    assert _pay(LOC, [], komponens=0) == (3, 0, 8)


def test_too_few_hp_no_question_component_paid():
    assert _pay(LOC, [], ep=1) == (3, 0, 1)  # 1 HP: not the 2 a component costs (2 would: 8.9.2 keeps none back)


def test_location_choice_not_asked_with_8_9_2_off():
    assert _pay(LOC, [], ablate=(rid("8.9.2"),)) == (3, 0, 10)


def test_building_no_question_without_a_substitution():
    """Another card's component is paid with a component: no other way, nothing asked (not HP: 8.9.2)."""
    assert _pay(BUILDING, []) == (3, 0, 10)


def test_substitution_chosen_keeps_the_component():
    assert _pay(BUILDING, ["vp"], table=[ALCHEMIST]) == (1, 1, 10)


def test_substitution_declined():
    assert _pay(BUILDING, ["komponens"], table=[ALCHEMIST]) == (3, 0, 10)


def test_substitution_not_affordable_not_asked():
    assert _pay(BUILDING, [], table=[ALCHEMIST], vp=2) == (1, 0, 10)


def test_substitution_not_offered_for_a_location():
    """8.9.2: a location's cost is not substituted: its options are the component or 2 HP."""
    with pytest.raises(ReplayError):
        _pay(LOC, ["vp"], table=[ALCHEMIST])
    assert _pay(LOC, ["ep"], table=[ALCHEMIST]) == (3, 1, 8)
