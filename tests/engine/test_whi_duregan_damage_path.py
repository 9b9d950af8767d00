"""Warhammer: Invasion, Duregan Thorgrimson's damage (card_scripts.deal_pair) is dealt as any damage is: the
cancelling and redirecting shields act on it, "after it is assigned, but right before it is applied"
(clarification:cancelling-damage), both parts applied as one batch. Where it must not apply: a shield on
another unit, and cancelling switched off. Review 41c finding 5."""
from __future__ import annotations

from tests.engine.test_whi_terms import rid
from tests.engine.test_whi_zone_entry import _run

CANCEL = rid("clarification:cancelling-damage")

_TEXT = """
state:
  active: A
  phase: beginning
  A:
    battlefield: [Duregan Thorgrimson]
  B:
    battlefield: [Dark Zealot, Rat Swarm]
    hand: [Steel's Bane]
    resources: 1
actions:
  - {player: A, use: Duregan Thorgrimson, targets: [Dark Zealot]}
  - {player: B, play: Steel's Bane, targets: [%s]}
  - {pass: all}
"""


def test_shield_cancels_duregans_damage(tmp_path):
    eng = _run(tmp_path, _TEXT % "Dark Zealot")
    assert eng.obj("Dark Zealot").where == "B.battlefield" and eng.obj("Dark Zealot").damage == 0
    assert eng.obj("Duregan Thorgrimson").damage == 1


def test_shield_on_another_unit_changes_nothing(tmp_path):
    eng = _run(tmp_path, _TEXT % "Rat Swarm")
    assert eng.obj("Dark Zealot").where == "B.discard"
    assert eng.obj("Duregan Thorgrimson").damage == 1


def test_cancelling_off_the_damage_is_applied(tmp_path):
    eng = _run(tmp_path, _TEXT % "Dark Zealot", ablate=[CANCEL])
    assert eng.obj("Dark Zealot").where == "B.discard"
