"""A card or power whose text has an X the player chooses (a cost X, 'deal X damage') needs `x: N` on the
action that plays or uses it: left out, the replay would play X = 0 without a word (a new user's finding)."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay


def test_a_card_with_an_x_needs_x_written(tmp_path):
    """Flames of Tzeentch (cost X): a play with no x: is a script error naming it, not X = 0 in silence."""
    path = tmp_path / "flames.yaml"
    path.write_text("""\
game: warhammer-invasion
state:
  active: A
  phase: capital
  A:
    hand: [Flames of Tzeentch]
    resources: 3
  B:
    battlefield: [Dark Zealot]
actions:
  - {player: A, play: Flames of Tzeentch, targets: [Dark Zealot]}
""", encoding="utf-8")
    out = replay(load_fixture(path))
    assert out.error and "write x: N" in out.error


def _own_card(tmp_path, card: str, play: str):
    path = tmp_path / "own.yaml"
    path.write_text(f"""\
game: warhammer-invasion
cards:
{card}
state:
  active: A
  phase: capital
  A:
    hand: [Own]
    battlefield: [Rat Swarm]
    resources: 3
  B:
    battlefield: [Dark Zealot]
actions:
  - {play}
""", encoding="utf-8")
    return replay(load_fixture(path))


def test_a_name_the_ability_binds_as_x_is_not_the_players_x(tmp_path):
    card = """\
  - name: Own
    type: tactic
    cost: 0
    text: "Action: Deal damage equal to the number of units you control to one target unit."
    abilities:
      - kind: play
        targets:
          - {name: victim, filter: "it.type == 'unit'"}
        steps:
          - {remember: "count(it.type == 'unit' and it.controller == you)", as: x}
          - {damage: victim, amount: x}"""
    out = _own_card(tmp_path, card, "{player: A, play: Own, targets: [Dark Zealot]}")
    assert out.error is None, out.error


def test_a_printed_cost_x_needs_x(tmp_path):
    card = """\
  - name: Own
    type: unit
    cost: X
    stats: {power: 1, hp: 1}
    text: ""
    abilities: []"""
    out = _own_card(tmp_path, card, "{player: A, play: Own}")
    assert out.error and "write x: N" in out.error
    assert _own_card(tmp_path, card, "{player: A, play: Own, x: 2}").error is None
