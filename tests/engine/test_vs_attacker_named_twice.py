"""Vs. System: an attack's ``with:`` naming one character twice is a malformed list, refused with an error
naming the field and the card (refused by no rule): a character is one attacker, and it was taken as two
(its ATK counted twice). A team of two different characters is not refused."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

_SCENE = """game: vs-system
state:
  active: A
  phase: combat
  A:
    visible: [Dr. Doom, Henchman]
  B:
    hidden: [Henchman]
    endurance: 30
actions:
  - {player: A, attack: B, with: WITH}
  - {strike: attack}
"""


def _run(tmp_path, with_: str):
    path = tmp_path / "s.yaml"
    path.write_text(_SCENE.replace("WITH", with_), encoding="utf-8")
    return replay(load_fixture(path))


def test_a_character_named_twice_is_refused(tmp_path):
    out = _run(tmp_path, "[Dr. Doom, Dr. Doom]")
    assert out.error and "'with' names Dr. Doom more than once" in out.error
    assert "TypeError" not in out.error


def test_a_team_of_two_characters_attacks(tmp_path):
    """Must not apply: two different characters, each once."""
    out = _run(tmp_path, "[Dr. Doom, Henchman#1]")
    assert out.error is None, out.error
    assert out.engine.state.player_data["B"]["endurance"] == 30 - 12 - 1  # Henchman: 1 ATK


def test_one_attacker(tmp_path):
    out = _run(tmp_path, "[Dr. Doom]")
    assert out.error is None, out.error
    assert out.engine.state.player_data["B"]["endurance"] == 18
