"""A phase or turn does not begin while something waits on the chain: what was played takes effect in the
phase it was played in (Hatalom 8.5.3). In a game whose game actions may answer the chain (Hatalom,
Warhammer), a script that moves on without `{pass: all}` is refused with a message naming what waits; in a
game whose game actions let the chain resolve first (Star Wars, Vs. System) the card resolves before the
phase changes. Found by a round 36 helper: a bolt played in A's main phase resolved in B's turn."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

ROOT = Path(__file__).resolve().parents[2] / "rulings"
CASES = [  # fixture (a play, {pass: all}, a begin in a row), what a begin without the pass does
    ("hatalom-kartyai/adventurer/blind19-bounced-levelled-kalandozo-comes-back-level-zero.ruling.yaml", "refused"),
    ("warhammer-invasion/attachments/banner-power-destroys-defender.ruling.yaml", "refused"),
    ("vs-system/blind29/blind29-brace-next-defence-only-team-then-single.ruling.yaml", "resolved"),
]


def _without_pass_before_begin(fx):
    acts = list(fx.actions)
    for i in range(1, len(acts) - 1):
        if acts[i] == {"pass": "all"} and "play" in acts[i - 1] and "begin" in acts[i + 1]:
            return dataclasses.replace(fx, actions=acts[:i] + acts[i + 1:]), i
    raise AssertionError("no play, pass, begin in a row")


@pytest.mark.parametrize("path,how", CASES)
def test_begin_while_a_card_waits_on_the_chain(path, how):
    fx = load_fixture(ROOT / path)
    assert replay(fx).status == "passed"
    moved_on, i = _without_pass_before_begin(fx)
    out = replay(moved_on)
    if how == "refused":
        assert out.status == "error" and "the phase cannot end while" in out.error
        assert "waits on the chain" in out.error and "{pass: all}" in out.error
    else:  # the card resolved as the players passed, before the phase began
        events = [e["event"] for e in out.engine.trace[i + 1].events]  # trace[0] is the setup
        assert "resolving" in events and events.index("resolving") < events.index("phase_started")
