"""Bounded replay: a scenario that does not settle stops quickly and names what loops (issue 13 item 7)."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.engine.engine import MAX_EVENTS
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

DATA = Path(__file__).resolve().parent / "data"


@pytest.mark.parametrize("name", ["loop-multiplying-triggers", "loop-ping-pong-triggers"])
def test_loop_stops_and_names_the_looping_card_and_rules(name):
    fx = load_fixture(DATA / f"{name}.scenario.yaml")
    out = replay(fx)
    assert out.error and "does not settle" in out.error
    assert "Echo Wisp (triggers)" in out.error and "rules involved: huntik:" in out.error
    assert len(out.engine.events) <= MAX_EVENTS + 1  # stopped by the bound (its time: bench/bench_verify.py)


def test_vs_system_mandatory_loop_is_still_a_draw_by_its_own_rule():
    root = Path(__file__).resolve().parent.parent.parent / "rulings" / "vs-system" / "errata"
    old = replay(load_fixture(root / "stilt-man-old-text-loops.ruling.yaml"))
    assert old.status == "passed"
    assert any(e["event"] == "game_drawn" for e in old.engine.events)
    new = replay(load_fixture(root / "stilt-man-new-text-no-loop.ruling.yaml"))
    assert new.status == "passed"
