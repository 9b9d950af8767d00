"""Warhammer: Invasion, a skipped battlefield phase (clarification:the-word-skip: "that phase is bypassed")
allows no attack, whatever zone the attackers come from (combat._declare_attack: one check for every kind of
attack). Where it must not apply: the same attack from the quest zone in a battlefield phase not skipped, and
the rule switched off. Review 41c finding 6."""
from __future__ import annotations

from tests.engine.test_whi_terms import rid
from tests.engine.test_whi_zone_entry import _events, _run

SKIP = rid("clarification:the-word-skip")

_TEXT = """
state:
  active: A
  phase: capital
  A:
    quest: [Beastman Incursion, {card: Rat Swarm, questing: %s}, Sack Tor Aendris, {card: Bloodsworn, questing: true}]
  B:
    kingdom: []
actions:
  - {begin: battlefield}
%s  - {player: A, attack: kingdom, with: [Bloodsworn], try: true}
"""
_USE = "  - {player: A, use: Beastman Incursion}\n  - {pass: all}\n"


def test_skipped_phase_refuses_the_attack_from_a_quest(tmp_path):
    eng = _run(tmp_path, _TEXT % ("true", _USE))
    rej = _events(eng, "action_rejected")
    assert len(rej) == 1 and SKIP in rej[0]["rejected_by"]
    assert "attacking" not in eng.obj("Bloodsworn").flags


def test_phase_not_skipped_the_quester_attacks(tmp_path):
    eng = _run(tmp_path, _TEXT % ("true", ""))
    assert not _events(eng, "action_rejected")
    assert "attacking" in eng.obj("Bloodsworn").flags


def test_rule_off_the_attack_is_made(tmp_path):
    eng = _run(tmp_path, _TEXT % ("true", _USE), ablate=[SKIP])
    assert "attacking" in eng.obj("Bloodsworn").flags
