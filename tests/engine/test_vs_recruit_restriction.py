"""Vs. System: a card's own 'Recruit NAME only if ...' (Mephisto: "three or more Underworld character
cards in your KO'd pile") is the condition of its play ability, checked as it is recruited; a card
without one is recruited whatever the piles hold."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from .test_vs_system import act, make

UNDERWORLD = ["Werewolf by Night", "Reaper", "Blackout"]


def test_recruited_with_three_underworld_character_cards_in_own_kod():
    eng = make(A_hand=["Mephisto"], A_kod=UNDERWORLD)
    act(eng, "recruit", what="Mephisto")
    assert eng.obj("Mephisto").zone == "visible"


def test_refused_with_two_and_a_character_of_another_affiliation():
    eng = make(A_hand=["Mephisto"], A_kod=["Werewolf by Night", "Reaper", "Henchman"])
    with pytest.raises(ReplayError, match="recruit condition is not met") as err:
        act(eng, "recruit", what="Mephisto")
    assert err.value.text == "Mephisto, Father of Lies"  # refused by the card's own text
    assert eng.obj("Mephisto").zone == "hand"


def test_opponents_kod_pile_does_not_count():
    eng = make(A_hand=["Mephisto"], A_kod=["Werewolf by Night"], B_kod=UNDERWORLD)
    with pytest.raises(ReplayError, match="recruit condition is not met"):
        act(eng, "recruit", what="Mephisto")


def test_underworld_characters_in_play_do_not_count():
    eng = make(A_hand=["Mephisto"], A_kod=["Werewolf by Night", "Reaper"], A_visible=["Suicide"])
    with pytest.raises(ReplayError, match="recruit condition is not met"):
        act(eng, "recruit", what="Mephisto")


def test_a_character_without_a_recruit_restriction_is_recruited_with_an_empty_kod():
    eng = make(A_hand=["Reaper"])
    act(eng, "recruit", what="Reaper")
    assert eng.obj("Reaper").zone == "hidden"
