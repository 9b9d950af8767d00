"""Control taken for a turn, then taken for good by the same player: the later modifier has no duration, so
it lasts until the game ends (Huntik 708.3) and control does not go back as the turn ends (review 41: the
second take changed nothing visible, so the lease of the first still gave the card back; review 43L: Hatalom's
own gain_control step did the same)."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize("game", ["huntik", "whi", "hatalom"])
def test_control_stays_after_the_turn(game):
    out = replay(load_fixture(DATA / f"control-for-a-turn-then-for-good-{game}.yaml"))
    assert out.passed, (out.problems, out.error)


def test_only_the_lease_goes_back_without_the_take_for_good(tmp_path):
    text = (DATA / "control-for-a-turn-then-for-good-huntik.yaml").read_text(encoding="utf-8")
    text = text.replace("  - {player: A, play: Binding Pact, targets: [Suit Grunt]}\n  - {pass: all}\n", "")
    text = text[:text.index("expect:")] + "expect:\n  - {card: Suit Grunt, controller: B}\n"
    path = tmp_path / "lease-only.yaml"
    path.write_text(text, encoding="utf-8")
    out = replay(load_fixture(path))
    assert out.passed, (out.problems, out.error)


def test_hatalom_lease_alone_goes_back(tmp_path):
    """The rule must not apply without the take for good: the skill goes back to B as the turn ends."""
    text = (DATA / "control-for-a-turn-then-for-good-hatalom.yaml").read_text(encoding="utf-8")
    text = text.replace("  - {player: A, play: Próba végleges tudás, targets: [Próba szakértelem]}\n  - {pass: all}\n", "")
    text = text[:text.index("expect:")] + "expect:\n  - {card: Próba szakértelem, controller: B}\n"
    assert "végleges tudás, targets" not in text
    path = tmp_path / "lease-only.yaml"
    path.write_text(text, encoding="utf-8")
    out = replay(load_fixture(path))
    assert out.passed, (out.problems, out.error)
