"""Warhammer: Invasion, combat damage already assigned to a unit that then moves out of the combat is still
applied (clarification:moving-cards, combat_damage.assigned_to_moved): kept and traced; switched off, the
moved unit's assignment is dropped; a unit still in combat, and the capital section, are never touched."""
from __future__ import annotations

from judge.games.warhammer_invasion import combat_damage
from tests.engine.test_whi_terms import make, rid

MOVING = rid("clarification:moving-cards")


def _eng(ablate=(), still_defending=False):
    eng = make(ablate, A={"battlefield": [("Savage Marauders", "Marauders")]}, B={"kingdom": [("Pistoliers", "Pist")]})
    if still_defending:
        eng.obj("Pist").flags.add("defending")
    eng.obj("Marauders").flags.add("attacking")
    return eng


def _total(eng):
    return {eng.obj("Pist").oid: 2, eng.obj("B capital kingdom").oid: 1, eng.obj("Marauders").oid: 1}


def test_moved_out_damage_still_applied():
    eng = _eng()
    total = _total(eng)
    combat_damage.assigned_to_moved(eng, total)
    assert total[eng.obj("Pist").oid] == 2 and MOVING in eng.step.rules


def test_switched_off_moved_out_assignment_dropped():
    eng = _eng([MOVING])
    total = _total(eng)
    combat_damage.assigned_to_moved(eng, total)
    assert eng.obj("Pist").oid not in total
    assert total[eng.obj("B capital kingdom").oid] == 1 and total[eng.obj("Marauders").oid] == 1


def test_unit_still_in_combat_untouched():
    eng = _eng([MOVING], still_defending=True)
    total = _total(eng)
    combat_damage.assigned_to_moved(eng, total)
    assert total[eng.obj("Pist").oid] == 2
    eng = _eng(still_defending=True)
    combat_damage.assigned_to_moved(eng, _total(eng))
    assert MOVING not in eng.step.rules
