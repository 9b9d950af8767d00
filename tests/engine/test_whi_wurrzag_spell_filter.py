"""Wurrzag's "play a non-Epic Spell [Orc] tactic from your hand for free" (cards.yaml): a Spell tactic of
the Orc faction that is not Epic. Traits are stored one by one (`[Epic, Spell]`), so the filter tests
'Spell' and 'Epic' separately -- a test of the string 'Epic Spell' in the list was always true (review 43).
The Action is forced once triggered (the Wurrzag FAQ: "If you have a Tactic on hand, you MUST play it")."""
from __future__ import annotations

import textwrap

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENARIO = """
    cards:
      - name: Orc Test Tactic
        type: tactic
        cost: 3
        faction: orc
        traits: %s
        illustrative: true
        text: "Action: Draw 2 cards."
        abilities:
          - kind: play
            steps:
              - {draw: 2}
    state:
      active: A
      phase: battlefield
      A:
        legend: [Wurrzag]
        hand: [Orc Test Tactic]
        deck: [Rat Swarm, Rat Swarm, Rat Swarm]
        resources: 0
      B:
        kingdom: [Rat Swarm]
    actions:
      - {player: A, attack: kingdom, with: [Wurrzag]}
      - {player: A, use: Wurrzag}
      - {pass: all}
    expect:
      - {card: Orc Test Tactic, zone: %s}
"""


def _run(tmp_path, traits: str, zone: str):
    path = tmp_path / "scenario.yaml"
    path.write_text("game: warhammer-invasion\n" + textwrap.dedent(SCENARIO % (traits, zone)), encoding="utf-8")
    return replay(load_fixture(path), set())


def test_non_epic_spell_is_played_free(tmp_path):
    out = _run(tmp_path, "[Spell]", "A.discard")
    assert out.status == "passed", out.problems or out.error
    assert len(out.engine.zone_objs("A", "hand")) == 2  # played for free with 0 resources: drew 2


def test_epic_spell_is_not_played(tmp_path):
    out = _run(tmp_path, "[Epic, Spell]", "A.hand")
    assert out.status == "passed", out.problems or out.error


def test_tactic_without_spell_is_not_played(tmp_path):
    out = _run(tmp_path, "[]", "A.hand")
    assert out.status == "passed", out.problems or out.error
