"""Warhammer: Invasion, "The player who is dealt the indirect damage must assign it to his units, legends,
and/or his capital" (clarification:indirect-damage, mechanic indirect_to_own_cards): an assignment onto
another player's unit is refused by that rule, and names it; a unit he controls that another player owns
is his to assign to; with the rule off, another player's unit may take it."""
from __future__ import annotations

import textwrap

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

INDIRECT = "warhammer-invasion:clarification:indirect-damage"

# Illustrative Cataclysm: 'Deal 1 indirect damage to each player' -- A, who plays it, assigns his own share
# whichever player assigns (switched off, clarification:indirect-damage also has the dealer assign the
# other player's share: indirect_assigned_by_damaged_player)
SCENARIO = """
    state:
      active: A
      phase: capital
      A:
        hand: [Illustrative Cataclysm]
        battlefield: [Dark Zealot]
        resources: 1
      B:
        battlefield: [Rat Swarm]
    actions:
      - {player: A, play: Illustrative Cataclysm, choose: %s}
      - %s
      - {pass: all}
"""


def _run(tmp_path, choose: str, ablate=frozenset(), b_choice="{player: B, choose: [{B capital kingdom: 1}]}"):
    path = tmp_path / "scenario.yaml"
    text = textwrap.dedent(SCENARIO % (choose, b_choice))
    path.write_text("game: warhammer-invasion\n" + text, encoding="utf-8")
    out = replay(load_fixture(path), set(ablate))
    assert out.error is None, out.error
    return out.engine


def _rejections(eng):
    return [e for e in eng.events if e.get("event") == "choice_rejected"]


def test_opponents_unit_refused_naming_the_rule(tmp_path):
    eng = _run(tmp_path, "[{try: {Rat Swarm: 1}}, {A capital kingdom: 1}]")
    (rej,) = _rejections(eng)
    assert INDIRECT in rej["rejected_by"] and "refused_by_text" not in rej
    assert eng.obj("Rat Swarm").damage == 0 and eng.obj("A capital kingdom").damage == 1


def test_own_unit_taken(tmp_path):
    eng = _run(tmp_path, "[{Dark Zealot: 1}]")
    assert not _rejections(eng)
    assert eng.obj("Dark Zealot").damage == 1


def test_rule_off_opponents_unit_takes_it(tmp_path):
    eng = _run(tmp_path, "[{try: {Rat Swarm: 1}}, {B capital kingdom: 1}]", {INDIRECT}, "{pass: all}")
    assert not _rejections(eng)
    assert eng.obj("Rat Swarm").zone == "discard"  # 1 damage destroys it (1 hit point)
