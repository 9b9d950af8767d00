"""Two competing replacements of one card (a printed one and one its effect created) are told apart as the
affected player chooses one (Huntik 710.1a: 'chooses one and applies it'): 'Card (power name)' and
'Card (created)', as simultaneous triggered powers are named (review 41: both were 'Oathkeeper' and the
first was always taken)."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENE = Path(__file__).parent / "data" / "two-replacements-of-one-card.yaml"


@pytest.mark.parametrize("pick, lok, oathkeeper", [
    ('"Oathkeeper (created)"', "hand", "zone1"),
    ('"Oathkeeper (Intervene)"', "zone1", "discard"),
])
def test_the_players_pick_applies(tmp_path, pick, lok, oathkeeper):
    text = SCENE.read_text(encoding="utf-8").replace('choose: ["Oathkeeper (created)"]', f"choose: [{pick}]")
    text = text[:text.index("expect:")]
    path = tmp_path / "pick.yaml"
    path.write_text(text, encoding="utf-8")
    out = replay(load_fixture(path))
    assert out.error is None, out.error
    assert out.engine.obj("Lok Lambert").zone == lok and out.engine.obj("Oathkeeper").zone == oathkeeper
