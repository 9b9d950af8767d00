"""Warhammer's 'Then,' begins a sentence (GameModule.then_starts_sentence): what the sentence before it
triggered resolves at the break. 'Then, each player draws 1 card' is one sentence for both players: the
break comes once, before either draws, not between them; an effect that retriggers itself at its own
sentence breaks is a loop the replay stops (40 deep), not a crash."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

EACH_THEN = """\
game: warhammer-invasion
question: >-
  Rite of Exchange: "Each player reveals his hand. Then, each player draws 1 card." A's Tally Stone: "Forced: When a
  player draws a card, if he has more cards in hand than his opponent, put a resource token on this card." Both
  hands are empty. The draws of 'Then, each player draws 1 card' are one sentence: the Tally Stone resolves after
  both players have drawn (1 card each: no token).
cards:
  - name: Rite of Exchange
    type: tactic
    cost: 0
    text: "Action: Each player reveals his hand. Then, each player draws 1 card."
    abilities:
      - kind: play
        steps:
          - each_player:
              - {reveal_hand: you}
              - then: [{draw: 1}]
  - name: Tally Stone
    type: support
    cost: 1
    text: "Forced: When a player draws a card, if he has more cards in hand than his opponent, put a resource token on this card."
    abilities:
      - kind: trigger
        timing: forced
        on: {event: zone_change, filter: "event.cause == 'draw'"}
        steps:
          - if: "count(it.owner == event.obj.owner, 'hand') > count(it.owner != event.obj.owner, 'hand')"
            do: [{counter: this, kind: resource, amount: 1}]
state:
  active: A
  phase: capital
  A:
    deck: [Dark Zealot, Savage Gor]
    hand: [Rite of Exchange]
    kingdom: [Tally Stone]
  B:
    deck: [Rat Swarm, Bloodsworn]
actions:
  - {player: A, play: Rite of Exchange}
  - {pass: all}
expect:
  - {card: Tally Stone, counters: {resource: 0}}
"""

LOOP_THEN = """\
game: warhammer-invasion
question: a self-retriggering Forced effect written with Then
cards:
  - name: Loop Idol
    type: support
    cost: 1
    text: "Forced: When a resource token is put on this card, put a resource token on this card. Then, reveal your hand."
    abilities:
      - kind: trigger
        timing: forced
        on: {event: counter_added, filter: "event.obj == this and event.kind == 'resource'"}
        steps:
          - {counter: this, kind: resource, amount: 1}
          - then: [{reveal_hand: you}]
  - name: Tapper
    type: tactic
    cost: 0
    text: "Action: Put a resource token on target support."
    abilities:
      - kind: play
        targets: [{name: t, filter: "it.type == 'support'"}]
        steps:
          - {counter: t, kind: resource, amount: 1}
state:
  active: A
  phase: capital
  A:
    deck: [Dark Zealot, Savage Gor]
    hand: [Tapper]
    kingdom: [Loop Idol]
  B:
    battlefield: [Bloodsworn]
actions:
  - {player: A, play: Tapper, targets: [Loop Idol]}
  - {pass: all}
"""


def _replay(tmp_path, text):
    path = tmp_path / "scene.yaml"
    path.write_text(text, encoding="utf-8")
    return replay(load_fixture(path))


def test_then_each_player_is_one_sentence(tmp_path):
    out = _replay(tmp_path, EACH_THEN)
    assert out.error is None and out.passed, out.error or out.problems


def test_a_self_retriggering_then_is_stopped_as_a_loop(tmp_path):
    out = _replay(tmp_path, LOOP_THEN)
    assert out.error and "does not settle" in out.error and "RecursionError" not in out.error
