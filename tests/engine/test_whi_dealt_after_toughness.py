"""Warhammer: Invasion (blind round 18): combat damage that Toughness cancels in part is still applied, so
the attackers have dealt damage in combat (clarification:dealing-damage-in-combat: 'as long as at least 1
point of combat damage is dealt to an opposing unit or capital, all units are considered to have dealt
damage'). The core's apply_damage returns what its batch applied after replacements: the copy of an event a
replacement emits in its place (Toughness's rest of the damage) counts. Where it must not apply: damage
Toughness cancels in full is not dealt (clarification:dealt-damage), so no attacker has dealt damage; with
dealing-damage-in-combat off only the unit whose own share got through has."""
from __future__ import annotations

from tests.engine.test_whi_terms import make, rid
from tests.engine.test_whi_zone_entry import _events, _run

IN_COMBAT = rid("clarification:dealing-damage-in-combat")


def test_apply_damage_returns_what_toughness_lets_through():
    eng = make(A={"kingdom": [("Illustrative Hammerers", "Ham"), ("Dark Zealot", "Zealot")]})
    ham, zealot = eng.obj("Ham"), eng.obj("Zealot")
    assert eng.apply_damage(None, {ham.oid: 3, zealot.oid: 1}) == {ham.oid: 1, zealot.oid: 1}


def test_apply_damage_fully_cancelled_returns_nothing_for_it():
    eng = make(A={"kingdom": [("Illustrative Hammerers", "Ham")]})
    assert eng.apply_damage(None, {eng.obj("Ham").oid: 2}) == {}


_ATTACK = """
state:
  active: A
  phase: battlefield
  A:
    battlefield:
      - Savage Gor
      - {card: Sadistic Mutation, attached_to: Savage Gor}
      - Bloodsworn
  B:
    kingdom: [%(defender)s]
    quest: [Rat Swarm]
actions:
  - {player: A, attack: kingdom, with: [Savage Gor, Bloodsworn]}
  - {player: B, defend: [%(defender)s]}
  - {player: A, assign: {%(defender)s: %(n)s}, choose: [Rat Swarm]}
  - {player: B, assign: {Bloodsworn: %(back)s}}
  - {pass: all}
"""


def _dealers(eng):
    return [e["card"] for e in _events(eng, "dealt_combat_damage") if e.get("player") == "A"]


def test_toughness_cancels_part_every_attacker_has_dealt_damage(tmp_path):
    eng = _run(tmp_path, _ATTACK % {"defender": "Illustrative Hammerers", "n": 3, "back": 2})
    assert eng.obj("Illustrative Hammerers").damage == 1
    assert sorted(_dealers(eng)) == ["Bloodsworn", "Savage Gor"]
    assert eng.obj("Rat Swarm").zone == "discard"  # Sadistic Mutation triggered


def test_toughness_destroyed_defender_every_attacker_has_dealt_damage(tmp_path):
    eng = _run(tmp_path, _ATTACK % {"defender": "Illustrative Ironbreakers", "n": 3, "back": 1})
    assert eng.obj("Illustrative Ironbreakers").zone == "discard"
    assert sorted(_dealers(eng)) == ["Bloodsworn", "Savage Gor"]


def test_toughness_cancels_all_no_attacker_has_dealt_damage(tmp_path):
    text = (_ATTACK % {"defender": "Illustrative Hammerers", "n": 2, "back": 2}).replace(
        "with: [Savage Gor, Bloodsworn]", "with: [Bloodsworn]").replace(", choose: [Rat Swarm]", "")
    eng = _run(tmp_path, text)
    assert eng.obj("Illustrative Hammerers").damage == 0
    assert _dealers(eng) == []


def test_rule_off_only_the_unit_whose_share_got_through(tmp_path):
    eng = _run(tmp_path, _ATTACK % {"defender": "Illustrative Hammerers", "n": 3, "back": 2}, ablate=[IN_COMBAT])
    assert _dealers(eng) == ["Bloodsworn"]
    assert eng.obj("Rat Swarm").zone == "quest"
