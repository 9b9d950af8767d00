"""Vs. System's one 'put' verb ('put N / any number of cards from your ZONE into / on ZONE', or a
card into play), which replaced four verbs that each served one card (mill, put_from_hand,
put_from_kod, put_into_play): each form, and where it cannot be done."""
from __future__ import annotations

from .test_vs_system import make


def run(eng, step, you="A"):
    return eng.run_steps([step], {"you": you})


def test_put_top_of_deck_into_kod():
    eng = make(A_deck=["Henchman", "Carrion"])              # the last listed is the top card
    assert run(eng, {"put": 1, "from": "deck", "to": "kod"})
    assert eng.obj("Carrion").zone == "kod" and eng.obj("Henchman").zone == "deck"


def test_put_from_an_empty_deck_is_not_done():
    eng = make(A_hand=["Henchman"])
    assert not run(eng, {"put": 1, "from": "deck", "to": "kod"})
    assert not eng.can_do({"put": 1, "from": "deck", "to": "kod"}, {"you": "A"})
    assert eng.obj("Henchman").zone == "hand"


def test_put_a_matching_card_from_kod_on_the_bottom_of_the_deck():
    eng = make(A_kod=["Henchman", "Reaper"], A_deck=["Carrion"])
    step = {"put": 1, "from": "kod", "filter": "'Underworld' in it.traits", "to": "deck", "position": "bottom"}
    assert eng.can_do(step, {"you": "A"})
    assert run(eng, step)                                  # Reaper is the only Underworld card: no choice
    assert eng.obj("Reaper").zone == "deck" and eng.obj("Henchman").zone == "kod"
    assert [o.label for o in eng.zone_objs("A", "deck")][0] == "Reaper"


def test_put_from_kod_without_a_matching_card_cannot_be_done():
    eng = make(A_kod=["Henchman"])
    step = {"put": 1, "from": "kod", "filter": "'Underworld' in it.traits", "to": "deck", "position": "bottom"}
    assert not eng.can_do(step, {"you": "A"})
    assert not run(eng, step)
    assert eng.obj("Henchman").zone == "kod"


def test_put_any_number_from_hand_binds_how_many():
    eng = make(A_hand=["Henchman", "Lilith", "Carrion"])
    eng.choices["A"] = [["Henchman", "Carrion"]]
    b = {"you": "A"}
    assert eng.run_steps([{"put": "any", "from": "hand", "to": "kod", "as": "n"}], b)
    assert b["n"] == 2
    assert eng.obj("Henchman").zone == "kod" and eng.obj("Lilith").zone == "hand"
    assert [e["card"] for e in eng.events if e["event"] == "discarded"] == ["Henchman", "Carrion"]


def test_put_a_card_into_play_in_its_area_and_row():
    eng = make(A_kod=["Reaper", "Henchman"])
    b = {"you": "A", "c": eng.obj("Reaper"), "h": eng.obj("Henchman")}
    assert eng.run_steps([{"put": "c", "to": "play", "row": "support", "as": "back"}], b)
    assert eng.obj("Reaper").zone == "hidden"              # concealed: into the hidden area (707.9)
    assert "support" in b["back"].flags
    assert eng.run_steps([{"put": "h", "to": "play"}], b)
    assert eng.obj("Henchman").zone == "visible"
    assert not eng.run_steps([{"put": "h", "to": "play"}], b)   # already in play: nothing to put
