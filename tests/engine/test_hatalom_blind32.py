"""Hatalom blind round 32: 8.4.3 reads what a source would do with the bindings each step runs with -- an
'each player' step's steps for each player (`you` that player), a `may` another player does with `you` that
player -- so a body part answers a spell that damages its galetki through them; and an always-on ability
whose condition or amount uses count() is worked out (8.9.3's hook reads the view being computed: it looped
into a RecursionError). Each on, and its rule off."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

ROOT = Path(__file__).resolve().parents[2] / "rulings" / "hatalom-kartyai"
CASES = [
    (ROOT / "galetki" / "blind32-body-part-against-each-player-step.ruling.yaml", "hatalom-kartyai:8.4.3"),
    (ROOT / "galetki" / "blind32-body-part-against-opponents-may-step.ruling.yaml", "hatalom-kartyai:8.4.3"),
    (ROOT / "locations" / "blind32-location-not-counted-by-continuous-count.ruling.yaml", "hatalom-kartyai:8.9.3"),
]


@pytest.mark.parametrize("path, rule", CASES, ids=[c[0].stem for c in CASES])
def test_on_and_off(path, rule):
    on = replay(load_fixture(path))
    assert on.passed, (on.problems, on.error)
    off = replay(load_fixture(path), {rule}, lenient=True)
    assert off.status != "error" and not off.passed
