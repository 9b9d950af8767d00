"""Warhammer: Invasion, a triggered Action whose trigger condition was met and has since lapsed is refused
by the rule that lapsed it (triggered._lapsed_by): the end of the turn (clarification:b-action-window,
mechanic triggered_action_this_turn), or the action window closing (ruling:b-action-window-1, mechanic
triggered_action_window). The refusal names that rule whether the card is still in play (Thief of Essence)
or has left play (a self-referential Action carried out of play). Where it must not apply: a condition
never met names no such rule; a condition met anew after a lapse is usable again."""
from __future__ import annotations

from tests.engine.test_whi_attachment_zone import _run  # replay a scenario text, no error allowed
from tests.engine.test_whi_terms import rid

END_OF_TURN = rid("clarification:b-action-window")
WINDOW = rid("ruling:b-action-window-1")


def _rejections(eng):
    return [e for e in eng.events if e.get("event") == "action_rejected"]


_THIEF = """\
state:
  active: A
  phase: capital
  A:
    battlefield: [Thief of Essence, Rat Swarm]
    deck: [Dark Zealot, Savage Gor]
  B:
    hand: [Flames of Tzeentch]
    resources: 1
actions:
  - {player: B, play: Flames of Tzeentch, x: 1, targets: [Rat Swarm]}
  - {pass: all}
  - {player: A, end: turn}
  - {player: A, use: Thief of Essence, try: true}
"""


def test_in_play_lapsed_at_end_of_turn_names_the_rule(tmp_path):
    (rej,) = _rejections(_run(tmp_path, _THIEF))
    assert "lapsed" in rej["reason"] and rej["rejected_by"] == [END_OF_TURN]


def test_end_of_turn_rule_off_window_rule_refuses_at_next_phase(tmp_path):
    text = _THIEF.replace("  - {player: A, use: Thief of Essence, try: true}\n",
                          "  - {player: B, begin: kingdom}\n  - {player: A, use: Thief of Essence, try: true}\n")
    (rej,) = _rejections(_run(tmp_path, text, {END_OF_TURN}))
    assert WINDOW in rej["rejected_by"]


def test_never_met_names_no_lapse(tmp_path):
    text = _THIEF.replace("  - {player: B, play: Flames of Tzeentch, x: 1, targets: [Rat Swarm]}\n  - {pass: all}\n", "")
    (rej,) = _rejections(_run(tmp_path, text))
    # no lapse rule: the trigger condition that never happened refuses (clarification:trigger-conditions)
    assert "not been met" in rej["reason"] and rej.get("rejected_by") == [rid("clarification:trigger-conditions")]


def test_met_again_after_lapse_usable(tmp_path):
    # a unit leaves play in the next turn: the condition is met anew, the lapse no longer counts
    text = _THIEF.replace("Thief of Essence, Rat Swarm]", "Thief of Essence, Rat Swarm, Hag Queen]").replace(
        "  - {player: A, use: Thief of Essence, try: true}\n",
        "  - {player: B, begin: turn}\n  - {player: A, effect: [{destroy: Hag Queen}]}\n"
        "  - {player: A, use: Thief of Essence}\n  - {pass: all}\n")
    eng = _run(tmp_path, text)
    assert not _rejections(eng)
    assert eng.obj("Savage Gor").zone == "hand"


_HEXWRATH = """\
state:
  active: A
  phase: capital
  A:
    discard: [Cackling Hexwrath]
    deck: [Rat Swarm, Savage Gor, Dark Zealot, Bloodsworn]
    resources: 2
actions:
  - {player: A, play: Cackling Hexwrath, from: discard, zone: battlefield}
  - {pass: all}
  - {player: A, end: turn}
  - {player: B, begin: turn}
  - {player: A, use: Cackling Hexwrath, try: true}
"""


def test_out_of_play_lapsed_names_the_rule_not_in_play(tmp_path):
    (rej,) = _rejections(_run(tmp_path, _HEXWRATH))
    assert "not in play" not in rej["reason"] and END_OF_TURN in rej["rejected_by"]
