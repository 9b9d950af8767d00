"""A fixture's ``attached_to`` expectation reads the game's ``attached_host`` hook: a Star Wars Pilot
placed on a unit (``attached_to`` in the state) is on that unit in an expectation too (blind round 18:
it read None, the Pilot's link being the game's own), and a card attached to nothing still reads None."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

ROOT = Path(__file__).resolve().parents[2]
BASE = ROOT / "rulings/star-wars-tcg/stun/blind-stun-marshal-pilot-on-unit-not-stunned.ruling.yaml"


def _with_expect(tmp_path, extra: str):
    text = BASE.read_text(encoding="utf-8")
    f = tmp_path / "s.ruling.yaml"
    f.write_text("game: star-wars-tcg\n" + text.rstrip("\n") + "\n" + extra, encoding="utf-8")
    return replay(load_fixture(f, known_ids=None))


def test_pilot_on_unit_is_attached_to_it(tmp_path):
    out = _with_expect(tmp_path, "  - {card: Rebel Ace Pilot, attached_to: Rebel X-wing}\n")
    assert out.passed, out.problems


def test_unit_is_attached_to_nothing(tmp_path):
    out = _with_expect(tmp_path, "  - {card: Rebel X-wing, attached_to: Rebel Ace Pilot}\n")
    assert not out.passed
    assert any("expected attached_to 'Rebel Ace Pilot', got None" in p for p in out.problems)
