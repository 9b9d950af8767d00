"""Huntik 701.2: an exhaust action card is paid by exhausting a ready hero or obstacle; an exhausted
one, or a card of another type (a feature), is refused, naming 701.2; switched off, an exhausted hero may pay it (as for an exhaust action
power); a ready hero pays it (where the refusal must not apply)."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from tests.engine.test_huntik import effect, make, play, rid


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


def _other_side(ablate=()):
    return make(ablate, A={"zone1": [("Lok Lambert", "Lok Lambert", {"exhausted": True})], "hand": ["Augerfrost"]},
                B={"zone1": ["Suit Grunt", "Seeker Recruit", "Zhalia Moon"]})


def test_the_opponents_hero_cannot_pay_an_exhaust_action_naming_701_2():
    """701.2: only a card's controller uses its powers -- the opponent's ready hero is not exhausted
    for my exhaust action."""
    eng = _other_side()
    eng.begin_check()
    with pytest.raises(ReplayError, match="only a card's controller") as err:
        eng.play("A", "Augerfrost", {"targets": ["Seeker Recruit"], "exhaust": "Suit Grunt"})
    assert rid("701.2") in err.value.rules
    assert not eng.obj("Suit Grunt").exhausted and eng.obj("Augerfrost").zone == "hand"


def test_a_hero_taken_from_the_opponent_pays_it():
    """Where the refusal must not apply: a hero I now control, whoever owns it."""
    eng = _other_side()
    effect(eng, "A", [{"gain_control": "Zhalia Moon", "player": "A"}])
    play(eng, "A", "Augerfrost", ["Seeker Recruit"], exhaust="Zhalia Moon")
    assert eng.obj("Zhalia Moon").exhausted and eng.obj("Seeker Recruit").zone == "discard"


def test_switched_off_the_opponents_hero_pays_it():
    eng = _other_side([rid("701.2")])
    play(eng, "A", "Augerfrost", ["Seeker Recruit"], exhaust="Suit Grunt")
    assert eng.obj("Suit Grunt").exhausted and eng.obj("Seeker Recruit").zone == "discard"
