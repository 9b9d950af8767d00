"""Scenes that check a card's data says what its printed text says (review 43: a filter that let an
Epic Spell through, unit-only text reaching legends, a race spelt two ways, 'up to N'). No rule of the
game decides them -- the card's own text does -- so they are not ruling scenarios under rulings/ (there
they would only count as unbroken in the ablation report); they replay here, and each must pass. (Most
check that a text does NOT reach a card -- a legend, a foreign race --, so blanking the card's text would
not break them: they are checked against the fixed data, not as witnesses.)"""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENES = sorted((Path(__file__).parent / "data" / "card-text").glob("*.yaml"))


def test_there_are_scenes():
    assert len(SCENES) >= 6


@pytest.mark.parametrize("path", SCENES, ids=lambda p: p.stem)
def test_the_card_text_decides_the_scene(path):
    fx = load_fixture(path)
    out = replay(fx)
    assert out.status == "passed", out.error or out.problems
