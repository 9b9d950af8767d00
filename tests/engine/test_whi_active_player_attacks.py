"""Warhammer: Invasion, only the active player declares an attack (clarification:battlefield-phase,
combat.attacker_is_active): the non-active player's attack is refused, naming the rule; switched off it
is declared; the active player's attack and an attack a card effect allows a player (allow_attack) are
never refused by it. An attack declared with no attackers makes no combat and ends the phase
(no_attackers_ends_phase; off: the combat goes on with no attackers)."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError
from tests.engine.test_whi_terms import make, rid

BF = rid("clarification:battlefield-phase")


def _eng(ablate=()):
    eng = make(ablate, A={"battlefield": [("Savage Marauders", "Marauders")]},
               B={"battlefield": [("Dark Zealot", "Zealot")]})
    eng.state.vars["phase"] = "battlefield"
    return eng


def _attack(eng, player, unit):
    eng.game.actions["attack"](eng, player, {"attack": "kingdom", "with": [unit] if unit else []})


def test_non_active_player_refused_naming_the_rule():
    eng = _eng()
    with pytest.raises(ReplayError) as err:
        _attack(eng, "B", "Zealot")
    assert BF in err.value.rules
    assert "attacking" not in eng.obj("Zealot").flags


def test_switched_off_non_active_player_attacks():
    eng = _eng([BF])
    _attack(eng, "B", "Zealot")
    assert "attacking" in eng.obj("Zealot").flags


def test_active_player_attacks():
    eng = _eng()
    _attack(eng, "A", "Marauders")
    assert "attacking" in eng.obj("Marauders").flags


def test_card_allowed_attack_not_refused():
    eng = _eng()
    eng.run_steps([{"allow_attack": "'B'"}], {"you": "B"})
    _attack(eng, "B", "Zealot")
    assert "attacking" in eng.obj("Zealot").flags


# -- an attack with no attackers: no combat, play skips to the end of the turn (no_attackers_ends_phase) --

def test_no_attackers_no_combat_phase_over():
    eng = _eng()
    _attack(eng, "A", None)
    assert eng.state.vars.get("combat") is None and eng.state.vars["phase"] == "end"
    assert BF in eng.step.rules


def test_no_attackers_switched_off_combat_goes_on():
    eng = _eng([BF])
    _attack(eng, "A", None)
    assert eng.state.vars.get("combat") and eng.state.vars["phase"] == "battlefield"


def test_attack_with_attackers_not_ended():
    eng = _eng()
    _attack(eng, "A", "Marauders")
    assert eng.state.vars.get("combat") and eng.state.vars["phase"] == "battlefield"
