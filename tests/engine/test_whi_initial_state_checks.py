"""The starting position of a scenario is a game state like any other: its state checks run before the
first action (judge/scenarios/replay.py run_actions), as after every action. Warhammer: Invasion,
clarification:quests: "If at any time there are resource tokens on a quest that does not have a unit
questing on it, they are immediately removed. The tokens cannot be spent to trigger abilities before they
are removed" -- a quest that starts with tokens and no questing unit has none when the first action is taken
(mechanic off: they stay). Lethal damage in the starting position destroys the unit at once. Where
it must not apply: a quest with a unit questing on it keeps its tokens."""
from __future__ import annotations

from tests.engine.test_whi_attachment_zone import _run  # replay a scenario text, no error allowed
from tests.engine.test_whi_terms import rid

QUESTS = rid("clarification:quests")

_QUEST = """\
state:
  active: A
  phase: capital
  A:
    quest: [{card: Illustrative Reward Quest, counters: {resource: 2}}QUESTER]
    deck: [Rat Swarm, Dark Zealot, Hag Queen]
actions:
  - {player: A, use: Illustrative Reward Quest, ability: reward, try: true}
  - {pass: all}
"""


def _rejections(eng):
    return [e for e in eng.events if e.get("event") == "action_rejected"]


def test_tokens_without_quester_gone_before_the_first_action(tmp_path):
    eng = _run(tmp_path, _QUEST.replace("QUESTER", ""))
    assert len(_rejections(eng)) == 1
    assert eng.obj("Illustrative Reward Quest").counters.get("resource", 0) == 0
    assert len(eng.zone_objs("A", "hand")) == 0


def test_tokens_with_a_quester_kept_and_spent(tmp_path):
    eng = _run(tmp_path, _QUEST.replace("QUESTER", ", {card: Savage Gor, questing: true}"))
    assert not _rejections(eng)
    assert len(eng.zone_objs("A", "hand")) == 2


def test_rule_off_tokens_stay(tmp_path):
    # off, the tokens stay (the use is then refused for the quest's own want of a questing unit, the same
    # clarification's other clause, also off)
    eng = _run(tmp_path, _QUEST.replace("QUESTER", ""), {QUESTS})
    assert eng.obj("Illustrative Reward Quest").counters.get("resource", 0) == 2


def test_lethal_damage_in_the_starting_position(tmp_path):
    text = """\
state:
  active: A
  phase: capital
  A:
    battlefield: [{card: Hag Queen, damage: 9}]
actions: []
"""
    eng = _run(tmp_path, text)
    assert eng.obj("Hag Queen").zone == "discard"
