"""Vs. System card data: Boss of Bosses' "As an additional cost ..., exhaust a Crime Lords character you
control" is a cost chosen as it is paid, not a target: a character that cannot be the target of plot
twist effects (Untouchable) can still be exhausted for it; targeting it is still refused."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from .test_vs_system import make

UNTOUCHABLE = "cannot be the target of plot twist, payment, or triggered effects"


def untargetable(eng, label, restriction=UNTOUCHABLE):
    """Give ``label`` for this turn the restriction Untouchable gives the characters chosen with it."""
    eng.run_steps([{"modify": {"target": label, "grant": [restriction], "duration": "turn"}}],
                  eng.bindings_for(None, "B"))


def test_an_untargetable_crime_lord_pays_the_additional_cost():
    eng = make(A_visible=["Henchman"], A_hand=["Boss of Bosses"], B_hidden=["Death-Stalker"])
    untargetable(eng, "Henchman")
    eng.play("A", "Boss of Bosses", {})
    eng.resolve_chain()
    assert eng.obj("Henchman").exhausted
    assert "can attack hidden characters" in eng.obj_attr(eng.obj("Henchman"), "keywords")


def test_the_additional_cost_needs_an_unexhausted_crime_lord():
    eng = make(A_visible=["Henchman"], A_hand=["Boss of Bosses"])
    eng.obj("Henchman").exhausted = True
    with pytest.raises(ReplayError):
        eng.play("A", "Boss of Bosses", {})
    assert eng.obj("Boss of Bosses").zone == "hand"


def test_the_player_chooses_which_crime_lord_to_exhaust():
    eng = make(A_visible=["Henchman", "Hired Muscle"], A_hand=["Boss of Bosses"])
    eng.choices["A"] = ["Hired Muscle"]
    eng.play("A", "Boss of Bosses", {})
    assert eng.obj("Hired Muscle").exhausted and not eng.obj("Henchman").exhausted


def test_targeting_an_untargetable_character_is_still_refused():
    eng = make(A_visible=["Henchman"], A_hand=["Good Night, Sweet Prince"], B_hidden=["Death-Stalker"])
    untargetable(eng, "Death-Stalker")
    with pytest.raises(ReplayError, match="not a legal target"):
        eng.play("A", "Good Night, Sweet Prince", {"targets": ["Death-Stalker"]})


def test_only_the_kinds_of_effect_named_are_kept_from_targeting():
    """'cannot be the target of payment effects' bars a payment power, not a plot twist."""
    eng = make(A_visible=["Henchman"], A_hand=["Good Night, Sweet Prince"], B_hidden=["Death-Stalker"])
    untargetable(eng, "Death-Stalker", "cannot be the target of payment effects")
    eng.play("A", "Good Night, Sweet Prince", {"targets": ["Death-Stalker"]})
    untargetable(eng, "Henchman", "cannot be the target of plot twist effects")
    from judge.games.vs_system.terms import effect_kinds, target_restriction

    assert target_restriction(eng, eng.obj("Death-Stalker"), {"this": eng.obj("Henchman"), "_power": "action"})
    assert effect_kinds(eng, {"this": eng.obj("Henchman"), "_power": "trigger"}) == {"character", "triggered"}
    assert target_restriction(eng, eng.obj("Henchman"), {"this": eng.obj("Death-Stalker"), "_power": "action"}) is None


def test_the_restriction_ends_with_the_turn():
    eng = make(A_visible=["Henchman"], A_hand=["Good Night, Sweet Prince"], B_hidden=["Death-Stalker"])
    untargetable(eng, "Death-Stalker")
    eng.expire("turn")
    eng.play("A", "Good Night, Sweet Prince", {"targets": ["Death-Stalker"]})


def test_a_source_that_left_play_keeps_its_card_type():
    from judge.engine.context import Gone
    from judge.games.vs_system.terms import effect_kinds

    eng = make(A_visible=["Henchman"])
    assert effect_kinds(eng, {"this": Gone("Henchman"), "_power": "trigger"}) == {"character", "triggered"}
