"""Huntik blind round 31: 706.8 (a 'may' is offered only when it can be done in full; mechanic
may_needs_full) reaches every path of the effect language -- the `unless` step ('P may do Y; if he doesn't,
X'), an optional replacement ('you may ... instead') and an optional triggered ability -- not only the `may`
step; and 704.1b (one object is not two targets of one ability; distinct_targets) holds for the targets of
a triggered ability and of a triggered modifier, as for a card played. Each: on, and 706.8 / 704.1b off."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

ROOT = Path(__file__).resolve().parents[2] / "rulings" / "huntik"
CASES = {
    "unless": (ROOT / "actions" / "blind31-own-unless-discard-two-partial-hand-not-asked.ruling.yaml", "huntik:706.8"),
    "replacement": (ROOT / "replacement" / "blind31-own-optional-replacement-may-discard-two-instead-one-card.ruling.yaml",
                    "huntik:706.8"),
    "trigger": (ROOT / "triggers" / "blind31-own-optional-trigger-may-discard-two-and-draw-one-card.ruling.yaml",
                "huntik:706.8"),
    "targets": (ROOT / "triggers" / "blind31-own-triggered-two-targets-same-hero-second-pick-refused.ruling.yaml",
                "huntik:704.1b"),
    "modifier targets": (ROOT / "triggers" / "blind31-own-triggered-modifier-two-targets-same-hero-second-pick-refused.ruling.yaml",
                         "huntik:704.1b"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_rule_decides_it(case):
    path, rule = CASES[case]
    on = replay(load_fixture(path))
    assert on.passed, (on.problems, on.error)
    assert any(rule in st.rules for st in on.engine.trace)
    assert not replay(load_fixture(path), {rule}, lenient=True).passed


def test_a_second_pick_of_the_same_target_not_tried_is_a_bad_choice(tmp_path):
    path, _ = CASES["targets"]
    text = path.read_text().replace("{try: Suit Grunt}, Zhalia Moon", "Suit Grunt")
    f = tmp_path / "same.ruling.yaml"
    f.write_text(text)
    out = replay(load_fixture(f))
    assert out.status == "error" and "two targets of one ability" in str(out.error)
