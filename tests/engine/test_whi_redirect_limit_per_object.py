"""Warhammer: Invasion, an 'each turn' redirect (damage._redirect_assigned, Warrior Priests) is limited per
object: a card that left play and came back is a new card (clarification:out-of-play: "treated as though it
were a new card"), whose limit is unused. Where it must not apply: the same object twice in a turn (limited),
and new_object_on_zone_change switched off (the card keeps its object, and its use). Review 41c finding 8."""
from __future__ import annotations

from tests.engine.test_whi_terms import rid
from tests.engine.test_whi_zone_entry import _run

OOP = rid("clarification:out-of-play")

_TEXT = """
state:
  active: A
  phase: capital
  A:
    kingdom: [Warrior Priests]
    hand: []
    resources: 3
  B:
    resources: 2
    hand: [Flames of Tzeentch, Flames of Tzeentch]
    battlefield: [Dark Zealot]
actions:
  - {player: B, play: Flames of Tzeentch#1, x: 1, targets: [Warrior Priests]}
  - {player: A, pass: all, choose: [Dark Zealot]}
%s  - {player: B, play: Flames of Tzeentch#2, x: 1, targets: [Warrior Priests]}
  - {player: A, pass: all%s}
"""
_REPLAY = ("  - {player: A, effect: [{return_to_hand: Warrior Priests}]}\n"
           "  - {player: A, play: Warrior Priests, zone: kingdom}\n  - {pass: all}\n")


def test_replayed_copy_redirects_again(tmp_path):
    eng = _run(tmp_path, _TEXT % (_REPLAY, ", choose: [Dark Zealot]"))
    assert eng.obj("Warrior Priests").damage == 0 and eng.obj("Dark Zealot").damage == 2


def test_same_object_limited_once_a_turn(tmp_path):
    eng = _run(tmp_path, _TEXT % ("", ""))
    assert eng.obj("Warrior Priests").damage == 1 and eng.obj("Dark Zealot").damage == 1


def test_rule_off_replayed_copy_keeps_the_use(tmp_path):
    eng = _run(tmp_path, _TEXT % (_REPLAY, ""), ablate=[OOP])
    assert eng.obj("Warrior Priests").damage == 1 and eng.obj("Dark Zealot").damage == 1
