"""Vs. System: the permission to recruit a card from the KO'd pile "as though it were in your hand"
(Witching Hour: "During your recruit step this turn ...") holds only in the build phase (its recruit
step) of the turn it was given."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError
from judge.games.vs_system.terms import RECRUIT_FROM_KOD

from .test_vs_system import act, make


def give_permission(eng, label):
    assert eng.run_steps([{"flag": "c", "as": RECRUIT_FROM_KOD}], {"you": "A", "c": eng.obj(label)})


def test_recruited_from_kod_in_the_turn_the_permission_was_given():
    eng = make(A_kod=["Werewolf by Night"])
    give_permission(eng, "Werewolf by Night")
    act(eng, "recruit", what="Werewolf by Night", **{"with": ["endurance"]})
    assert eng.obj("Werewolf by Night").zone == "hidden"     # concealed (707.9)
    assert eng.state.player_data["A"]["endurance"] == 18


def test_not_recruited_from_kod_in_a_later_turn():
    eng = make(A_kod=["Werewolf by Night"])
    give_permission(eng, "Werewolf by Night")
    act(eng, "begin", what="turn")
    with pytest.raises(ReplayError, match="only during the recruit step"):
        act(eng, "recruit", what="Werewolf by Night", **{"with": ["endurance"]})
    assert eng.obj("Werewolf by Night").zone == "kod"
    assert eng.state.player_data["A"]["endurance"] == 20


def test_a_card_without_the_permission_is_not_recruited_from_kod():
    eng = make(A_kod=["Werewolf by Night"])
    with pytest.raises(ReplayError, match="not in A's hand"):
        act(eng, "recruit", what="Werewolf by Night", **{"with": ["endurance"]})


def test_a_flag_given_by_the_scenario_state_holds_this_turn():
    eng = make(A_kod=["Werewolf by Night"])
    eng.obj("Werewolf by Night").flags.add(RECRUIT_FROM_KOD)  # no turn written down
    act(eng, "recruit", what="Werewolf by Night", **{"with": ["endurance"]})
    assert eng.obj("Werewolf by Night").zone == "hidden"


def test_not_recruited_from_kod_outside_the_build_phase():
    eng = make(A_kod=["Werewolf by Night"])
    give_permission(eng, "Werewolf by Night")
    eng.state.vars["phase"] = "combat"
    with pytest.raises(ReplayError, match="only during the recruit step"):
        act(eng, "recruit", what="Werewolf by Night", **{"with": ["endurance"]})
    assert eng.obj("Werewolf by Night").zone == "kod"
