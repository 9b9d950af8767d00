"""Warhammer: Invasion, a Conditional Action lasts until the end of the turn or until its condition is met,
whichever is first (clarification:conditional-actions; mechanic conditional_action_ends_when_met,
next_cost.next_card_lowerings): 'lower the cost of the next unit you play this turn' is used up by the next
unit played -- every such effect waiting is met by that same unit. Off, the effects last to the end of the
turn and lower every unit played. Where only one unit is played the rule changes nothing."""
from __future__ import annotations

from tests.engine.test_whi_terms import rid
from tests.engine.test_whi_zone_entry import _events, _run

COND = rid("clarification:conditional-actions")

_SCENARIO = """
state:
  active: A
  phase: capital
  A:
    hand: [%s]
    resources: 20
actions:
%s
"""


def _paid(tmp_path, bigga: int, units: list[str], ablate=()) -> list[int]:
    """What A pays for each unit, after playing ``bigga`` We'z Bigga!."""
    hand = ['"We\'z Bigga!"'] * bigga + units
    acts = []
    for n in range(1, bigga + 1):
        label = f'"We\'z Bigga!#{n}"' if bigga > 1 else '"We\'z Bigga!"'
        acts += [f"  - {{player: A, play: {label}}}", "  - {pass: all}"]
    for i, u in enumerate(units):
        # the first unit triggers every We'z Bigga!'s damage: A orders them
        order = ", choose: [[%s]]" % ", ".join(f'"We\'z Bigga!#{n}"' for n in range(1, bigga + 1)) \
            if bigga > 1 and i == 0 else ""
        acts += [f"  - {{player: A, play: {u}, zone: battlefield}}", f"  - {{player: A, pass: all{order}}}"]
    eng = _run(tmp_path, _SCENARIO % (", ".join(hand), "\n".join(acts)), ablate)
    return [e["amount"] for e in _events(eng, "paid")][bigga:]


def test_two_lowerings_meet_the_same_next_unit_and_end(tmp_path):
    # Illustrative Giant 6 lowered by 2; Savage Marauders 3 at full cost
    assert _paid(tmp_path, 2, ["Illustrative Giant", "Savage Marauders"]) == [4, 3]


def test_switched_off_the_lowerings_last_the_turn(tmp_path):
    assert _paid(tmp_path, 2, ["Illustrative Giant", "Savage Marauders"], [COND]) == [4, 1]


def test_one_lowering_one_unit_either_way(tmp_path):
    assert _paid(tmp_path, 1, ["Savage Marauders"]) == [2]
    assert _paid(tmp_path, 1, ["Savage Marauders"], [COND]) == [2]
