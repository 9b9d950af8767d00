"""Warhammer: Invasion, indirect damage is assigned among the damaged player's units and capital sections
(clarification:indirect-damage): a unit as effects make it, not by printed type (damage.step_indirect). A card
face down as a development (printed a unit) is not a unit and cannot be assigned it; the contrast, the same
card face up, can. (The cap on it, 'at most what would destroy a unit', reads the same list.)"""
from __future__ import annotations

import textwrap

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENARIO = """
    state:
      active: B
      phase: capital
      A:
        battlefield: [%s]
      B:
        battlefield: [Reaper Bolt Thrower]
        resources: 2
    actions:
      - {player: B, use: Reaper Bolt Thrower}
      - {player: A, pass: all, choose: %s}
    expect:
      - {card: A capital battlefield, damage: %d}
"""


TRY = "[{try: {Rat Swarm: 1, A capital battlefield: 1}}"


def _run(tmp_path, text: str):
    path = tmp_path / "scenario.yaml"
    path.write_text("game: warhammer-invasion\n" + textwrap.dedent(text), encoding="utf-8")
    return replay(load_fixture(path))


def test_facedown_development_is_not_assigned_indirect_damage(tmp_path):
    out = _run(tmp_path, SCENARIO % ("{card: Rat Swarm, development: true}", TRY + ", {A capital battlefield: 2}]", 2))
    assert out.status == "passed", out.problems or out.error
    rejected = [e for e in out.engine.events if e["event"] == "choice_rejected"]
    assert rejected and "cannot be assigned" in str(rejected[0])


def test_faceup_unit_is_assigned_indirect_damage(tmp_path):
    out = _run(tmp_path, SCENARIO % ("Rat Swarm", TRY + "]", 1))
    assert out.status == "passed", out.problems or out.error
    assert not [e for e in out.engine.events if e["event"] == "choice_rejected"]
