"""Vs. System: an attack is against a player directly only when it is made so ("you can have one of your
characters attack that player directly", ruling:can-attack-hidden-characters). An attack whose defender
has left play strikes nothing: no breakthrough. A direct attack still hits the player; switched off, a
strike with no defender hits the player as a direct attack does."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

RULE = "vs-system:ruling:can-attack-hidden-characters"

_KO_DEFENDER = """game: vs-system
state:
  active: A
  phase: combat
  A:
    visible: [Dr. Doom]
  B:
    visible: ["Lilith, Daughter of Dracula"OTHER]
    hand: ["Reaper, Vampire Armageddon"]
    endurance: 20
actions:
  - {player: A, attack: "Lilith, Daughter of Dracula", with: [Dr. Doom]}
  - {player: B, use: "Lilith, Daughter of Dracula", ability: steal, targets: [TARGET], choose: ["Reaper, Vampire Armageddon"]}
  - {pass: all}
  - {strike: attack}
"""


def _endurance_after(tmp_path, text: str, ablate=frozenset()) -> int:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    out = replay(load_fixture(path), frozenset(ablate))
    assert out.error is None, out.error
    return out.engine.state.player_data["B"]["endurance"]


def _ko_defender() -> str:
    """B still controls an unstunned visible Henchman when Lilith, the defender, is KO'd."""
    return _KO_DEFENDER.replace("OTHER", ", Henchman").replace("TARGET", "Henchman")


def test_the_defender_gone_no_breakthrough(tmp_path):
    assert _endurance_after(tmp_path, _ko_defender()) == 20


def test_switched_off_the_strike_hits_the_player(tmp_path):
    assert _endurance_after(tmp_path, _ko_defender(), {RULE}) == 8  # Dr. Doom's 12 ATK


def test_a_direct_attack_still_hits_the_player(tmp_path):
    """Must not apply: the attack made against the player directly."""
    text = """game: vs-system
state:
  active: A
  phase: combat
  A:
    visible: [Dr. Doom]
  B:
    endurance: 20
actions:
  - {player: A, attack: B, with: [Dr. Doom]}
  - {strike: attack}
"""
    assert _endurance_after(tmp_path, text) == 8
