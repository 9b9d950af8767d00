"""'Spend N resources' can be done in full only with N in the pool: a cost, a 'may', an 'unless' and an 'or'
option that spends N are not offered / not payable with fewer (blind round 35, Warhammer: the step had no
can-check, so an Action costing 'spend 2' was used with 1 and an 'or' option spending 2 was taken with 1). The
step itself still spends as much as possible. 'Spend all' is the game's to judge."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

ROOT = Path(__file__).resolve().parents[2] / "rulings" / "warhammer-invasion"
FILES = [ROOT / "costs" / "blind35-action-cost-spend-unpayable.ruling.yaml",
         ROOT / "effects" / "blind35-or-spend-needs-full.ruling.yaml"]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_passes_and_its_rule_off_breaks_it(path):
    fx = load_fixture(path)
    assert replay(fx).passed
    assert not replay(load_fixture(path), {fx.ruling}, lenient=True).passed


def test_can_do_counts_the_pool_and_the_times():
    eng = replay(load_fixture(FILES[0])).engine
    eng.state.player_data["A"]["resources"] = 2
    b = {"you": "A"}
    assert eng.can_do({"spend": 2}, b) and not eng.can_do({"spend": 3}, b)
    assert not eng.can_do_all([{"spend": 1}, {"spend": 1}, {"spend": 1}], b)
    assert eng.can_do({"spend": "all"}, b)
