"""The phase verb ``begin`` and the end of a turn: a phase of another player's turn, or a preparation
phase entered from a later phase, begins another turn. Effects lasting 'a kör végéig' end with the
turn; what belongs to the turn a card was played in (an on-play ability, 8.6.1, which belongs to its
phase too) or to a turn's draw (the location search, 8.9.6) does not carry over. Moving to a later phase
of the same turn changes nothing of the rest."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from .test_hatalom import act, make, play

WEAKEN = "Próba gyengítés"  # "Egy célpont lény sebzése -1 a kör végéig."


def _weakened(phase="main"):
    eng = make(phase=phase, A={"reserve": ["Próba galetki 1/2"]}, B={"hand": [WEAKEN], "vp": 1})
    play(eng, "B", WEAKEN, ["Próba galetki 1/2"])
    return eng


def _dmg(eng):
    return eng.obj_attr(eng.obj("Próba galetki 1/2"), "dmg")


def test_weakening_holds_in_a_later_phase_of_the_same_turn():
    eng = _weakened()
    assert _dmg(eng) == 0
    act(eng, "A", "begin", "combat")
    act(eng, "A", "begin", "end")
    assert _dmg(eng) == 0
    assert eng.state.vars["turn"] == 1


@pytest.mark.parametrize("player, phase", [("B", "main"), ("B", "preparation"), ("A", "preparation")])
def test_weakening_ends_with_the_turn(player, phase):
    # another player's phase, or the same player's next preparation phase, is another turn
    eng = _weakened()
    act(eng, "A", "begin", "end")
    act(eng, player, "begin", phase)
    assert _dmg(eng) == 1
    assert eng.state.vars["turn"] == 2


def test_no_new_turn_from_the_preparation_phase_to_itself_or_the_draw_phase():
    eng = make(phase="preparation", A={"deck": ["Próba szörny 2/3"]})
    act(eng, "A", "begin", "preparation")
    act(eng, "A", "begin", "draw")
    assert eng.state.vars["turn"] == 1


def _searched_then_next_turn(vp=2):
    eng = make(phase="preparation", A={"deck": ["Próba szörny 2/3", "Próba helyszín", "Próba galetki 1/2"], "vp": vp})
    act(eng, "A", "search_location", "Próba helyszín")
    act(eng, "A", "begin", "draw")
    assert eng.obj("Próba galetki 1/2").zone == "deck"  # this turn's draw was replaced
    act(eng, "B", "begin", "preparation")
    act(eng, "A", "begin", "preparation")
    return eng


def test_location_search_replaces_only_its_own_turns_draw():
    eng = _searched_then_next_turn()
    act(eng, "A", "begin", "draw")
    assert eng.obj("Próba galetki 1/2").zone == "hand"


def test_location_search_allowed_again_in_a_later_turn():
    eng = make(phase="preparation", A={"deck": ["Próba másik helyszín", "Próba helyszín"], "vp": 4})
    act(eng, "A", "search_location", "Próba helyszín")
    with pytest.raises(ReplayError):  # once a turn
        act(eng, "A", "search_location", "Próba másik helyszín")
    act(eng, "B", "begin", "preparation")
    act(eng, "A", "begin", "preparation")
    act(eng, "A", "search_location", "Próba másik helyszín")  # the first search's turn is over
    assert eng.obj("Próba másik helyszín").zone == "hand"
    assert eng.player_attr("A", "vp") == 0


def test_watchtower_on_play_shot_not_in_a_later_turn():
    eng = make(A={"hand": ["Próba őrtorony"], "vp": 1}, B={"reserve": ["Próba szörny 2/3"]})
    play(eng, "A", "Próba őrtorony")
    assert eng.obj("Próba őrtorony").exhausted  # 8.6: a building enters passive
    act(eng, "B", "begin", "main")
    act(eng, "A", "begin", "main")
    with pytest.raises(ReplayError):  # its on-play shot (8.6.1) belonged to the turn it was played in
        eng.use("A", "Próba őrtorony", {"targets": ["Próba szörny 2/3"]})


def test_watchtower_on_play_shot_not_in_a_later_phase_of_its_own_turn():
    # 'kijátszáskori': the on-play use belongs to the card's playing, its turn and phase (changed in
    # blind round 5: this test allowed the shot in a later phase of the same turn, which the text's
    # 'kijátszáskor' does not say)
    eng = make(A={"hand": ["Próba őrtorony"], "vp": 1}, B={"reserve": ["Próba szörny 2/3"]})
    play(eng, "A", "Próba őrtorony")
    act(eng, "A", "begin", "combat")  # a later phase of the same turn
    with pytest.raises(ReplayError):
        eng.use("A", "Próba őrtorony", {"targets": ["Próba szörny 2/3"]})
    assert eng.obj("Próba szörny 2/3").damage == 0
