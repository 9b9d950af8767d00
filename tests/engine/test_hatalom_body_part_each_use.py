"""8.4.3 against an ability used again and again (an item's ability needing no activation): each use
is a source of its own. A body part sacrificed against one use protects the galetki from that use only;
another body part may be sacrificed against the next use; still only one against the same use."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from .test_hatalom import act, make, rid

DAGGER, GALETKI = "Próba dobótőr", "Próba galetki 1/2"


def _board(ablate=(), parts=2):
    return make(ablate, active="B", A={"reserve": [GALETKI], "table": [("Próba testrész", f"T{i}") for i in
                                                                      range(1, parts + 1)]},
                B={"table": [DAGGER], "vp": 5})


def _attach_parts(eng):
    for o in eng.state.objects.values():
        if o.card.type == "testrész":
            o.attached_to = eng.obj(GALETKI).oid


def _throw(eng, *parts):
    eng.use("B", DAGGER, {"targets": [GALETKI]})
    for part in parts:
        act(eng, "A", "sacrifice_part", part)
    eng.pass_priority("all")
    eng.settle()


def test_first_use_shielded_second_use_hits():
    eng = _board(parts=1)
    _attach_parts(eng)
    _throw(eng, "T1")
    assert eng.obj(GALETKI).damage == 0
    _throw(eng)
    assert eng.obj(GALETKI).damage == 1  # the body part was sacrificed against the first use only


def test_a_body_part_against_each_use():
    eng = _board()
    _attach_parts(eng)
    _throw(eng, "T1")
    _throw(eng, "T2")
    assert eng.obj(GALETKI).damage == 0


def test_only_one_against_the_same_use():
    eng = _board()
    _attach_parts(eng)
    with pytest.raises(ReplayError):
        _throw(eng, "T1", "T2")
