"""Warhammer: Invasion, once at least one attacker is declared the target of the attack is considered
attacked (clarification:battlefield-phase, legends.target_attacked behind capital_attacked): the attacked
zone's player sees his capital attacked, traced; switched off it is not; the attacking player's capital,
and any capital with no combat, are never attacked (untraced)."""
from __future__ import annotations

from tests.engine.test_whi_terms import make, rid

BF = rid("clarification:battlefield-phase")


def _eng(ablate=()):
    eng = make(ablate, A={"battlefield": [("Rat Swarm", "Swarm")]}, B={"kingdom": [("Dark Zealot", "Zealot")]})
    eng.state.vars["phase"] = "battlefield"
    eng.game.actions["attack"](eng, "A", {"attack": "kingdom", "with": ["Swarm"]})
    eng.begin_step(2, "test")
    return eng


def _attacked(eng, player="B"):
    return eng.game.functions["capital_attacked"](eng, player)


def test_target_zone_attacked_traced():
    eng = _eng()
    assert _attacked(eng) and BF in eng.step.rules
    assert not _attacked(eng, "A")  # the attacking player's capital is not attacked


def test_target_not_attacked_when_switched_off():
    eng = _eng([BF])
    assert not _attacked(eng)


def test_no_combat_nothing_attacked():
    eng = make(A={"battlefield": [("Rat Swarm", "Swarm")]})
    eng.state.vars["phase"] = "battlefield"
    assert not _attacked(eng)
    assert BF not in eng.step.rules
