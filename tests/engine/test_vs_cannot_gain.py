"""Vs. System: 'cannot gain K this turn' (Good Night, Sweet Prince: "That character cannot gain
reinforcement this turn"). A character that already has K keeps it while it keeps it from where it had
it (printed, or a modifier in force when the text resolved); K granted again afterwards this turn, once
that modifier has ended, is gaining it and does not happen; next turn it may be gained."""
from __future__ import annotations

from .test_vs_system import act, make

KW = "reinforcement"


def _grant(eng, label, duration="attack"):
    assert eng.run_steps([{"modify": {"target": "c", "grant": [KW], "duration": duration}}],
                         {"you": "B", "c": eng.obj(label)})


def _cannot_gain(eng, label):
    assert eng.run_steps([{"cannot_gain": "c", "keyword": KW}], {"you": "A", "c": eng.obj(label)})


def _has(eng, label):
    return KW in eng.obj_attr(eng.obj(label), "keywords")


def test_a_new_grant_after_cannot_gain_is_not_gained():
    eng = make(B_visible=["Death-Stalker"])
    _cannot_gain(eng, "Death-Stalker")
    _grant(eng, "Death-Stalker")
    assert not _has(eng, "Death-Stalker")


def test_reinforcement_it_already_has_is_kept_while_that_modifier_lasts():
    eng = make(B_visible=["Death-Stalker"])
    _grant(eng, "Death-Stalker")
    _cannot_gain(eng, "Death-Stalker")
    assert _has(eng, "Death-Stalker")


def test_once_the_modifier_it_had_it_from_ends_a_new_grant_is_not_gained():
    eng = make(B_visible=["Death-Stalker"])
    _grant(eng, "Death-Stalker")
    _cannot_gain(eng, "Death-Stalker")
    eng.expire("attack")
    assert not _has(eng, "Death-Stalker")
    _grant(eng, "Death-Stalker")  # a second Geraci, in a later attack of the same turn
    assert not _has(eng, "Death-Stalker")


def test_printed_keyword_is_kept_and_a_grant_changes_nothing():
    eng = make(B_visible=["Hired Muscle"])
    _cannot_gain(eng, "Hired Muscle")
    _grant(eng, "Hired Muscle")
    eng.expire("attack")
    assert _has(eng, "Hired Muscle")


def test_next_turn_it_can_gain_it_again():
    eng = make(B_visible=["Death-Stalker"])
    _cannot_gain(eng, "Death-Stalker")
    act(eng, "begin", what="turn")
    _grant(eng, "Death-Stalker")
    assert _has(eng, "Death-Stalker")


def test_other_characters_are_not_affected():
    eng = make(B_visible=["Death-Stalker", "Henchman"])
    _cannot_gain(eng, "Death-Stalker")
    _grant(eng, "Henchman")
    assert _has(eng, "Henchman")


def test_a_keyword_from_an_always_on_ability_is_kept_while_that_card_gives_it():
    # Owl: "Crime Lords characters you control have flight"
    eng = make(A_visible=["Owl", "Henchman"], A_hand=["Owl"])
    assert eng.run_steps([{"cannot_gain": "c", "keyword": "flight"}], {"you": "B", "c": eng.obj("Henchman")})
    assert "flight" in eng.obj_attr(eng.obj("Henchman"), "keywords")
    eng.move(eng.obj("Owl"), "kod", cause="ko")
    assert "flight" not in eng.obj_attr(eng.obj("Henchman"), "keywords")
    eng.move(eng.obj("Owl#2"), "visible", cause="recruit")  # another Owl: Henchman would gain flight
    assert "flight" not in eng.obj_attr(eng.obj("Henchman"), "keywords")
    assert "flight" in eng.obj_attr(eng.obj("Owl#2"), "keywords")
