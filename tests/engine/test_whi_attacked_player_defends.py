"""Warhammer: Invasion, clarification:battlefield-phase: "The attacked player and target of the attack are
now considered to be defending" (mechanic attacked_player_defends, defending.py): the attacked player is the
defending player -- he declares defenders and may Ambush -- and the attacked zone is the defending zone
('target unit in the defending zone', expression function in_defending_zone); the attacking player, the
other zones and a game with no attack are not (untraced). Switched off (only this mechanic), nobody is
defending: the attacked player's defenders and ambush are refused naming the rule, and no unit is in the
defending zone."""
from __future__ import annotations

from judge.engine.engine import Engine
from tests.engine.test_whi_terms import make, rid
from tests.engine.test_whi_zone_entry import _events, _run

BF = rid("clarification:battlefield-phase")
KEY = "attacked_player_defends"


def _switch_off(monkeypatch):
    on = Engine.on
    monkeypatch.setattr(Engine, "on", lambda self, key: False if key == KEY else on(self, key))


def keep_defending(monkeypatch):
    """For tests of another mechanic of clarification:battlefield-phase that switch the whole entry off: the
    attacked player still defends (his defenders are declared), only their own mechanic is off."""
    on = Engine.on
    monkeypatch.setattr(Engine, "on", lambda self, key: True if key == KEY else on(self, key))


def _attack():
    eng = make(A={"battlefield": [("Rat Swarm", "Swarm"), ("Savage Marauders", "Marauders")]},
               B={"kingdom": [("Dark Zealot", "Zealot")], "battlefield": [("Savage Gor", "Gor")]})
    eng.state.vars["phase"] = "battlefield"
    eng.game.actions["attack"](eng, "A", {"attack": "kingdom", "with": ["Swarm"]})
    eng.begin_step(2, "test")
    return eng


def _in_zone(eng, label):
    return eng.game.functions["in_defending_zone"](eng, eng.obj(label))


def test_attacked_zone_is_the_defending_zone_traced():
    eng = _attack()
    assert _in_zone(eng, "Zealot") and BF in eng.step.rules


def test_other_zones_and_the_attacker_are_not_defending_untraced():
    eng = _attack()
    assert not _in_zone(eng, "Gor")  # the attacked player's battlefield: not the target
    assert not _in_zone(eng, "Marauders")  # the attacking player's units
    assert BF not in eng.step.rules


def test_no_attack_nothing_is_defending():
    eng = make(B={"kingdom": [("Dark Zealot", "Zealot")]})
    eng.state.vars["phase"] = "battlefield"
    assert not _in_zone(eng, "Zealot") and BF not in eng.step.rules


def test_switched_off_no_defending_zone(monkeypatch):
    _switch_off(monkeypatch)
    eng = _attack()
    assert not _in_zone(eng, "Zealot")


_SCENE = """
state:
  active: A
  phase: battlefield
  A:
    battlefield: [Savage Marauders]
  B:
    kingdom: [Dark Zealot, {card: Illustrative Ambusher, development: true}]
    resources: 1
actions:
  - {player: A, attack: kingdom, with: [Savage Marauders]}
%s"""


def test_attacked_player_declares_defenders(tmp_path):
    eng = _run(tmp_path, _SCENE % "  - {player: B, defend: [Dark Zealot]}\n")
    assert "defending" in eng.obj("Dark Zealot").flags


def test_attacking_player_cannot_declare_defenders(tmp_path):
    eng = _run(tmp_path, _SCENE % "  - {player: A, defend: [Savage Marauders], try: true}\n")
    rej = _events(eng, "action_rejected")
    assert len(rej) == 1 and BF not in (rej[0].get("rejected_by") or [])


def test_switched_off_defenders_refused_naming_the_rule(tmp_path, monkeypatch):
    _switch_off(monkeypatch)
    eng = _run(tmp_path, _SCENE % "  - {player: B, defend: [Dark Zealot], try: true}\n")
    rej = _events(eng, "action_rejected")
    assert len(rej) == 1 and BF in rej[0]["rejected_by"]
    assert "defending" not in eng.obj("Dark Zealot").flags


def test_attacked_player_ambushes_in_the_defending_zone(tmp_path):
    eng = _run(tmp_path, _SCENE % "  - {player: B, ambush: Illustrative Ambusher}\n")
    assert not _events(eng, "action_rejected")
    assert "development" not in eng.obj("Illustrative Ambusher").flags


def test_switched_off_ambush_refused_naming_the_rule(tmp_path, monkeypatch):
    _switch_off(monkeypatch)
    eng = _run(tmp_path, _SCENE % "  - {player: B, ambush: Illustrative Ambusher, try: true}\n")
    rej = _events(eng, "action_rejected")
    assert len(rej) == 1 and BF in rej[0]["rejected_by"]
    assert "development" in eng.obj("Illustrative Ambusher").flags
