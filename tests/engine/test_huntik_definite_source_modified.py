"""Huntik 708.3c: a definite modifier exists independently from its source; modifying that source (it
loses its powers, 700.3) doesn't impact it. On, switched off (the modifiers end as their source loses
its powers), and where it must not apply (the card losing its powers is the source of no modifier; a
modifier on it whose source is another card)."""
from __future__ import annotations

from tests.engine.test_huntik import make, play, rid


def atk(eng, label):
    return eng.obj_attr(eng.obj(label), "atk")


def _drummer_gazed(ablate=()):
    """War Drummer enters ('friendly heroes get +1 ATK this round'), then loses its powers."""
    eng = make(ablate, round=2, A={"zone1": ["Lok Lambert"], "hand": ["War Drummer", "Nullifying Gaze"]})
    play(eng, "A", "War Drummer")
    assert atk(eng, "Lok Lambert") == 4
    play(eng, "A", "Nullifying Gaze", ["War Drummer"])
    return eng


def test_bonus_stays_when_its_source_loses_its_powers():
    eng = _drummer_gazed()
    assert atk(eng, "Lok Lambert") == 4 and atk(eng, "War Drummer") == 2
    assert rid("708.3c") in eng.step.rules


def test_switched_off_the_bonus_ends_with_its_sources_powers():
    eng = _drummer_gazed([rid("708.3c")])
    assert atk(eng, "Lok Lambert") == 3 and atk(eng, "War Drummer") == 1


def test_a_card_that_is_the_source_of_no_modifier_not_this_rules_case():
    eng = make(round=2, A={"zone1": ["Lok Lambert"], "hand": ["Nullifying Gaze"]})
    play(eng, "A", "Nullifying Gaze", ["Lok Lambert"])
    assert rid("708.3c") not in eng.step.rules


def test_switched_off_a_modifier_from_another_card_on_it_stays():
    """The Drummer's +1 ATK on Lok: its source is the Drummer, not Lok, so Lok losing his powers doesn't
    touch it even with the rule switched off."""
    eng = make([rid("708.3c")], round=2, A={"zone1": ["Lok Lambert"], "hand": ["War Drummer", "Nullifying Gaze"]})
    play(eng, "A", "War Drummer")
    play(eng, "A", "Nullifying Gaze", ["Lok Lambert"])
    assert atk(eng, "Lok Lambert") == 4 and rid("708.3c") not in eng.step.rules
