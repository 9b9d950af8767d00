"""Warhammer: Invasion's continuous forms are applied by the game's rules wherever they matter, not only
where their first card's rulings tested them (judge/engine/GUIDE.md, its table of continuous forms)."""
from __future__ import annotations

import textwrap

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay


def _run(tmp_path, text: str):
    path = tmp_path / "scenario.yaml"
    path.write_text("game: warhammer-invasion\n" + textwrap.dedent(text), encoding="utf-8")
    return replay(load_fixture(path))


PARANOIA = """
    state:
      active: A
      phase: capital
      A:
        kingdom: [Pistoliers]
        battlefield: [Rat Swarm]
        quest: [{card: Paranoia, attached_to: Rat Swarm}]
        resources: 2
    actions:
      - {player: A, use: Pistoliers, choose: [%s]}
    expect:
      - {card: Pistoliers, zone: A.%s}
"""


def test_no_moving_in_closes_the_zone_to_a_chosen_move(tmp_path):
    """'Units cannot move into attached unit's zone' (Paranoia) holds for Pistoliers' own move too: the
    battlefield is refused, another zone is taken."""
    out = _run(tmp_path, PARANOIA % ("{try: battlefield}, quest", "quest"))
    assert out.status == "passed", out.problems or out.error
    rejected = [e for e in out.engine.events if e["event"] == "choice_rejected"]
    assert rejected and "cannot move into A's battlefield" in str(rejected[0])


def test_no_moving_in_leaves_other_zones_open(tmp_path):
    """The condition false: a zone the attached unit is not in stays open."""
    out = _run(tmp_path, PARANOIA % ("quest", "quest"))
    assert out.status == "passed", out.problems or out.error
    assert not [e for e in out.engine.events if e["event"] == "choice_rejected"]


def test_also_types_makes_your_developments_units(tmp_path):
    """'Each development you control is also considered to be a unit' (Kairos Fateweaver: also_types, the
    form War Boar's 'treat quests as if they are also support cards' uses): face down or face up (Judgement
    of Loec), your developments are units; the opponent's are not (the condition false)."""
    out = _run(tmp_path, """
        state:
          active: A
          phase: capital
          A:
            kingdom: [Kairos Fateweaver, Dark Zealot]
            battlefield: [{card: Judgement of Loec, attached_to: Dark Zealot}, {card: Rat Swarm, development: true}]
          B:
            battlefield: [{card: Clanrat Clawleader, development: true}]
        actions: []
        expect:
          - {card: Dark Zealot, type: unit}
          - {card: Rat Swarm, type: unit}
          - {card: Clanrat Clawleader, type: development}
    """)
    assert out.status == "passed", out.problems or out.error
