"""'Then' needs the step before it to have resolved successfully (Warhammer clarification:multiple-effects):
a destroy replaced by a return to hand did not happen, so what follows 'Then' does not either; a step over
several cards that destroyed one at least did resolve (as a move step over several cards). Review 41: the
replacing event counted as the destroy, and one saved card of 'destroy all' stopped the 'then'."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize("name", ["then-after-a-destroy-replaced", "then-after-destroy-all-one-saved"])
def test_then_follows_what_the_leaving_step_did(name):
    out = replay(load_fixture(DATA / f"{name}.yaml"))
    assert out.passed, (out.problems, out.error)


def test_then_needs_success_off_the_draw_happens_anyway():
    out = replay(load_fixture(DATA / "then-after-a-destroy-replaced.yaml"),
                 {"warhammer-invasion:clarification:multiple-effects"}, lenient=True)
    assert out.engine.obj("Dark Zealot").zone == "hand"
