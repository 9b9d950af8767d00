"""8.5.5: every 'bűbáj valamire' card must go on a fitting 'valami' target -- whatever kind of card the
type line names (-ra / -re: 'onto'), not only the kinds the corpus's first cards used (szörny, kalandozó,
galetki, lény, torzszülött). Without a fitting target it can't be played."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError
from judge.games.hatalom_kartyai.card_types import enchant_host_type

from .test_hatalom import make, play

ENCHANT = "Próba bűbáj avatárra"  # "Bűbáj avatárra. A megbűvölt avatár sebzése +1."
AVATAR = "Próba avatár 3/3"


@pytest.mark.parametrize("t, host", [
    ("bűbáj szörnyre", "szörny"), ("bűbáj avatárra", "avatár"), ("bűbáj építményre", "építmény"),
    ("bűbáj tárgyra", "tárgy"), ("bűbáj lényre", "lény"), ("bűbáj nem-lényre", "nem-lény"),
    ("bűbáj rátett lapra", "rátett lap"), ("bűbáj helyszínre", "helyszín"), ("bűbáj torzszülöttre", "torzszülött"),
])
def test_the_kind_named_after_bubaj(t, host):
    assert enchant_host_type(t) == host


@pytest.mark.parametrize("t", ["bűbáj", "azonnali", "bűbáj sárkányra", "bűbáj szörny"])
def test_no_host_kind(t):
    # a plain enchantment, another type, a word naming no kind of card, a word without -ra / -re
    assert enchant_host_type(t) is None


def test_enchant_avatar_goes_on_an_avatar():
    eng = make(A={"reserve": [AVATAR], "hand": [ENCHANT], "vp": 1})
    play(eng, "A", ENCHANT, [AVATAR])
    assert eng.obj(ENCHANT).attached_to == eng.obj(AVATAR).oid
    assert eng.obj_attr(eng.obj(AVATAR), "dmg") == 4


def test_enchant_avatar_not_on_a_monster():
    eng = make(A={"hand": [ENCHANT], "vp": 1}, B={"reserve": ["Próba szörny 2/3", "Próba torzszülött 2/2"]})
    for victim in ("Próba szörny 2/3", "Próba torzszülött 2/2"):
        with pytest.raises(ReplayError):
            eng.play("A", ENCHANT, {"targets": [victim]})
    assert eng.obj(ENCHANT).zone == "hand"
