"""Warhammer: Invasion, 'you can only sacrifice units you control' (clarification:sacrifice,
faq:play-opponents-unit-sacrificed; mechanic sacrifice_own_only) reaches the choice an effect makes before
its sacrifice step (blind round 32): a `choose` whose pick a later {sacrifice: N, player: P} takes offers
only P's units (GameModule.own_cards_verbs, StepsMixin.narrow_choices) -- a unit P owns but does not control
is refused naming the rule, so 'your opponent sacrifices a unit' cannot be dodged; and an `unless` whose Y
the player tried but could not do leaves X to happen (its 'unless_not_done'). On, and the rule off."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

HERE = Path(__file__).resolve().parents[2] / "rulings" / "warhammer-invasion" / "leaving"
CHOICE = HERE / "blind32-sacrifice-only-units-you-control.ruling.yaml"
UNLESS = HERE / "blind32-unless-opponent-sacrifices-controls-none.ruling.yaml"
RULE = "warhammer-invasion:faq:play-opponents-unit-sacrificed"


@pytest.mark.parametrize("path", [CHOICE, UNLESS])
def test_the_rule_decides_it(path):
    on = replay(load_fixture(path))
    assert on.passed, (on.problems, on.error)
    assert any(RULE in st.rules for st in on.engine.trace)
    assert not replay(load_fixture(path), {RULE}, lenient=True).passed


def test_a_refused_pick_names_the_rule():
    out = replay(load_fixture(CHOICE))
    rejected = [e for st in out.engine.trace for e in st.events if e["event"] == "choice_rejected"]
    assert rejected and all(RULE in (e.get("rejected_by") or []) for e in rejected)
