"""Hatalom Kártyái 8.9.5: only a source whose text names locations affects a location (another
source's steps leave it out), and a location's special ability can't be switched off even by such a
source; a card whose special abilities are switched off can't use its activated abilities. Each with
the rule switched off and with cases where it must not apply."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from .test_hatalom import make, play, rid


def _table_board(ablate=()):
    return make(ablate, A={"hand": ["Próba rombolás", "Próba helyszínrombolás"], "vp": 2,
                           "table": ["Próba építmény", "Próba helyszín"]})


def test_source_not_naming_locations_leaves_the_location():
    eng = _table_board()
    play(eng, "A", "Próba rombolás")
    assert eng.obj("Próba helyszín").where == "A.table"
    assert eng.obj("Próba építmény").where == "A.discard"  # the rule is about locations only
    assert any(e["event"] == "unaffected" and e.get("card") == "Próba helyszín" for e in eng.events)


def test_source_not_naming_locations_destroys_it_with_8_9_5_off():
    eng = _table_board(ablate=[rid("8.9.5")])
    play(eng, "A", "Próba rombolás")
    assert eng.obj("Próba helyszín").where == "A.discard"


def test_source_naming_locations_destroys_one():
    """Where the rule does not protect: the text names locations, and destroying is not among what
    8.9.5 forbids."""
    eng = _table_board()
    play(eng, "A", "Próba helyszínrombolás", ["Próba helyszín"])
    assert eng.obj("Próba helyszín").where == "A.discard"


def test_staged_effect_without_a_source_card_is_not_judged_by_its_text():
    eng = _table_board()
    eng.run_steps([{"destroy": "Próba helyszín"}], {"you": "A"})
    assert eng.obj("Próba helyszín").where == "A.discard"


def _silence_board(ablate=(), target="Próba tűzhányó helyszín"):
    eng = make(ablate, A={"hand": ["Próba némítás"], "vp": 3,
                          "table": ["Próba tűzhányó helyszín", "Próba tárgy"],
                          "reserve": ["Próba kalandozó 1/1"]})
    play(eng, "A", "Próba némítás", [target])
    return eng


def test_location_ability_not_switched_off():
    eng = _silence_board()
    eng.use("A", "Próba tűzhányó helyszín", {"targets": ["Próba kalandozó 1/1"]})
    eng.pass_priority("all")
    eng.settle()
    assert eng.obj("Próba kalandozó 1/1").where == "A.discard"


def test_location_ability_switched_off_with_8_9_5_off():
    eng = _silence_board(ablate=[rid("8.9.5")])
    with pytest.raises(ReplayError, match="lost its special abilities"):
        eng.use("A", "Próba tűzhányó helyszín", {"targets": ["Próba kalandozó 1/1"]})


def test_other_card_with_abilities_switched_off_cannot_use_them():
    """Where 8.9.5 does not apply: an item that lost its special abilities can't be activated."""
    eng = _silence_board(target="Próba tárgy")
    with pytest.raises(ReplayError, match="lost its special abilities"):
        eng.use("A", "Próba tárgy", {})
    assert eng.obj("Próba tárgy").exhausted is False


def _shuffle_board(ablate=()):
    return make(ablate, A={"hand": [("Próba visszakeverés", "V1"), ("Próba visszakeverés", "V2")], "vp": 2},
                B={"table": ["Próba helyszín", "Próba építmény"]})


def test_location_not_shuffled_back_even_by_a_source_naming_it():
    eng = _shuffle_board()
    play(eng, "A", "V1", ["Próba helyszín"])
    assert eng.obj("Próba helyszín").where == "B.table"


def test_building_shuffled_back():
    """Where 8.9.5 must not apply: the same source moves a building into its owner's deck."""
    eng = _shuffle_board()
    play(eng, "A", "V1", ["Próba építmény"])
    assert eng.obj("Próba építmény").where == "B.deck"


def test_location_shuffled_back_with_8_9_5_off():
    eng = _shuffle_board(ablate=[rid("8.9.5")])
    play(eng, "A", "V1", ["Próba helyszín"])
    assert eng.obj("Próba helyszín").where == "B.deck"

