"""Warhammer: 'When a card effect is resolved, conditional requirements ... must be checked a second time
... an unfullfilled condition, then the effect is cancelled' (clarification:resolving-a-card-effect): a Forced
effect's 'if' true as it triggered but false as it resolves is cancelled (review 41: it resolved). Star Wars
binds no such rule (its pooled abilities take effect as they triggered): its fixtures keep that."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENE = Path(__file__).parent / "data" / "forced-if-false-when-it-resolves.yaml"
RECHECK = "warhammer-invasion:clarification:resolving-a-card-effect"


def test_the_forced_effect_is_cancelled():
    out = replay(load_fixture(SCENE))
    assert out.passed, (out.problems, out.error)
    assert any(e.get("event") == "effect_cancelled" and e.get("reason") == "condition_failed"
               for e in out.engine.events)
    assert any(RECHECK in st.rules for st in out.engine.trace)


def test_the_rule_off_it_resolves_as_it_triggered():
    out = replay(load_fixture(SCENE), {RECHECK}, lenient=True)
    assert out.engine.obj("Dark Zealot#1").zone == "hand"
