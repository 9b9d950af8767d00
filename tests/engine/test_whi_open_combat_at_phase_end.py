"""Warhammer: Invasion, a combat not carried out to its end when its phase ends (combat_damage.
open_combat_at_phase_end, asked by turn.phase_ends): clarification:battlefield-phase -- "players will carry out
the entire battlefield phase to the extent able" and then "Units are no longer considered to be attacking,
defending". The steps that ask nothing of anyone are carried out and combat ends; where a side still has
combat damage to assign (a decision) the phase cannot end: refused, naming the rule. Review 41c finding 2."""
from __future__ import annotations

from judge.engine.state import ReplayError
from tests.engine.test_whi_terms import rid
from tests.engine.test_whi_zone_entry import _events, _run

BF = rid("clarification:battlefield-phase")

_COMBAT = """
state:
  active: A
  phase: battlefield
  A:
    battlefield: [Rat Swarm, Dark Zealot]
  B:
    kingdom: [Counterstrike Veteran]
actions:
  - {player: A, attack: kingdom, with: [%s]}
  - {player: B, defend: [Counterstrike Veteran]}
  - {end: turn%s}
"""


def test_attacker_gone_combat_ends_with_the_turn(tmp_path):
    eng = _run(tmp_path, _COMBAT % ("Rat Swarm", ""))  # Counterstrike destroys the only attacker
    assert eng.obj("Rat Swarm").where == "A.discard"
    assert eng.state.vars.get("combat") is None
    assert "defending" not in eng.obj("Counterstrike Veteran").flags
    assert _events(eng, "combat_ended")


def test_damage_left_to_assign_the_turn_cannot_end(tmp_path):
    eng = _run(tmp_path, _COMBAT % ("Dark Zealot", ", try: true"))  # the Zealot survives: A must assign
    rej = _events(eng, "action_rejected")
    assert len(rej) == 1 and BF in rej[0]["rejected_by"] and "combat damage to assign" in rej[0]["reason"]
    assert eng.state.vars.get("combat") is not None


def test_rule_off_the_combat_is_left_open(tmp_path):
    eng = _run(tmp_path, _COMBAT % ("Rat Swarm", ""), ablate=[BF])
    assert "combat_ended" not in [e["event"] for st in eng.trace for e in st.events]


def test_no_combat_nothing_happens(tmp_path):
    eng = _run(tmp_path, "state: {active: A, phase: battlefield, A: {battlefield: [Rat Swarm]}}\n"
                         "actions:\n  - {end: turn}\n")
    assert not _events(eng, "combat_ended") and not _events(eng, "action_rejected")
