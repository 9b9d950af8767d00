"""Warhammer: Invasion, 'lower the cost of the next unit you play' lowers the printed cost only
(clarification:cost: 'cost' in a card effect is the printed number, a cost of 0 cannot be reduced; mechanic
cost_lowering_printed_only, costs._next_card_lowered): an opponent's additional cost is paid in full on top;
off, the lowering applies to the whole cost and absorbs it. Where the lowering fits in the printed cost the
rule changes nothing."""
from __future__ import annotations

from tests.engine.test_whi_terms import rid
from tests.engine.test_whi_zone_entry import _run

COST = rid("clarification:cost")

_SCENARIO = """
state:
  active: A
  phase: capital
  A:
    hand: ["We'z Bigga!", %s]
    resources: 4
  B:
    kingdom: [%s]
actions:
  - {player: A, play: "We'z Bigga!"}
  - {pass: all}
  - {player: A, play: %s, zone: battlefield}
  - {pass: all}
"""


def _spent(tmp_path, unit: str, rune: bool, ablate=()):
    eng = _run(tmp_path, _SCENARIO % (unit, "Master Rune of Dismay" if rune else "", unit), ablate)
    return 4 - eng.state.player_data["A"]["resources"]


def test_zero_cost_unit_still_pays_the_additional_cost(tmp_path):
    assert _spent(tmp_path, "Veteran Sellswords", True) == 2  # 1 for We'z Bigga!, the Rune's 1 for the Sellswords


def test_lowering_absorbs_the_additional_cost_when_switched_off(tmp_path):
    assert _spent(tmp_path, "Veteran Sellswords", True, [COST]) == 1


def test_zero_cost_unit_without_additional_cost_costs_nothing(tmp_path):
    assert _spent(tmp_path, "Veteran Sellswords", False) == 1  # We'z Bigga! only
    assert _spent(tmp_path, "Veteran Sellswords", False, [COST]) == 1


def test_lowering_within_the_printed_cost_is_the_same_either_way(tmp_path):
    # We'z Bigga! 1 (a tactic: the Rune taxes units), Dark Zealot printed 2 lowered by 1, the Rune's 1
    assert _spent(tmp_path, "Dark Zealot", True) == 3
    assert _spent(tmp_path, "Dark Zealot", True, [COST]) == 3
