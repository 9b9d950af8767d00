"""Warhammer: Invasion, Toughness (toughness.py): it cancels damage right before it is applied
(clarification:cancelling-damage), its instances add up (faq:redirecting-damage-cumulative-like-
counterstrike-toughness), what it takes to destroy a unit counts it (damage.max_damage). Where it must not
apply: uncancellable damage, a unit without Toughness, cancelling switched off; with adding up switched
off only the largest instance counts."""
from __future__ import annotations

from judge.games.warhammer_invasion import toughness
from judge.games.warhammer_invasion.damage import max_damage
from tests.engine.test_whi_terms import make, rid

CANCEL = rid("clarification:cancelling-damage")
CUMULATIVE = rid("faq:redirecting-damage-cumulative-like-counterstrike-toughness")


def _board(ablate=(), armour=False):
    kingdom = [("Illustrative Ironbreakers", "Iron"), ("Dark Zealot", "Zealot")]
    if armour:
        kingdom.append(("Illustrative Gromril Armour", "Armour"))
    eng = make(ablate, A={"kingdom": kingdom})
    if armour:
        eng.obj("Armour").attached_to = eng.obj("Iron").oid
        eng.touch()
    return eng


def test_toughness_cancels_part_of_the_damage_applied():
    eng = _board()
    eng.apply_damage(None, {eng.obj("Iron").oid: 2})
    assert eng.obj("Iron").damage == 1


def _dealt(eng):
    return [e for e in eng.events if e.get("event") == "damage_dealt" and e.get("card") == "Iron"]


def test_fully_cancelled_damage_is_not_dealt():
    eng = _board()
    eng.apply_damage(None, {eng.obj("Iron").oid: 1})
    assert eng.obj("Iron").damage == 0
    assert _dealt(eng) == []


def test_dealt_after_cancellation_off_fully_cancelled_damage_counts_as_dealt_zero():
    eng = _board([rid("clarification:dealt-damage")])
    eng.apply_damage(None, {eng.obj("Iron").oid: 1})
    assert eng.obj("Iron").damage == 0
    assert [e["amount"] for e in _dealt(eng)] == [0]


def test_uncancellable_damage_is_not_cancelled():
    eng = _board()
    eng.apply_damage(None, {eng.obj("Iron").oid: 2}, cancellable=False)
    assert eng.obj("Iron").damage == 2


def test_unit_without_toughness_takes_all():
    eng = _board()
    eng.apply_damage(None, {eng.obj("Zealot").oid: 2})
    assert eng.obj("Zealot").damage == 2
    assert toughness.value(eng, eng.obj("Zealot")) == 0


def test_instances_add_up():
    eng = _board(armour=True)
    assert toughness.value(eng, eng.obj("Iron")) == 2
    eng.apply_damage(None, {eng.obj("Iron").oid: 3})
    assert eng.obj("Iron").damage == 1


def test_adding_up_switched_off_largest_counts():
    eng = _board([CUMULATIVE], armour=True)
    assert toughness.value(eng, eng.obj("Iron")) == 1


def test_cancelling_switched_off_toughness_does_nothing():
    eng = _board([CANCEL])
    assert toughness.value(eng, eng.obj("Iron")) == 0
    eng.apply_damage(None, {eng.obj("Iron").oid: 2})
    assert eng.obj("Iron").damage == 2


def test_what_destroys_the_unit_counts_toughness_unless_uncancellable():
    eng = _board()
    iron = eng.obj("Iron")
    assert max_damage(eng, iron) == 2 + 1
    assert max_damage(eng, iron, cancellable=False) == 2
    assert max_damage(eng, eng.obj("Zealot")) == 3
