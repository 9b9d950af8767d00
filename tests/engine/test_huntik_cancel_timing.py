"""Huntik 701.4: a card that cancels actions may be played when it is not your turn, as the opponent
attempts to play an action it can cancel (switched off, it is an exhaust action like any other and
701.2 keeps it to its player's own turn); with nothing being played it is refused (701.2), and a card
that cancels nothing gets no such permission."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from tests.engine.test_huntik import make, rid


def _board(ablate=()):
    return make(ablate, A={"zone1": ["Lok Lambert", "Seeker Recruit"], "hand": ["Shadowspeed"]},
                B={"zone1": ["Zhalia Moon", "Suit Grunt"], "hand": ["Breakspell", "Augerfrost"]})


def _attempt(eng):
    """A plays Shadowspeed on Lok; B tries to answer with Breakspell, exhausting Zhalia."""
    eng.begin_check()
    eng.play("A", "Shadowspeed", {"targets": ["Lok Lambert"]})
    eng.begin_check()
    eng.play("B", "Breakspell", {"targets": ["Shadowspeed"], "exhaust": "Zhalia Moon"})
    eng.pass_priority("all")
    eng.settle()


def test_a_cancel_is_played_on_the_opponents_turn_as_he_plays_an_action():
    eng = _board()
    _attempt(eng)
    assert eng.obj("Breakspell").zone == "discard" and eng.obj("Shadowspeed").zone == "discard"
    assert eng.state.vars["active"] == "B"  # "It's now your turn"
    assert eng.obj("Zhalia Moon").exhausted


def test_switched_off_a_cancel_waits_for_its_players_own_turn():
    eng = _board([rid("701.4")])
    with pytest.raises(ReplayError, match="on your own turn") as err:
        _attempt(eng)
    assert rid("701.2") in err.value.rules
    assert eng.obj("Breakspell").zone == "hand" and not eng.obj("Zhalia Moon").exhausted


def test_a_cancel_with_nothing_being_played_is_refused():
    eng = _board()
    eng.begin_check()
    with pytest.raises(ReplayError, match="on your own turn") as err:
        eng.play("B", "Breakspell", {"targets": [], "exhaust": "Zhalia Moon"})
    assert rid("701.2") in err.value.rules


def test_an_action_that_cancels_nothing_is_not_played_on_the_opponents_turn():
    eng = _board()
    eng.begin_check()
    eng.play("A", "Shadowspeed", {"targets": ["Lok Lambert"]})
    eng.begin_check()
    with pytest.raises(ReplayError, match="on your own turn") as err:
        eng.play("B", "Augerfrost", {"targets": ["Seeker Recruit"], "exhaust": "Suit Grunt"})
    assert rid("701.2") in err.value.rules
    assert eng.obj("Seeker Recruit").zone == "zone1"
