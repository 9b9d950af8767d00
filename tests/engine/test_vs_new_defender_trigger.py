"""Vs. System: a character a card makes the new defender (ruling:changing-defenders) 'becomes a defender'
too, so its 'whenever ... becomes a defender' power triggers -- once per attack, even against a team
attack (ruling:becomes-a-defender); with that rule off, once per attacker. A player's own scenario with
its own card, replayed as a player would."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENARIO = """\
game: vs-system
cards:
  - name: Night Watchman
    type: character
    cost: 3
    traits: [Crime Lords]
    stats: {atk: 3, def: 6}
    text: "Stun a Crime Lords defender you control >>> Remove all defenders from this attack. Night Watchman becomes the defender this attack. Whenever Night Watchman becomes a defender, you gain 2 endurance."
    abilities:
      - kind: action
        name: take over
        cost:
          - {choose: {filter: "it.type == 'character' and it.defending and it.controller == you and 'Crime Lords' in it.traits", what: a Crime Lords defender to stun}, as: stunned_defender}
          - {stun: stunned_defender}
        steps:
          - {become_defender: this}
      - kind: trigger
        on: {event: becomes_defender, filter: "event.obj == this"}
        steps:
          - {gain_endurance: 2}
state:
  active: A
  phase: combat
  A:
    visible: [Shang Chi, Luke Cage]
  B:
    visible: [Henchman, Night Watchman]
    endurance: 10
actions:
  - {player: A, attack: Henchman, with: [Shang Chi, Luke Cage]}
  - {player: B, use: Night Watchman}
  - {pass: all}
expect:
  - {event: became_defender, card: Night Watchman}
"""


def _endurance(tmp_path, ablate=frozenset()) -> int:
    path = tmp_path / "night-watchman.yaml"
    path.write_text(SCENARIO)
    out = replay(load_fixture(path), ablate, lenient=bool(ablate))
    assert out.error is None and out.passed, out.error or out.problems
    return out.engine.player_attr("B", "endurance")


def test_a_character_made_the_defender_triggers_once_against_a_team_attack(tmp_path):
    assert _endurance(tmp_path) == 12


def test_with_becomes_a_defender_off_it_triggers_once_per_attacker(tmp_path):
    assert _endurance(tmp_path, frozenset({"vs-system:ruling:becomes-a-defender"})) == 14
