"""The collective names of chapter 8 as a card's text reads them: 'nem-lény' (8.1.0: every card type but
the creature types) and 'rátett lap' (8.11.0: enchant-something cards, level-ups, body parts, # items --
not a plain enchantment nor an item without the # icon)."""
from __future__ import annotations

import pytest

from judge.games.hatalom_kartyai.card_types import is_a

from .test_hatalom import make

CARDS = ["Próba szörny 2/3", "Próba torzszülött 2/2", "Próba galetki 1/2", "Próba kalandozó 2/2", "Próba avatár 3/3",
         "Próba szintlépés", "Próba testrész", "Próba bűbáj szörnyre", "Próba bűbáj", "Próba KF kard", "Próba tárgy",
         "Próba építmény", "Próba helyszín", "Próba szakértelem", "Próba villám", "Próba általános varázslat"]
CREATURES = set(CARDS[:5])
ATTACHED = {"Próba szintlépés", "Próba testrész", "Próba bűbáj szörnyre", "Próba KF kard"}


@pytest.fixture(scope="module")
def eng():
    return make(A={"hand": CARDS})


@pytest.mark.parametrize("card", CARDS)
def test_non_creature(eng, card):
    assert is_a(eng, eng.obj(card), "nem-lény") is (card not in CREATURES)
    assert is_a(eng, eng.obj(card), "lény") is (card in CREATURES)


@pytest.mark.parametrize("card", CARDS)
def test_attached_card(eng, card):
    assert is_a(eng, eng.obj(card), "rátett lap") is (card in ATTACHED)


def test_type_names_alone():
    eng = make()
    assert is_a(eng, "bűbáj galetkire", "rátett lap") and not is_a(eng, "bűbáj", "rátett lap")
    assert is_a(eng, "helyszín", "nem-lény") and not is_a(eng, "avatár", "nem-lény") and not is_a(eng, "", "nem-lény")
