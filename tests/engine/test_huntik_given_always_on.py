"""Huntik: an always-on power a modifier gives a card (700.1) generates a continuous modifier
timestamped when the power was added (711.2d); it lasts while the card has the power (not while its
text box is blank, 700.3; not after the giving modifier ends). On, switched off, and where it must
not apply."""
from __future__ import annotations

from tests.engine.test_huntik import act, effect, make, play, rid


def dfn(eng, label):
    return eng.obj_attr(eng.obj(label), "def")


def _oath(ablate=(), extra=()):
    """Lok gets 'Other friendly heroes have 3 DEF' after Stoneward Sentinel (entered at 5) set 2 DEF."""
    eng = make(ablate, A={"zone1": ["Lok Lambert", "Zhalia Moon"], "hand": ["Shieldbearer's Oath", *extra]},
               B={"zone1": [("Stoneward Sentinel", "Stoneward Sentinel", {"entered": 5})]})
    play(eng, "A", "Shieldbearer's Oath", ["Lok Lambert"])
    return eng


def test_given_power_is_timestamped_when_given():
    eng = _oath()
    assert (dfn(eng, "Zhalia Moon"), dfn(eng, "Lok Lambert"), dfn(eng, "Stoneward Sentinel")) == (3, 2, 1)


def test_switched_off_it_has_the_cards_timestamp():
    assert dfn(_oath([rid("711.2d")]), "Zhalia Moon") == 2


def test_no_given_power_without_700_1():
    assert dfn(_oath([rid("700.1")]), "Zhalia Moon") == 2


def test_lost_with_the_cards_powers_and_back():
    eng = _oath(extra=["Nullifying Gaze"])
    play(eng, "A", "Nullifying Gaze", ["Lok Lambert"])
    assert dfn(eng, "Zhalia Moon") == 2
    act(eng, "A", "pass_turn", True)  # the Gaze ends with the turn; the Oath lasts the round
    assert dfn(eng, "Zhalia Moon") == 3


def test_gone_with_the_round_or_the_card():
    eng = _oath()
    act(eng, None, "start", "round")
    assert dfn(eng, "Zhalia Moon") == 2 and not [e for e in eng.state.effects if "_granted_from" in e.data]
    eng = _oath()
    effect(eng, "B", [{"ko": "Lok Lambert"}])
    assert dfn(eng, "Zhalia Moon") == 2
