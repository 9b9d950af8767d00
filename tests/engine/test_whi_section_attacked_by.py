"""Crone Hellebron: "When damage is dealt to a capital section this unit is attacking, that player discards
that many cards from the top of his deck" (review 43): any damage dealt to that section -- combat damage, or
Sadistic Mutation's 1 damage -- but not damage to another section, nor to the zone a legend she attacks is
attacked through (expression function section_attacked_by, legends.py)."""
from __future__ import annotations

import textwrap

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENARIO = """
    state:
      active: A
      phase: battlefield
      A:
        battlefield:
          - Crone Hellebron
          - {card: Sadistic Mutation, attached_to: Crone Hellebron}
      B:
        deck: [Rat Swarm, Rat Swarm, Rat Swarm, Rat Swarm, Rat Swarm, Rat Swarm, Rat Swarm]
    actions:
      - {player: A, attack: kingdom, with: [Crone Hellebron]}
      - {player: B, defend: []}
      - {player: A, assign: {capital: 4}, choose: [[Crone Hellebron, Sadistic Mutation], %s]}
    expect:
      - {player: B, zone_count: {deck: %d}}
"""


def _run(tmp_path, text: str):
    path = tmp_path / "scenario.yaml"
    path.write_text("game: warhammer-invasion\n" + textwrap.dedent(text), encoding="utf-8")
    return replay(load_fixture(path), set())


def test_non_combat_damage_to_the_attacked_section_counts(tmp_path):
    out = _run(tmp_path, SCENARIO % ("B capital kingdom", 2))  # 4 combat + 1 Mutation: 5 of 7 discarded
    assert out.status == "passed", out.problems or out.error


def test_damage_to_another_section_does_not(tmp_path):
    out = _run(tmp_path, SCENARIO % ("B capital quest", 3))  # only the 4 combat damage to the kingdom
    assert out.status == "passed", out.problems or out.error
    assert out.engine.obj("B capital quest").damage == 1


LEGEND = """
    state:
      active: A
      phase: battlefield
      A:
        battlefield: [Crone Hellebron]
        hand: [Illustrative Fire Bolt]
      B:
        legend: [Illustrative Legend]
        deck: [Rat Swarm, Rat Swarm, Rat Swarm]
    actions:
      - {player: A, attack: legend, to: Illustrative Legend, zone: kingdom, with: [Crone Hellebron]}
    expect:
      - {player: B, zone_count: {deck: 3}}
"""


def test_an_attack_on_a_legend_attacks_no_section(tmp_path):
    out = _run(tmp_path, LEGEND)
    assert out.status == "passed", out.problems or out.error
    eng = out.engine
    crone = next(o for o in eng.zone_objs("A", "battlefield") if o.card.name == "Crone Hellebron")
    assert "attacking" in crone.flags
    assert eng.game.functions["section_attacked_by"](eng, crone) is None


def test_a_zone_attack_attacks_that_section(tmp_path):
    """Mid-combat (no damage assigned yet): the section is the attacked player's, of the zone attacked."""
    text = SCENARIO.replace("      - {player: A, assign: {capital: 4}, choose: [[Crone Hellebron, Sadistic Mutation], %s]}\n",
                            "").replace("%d", "7")
    out = _run(tmp_path, text)
    assert out.status == "passed", out.problems or out.error
    eng = out.engine
    crone = next(o for o in eng.zone_objs("A", "battlefield") if o.card.name == "Crone Hellebron")
    assert eng.game.functions["section_attacked_by"](eng, crone) is eng.obj("B capital kingdom")
