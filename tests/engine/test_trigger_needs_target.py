"""A triggered effect with no legal target is cancelled (core mechanic ``trigger_needs_target``;
Warhammer: Invasion's detailed timing C, step 1: "Choose target(s) of effect (if no valid targets
exist, cancel effect)"), before its cost is paid; switched off it resolves without the target."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

ROOT = Path(__file__).resolve().parents[2]
NO_TARGET = ROOT / "rulings/warhammer-invasion/effects/forced-no-valid-target-cancelled-cost-not-paid.ruling.yaml"
TARGET = ROOT / "rulings/warhammer-invasion/effects/forced-cost-paid-effect-resolves.ruling.yaml"
C = "warhammer-invasion:clarification:c-resolving-a-constant-forced-effect"


def _resources(out, player: str) -> int:
    return out.engine.player_attr(player, "resources")


def test_no_valid_target_cancels_before_the_cost_is_paid():
    out = replay(load_fixture(NO_TARGET))
    assert out.passed and _resources(out, "A") == 1
    assert any(C in step.rules for step in out.engine.trace)


def test_switched_off_the_effect_resolves_without_its_target_and_its_cost_is_paid():
    out = replay(load_fixture(NO_TARGET), {C})
    assert _resources(out, "A") == 0
    assert not [e for e in out.engine.events if e["event"] == "effect_cancelled"]


def test_with_a_valid_target_nothing_is_cancelled_and_the_rule_is_not_recorded_for_it():
    out = replay(load_fixture(TARGET))
    assert out.passed
    assert "trigger_needs_target" not in out.engine._fired
