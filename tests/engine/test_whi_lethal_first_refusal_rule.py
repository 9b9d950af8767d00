"""The attacker's assignment that puts damage on the capital before each defender has lethal damage is
refused by the lethal-first rule (mechanic lethal_before_capital: the core rulebook errata and its FAQs),
and the refusal names that rule -- not the remaining-hit-points rule that reading the defender's hit
points fired just before (a review found 29 scenarios pinned to that wrong id)."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "rulings/warhammer-invasion/combat/two-defenders-each-lethal-before-capital.ruling.yaml"


def test_the_refusal_names_the_lethal_first_rule():
    out = replay(load_fixture(SCENARIO))
    assert out.passed, out.error or out.problems
    [rej] = [e for e in out.engine.events if e["event"] == "action_rejected" and "capital" in e["reason"]]
    assert "warhammer-invasion:errata:core-set-rulebook-errata" in rej["rejected_by"]
    assert "warhammer-invasion:clarification:hit-points-vs-remaining-hit-points" not in rej["rejected_by"]
