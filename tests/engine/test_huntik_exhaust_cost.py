"""Huntik 701.2: an exhaust action card is paid by exhausting a ready hero or obstacle; an exhausted
one, or a card of another type (a feature), is refused, naming 701.2; switched off, an exhausted hero may pay it (as for an exhaust action
power); a ready hero pays it (where the refusal must not apply)."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from tests.engine.test_huntik import make, play, rid


def _state(ablate=()):
    return make(ablate, A={"zone1": [("Zhalia Moon", "Zhalia Moon", {"exhausted": True}), "Lok Lambert"],
                           "features": ["Old Lighthouse"], "hand": ["Augerfrost"]}, B={"zone1": ["Suit Grunt"]})


@pytest.mark.parametrize("payer", ["Zhalia Moon", "Old Lighthouse"])  # an exhausted hero; a feature
def test_exhausted_hero_or_a_feature_cannot_pay_an_exhaust_action(payer):
    eng = _state()
    eng.begin_check()
    with pytest.raises(ReplayError, match="only a ready hero or obstacle") as err:
        eng.play("A", "Augerfrost", {"targets": ["Suit Grunt"], "exhaust": payer})
    assert rid("701.2") in err.value.rules
    assert eng.obj("Augerfrost").zone == "hand"


def test_switched_off_a_feature_is_exhausted_to_play_it():
    eng = _state([rid("701.2")])
    play(eng, "A", "Augerfrost", ["Suit Grunt"], exhaust="Old Lighthouse")
    assert eng.obj("Old Lighthouse").exhausted and eng.obj("Suit Grunt").zone == "discard"


def test_ready_hero_pays_and_is_exhausted():
    eng = _state()
    play(eng, "A", "Augerfrost", ["Suit Grunt"], exhaust="Lok Lambert")
    assert eng.obj("Lok Lambert").exhausted and eng.obj("Suit Grunt").zone == "discard"


def test_switched_off_an_exhausted_hero_pays():
    eng = _state([rid("701.2")])
    play(eng, "A", "Augerfrost", ["Suit Grunt"], exhaust="Zhalia Moon")
    assert eng.obj("Suit Grunt").zone == "discard" and not eng.obj("Lok Lambert").exhausted


def test_free_action_any_time_on_your_turn_even_while_an_action_waits():
    """701.2: on your turn, also while your own action waits; not on the opponent's turn."""
    eng = make(A={"zone1": [("Lok Lambert", "Lok Lambert", {"exhausted": True})], "hand": ["Avoidance", "Shadowspeed"]},
               B={"zone1": ["Zhalia Moon"], "hand": ["Iron Will"]})
    eng.play("A", "Avoidance", {"targets": []})
    eng.play("A", "Shadowspeed", {"targets": ["Lok Lambert"]})
    eng.begin_check()
    with pytest.raises(ReplayError) as err:
        eng.play("B", "Iron Will", {"targets": ["Zhalia Moon"]})
    assert rid("701.2") in err.value.rules
    eng.pass_priority("all")
    eng.settle()
    assert not eng.obj("Lok Lambert").exhausted and eng.obj("Avoidance").zone == "discard"
