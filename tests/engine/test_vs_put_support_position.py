"""Vs. System: a character card put 'into your support row' is in that row as it comes into play, so it
takes a position of its own there (405.3: "each ... must have a unique position. A character may not be on
top of another character") -- not the number it would have had in the front row, which may be a support
character's. Put into the front row (no row given), it takes the front row's first empty position."""
from __future__ import annotations

from judge.games.vs_system.moving import position_text

from .test_vs_system import make


def _put(eng, card, row=None):
    step = {"put": "c", "to": "play", **({"row": row} if row else {})}
    assert eng.run_steps([step], {"you": "A", "c": eng.obj(card)})


def _support_henchman():
    eng = make(A_visible=["Henchman"], A_kod=["Spider-Man"])
    eng.obj("Henchman").flags.add("support")
    return eng


def test_put_into_the_support_row_takes_its_own_position():
    eng = _support_henchman()
    _put(eng, "Spider-Man", "support")
    assert position_text(eng, eng.obj("Henchman")) == "visible support 1"
    assert position_text(eng, eng.obj("Spider-Man")) == "visible support 2"


def test_put_into_the_front_row_is_not_moved_to_the_support_row():
    """Must not apply: no row given, the card goes to the front row's first position."""
    eng = _support_henchman()
    _put(eng, "Spider-Man")
    assert position_text(eng, eng.obj("Henchman")) == "visible support 1"
    assert position_text(eng, eng.obj("Spider-Man")) == "visible front 1"
