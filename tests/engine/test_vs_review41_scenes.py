"""Vs. System scenes from read-only review 41b whose outcome no rule of the corpus decides (the corpus names
no rule for them: an attack ending with its phase, a loop needing the same trigger again, a position in the
support row, a transfer's check of the effect's controller through a card of the scene's own): engine
regression scenes, not rulings -- kept here, out of rulings/, because switching off a cited rule changes
none of them (they would count as 'unbroken' rulings)."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize("name", ["attack-ends-with-its-phase", "put-into-support-row-own-position",
                                  "stilt-man-five-triggers-no-loop", "transfer-checks-the-effects-controller"])
def test_the_scene_passes(name):
    out = replay(load_fixture(DATA / f"vs-review41-{name}.yaml"))
    assert out.passed, (out.problems, out.error)
