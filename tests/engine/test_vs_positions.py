"""Positions of the in-play zone (Vs. System): the dividing column a move effect may not use (212.5c),
positions that stay put while other characters leave (512.3: only a move changes a character's
position), and moves into another player's area (212.5a: no zone change, no coming into play)."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError
from judge.games.vs_system.moving import _move_one, position_text

from .test_vs_system import act, events, make, rid


def _rules(eng) -> set:
    return {r for st in eng.trace for r in st.rules}


# -- 212.5c: "Objects can't occupy this column" ------------------------------------------------------

def test_move_effect_into_the_column_is_refused_naming_212_5c():
    eng = make(A_visible=["Henchman", "Shang Chi"])
    eng.choices["A"] = [{"try": "column front"}, "visible support"]
    assert _move_one(eng, eng.obj("Henchman"), "A", None, None)
    rejected = events(eng, "choice_rejected")
    assert len(rejected) == 1 and rejected[0]["choice"] == "column front"
    assert rid("212.5c") in rejected[0]["rejected_by"]
    assert position_text(eng, eng.obj("Henchman")) == "visible support 1"


def test_move_to_a_named_area_cannot_use_the_column_either():
    eng = make(A_visible=["Shang Chi"])
    eng.choices["A"] = ["column support"]
    with pytest.raises(ReplayError) as err:
        _move_one(eng, eng.obj("Shang Chi"), "A", "hidden", None)
    assert rid("212.5c") in err.value.rules


def test_a_move_to_a_position_of_an_area_is_not_refused_by_212_5c():
    """Where the rule must not apply: an ordinary position is accepted and 212.5c is not recorded."""
    eng = make(A_visible=["Henchman"])
    eng.choices["A"] = ["visible support"]
    assert _move_one(eng, eng.obj("Henchman"), "A", None, None)
    assert rid("212.5c") not in _rules(eng)


def test_column_switched_off_lets_a_move_effect_use_it():
    eng = make(ablate=[rid("212.5c")], A_visible=["Henchman"])
    eng.choices["A"] = ["column front"]
    assert _move_one(eng, eng.obj("Henchman"), "A", None, None)
    assert position_text(eng, eng.obj("Henchman")) == "column front"


def test_formation_column_is_still_refused_by_405_3():
    """The formation step has its own rule for the column (405.3): its refusal names 405.3."""
    eng = make(A_visible=["Henchman"])
    eng.choices["A"] = [{"try": "column front"}, "visible front"]
    act(eng, "formation", what=True)
    (rejected,) = events(eng, "choice_rejected")
    assert rid("405.3") in rejected["rejected_by"] and rid("212.5c") not in rejected["rejected_by"]


# -- a character keeps its position until it is moved ----------------------------------------------

def test_a_character_leaving_play_does_not_shift_the_others():
    from judge.games.vs_system.moving import setup
    eng = make(A_visible=["Lilith", "Shang Chi", "Luke Cage"])
    setup(eng, {})
    eng.run_steps([{"ko": "Lilith"}], {"you": "A"})
    assert position_text(eng, eng.obj("Shang Chi")) == "visible front 2"
    assert position_text(eng, eng.obj("Luke Cage")) == "visible front 3"
    # a character coming into play takes the first empty position, the one Lilith left
    eng2 = make(A_visible=["Lilith", "Shang Chi"], A_hand=["Henchman"])
    setup(eng2, {})
    eng2.run_steps([{"ko": "Lilith"}], {"you": "A"})
    act(eng2, "recruit", what="Henchman")
    assert position_text(eng2, eng2.obj("Henchman")) == "visible front 1"
    assert position_text(eng2, eng2.obj("Shang Chi")) == "visible front 2"


def test_positions_written_at_setup_are_the_listing_order():
    from judge.games.vs_system.moving import setup
    eng = make(A_visible=["Henchman", "Shang Chi"], A_hidden=["Death-Stalker"])
    setup(eng, {})
    assert [eng.obj(x).memory.get("column") for x in ("Henchman", "Shang Chi", "Death-Stalker")] == [1, 2, 1]


# -- 212.5a: moving into another player's area ------------------------------------------------------

def test_moving_into_another_players_area_is_not_coming_into_play():
    eng = make(B_visible=["Spider-Man"])
    before = eng.obj("Spider-Man").oid
    assert _move_one(eng, eng.obj("Spider-Man"), "A", None, "front")
    assert eng.obj("Spider-Man").oid == before
    assert not events(eng, "enters_play") and not [e for e in eng.events if e.get("event") == "zone_change"]
    assert rid("212.5a") in _rules(eng)


def test_moving_into_another_players_area_is_a_change_of_control_logged_once():
    """212.5c: the player who controls the area controls the character moved into it; that is a change of
    control like any other (logged, seen by triggers), once, with no zone change."""
    eng = make(B_visible=["Spider-Man"])
    assert _move_one(eng, eng.obj("Spider-Man"), "A", None, "front")
    [changed] = events(eng, "control_changed")
    assert changed["card"] == "Spider-Man" and eng.obj("Spider-Man").controller == "A"


def test_moving_within_ones_own_areas_or_with_212_5c_off_changes_no_control():
    """Where it must not apply: a move between one's own areas; and with 212.5c off the character keeps
    its controller in the other player's area."""
    eng = make(A_visible=["Henchman"])
    eng.choices["A"] = ["visible support"]
    assert _move_one(eng, eng.obj("Henchman"), "A", None, None)
    assert not events(eng, "control_changed")
    eng = make(ablate=[rid("212.5c")], B_visible=["Spider-Man"])
    assert _move_one(eng, eng.obj("Spider-Man"), "A", None, "front")
    assert not events(eng, "control_changed") and eng.obj("Spider-Man").controller == "B"


def test_moving_into_another_players_area_with_212_5a_off_is_a_zone_change():
    eng = make(ablate=[rid("212.5a")], B_visible=["Spider-Man"])
    before = eng.obj("Spider-Man").oid
    assert _move_one(eng, eng.obj("Spider-Man"), "A", None, "front")
    moved = eng.obj("Spider-Man")
    assert moved.oid != before and moved.side == "A" and moved.zone == "visible"


def test_moving_within_ones_own_area_records_no_212_5a():
    """Where 212.5a changes nothing: a move within the same area of the same player."""
    eng = make(A_visible=["Henchman"])
    eng.choices["A"] = ["visible support"]
    assert _move_one(eng, eng.obj("Henchman"), "A", None, None)
    assert rid("212.5a") not in _rules(eng)


# -- 512.3: a move to the one row allowed still places the character in a position of the player's choosing

def test_a_move_to_one_row_takes_the_scripted_position_in_that_row():
    eng = make(A_visible=["Henchman", "Shang Chi"])
    eng.choices["A"] = ["visible front 3"]
    assert _move_one(eng, eng.obj("Henchman"), "A", None, "front")
    assert position_text(eng, eng.obj("Henchman")) == "visible front 3"
    assert eng.choices["A"] == []


def test_a_move_to_one_row_refuses_an_occupied_position_naming_512_3():
    eng = make(A_visible=["Henchman", "Shang Chi"])
    eng.choices["A"] = [{"try": "visible front 2"}, "visible front 3"]
    assert _move_one(eng, eng.obj("Henchman"), "A", None, "front")
    (rejected,) = events(eng, "choice_rejected")
    assert rid("512.3") in rejected["rejected_by"]
    assert position_text(eng, eng.obj("Henchman")) == "visible front 3"


def test_a_move_to_one_row_refuses_a_tried_position_of_the_other_area():
    eng = make(A_visible=["Henchman"])
    eng.choices["A"] = [{"try": "hidden front"}, "visible front 1"]
    assert _move_one(eng, eng.obj("Henchman"), "A", None, "front")
    (rejected,) = events(eng, "choice_rejected")
    assert rid("512.3") in rejected["rejected_by"]
    assert position_text(eng, eng.obj("Henchman")) == "visible front 1"


def test_a_move_to_one_row_without_a_scripted_position_asks_nothing():
    """Where it must not apply: nothing scripted, or a position of another row (left for a later
    decision): the character keeps its position in the row, and the script is untouched."""
    eng = make(A_visible=["Henchman", "Shang Chi"])
    assert _move_one(eng, eng.obj("Henchman"), "A", None, "front")
    assert position_text(eng, eng.obj("Henchman")) == "visible front 1"
    eng2 = make(A_visible=["Henchman", "Shang Chi"])
    eng2.choices["A"] = ["visible support"]
    assert _move_one(eng2, eng2.obj("Shang Chi"), "A", None, "front")
    assert position_text(eng2, eng2.obj("Shang Chi")) == "visible front 2"
    assert eng2.choices["A"] == ["visible support"]
