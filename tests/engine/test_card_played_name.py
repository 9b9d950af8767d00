"""The card_played event names the card by its name, not by its label: a second copy of a card is
labelled "Flames of Tzeentch#2" in a scenario and is still a Flames of Tzeentch for a card text that
reads ``event.name`` (Huntik blind round 5: Dante Vale did not ready for a second Hyperstride)."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENARIO = """\
game: warhammer-invasion
cards:
  - name: Illustrative Flame Watcher
    type: unit
    cost: 1
    stats: {power: 1, hp: 3}
    text: "Forced: After you play a card named %s, put a resource token on this card."
    abilities:
      - kind: trigger
        timing: forced
        on: {event: card_played, filter: "event.player == you and event.name == '%s'"}
        steps:
          - {counter: this, kind: resource, amount: 1}
state:
  active: A
  phase: capital
  A:
    kingdom: [Illustrative Flame Watcher]
    hand: [Flames of Tzeentch, Flames of Tzeentch]
    resources: 10
  B:
    kingdom: [Rat Swarm, Dark Zealot]
actions:
  - {player: A, play: "Flames of Tzeentch#1", x: 1, targets: [Rat Swarm]}
  - {pass: all}
  - {player: A, play: "Flames of Tzeentch#2", x: 1, targets: [Dark Zealot]}
  - {pass: all}
expect:
  - {card: Illustrative Flame Watcher, counters: {resource: %d}}
"""


def _passed(tmp_path, name: str, tokens: int) -> bool:
    path = tmp_path / "played.yaml"
    path.write_text(SCENARIO % (name, name, tokens))
    out = replay(load_fixture(path))
    assert out.error is None, out.error
    return out.passed


def test_each_copy_played_is_named_by_its_card_name(tmp_path):
    assert _passed(tmp_path, "Flames of Tzeentch", 2)  # was 1: the second copy was named by its label
    assert not _passed(tmp_path, "Flames of Tzeentch", 1)


def test_another_name_does_not_match(tmp_path):
    assert _passed(tmp_path, "Rat Swarm", 0)
