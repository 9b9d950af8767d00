"""Vs. System 512.3: a move's own text states "to which rows" a character may be moved ('to your hidden
area', 'to your front row'): a position outside the area or row the moving card names is refused by that
card's text (refused_by_text), whatever the rule; a position outside the kind of area a move that names no
area keeps the character in is refused by 512.3 (move_same_area) -- and by both where the row the card
names is wrong too."""
from __future__ import annotations

from .test_power_text_refusals import _replay  # one probe replay for the refusal tests

ABDUCTION = """\
game: vs-system
state:
  active: A
  phase: build
  A:
    hand: [Abduction]
  B:
    visible: [Henchman]
actions:
  - {player: A, play: Abduction, targets: [Henchman], choose: [{try: visible front}, {try: visible support}, hidden support]}
  - {pass: all}
"""

LILITH = """\
game: vs-system
state:
  active: A
  phase: combat
  A:
    visible: [Henchman]
  B:
    visible: [Lilith]
    hand: [Suicide]
actions:
  - {player: B, use: Lilith, targets: [Henchman], choose: [Suicide, PICKS]}
  - {pass: all}
"""


def _refused(out) -> list[tuple]:
    return [(e["choice"], tuple(e.get("rejected_by") or ()), e.get("refused_by_text"))
            for e in out.engine.events if e["event"] == "choice_rejected"]


def test_an_area_the_card_names_refuses_by_its_text(tmp_path):
    out = _replay(tmp_path, ABDUCTION)
    assert _refused(out) == [("visible front", (), "Abduction"), ("visible support", (), "Abduction")]
    henchman = out.engine.obj("Henchman")
    assert (henchman.zone, henchman.controller) == ("hidden", "A")


def test_a_row_the_card_names_refuses_by_its_text_an_area_it_does_not_name_by_the_rule(tmp_path):
    out = _replay(tmp_path, LILITH.replace("PICKS", "{try: visible support}, {try: hidden front}, "
                                                    "{try: hidden support}, visible front"))
    rule = ("vs-system:512.3", "vs-system:405.5", "vs-system:405.5:note-1", "vs-system:512.3:example-1")
    assert _refused(out) == [("visible support", (), "Lilith, Daughter of Dracula"),
                             ("hidden front", rule, None),
                             ("hidden support", rule, "Lilith, Daughter of Dracula")]
    henchman = out.engine.obj("Henchman")
    assert (henchman.zone, henchman.controller) == ("visible", "B")


def test_switched_off_the_rule_no_longer_keeps_the_area_the_cards_row_still_refuses(tmp_path):
    out = _replay(tmp_path, LILITH.replace("PICKS", "{try: visible support}, hidden front"), {"vs-system:512.3"})
    assert _refused(out) == [("visible support", (), "Lilith, Daughter of Dracula")]
    assert out.engine.obj("Henchman").zone == "hidden"
