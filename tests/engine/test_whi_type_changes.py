"""Warhammer: Invasion: a type change made by a constant effect ('becomes a development', Judgement of Loec,
Tree Kin; 'also support cards', War Boar; 'also a unit', Kairos Fateweaver) is seen by the other constant
effects' conditions and amounts as they are worked out -- their net effect (clarification:simultaneous-
effects:example-1, mechanic dependency_order), whichever came first; a game function in an amount (is_a)
reads the characteristics being worked out instead of working them out again (it used to recurse)."""
from __future__ import annotations

import textwrap

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

NET = "warhammer-invasion:clarification:simultaneous-effects"

COUNTER = """
    cards:
      - name: Illustrative Drill Sergeant
        type: unit
        cost: 2
        stats: {power: 0, hp: 3}
        illustrative: true
        text: "This unit gets +1 power for each other unit you control."
        abilities:
          - kind: continuous
            modify: {power: "count(it.type == 'unit' and it.controller == you and it != this)"}
      - name: Illustrative Quartermaster
        type: unit
        cost: 0
        stats: {power: 0, hp: 3}
        illustrative: true
        text: "This unit gets +1 power for each support card in play."
        abilities:
          - kind: continuous
            modify: {power: "count(is_a(it, 'support'))"}
"""


def _run(tmp_path, text: str, ablate=frozenset()):
    path = tmp_path / "scenario.yaml"
    path.write_text("game: warhammer-invasion\n" + textwrap.dedent(COUNTER) + textwrap.dedent(text), encoding="utf-8")
    return replay(load_fixture(path), set(ablate), lenient=bool(ablate))


def _power(out, label: str) -> int:
    eng = out.engine
    return eng.obj_attr(eng.obj(label), "power")


JUDGEMENT_LATER = """
    state:
      active: B
      phase: capital
      A:
        battlefield: [Illustrative Drill Sergeant, Savage Gor, Rat Swarm]
      B:
        hand: [Judgement of Loec]
        resources: 1
    actions:
      - {player: B, play: Judgement of Loec, targets: [Savage Gor]}
      - {pass: all}
"""


def test_judgement_played_later_is_seen_by_an_earlier_count(tmp_path):
    """The count came first, the Judgement later: the Gor, now a development, is not counted (power 1)."""
    out = _run(tmp_path, JUDGEMENT_LATER)
    assert out.status == "replayed", out.problems or out.error
    assert out.engine.obj_attr(out.engine.obj("Savage Gor"), "type") == "development"
    assert _power(out, "Illustrative Drill Sergeant") == 1
    assert NET in out.applied


def test_judgement_already_attached_is_seen_too(tmp_path):
    """The Judgement attached before the scenario starts: the count leaves the Gor out all the same."""
    out = _run(tmp_path, """
        state:
          active: A
          phase: capital
          A:
            battlefield: [Illustrative Drill Sergeant, Savage Gor, Rat Swarm]
          B:
            kingdom: [{card: Judgement of Loec, attached_to: Savage Gor}]
        actions: []
    """)
    assert out.status == "replayed", out.problems or out.error
    assert _power(out, "Illustrative Drill Sergeant") == 1


def test_a_development_also_a_unit_is_still_counted(tmp_path):
    """Not every type change takes a unit away: under Kairos Fateweaver ('each development you control is
    also considered to be a unit') the Gor made a development by the Judgement is a unit again, and the
    count sees that too (power 2: the Gor and the Rat Swarm)."""
    out = _run(tmp_path, """
        state:
          active: B
          phase: capital
          A:
            battlefield: [Illustrative Drill Sergeant, Savage Gor, Rat Swarm]
            legend: [Kairos Fateweaver]
          B:
            hand: [Judgement of Loec]
            resources: 1
        actions:
          - {player: B, play: Judgement of Loec, targets: [Savage Gor]}
          - {pass: all}
    """)
    assert out.status == "replayed", out.problems or out.error
    assert out.engine.obj_attr(out.engine.obj("Savage Gor"), "type") == "unit"
    assert _power(out, "Illustrative Drill Sergeant") == 2


def test_no_type_change_no_difference(tmp_path):
    """The Judgement on the opponent's own unit: my units are all counted (power 2)."""
    out = _run(tmp_path, """
        state:
          active: B
          phase: capital
          A:
            battlefield: [Illustrative Drill Sergeant, Savage Gor, Rat Swarm]
          B:
            battlefield: [Bloodsworn]
            hand: [Judgement of Loec]
            resources: 1
        actions:
          - {player: B, play: Judgement of Loec, targets: [Bloodsworn]}
          - {pass: all}
    """)
    assert out.status == "replayed", out.problems or out.error
    assert _power(out, "Illustrative Drill Sergeant") == 2


def test_rule_off_the_earlier_count_reads_the_unit(tmp_path):
    """The net-effect rule switched off (plain timestamp order, here reversed, the always-on amount frozen):
    a count reads the Gor as the unit it was (power 2)."""
    out = _run(tmp_path, JUDGEMENT_LATER, ablate={NET})
    assert _power(out, "Illustrative Drill Sergeant") == 2


def test_tree_kin_no_longer_counts_as_a_unit(tmp_path):
    """Tree Kin's own Action ('become a development until the end of the turn. It no longer counts as a
    unit'): the count sees it gone from the units (power 1)."""
    out = _run(tmp_path, """
        state:
          active: A
          phase: capital
          A:
            battlefield: [Illustrative Drill Sergeant, Tree Kin, Rat Swarm]
            resources: 2
        actions:
          - {player: A, use: Tree Kin}
          - {pass: all}
    """)
    assert out.status == "replayed", out.problems or out.error
    assert _power(out, "Illustrative Drill Sergeant") == 1


WAR_BOAR = """
    state:
      active: A
      phase: capital
      A:
        battlefield: [Illustrative Quartermaster, War Boar]
        kingdom: [Illustrative Forge]
        quest: [Illustrative Quest]
      B:
        quest: [Illustrative Quest]
        battlefield: [Illustrative Quartermaster]
    actions: []
"""


def test_is_a_in_an_amount_sees_war_boar_quests(tmp_path):
    """'+1 for each support card in play' (is_a) counts the Forge and both quests War Boar makes also
    support cards, for the Quartermaster that came before War Boar and the one after (power 3 each)."""
    out = _run(tmp_path, WAR_BOAR)
    assert out.status == "replayed", out.problems or out.error
    assert _power(out, "Illustrative Quartermaster#1") == 3
    assert _power(out, "Illustrative Quartermaster#2") == 3


def test_is_a_in_an_amount_without_war_boar(tmp_path):
    """No War Boar: only the Forge is a support card (power 1); the amount's is_a used to recurse forever."""
    out = _run(tmp_path, WAR_BOAR.replace(", War Boar]", "]"))
    assert out.status == "replayed", out.problems or out.error
    assert _power(out, "Illustrative Quartermaster#1") == 1


def test_rule_off_one_quartermaster_misses_the_quests(tmp_path):
    """The net-effect rule off: applied in plain (here reversed) timestamp order, one of the two
    Quartermasters is worked out before War Boar's effect and counts only the Forge."""
    out = _run(tmp_path, WAR_BOAR, ablate={NET})
    assert sorted([_power(out, "Illustrative Quartermaster#1"), _power(out, "Illustrative Quartermaster#2")]) == [1, 3]
