"""Warhammer: Invasion, a unit moving onto a quest 'if able' (Red Arrow Coach's errata, quests._onto_quest)
finds a quest by its type in play: a quest card face down as a development is a development, not a quest, so
the unit cannot move onto it; the contrast, the same quest face up, is one."""
from __future__ import annotations

import textwrap

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENARIO = """
    state:
      active: A
      phase: capital
      A:
        kingdom: [Red Arrow Coach, Rat Swarm]
        battlefield: [%s]
    actions:
      - {player: A, use: Red Arrow Coach, targets: [Rat Swarm]}
      - {player: A, choose: [A.battlefield%s]}
      - {pass: all}
    expect:
      - {card: Rat Swarm, zone: A.battlefield, questing: %s}
"""


def _run(tmp_path, text: str):
    path = tmp_path / "scenario.yaml"
    path.write_text("game: warhammer-invasion\n" + textwrap.dedent(text), encoding="utf-8")
    return replay(load_fixture(path))


def test_no_moving_onto_a_facedown_quest(tmp_path):
    out = _run(tmp_path, SCENARIO % ("{card: Illustrative Quest, development: true}", "", "false"))
    assert out.status == "passed", out.problems or out.error
    assert [e for e in out.engine.events if e["event"] == "onto_quest_unable"]


def test_moving_onto_a_faceup_quest(tmp_path):
    out = _run(tmp_path, SCENARIO % ("Illustrative Quest", ', "yes"', "true"))
    assert out.status == "passed", out.problems or out.error
