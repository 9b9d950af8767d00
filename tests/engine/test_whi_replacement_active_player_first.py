"""Warhammer's leaving-play FAQ: 'Volkmar the Grim and Unending Horde trigger at the same time, active player
resolves his effect first.' Competing replacements of different players: the active player's applies first,
nobody is asked; switched off, the affected player chooses (the core's replacement_order). Review 41c."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENE = Path(__file__).parent / "data" / "whi-active-players-replacement-first.yaml"
FAQ = "warhammer-invasion:faq:unit-sent-discard-pile-play-leaves-play-effects"


def _replaced(out):
    return [e["by"] for e in out.engine.events if e.get("event") == "replaced"]


def test_the_active_players_replacement_applies_first_unasked():
    out = replay(load_fixture(SCENE))
    assert out.error is None, out.error
    assert _replaced(out) == ["Volkmar the Grim", "Lelansi"]
    assert any(FAQ in st.rules for st in out.engine.trace)


def test_off_the_affected_player_chooses(tmp_path):
    path = tmp_path / "off.yaml"
    path.write_text(SCENE.read_text(encoding="utf-8").replace("  - {pass: all}\n", "  - {player: B, pass: all, choose: [Lelansi]}\n"),
                    encoding="utf-8")
    out = replay(load_fixture(path), {FAQ})
    assert out.error is None, out.error
    assert _replaced(out)[0] == "Lelansi"
