"""Huntik: a combat still in progress when a new round starts ends with its round -- its 'this combat'
modifiers and attacks do not carry into the new round, and combat actions need a new combat (review 41f:
the combat stayed open). A turn change inside a round ('It's now your turn') leaves it going (fixtures)."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay


def test_the_new_round_ends_the_combat():
    out = replay(load_fixture(Path(__file__).parent / "data" / "huntik-new-round-ends-the-combat.yaml"))
    assert out.passed, (out.problems, out.error)
    assert out.engine.state.vars.get("in_combat") is False
