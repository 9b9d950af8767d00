"""Cost increases of cards in play ('play cost increase', 'activation cost increase'), and the location rules
that keep a location's costs as printed: 8.9.1 (its summoning cost can't be modified) and 8.9.5.1 (its
abilities needing activation can't be made dearer); a cost sacrificing a card of one's choice (8.9.5: not a
location, not even as a cost). On, off, and where they must not apply (another card
type, an ability not needing activation, a source whose abilities are switched off)."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from .test_hatalom import make, rid


def _board(ablate=(), vp=3, **mine):
    return make(ablate, A={"vp": vp, **mine}, B={"table": ["Próba vámszedő építmény"]})


def _play(eng, card):
    eng.play("A", card, {})
    eng.pass_priority("all")
    eng.settle()


def _use(eng, card, targets=()):
    eng.use("A", card, {"targets": list(targets)})
    eng.pass_priority("all")
    eng.settle()


def test_building_costs_one_more():
    eng = _board(hand=["Próba építmény"])
    _play(eng, "Próba építmény")
    assert eng.state.player_data["A"]["vp"] == 1


def test_location_cost_not_raised():
    eng = _board(hand=["Próba helyszín"])
    _play(eng, "Próba helyszín")
    assert eng.state.player_data["A"]["vp"] == 2


def test_location_cost_raised_with_8_9_1_off():
    eng = _board(ablate=[rid("8.9.1")], hand=["Próba helyszín"])
    _play(eng, "Próba helyszín")
    assert eng.state.player_data["A"]["vp"] == 1


def test_unpayable_increase_refuses_the_play():
    eng = _board(vp=1, hand=["Próba építmény"])
    with pytest.raises(ReplayError):
        eng.play("A", "Próba építmény", {})


def test_silenced_source_raises_nothing():
    eng = _board(hand=["Próba építmény"])
    eng.obj("Próba vámszedő építmény").flags.add("képességtelen")
    _play(eng, "Próba építmény")
    assert eng.state.player_data["A"]["vp"] == 2


def test_item_activation_costs_one_more_location_activation_not():
    eng = _board(vp=1, table=["Próba tárgy", "Próba oltár helyszín"])
    _use(eng, "Próba tárgy")  # 1 - 1 + 1
    _use(eng, "Próba oltár helyszín")  # + 1
    assert eng.state.player_data["A"]["vp"] == 2


def test_location_activation_dearer_with_8_9_5_1_off():
    eng = _board(ablate=[rid("8.9.5.1")], vp=1, table=["Próba oltár helyszín"])
    _use(eng, "Próba oltár helyszín")
    assert eng.state.player_data["A"]["vp"] == 1


def test_ability_not_needing_activation_not_raised():
    eng = _board(ablate=[rid("8.9.5.1")], vp=1, table=["Próba tűzhányó helyszín"], reserve=["Próba szörny 2/3"])
    _use(eng, "Próba tűzhányó helyszín", ["Próba szörny 2/3"])  # its printed 1 VP only
    assert eng.state.player_data["A"]["vp"] == 0


def _rite(ablate=(), table=("Próba helyszín",)):
    return make(ablate, A={"vp": 3, "table": list(table), "hand": ["Próba áldozati szertartás"]})


def test_location_not_sacrificed_even_as_a_cost():
    eng = _rite()
    with pytest.raises(ReplayError, match="cannot pay"):
        eng.play("A", "Próba áldozati szertartás", {})


def test_location_sacrificed_as_a_cost_with_8_9_5_off():
    eng = _rite(ablate=[rid("8.9.5")])
    eng.choices["A"] = ["Próba helyszín"]
    _play(eng, "Próba áldozati szertartás")
    assert eng.obj("Próba helyszín").zone == "discard" and eng.state.player_data["A"]["vp"] == 4


def test_a_building_is_sacrificed_as_the_cost_the_location_refused():
    eng = _rite(table=("Próba helyszín", "Próba építmény"))
    eng.choices["A"] = [{"try": "Próba helyszín"}, "Próba építmény"]
    _play(eng, "Próba áldozati szertartás")
    assert eng.obj("Próba helyszín").zone == "table" and eng.obj("Próba építmény").zone == "discard"
