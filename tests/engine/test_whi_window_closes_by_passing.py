"""Warhammer: Invasion, an Action Window closed by the players passing lapses the Triggered Actions whose
condition was met before (Detailed Timing B-4: "Action Window closes when neither player wants to take any
additional actions"; B-1: "they must do so at the first opportunity"; the triggered Actions clarification:
"... or it cannot be played at all"; triggered.action_window_closes, mechanic triggered_action_window, as when
a new phase or step closes the window). Where it must apply: all players passing on an empty chain, in one
step or one by one. Where it must not: a use right after the chain whose resolution met the condition, and a
condition met after the window closed. Switched off: still usable."""
from __future__ import annotations

from tests.engine.test_whi_attachment_zone import _run  # replay a scenario text, no error allowed
from tests.engine.test_whi_terms import rid

B1 = rid("ruling:b-action-window-1")
CLAR = rid("clarification:triggered-actions-formerly-response-actions")

# B's Recall returns Bloodsworn to his hand as it resolves: A's Thief of Essence ("Action: When a unit leaves
# play, draw a card") has met its condition during the resolution of another effect
_SCRIPT = """\
state:
  active: A
  phase: capital
  A:
    battlefield: [Thief of Essence]
    deck: [Rat Swarm, Dark Zealot, Hag Queen]
  B:
    battlefield: [Bloodsworn]
    hand: [Illustrative Recall]
actions:
  - {player: B, play: Illustrative Recall, targets: [Bloodsworn]}
  - {pass: all}
CLOSE
  - {player: A, use: Thief of Essence, try: true}
  - {pass: all}
"""


def _script(close: str) -> str:
    return _SCRIPT.replace("CLOSE\n", close)


def _rejections(eng):
    return [e for e in eng.events if e.get("event") == "action_rejected"]


def _hand(eng, player="A"):
    return len(eng.zone_objs(player, "hand"))


def test_all_passing_on_an_empty_chain_lapses_it(tmp_path):
    eng = _run(tmp_path, _script("  - {pass: all}\n"))
    (rej,) = _rejections(eng)
    assert "all players passed" in rej["reason"]
    assert B1 in rej["rejected_by"] and CLAR in rej["rejected_by"]
    assert _hand(eng) == 0


def test_passing_one_by_one_closes_it_too(tmp_path):
    eng = _run(tmp_path, _script("  - {pass: A}\n  - {pass: B}\n"))
    (rej,) = _rejections(eng)
    assert B1 in rej["rejected_by"]
    assert _hand(eng) == 0


def test_used_at_its_first_opportunity(tmp_path):
    eng = _run(tmp_path, _script(""))
    assert not _rejections(eng)
    assert _hand(eng) == 1


def test_a_condition_met_after_the_window_closed_is_new(tmp_path):
    # the players pass on an empty window first; the Recall then resolves: its condition is for the next window
    text = _SCRIPT.replace("CLOSE\n", "").replace(
        "actions:\n", "actions:\n  - {pass: all}\n")
    eng = _run(tmp_path, text)
    assert not _rejections(eng)
    assert _hand(eng) == 1


def test_rule_off_still_usable(tmp_path):
    eng = _run(tmp_path, _script("  - {pass: all}\n"), {B1})
    assert not _rejections(eng)
    assert _hand(eng) == 1
