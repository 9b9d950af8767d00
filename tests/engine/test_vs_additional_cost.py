"""Vs. System card data: Boss of Bosses' "As an additional cost ..., exhaust a Crime Lords character you
control" is a cost chosen as it is paid, not a target: a character that cannot be the target of plot
twist effects (Untouchable) can still be exhausted for it; targeting it is still refused."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError
from judge.games.vs_system.terms import UNTARGETABLE

from .test_vs_system import make


def untargetable(eng, label):
    o = eng.obj(label)
    o.flags.add(UNTARGETABLE)
    o.memory.setdefault("flag_turn", {})[UNTARGETABLE] = eng.state.vars.get("turn")


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
