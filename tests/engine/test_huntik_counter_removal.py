"""Huntik 706.3 for a player's counters: "Remove 2 enemy attacks" with fewer attacks removes what is
there (as much as possible); off, a removal that can't be done in full is not done at all. Found by a
new scenario (Honorguard against an opponent with 1 attack left -1 attacks)."""
from __future__ import annotations

from judge.engine.steps import verb_tables
from tests.engine.test_huntik import effect, make, rid


def _attacks(eng, p):
    return eng.state.player_data[p].get("attacks", 0)


def _remove(eng, n, have):
    eng.state.player_data["B"]["attacks"] = have
    effect(eng, "A", [{"player_counter": "attacks", "player": "opponent", "amount": -n}])


def test_removal_beyond_what_is_there_removes_what_is_there():
    eng = make(A={"zone1": ["Lok Lambert"]}, B={"zone1": ["Zhalia Moon"]})
    _remove(eng, 2, 1)
    assert _attacks(eng, "B") == 0
    assert rid("706.3") in eng.step.rules


def test_removal_not_done_at_all_when_706_3_off():
    eng = make([rid("706.3")], A={"zone1": ["Lok Lambert"]}, B={"zone1": ["Zhalia Moon"]})
    _remove(eng, 2, 1)
    assert _attacks(eng, "B") == 1


def test_removal_within_what_is_there_and_adding_are_untouched():
    eng = make(A={"zone1": ["Lok Lambert"]}, B={"zone1": ["Zhalia Moon"]})
    _remove(eng, 2, 3)
    assert _attacks(eng, "B") == 1
    assert rid("706.3") not in eng.step.rules  # done in full: the rule decided nothing
    effect(eng, "A", [{"player_counter": "attacks", "amount": 4}])
    assert _attacks(eng, "A") == 4


def test_can_check_for_may_and_costs():
    eng = make(A={"zone1": ["Lok Lambert"]}, B={"zone1": ["Zhalia Moon"]})
    _verbs, can = verb_tables(eng.game)
    eng.state.player_data["B"]["attacks"] = 1
    b = eng.bindings_for(None, "A")
    assert not can["player_counter"](eng, {"player_counter": "attacks", "player": "opponent", "amount": -2}, b)
    assert can["player_counter"](eng, {"player_counter": "attacks", "player": "opponent", "amount": -1}, b)
    assert can["player_counter"](eng, {"player_counter": "attacks", "amount": 4}, b)
