"""The periods relative to a player's next turn, which every game ends as it begins a turn (engine/durations.py):
'until your next turn' (`duration: next_turn`) ends as the next turn of the effect's controller begins -- not as
the opponent's turn begins -- and 'until the end of your next turn' (`end_of_next_turn`) lasts through that
turn. Blind round 49's testers had to write both with `remember` and a `while` on the turn counter; the four
scenarios they wrote now use the durations (rulings/*/blind49)."""
from __future__ import annotations

import pytest

from judge.errors import BadInputError
from tests.engine.scenes import replay_text

#: Huntik: A's +2 'until your next turn' and +1 'until the end of your next turn' on Lok Lambert (3 ATK), then
#: B's own +2 'until your next turn' on him in B's turn: B's turn beginning ends none of A's; A's next turn
#: ends A's +2 (B's stays); the end of A's next turn ends the +1, and B's next turn beginning ends B's +2
HUNTIK = """\
game: huntik
cards:
  - name: Guarding Word
    type: free action
    illustrative: true
    text: "Target hero gets +2 ATK until your next turn."
    abilities:
      - kind: play
        targets:
          - {name: hero, filter: "it.is_hero"}
        steps:
          - {modify: {target: hero, modify: {atk: 2}, duration: next_turn}}
  - name: Lasting Word
    type: free action
    illustrative: true
    text: "Target hero gets +1 ATK until the end of your next turn."
    abilities:
      - kind: play
        targets:
          - {name: hero, filter: "it.is_hero"}
        steps:
          - {modify: {target: hero, modify: {atk: 1}, duration: end_of_next_turn}}
state:
  active: A
  A:
    hand: [Guarding Word, Lasting Word]
    zone1: [Lok Lambert]
  B:
    hand: [Guarding Word]
    zone1: [Suit Grunt]
actions:
  - {player: A, play: "Guarding Word#1", targets: [Lok Lambert]}
  - {pass: all}
  - {player: A, play: Lasting Word, targets: [Lok Lambert]}
  - {pass: all}
  - {check: [{card: Lok Lambert, atk: 6}]}
  - {player: A, pass_turn: true}
  - {player: B, play: "Guarding Word#2", targets: [Lok Lambert]}
  - {pass: all}
  - {check: [{card: Lok Lambert, atk: 8}]}
  - {player: B, pass_turn: true}
  - {check: [{card: Lok Lambert, atk: 6}]}
  - {player: A, pass_turn: true}
expect:
  - {card: Lok Lambert, atk: 3}
"""

#: Warhammer: +2 hit points until A's next turn, and control of B's unit until the end of A's next turn
WARHAMMER = """\
game: warhammer-invasion
cards:
  - name: Illustrative Ward
    type: tactic
    cost: 0
    illustrative: true
    text: "Action: One target unit gets +2 hit points until your next turn."
    abilities:
      - kind: play
        targets:
          - {name: victim, filter: "it.type == 'unit'"}
        steps:
          - modify: {target: victim, modify: {hp: 2}, duration: next_turn}
  - name: Illustrative Seizure
    type: tactic
    cost: 0
    illustrative: true
    text: "Action: Take control of one target unit until the end of your next turn."
    abilities:
      - kind: play
        targets:
          - {name: victim, filter: "it.type == 'unit'"}
        steps:
          - {gain_control: victim, duration: end_of_next_turn}
state:
  active: A
  phase: capital
  A:
    hand: [Illustrative Ward, Illustrative Seizure]
  B:
    kingdom: [Hag Queen, Dark Zealot]
actions:
  - {player: A, play: Illustrative Ward, targets: [Hag Queen]}
  - {pass: all}
  - {player: A, play: Illustrative Seizure, targets: [Dark Zealot]}
  - {pass: all}
  - {check: [{card: Hag Queen, hp: 6}, {card: Dark Zealot, controller: A}]}
  - {end: turn}
  - {check: [{card: Hag Queen, hp: 6}, {card: Dark Zealot, controller: A}]}
  - {end: turn}
  - {check: [{card: Hag Queen, hp: 4}, {card: Dark Zealot, controller: A}]}
  - {end: turn}
expect:
  - {card: Dark Zealot, controller: B}
"""


def test_huntik_until_your_next_turn_and_the_end_of_it(tmp_path):
    out = replay_text(tmp_path, HUNTIK)
    assert out.error is None and out.passed, out.problems or out.error


def test_warhammer_hit_points_and_control_until_the_next_turn(tmp_path):
    out = replay_text(tmp_path, WARHAMMER)
    assert out.error is None and out.passed, out.problems or out.error


def test_the_durations_are_per_controller_not_per_turn(tmp_path):
    """B's effect 'until your next turn' is not ended by A's next turn (the Huntik scene without B's
    second pass): Lok keeps B's +2."""
    scene = HUNTIK.replace("  - {player: A, pass_turn: true}\nexpect:\n  - {card: Lok Lambert, atk: 3}",
                           "expect:\n  - {card: Lok Lambert, atk: 6}")
    assert scene != HUNTIK
    out = replay_text(tmp_path, scene)
    assert out.error is None and out.passed, out.problems or out.error


def test_a_misspelt_period_is_refused_naming_them(tmp_path):
    with pytest.raises(BadInputError, match=r"next_turns.*next_turn, end_of_next_turn"):
        replay_text(tmp_path, HUNTIK.replace("duration: next_turn}", "duration: next_turns}", 1))
