"""Hatalom 8.9.3 / 8.9.5 (blind round 35): a source whose text does not name locations cannot target one --
locations are not cards in play for sources (8.9.3) -- so its play is refused naming 8.9.3 (before, it was
accepted and did nothing; the blind3 scenario now expects the refusal); a sacrifice cost asks about the
locations only when the other cards are too few, so a refusal for missing VP names no 8.9.5."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

HERE = Path(__file__).resolve().parents[2] / "rulings" / "hatalom-kartyai" / "locations"
FILES = [HERE / "blind35-location-targeted-by-source-not-naming-locations.ruling.yaml",
         # which rule a refusal names, not an outcome a rule's ablation changes: a test, not a ruling fixture
         Path(__file__).parent / "data" / "blind35-refusal-names-8.9.5-when-vp-is-what-is-missing.ruling.yaml",
         HERE / "blind3-non-creature-breaker-does-not-name-locations-location-stays.ruling.yaml"]


@pytest.mark.parametrize("path", FILES, ids=[p.stem[:50] for p in FILES])
def test_passes(path):
    out = replay(load_fixture(path))
    assert out.error is None and out.passed, out.error or out.problems


def test_with_8_9_3_off_the_breaker_targets_the_location_and_is_played():
    out = replay(load_fixture(FILES[2]), {"hatalom-kartyai:8.9.3"}, lenient=True)
    assert not out.passed
    assert out.engine.obj("Próba lapromboló").zone == "discard"  # played at it; 8.9.5 still saves the location
