"""Huntik 711.2b: a card in a non-play area has the time it entered that area as its timestamp (the
start of the game if it has been there all game), which orders the modifiers of its always-on power
that functions there. On, switched off, and where it must not apply."""
from __future__ import annotations

from tests.engine.test_huntik import effect, make, rid


def dfn(eng, label):
    return eng.obj_attr(eng.obj(label), "def")


def _guardian_kod(ablate=()):
    """Fallen Guardian (in play since time 2) is KO'd after Stoneward Sentinel entered play (time 5)."""
    eng = make(ablate, A={"zone1": ["Lok Lambert", ("Fallen Guardian", "Fallen Guardian", {"entered": 2})]},
               B={"zone1": [("Stoneward Sentinel", "Stoneward Sentinel", {"entered": 5})]})
    assert dfn(eng, "Lok Lambert") == 2
    effect(eng, "B", [{"ko": "Fallen Guardian"}])
    return eng


def test_card_entering_the_discard_pile_is_timestamped_then():
    eng = _guardian_kod()
    assert dfn(eng, "Lok Lambert") == 3
    assert rid("711.2b") in eng.step.rules


def test_switched_off_it_keeps_the_time_it_entered_play():
    eng = _guardian_kod([rid("711.2b")])
    assert dfn(eng, "Lok Lambert") == 2


def test_in_the_discard_pile_all_game_is_the_start_of_the_game():
    eng = make(A={"zone1": ["Lok Lambert"], "discard": ["Fallen Guardian"]},
               B={"zone1": [("Stoneward Sentinel", "Stoneward Sentinel", {"entered": 5})]})
    assert dfn(eng, "Lok Lambert") == 2


def test_cards_without_such_a_power_are_not_this_rules():
    """Lok KO'd, or the Guardian moved to the hand (its power doesn't function there): nothing traced."""
    eng = make(A={"zone1": ["Lok Lambert", "Fallen Guardian"], "hand": []}, B={"zone1": ["Zhalia Moon"]})
    effect(eng, "B", [{"ko": "Lok Lambert"}, {"move": "Fallen Guardian", "to": "hand"}])
    assert rid("711.2b") not in eng.step.rules
    assert dfn(eng, "Zhalia Moon") == 3
