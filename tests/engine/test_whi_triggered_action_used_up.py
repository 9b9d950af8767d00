"""A Triggered Action used as many times as its trigger condition was met is refused by 'only once per
trigger condition' (clarification:triggered-actions-formerly-response-actions, mechanic
triggered_action_once), and the refusal names that rule; one whose condition was never met is refused
without it (the card's own condition); switched off, the second use goes through."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

RULE = "warhammer-invasion:clarification:triggered-actions-formerly-response-actions"
SCENARIO = """\
game: warhammer-invasion
state:
  active: A
  phase: capital
  A:
    battlefield: [Black Knights of Morr]
    hand: [Savage Marauders]
    resources: 3
  B:
    battlefield: [Hag Queen, Dark Zealot]
actions:
%s
"""
ENTER = """  - {player: A, play: Savage Marauders, zone: battlefield}
  - {pass: all}
  - {player: A, use: Black Knights of Morr, targets: [Hag Queen]}
  - {pass: all}
"""
SECOND = "  - {player: A, use: Black Knights of Morr, targets: [Dark Zealot], try: true}\n"


def _rejections(tmp_path, actions: str, ablate=frozenset()):
    path = tmp_path / "knights.yaml"
    path.write_text(SCENARIO % actions)
    out = replay(load_fixture(path), ablate, lenient=bool(ablate))
    assert out.error is None, out.error
    return [e for e in out.engine.events if e["event"] == "action_rejected"]


def test_the_use_after_the_met_condition_is_used_up_names_the_rule(tmp_path):
    [rej] = _rejections(tmp_path, ENTER + SECOND)
    assert RULE in rej["rejected_by"]


def test_a_condition_never_met_is_not_this_rule(tmp_path):
    [rej] = _rejections(tmp_path, SECOND)
    assert RULE not in (rej.get("rejected_by") or [])


def test_switched_off_the_second_use_goes_through(tmp_path):
    assert _rejections(tmp_path, ENTER + SECOND, frozenset({RULE})) == []
