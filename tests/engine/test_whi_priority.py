"""Warhammer: Invasion, priority to start an action chain (Detailed Timing B-4: 'players alternate turns when
taking actions that start action chains, so the first player has priority first during each Action Window, and
then after he passes or a chain is completed priority to take an action passes to the next player'; B-2:
'starting with the player who has priority'; mechanic priority_alternates, priority.py). A player who does not
act when he has priority has passed: a single scripted pass by the player without priority is the second of two
consecutive passes, and the window closes ('Action Window closes when neither player wants to take any
additional actions': triggered Actions lapse, mechanic triggered_action_window; assigned combat damage is
applied). Where it must not apply: the pass of the player who has priority; a chain started without priority
(the other's pass is not consecutive with another); responses on the chain; `pass: all`. Switched off
(ruling:3-resolve-the-action-chain-4): a player's pass counts only as his own."""
from __future__ import annotations

from tests.engine.test_whi_attachment_zone import _run  # replay a scenario text, no error allowed
from tests.engine.test_whi_terms import rid

B4 = rid("ruling:3-resolve-the-action-chain-4")
B1 = rid("ruling:b-action-window-1")


def _rejections(eng):
    return [e for e in eng.events if e.get("event") == "action_rejected"]


def _hand(eng, player):
    return [o for o in eng.state.objects.values() if o.zone == "hand" and o.owner == player]


def _implicit(eng):
    return [e for e in eng.events if e.get("event") == "passes_without_acting"]


# -- the Thief of Essence ('Action: When a unit leaves play, draw a card') after a chain --

_THIEF = """\
state:
  active: A
  phase: capital
  A:
    battlefield: [Thief of Essence]
    deck: [Rat Swarm, Dark Zealot]
    hand: [Illustrative Recall]
  B:
    battlefield: [Savage Gor]
    hand: [Illustrative Recall]
actions:
  - {player: STARTER, play: "Illustrative Recall#N", targets: [Savage Gor]}
  - {pass: all}
MORE
  - {player: A, use: Thief of Essence, try: true}
  - {pass: all}
"""


def _thief(starter: str, more: str) -> str:
    return (_THIEF.replace("STARTER", starter).replace("#N", "#1" if starter == "A" else "#2")
            .replace("MORE\n", more))


def _drew(eng) -> bool:
    return eng.obj("Dark Zealot").zone == "hand"


def test_pass_of_the_player_with_priority_keeps_the_window_open(tmp_path):
    # A's chain completed: priority is B's; his pass gives it to A, who starts a chain with the Thief
    eng = _run(tmp_path, _thief("A", "  - {pass: B}\n"))
    assert not _rejections(eng) and _drew(eng)
    assert not _implicit(eng)


def test_pass_of_the_player_without_priority_closes_the_window(tmp_path):
    # B's chain completed: priority is A's; he does not act (a pass), B's pass is the second in a row
    eng = _run(tmp_path, _thief("B", "  - {pass: B}\n"))
    (rej,) = _rejections(eng)
    assert B4 in rej["rejected_by"] and not _drew(eng)
    (note,) = _implicit(eng)
    assert note["player"] == "A"
    assert any(e.get("event") == "triggered_action_expired" for e in eng.events)


def test_priority_after_his_own_chain_goes_to_the_other_player(tmp_path):
    # A started the chain: after it priority is B's, so A's single pass follows B's unscripted one
    eng = _run(tmp_path, _thief("A", "  - {pass: A}\n"))
    assert _rejections(eng) and not _drew(eng)


def test_action_after_his_own_pass_comes_after_the_others_pass(tmp_path):
    # B's chain completed: A has priority and passes (priority to B); A acting again, B has passed between
    eng = _run(tmp_path, _thief("B", "  - {pass: A}\n"))
    (rej,) = _rejections(eng)
    assert B4 in rej["rejected_by"] and not _drew(eng)
    assert [e["player"] for e in _implicit(eng)] == ["B"]


def test_chain_started_without_priority_is_no_closing_pass(tmp_path):
    # after A's chain priority is B's; A starting the next chain comes after B's pass, not two passes in a row
    eng = _run(tmp_path, _thief("A", ""))
    assert not _rejections(eng) and _drew(eng)
    assert not _implicit(eng)


def test_switched_off_a_single_pass_is_only_his_own(tmp_path):
    eng = _run(tmp_path, _thief("B", "  - {pass: B}\n"), ablate={B4})
    assert not _rejections(eng) and _drew(eng)
    assert not _implicit(eng)


# -- the first player has priority first: the window after combat damage is assigned --

_COMBAT = """\
state:
  active: A
  phase: battlefield
  A:
    battlefield: [Savage Marauders, Rat Swarm]
  B:
    battlefield: [Dark Zealot]
    hand: [Illustrative Bulwark]
    resources: 1
actions:
  - {player: A, attack: battlefield, with: [Savage Marauders, Rat Swarm]}
  - {player: B, defend: [Dark Zealot]}
  - {player: A, assign: {Dark Zealot: 3}}
  - {player: B, assign: {Savage Marauders: 1}}
  - {pass: WHO}
  - {player: B, play: Illustrative Bulwark, targets: [Dark Zealot], try: true}
  - {pass: all}
"""


def test_first_player_did_not_act_the_others_pass_closes_the_window(tmp_path):
    eng = _run(tmp_path, _COMBAT.replace("WHO", "B"))
    assert eng.obj("Dark Zealot").zone == "discard"
    assert _rejections(eng) and eng.obj("Illustrative Bulwark").zone == "hand"


def test_first_player_passes_priority_goes_to_the_other(tmp_path):
    eng = _run(tmp_path, _COMBAT.replace("WHO", "A"))
    assert not _rejections(eng)
    zealot = eng.obj("Dark Zealot")
    assert zealot.zone == "battlefield" and zealot.damage == 1


def test_combat_switched_off(tmp_path):
    eng = _run(tmp_path, _COMBAT.replace("WHO", "B"), ablate={B4})
    assert not _rejections(eng) and eng.obj("Dark Zealot").zone == "battlefield"


# -- where priority has no say --

_RESPONSES = """\
state:
  active: A
  phase: capital
  A:
    hand: [Flames of Tzeentch, Flames of Tzeentch]
    resources: 2
  B:
    battlefield: [Hag Queen, Dark Zealot]
actions:
  - {player: A, play: "Flames of Tzeentch#1", x: 1, targets: [Hag Queen]}
  - {pass: A}
  - {player: A, play: "Flames of Tzeentch#2", x: 1, targets: [Dark Zealot]}
  - {pass: all}
"""


def test_passes_on_the_chain_are_not_priority(tmp_path):
    # a response after his own pass joins the chain open: the consecutive passes rule decides, not priority
    eng = _run(tmp_path, _RESPONSES)
    order = [e["source"] for e in eng.events if e.get("event") == "resolving"]
    assert order == ["Flames of Tzeentch#2", "Flames of Tzeentch#1"]
    assert not _implicit(eng)


def test_pass_all_is_everyones_pass(tmp_path):
    # the window closes with everyone's pass whoever had priority; the next action is the next window's
    eng = _run(tmp_path, _thief("B", "  - {pass: all}\n"))
    assert _rejections(eng) and not _implicit(eng)
    assert B1 in _rejections(eng)[0]["rejected_by"]
