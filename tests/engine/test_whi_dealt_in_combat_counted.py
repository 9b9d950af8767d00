"""Warhammer: Invasion, 'deals damage in combat' (combat_damage._dealt_in_combat), clarification:dealing-
damage-in-combat: a unit that "contributed at least one damage to the pool" -- as it was counted, before a
later change of its power -- has dealt damage once "at least one damage is applied to an opponent's unit or
capital", also where a redirection moved it. Where it must not apply: damage redirected onto the attacker's
own unit, and the clarification switched off. Review 41c finding 4."""
from __future__ import annotations

from tests.engine.test_whi_terms import rid
from tests.engine.test_whi_zone_entry import _run

DD = rid("clarification:dealing-damage-in-combat")

_REDIRECT = """
cards:
  - name: Own Redirect
    type: tactic
    cost: 0
    illustrative: true
    text: "Action: The next 2 damage dealt to one target unit are redirected to another target unit."
    abilities:
      - kind: play
        targets:
          - {name: protected, filter: "it.type == 'unit'"}
          - {name: other, filter: "it.type == 'unit'"}
        steps:
          - {create: {kind: shield, mode: redirect, on: protected, to: other, amount: 2, duration: turn}}
state:
  active: A
  phase: battlefield
  A:
    battlefield:
      - Savage Gor
      - {card: Sadistic Mutation, attached_to: Savage Gor}
    kingdom: [Bloodsworn]
  B:
    kingdom: [Dark Zealot]
    quest: [Rat Swarm, Pistoliers]
    hand: [Own Redirect]
actions:
  - {player: A, attack: kingdom, with: [Savage Gor]}
  - {player: B, defend: [Dark Zealot]}
  - {player: B, play: Own Redirect, targets: [Dark Zealot, %s]}
  - {pass: all}
  - {player: A, assign: {Dark Zealot: 1}%s}
  - {player: B, assign: {Savage Gor: 1}}
  - {pass: all}
"""


def _mutation_fired(eng):
    return any(e["event"] == "triggered" and "Sadistic Mutation" in str(e.get("source", e.get("card", "")))
               for st in eng.trace for e in st.events)


def test_redirected_onto_an_opponents_unit_counts(tmp_path):
    eng = _run(tmp_path, _REDIRECT % ("Pistoliers", ", choose: [Rat Swarm]"))
    assert eng.obj("Pistoliers").damage == 1 and eng.obj("Dark Zealot").damage == 0
    assert eng.obj("Rat Swarm").where == "B.discard"  # the Mutation's 1


def test_redirected_onto_the_attackers_own_unit_does_not(tmp_path):
    eng = _run(tmp_path, _REDIRECT % ("Bloodsworn", ""))
    assert eng.obj("Bloodsworn").damage == 1 and eng.obj("Dark Zealot").damage == 0
    assert not _mutation_fired(eng)


def test_rule_off_redirected_damage_does_not_count(tmp_path):
    eng = _run(tmp_path, _REDIRECT % ("Pistoliers", ""), ablate=[DD])
    assert eng.obj("Pistoliers").damage == 1 and eng.obj("Rat Swarm").where == "B.quest"
    assert not _mutation_fired(eng)


def test_trigger_seen_where_it_fires(tmp_path):  # the helper above does see the trigger
    assert _mutation_fired(_run(tmp_path, _REDIRECT % ("Pistoliers", ", choose: [Rat Swarm]")))
