"""Warhammer: Invasion, clarification:battlefield-phase: "If there are both attacking and defending units, they
are considered to be opposed in combat" (mechanic opposed_in_combat, combat_damage._opponents_unit): a side
assigns its combat damage to the units opposing it -- the attacker to the defending units, the defender to
the attacking units. A unit of the opponent's not in the combat is refused naming the rule; one's own unit
is refused by no rule; an assignment to the opposing units is not refused (untraced). Switched off (only
this mechanic), any unit of the opponent's in play may be assigned combat damage."""
from __future__ import annotations

from judge.engine.engine import Engine
from tests.engine.test_whi_terms import rid
from tests.engine.test_whi_zone_entry import _events, _run

BF = rid("clarification:battlefield-phase")
KEY = "opposed_in_combat"

_FIGHT = """
state:
  active: A
  phase: battlefield
  A:
    battlefield: [Savage Marauders, Pistoliers]
  B:
    kingdom: [Dark Zealot, Rat Swarm]
    battlefield: [Savage Gor]
actions:
  - {player: A, attack: kingdom, with: [Savage Marauders]}
  - {player: B, defend: [Dark Zealot]}
%s"""


def _switch_off(monkeypatch):
    on = Engine.on
    monkeypatch.setattr(Engine, "on", lambda self, key: False if key == KEY else on(self, key))


def _rejected(eng):
    return _events(eng, "action_rejected")


def test_both_sides_assign_to_the_units_opposing_them(tmp_path):
    eng = _run(tmp_path, _FIGHT % ("  - {player: A, assign: {Dark Zealot: 2}}\n"
                                   "  - {player: B, assign: {Savage Marauders: 1}}\n  - {pass: all}\n"))
    assert not _rejected(eng)
    assert eng.obj("Dark Zealot").damage == 2 and eng.obj("Savage Marauders").damage == 1
    assert KEY not in eng._fired


def test_attacker_cannot_assign_to_a_unit_not_defending(tmp_path):
    for unit in ("Savage Gor", "Rat Swarm"):  # another zone's unit; a unit of the attacked zone not declared
        eng = _run(tmp_path, _FIGHT % f"  - {{player: A, assign: {{{unit}: 2}}, try: true}}\n")
        rej = _rejected(eng)
        assert len(rej) == 1 and BF in rej[0]["rejected_by"], unit
        assert eng.obj(unit).damage == 0


def test_defender_cannot_assign_to_a_unit_not_attacking(tmp_path):
    eng = _run(tmp_path, _FIGHT % ("  - {player: A, assign: {Dark Zealot: 2}}\n"
                                   "  - {player: B, assign: {Pistoliers: 1}, try: true}\n"))
    rej = _rejected(eng)
    assert len(rej) == 1 and BF in rej[0]["rejected_by"]


def test_own_unit_refused_by_no_rule(tmp_path):
    eng = _run(tmp_path, _FIGHT % "  - {player: A, assign: {Pistoliers: 2}, try: true}\n")
    rej = _rejected(eng)
    assert len(rej) == 1 and BF not in (rej[0].get("rejected_by") or [])


def test_switched_off_any_unit_of_the_opponent(tmp_path, monkeypatch):
    _switch_off(monkeypatch)
    eng = _run(tmp_path, _FIGHT % ("  - {player: A, assign: {Savage Gor: 2}}\n"
                                   "  - {player: B, assign: {Pistoliers: 1}}\n  - {pass: all}\n"))
    assert not _rejected(eng)
    assert eng.obj("Savage Gor").where == "B.discard"
    assert eng.obj("Pistoliers").damage == 1
