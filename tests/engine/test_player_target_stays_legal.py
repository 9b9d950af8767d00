"""'If any of the targets are still legal ... the card effect will resolve normally, only affecting the legal
targets' (Warhammer clarification:illegal-target): a target player stays legal, so an effect that also
targets a unit gone in response still resolves for the player (review 41: it was cancelled)."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENE = Path(__file__).parent / "data" / "target-player-still-legal-unit-gone.yaml"


def test_the_target_player_still_draws():
    out = replay(load_fixture(SCENE))
    assert out.passed, (out.problems, out.error)
    assert not any(e.get("event") == "effect_cancelled" for e in out.engine.events)


def test_with_the_player_target_removed_the_effect_is_cancelled(tmp_path):
    text = SCENE.read_text(encoding="utf-8")
    text = text.replace("          - {name: drawer, player: true}\n", "").replace("player: drawer}", "player: you}")
    text = text.replace("targets: [Rat Swarm, A]", "targets: [Rat Swarm]")
    path = tmp_path / "unit-only.yaml"
    path.write_text(text, encoding="utf-8")
    out = replay(load_fixture(path))
    assert out.engine.obj("Dark Zealot").zone == "deck"  # no legal target left: cancelled, nothing drawn
    assert any(e.get("event") == "effect_cancelled" for e in out.engine.events)
