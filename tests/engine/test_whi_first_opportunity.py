"""Warhammer: Invasion, a triggered Action must be triggered at its first opportunity (Detailed Timing B-1:
"they must do so at the first opportunity (adding it to the existing chain, or starting a new one)"; the
triggered Actions clarification: "... or it cannot be played at all"; mechanic
triggered_action_first_opportunity in triggered.py). Once its player has passed on an action chain after its
condition was met and that chain resolves without it, it lapses. Where it must not apply: the Action added to
the chain that was open (in response to another Action, even one its player started); the condition met
while a chain resolved (the next chain is its first opportunity); a chain ended by a card before its player
could add it (the Jealous Eyes FAQ, mechanic triggered_action_next_chain). Switched off (ruling:b-action-
window-1): usable for the rest of the Action Window; the FAQ's allowance switched off alone: a chain ended by
Jealous Eyes lapses it too."""
from __future__ import annotations

from tests.engine.test_whi_attachment_zone import _run  # replay a scenario text, no error allowed
from tests.engine.test_whi_terms import rid

B1 = rid("ruling:b-action-window-1")
FAQ = rid("faq:opponent-plays-jealous-eyes-response-beginning-turn-action")


def _rejections(eng):
    return [e for e in eng.events if e.get("event") == "action_rejected"]


# -- conditions met outside an Action Window: two "At the beginning of your turn" Actions --

_BEGIN = """\
state:
  active: B
  phase: end
  A:
    kingdom: [Advanced Engineering]
    battlefield: [Rat Ogres, {card: Rat Swarm, corrupted: true}]
    deck: [Dark Zealot]
actions:
  - {player: A, begin: turn}
  - {player: A, use: Rat Ogres}
  - {pass: all}
  - {player: A, use: Advanced Engineering, try: true}
  - {pass: all}
"""


def test_not_added_to_the_open_chain_lapses(tmp_path):
    eng = _run(tmp_path, _BEGIN)
    (rej,) = _rejections(eng)
    assert "first opportunity" in rej["reason"] and B1 in rej["rejected_by"]
    assert eng.obj("Dark Zealot").zone == "deck"
    assert "corrupted" not in eng.obj("Rat Swarm").flags


def test_added_in_response_on_the_same_chain_is_used(tmp_path):
    text = _BEGIN.replace("  - {player: A, use: Rat Ogres}\n  - {pass: all}\n", "  - {player: A, use: Rat Ogres}\n")
    eng = _run(tmp_path, text)
    assert not _rejections(eng)
    assert eng.obj("Dark Zealot").zone == "hand"


def test_rule_off_usable_for_the_rest_of_the_window(tmp_path):
    eng = _run(tmp_path, _BEGIN, {B1})
    assert not _rejections(eng)
    assert eng.obj("Dark Zealot").zone == "hand"


def test_faq_allowance_off_alone_still_lapses_here(tmp_path):
    # the allowance is for a chain its player could not join; this one he passed on: the rule refuses anyway
    (rej,) = _rejections(_run(tmp_path, _BEGIN, {FAQ}))
    assert B1 in rej["rejected_by"]


_JEALOUS = """\
state:
  active: B
  phase: end
  A:
    kingdom: [Advanced Engineering]
    battlefield: [Rat Ogres, {card: Rat Swarm, corrupted: true}]
    quest: [{card: Illustrative Standing Stone, counters: {resource: 3}}, {card: Savage Marauders, questing: true}]
    deck: [Dark Zealot]
  B:
    battlefield: [Hag Queen]
    hand: [Jealous Eyes]
actions:
  - {player: A, begin: turn}
  - {player: A, use: Rat Ogres}
  - {player: B, play: Jealous Eyes, targets: [Illustrative Standing Stone], choose: [2]}
  - {player: A, use: Advanced Engineering, try: true}
  - {pass: all}
"""


def test_chain_ended_by_a_card_before_he_could_add_it_does_not_lapse(tmp_path):
    eng = _run(tmp_path, _JEALOUS)
    assert not _rejections(eng)
    assert eng.obj("Dark Zealot").zone == "hand"


def test_faq_allowance_off_the_ended_chain_lapses_it(tmp_path):
    eng = _run(tmp_path, _JEALOUS, {FAQ})
    (rej,) = _rejections(eng)
    assert "first opportunity" in rej["reason"]
    assert eng.obj("Dark Zealot").zone == "deck"


# -- a condition met while a chain resolves: Thief of Essence ("When a unit leaves play, draw a card") --

_THIEF = """\
state:
  active: A
  phase: capital
  A:
    battlefield: [Thief of Essence, Rat Swarm, Savage Gor]
    hand: [Flames of Tzeentch]
    deck: [Dark Zealot, Bloodsworn]
    resources: 3
  B:
    battlefield: [Hag Queen]
    hand: [Flames of Tzeentch]
    resources: 3
actions:
  - {player: B, play: "Flames of Tzeentch#2", x: 1, targets: [Rat Swarm]}
  - {pass: all}
"""
_USE = "  - {player: A, use: Thief of Essence, try: true}\n  - {pass: all}\n"
_OWN_FLAMES = "  - {player: A, play: \"Flames of Tzeentch#1\", x: 1, targets: [Hag Queen]}\n"


def test_met_while_a_chain_resolved_the_next_chain_is_its_first_opportunity(tmp_path):
    # the passes on Flames' chain came before the condition: they do not count
    eng = _run(tmp_path, _THIEF + _USE)
    assert not _rejections(eng)
    assert eng.obj("Bloodsworn").zone == "hand"


def test_another_chain_of_his_own_passed_on_lapses_it(tmp_path):
    text = _THIEF + _OWN_FLAMES + "  - {pass: all}\n" + _USE
    eng = _run(tmp_path, text)
    (rej,) = _rejections(eng)
    assert B1 in rej["rejected_by"]
    assert eng.obj("Bloodsworn").zone == "deck"


def test_added_to_a_chain_he_started_with_another_action(tmp_path):
    text = _THIEF + _OWN_FLAMES + _USE
    eng = _run(tmp_path, text)
    assert not _rejections(eng)
    assert eng.obj("Bloodsworn").zone == "hand"


def test_opponents_chain_passed_on_lapses_it(tmp_path):
    # 'adding it to the existing chain': the opponent's next chain was an opportunity too
    text = _THIEF.replace('"Flames of Tzeentch#2"', '"Flames of Tzeentch#1"').replace(
        "    hand: [Flames of Tzeentch]\n    resources: 3\nactions:",
        "    hand: [Flames of Tzeentch, Flames of Tzeentch]\n    resources: 4\nactions:")
    text = text.replace("    hand: [Flames of Tzeentch]\n    deck:", "    deck:")
    text += "  - {player: B, play: \"Flames of Tzeentch#2\", x: 1, targets: [Savage Gor]}\n  - {pass: all}\n" + _USE
    eng = _run(tmp_path, text)
    (rej,) = _rejections(eng)
    assert B1 in rej["rejected_by"]
    off = _run(tmp_path, text, {B1})
    assert not _rejections(off) and off.obj("Bloodsworn").zone == "hand"


# -- one condition met twice: each meeting has its own first opportunity --

_KNIGHTS = """\
state:
  active: A
  phase: capital
  A:
    battlefield: [Black Knights of Morr]
    hand: [Savage Marauders, Rat Swarm]
    resources: 4
  B:
    battlefield: [Hag Queen, Dark Zealot]
actions:
  - {player: A, play: Savage Marauders, zone: battlefield}
  - {pass: all}
  - {player: A, play: Rat Swarm, zone: battlefield}
  - {pass: all}
  - {player: A, use: Black Knights of Morr, targets: [Hag Queen]}
  - {pass: all}
  - {player: A, use: Black Knights of Morr, targets: [Dark Zealot], try: true}
"""


def test_earlier_meeting_passed_by_lapses_the_later_one_stays(tmp_path):
    eng = _run(tmp_path, _KNIGHTS)
    (rej,) = _rejections(eng)
    assert "passed on an action chain" in rej["reason"] and B1 in rej["rejected_by"]
    assert "cannot defend" in eng.obj_attr(eng.obj("Hag Queen"), "keywords")
    assert "cannot defend" not in eng.obj_attr(eng.obj("Dark Zealot"), "keywords")


def test_earlier_meeting_rule_off_both_usable(tmp_path):
    eng = _run(tmp_path, _KNIGHTS, {B1})
    assert not _rejections(eng)
    assert "cannot defend" in eng.obj_attr(eng.obj("Dark Zealot"), "keywords")


# -- a tactic in hand whose Action has a trigger condition (Reckless Attack) --

_RECKLESS = """\
state:
  active: A
  phase: battlefield
  A:
    battlefield: [Savage Gor]
    discard: [Savage Marauders]
    hand: [Reckless Attack, Waaagh!]
    resources: 2
  B:
    kingdom: [Dark Zealot]
actions:
  - {player: A, attack: kingdom, with: [Savage Gor]}
  - {player: B, defend: [Dark Zealot]}
  - {player: A, play: Waaagh!}
  - {pass: all}
  - {player: A, play: Reckless Attack, targets: [Savage Marauders], try: true}
"""


def test_triggered_tactic_lapses_too(tmp_path):
    eng = _run(tmp_path, _RECKLESS)
    (rej,) = _rejections(eng)
    assert B1 in rej["rejected_by"]
    assert eng.obj("Savage Marauders").zone == "discard"


def test_triggered_tactic_at_its_first_opportunity(tmp_path):
    text = _RECKLESS.replace("  - {player: A, play: Waaagh!}\n  - {pass: all}\n", "")
    eng = _run(tmp_path, text)
    assert not _rejections(eng)
    assert eng.obj("Savage Marauders").zone == "battlefield"
