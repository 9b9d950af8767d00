"""8.5.2 keeps enchantments to the own main phase; it says "bűbáj", and an 'enchant something' card
falls under it through 8.5.6 ('bűbáj' means every kind). Outside the own main phase such a card is
refused naming 8.5.2; with 8.5.6 off it is still refused, by 8.5.1's catch-all for every non-instant
type, and 8.5.2 is not named. Where 8.5.6 must not apply: a plain bűbáj names 8.5.2 with 8.5.6 off too."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from .test_hatalom import make, rid


def _refusal(ablate, card, targets):
    eng = make(ablate, phase="combat", A={"hand": [card], "reserve": ["Próba torzszülött 2/2"], "vp": 1})
    with pytest.raises(ReplayError) as err:
        eng.play("A", card, {"targets": targets})
    return set(err.value.rules)


def test_enchant_monster_refused_naming_8_5_2():
    rules = _refusal((), "Próba bűbáj szörnyre", ["Próba torzszülött 2/2"])
    # 8.5.1's 'Valamennyi egyéb laptípus' names every type but the instant: both rules refuse it
    assert rid("8.5.2") in rules and rid("8.5.1") in rules


def test_enchant_monster_refused_by_8_5_1_with_8_5_6_off():
    rules = _refusal([rid("8.5.6")], "Próba bűbáj szörnyre", ["Próba torzszülött 2/2"])
    assert rid("8.5.1") in rules and rid("8.5.2") not in rules


def test_plain_enchantment_names_8_5_2_with_8_5_6_off():
    rules = _refusal([rid("8.5.6")], "Próba bűbáj", [])
    assert rid("8.5.2") in rules
