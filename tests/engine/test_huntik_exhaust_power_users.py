"""Huntik 701.2 / 700.2 on action powers: only a ready hero or obstacle can use an exhaust action power
(a feature's 'Exhaust Action:' cannot be used; switched off, it can), a feature's free action power can
be used on its controller's turn (where the refusal must not apply), and a power that functions in the
discard pile is used from there, not while its card is in play (switched off: in play too)."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from tests.engine.test_huntik import make, rid


def _use(eng, player, label, ability, targets=()):
    eng.begin_check()
    eng.use(player, label, {"ability": ability, "targets": list(targets)})
    eng.pass_priority("all")
    eng.settle()


def _lighthouse(ablate=()):
    return make(ablate, A={"features": ["Old Lighthouse"], "zone1": ["Lok Lambert"], "deck": ["Shadowspeed"]},
                B={"zone1": ["Zhalia Moon"]})


def test_a_feature_cannot_use_an_exhaust_action_power():
    eng = _lighthouse()
    eng.begin_check()
    with pytest.raises(ReplayError, match="only a ready hero or obstacle") as err:
        eng.use("A", "Old Lighthouse", {"ability": "Signal", "targets": []})
    assert rid("701.2") in err.value.rules
    assert not eng.obj("Old Lighthouse").exhausted and not eng.zone_objs("A", "hand")


def test_switched_off_a_feature_uses_its_exhaust_action_power():
    eng = _lighthouse([rid("701.2")])
    _use(eng, "A", "Old Lighthouse", "Signal")
    assert [o.label for o in eng.zone_objs("A", "hand")] == ["Shadowspeed"]


def test_a_feature_uses_its_free_action_power_twice_on_its_turn():
    eng = _lighthouse()
    _use(eng, "A", "Old Lighthouse", "Beacon", ["Lok Lambert"])
    _use(eng, "A", "Old Lighthouse", "Beacon", ["Lok Lambert"])
    assert eng.obj_attr(eng.obj("Lok Lambert"), "def") == 5


def test_a_ready_obstacle_uses_its_exhaust_action_power_and_exhausts():
    eng = make(A={"zone2": ["Rockfall Barrier"]}, B={"zone1": ["Zhalia Moon"]})
    _use(eng, "A", "Rockfall Barrier", "Rockfall", ["Zhalia Moon"])
    assert eng.obj("Rockfall Barrier").exhausted and "stunned" in eng.obj("Zhalia Moon").flags


def _spirits(ablate=()):
    return make(ablate, A={"discard": [("Lingering Spirit", "Spirit in discard")],
                           "zone1": [("Lok Lambert", "Lok Lambert", {"exhausted": True}),
                                     ("Lingering Spirit", "Spirit in play")]},
                B={"zone1": ["Zhalia Moon"]})


def test_a_discard_pile_power_is_used_from_the_discard_pile():
    eng = _spirits()
    _use(eng, "A", "Spirit in discard", "Lingering Call", ["Lok Lambert"])
    assert not eng.obj("Lok Lambert").exhausted


def test_a_discard_pile_power_does_not_function_in_play():
    eng = _spirits()
    eng.begin_check()
    with pytest.raises(ReplayError, match="functions only in discard") as err:
        eng.use("A", "Spirit in play", {"ability": "Lingering Call", "targets": ["Lok Lambert"]})
    assert rid("700.2") in err.value.rules
    assert eng.obj("Lok Lambert").exhausted


def test_switched_off_a_discard_pile_power_functions_in_play_too():
    eng = _spirits([rid("700.2")])
    _use(eng, "A", "Spirit in play", "Lingering Call", ["Lok Lambert"])
    assert not eng.obj("Lok Lambert").exhausted


def test_a_ready_obstacle_is_exhausted_to_play_an_exhaust_action_card():
    eng = make(A={"zone2": ["Rockfall Barrier"], "hand": ["Augerfrost"]}, B={"zone1": ["Suit Grunt"]})
    eng.play("A", "Augerfrost", {"targets": ["Suit Grunt"], "exhaust": "Rockfall Barrier"})
    eng.pass_priority("all")
    eng.settle()
    assert eng.obj("Rockfall Barrier").exhausted and eng.obj("Suit Grunt").zone == "discard"
