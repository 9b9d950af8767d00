"""Huntik 700.2 on always-on powers (needs the core patch /tmp/huntik3-core-700.2.patch): a power that
specifies the area it functions in ('While I'm in your discard pile', Fallen Guardian) functions there and
not while its card is in play; switched off, powers function in every area; a power that names no area
(Guardian Sentinel) is where the rule must not apply: it functions in play."""
from __future__ import annotations

from tests.engine.test_huntik import make, rid


def _def(eng, label):
    return eng.obj_attr(eng.obj(label), "def")


def test_in_the_discard_pile_it_functions():
    eng = make(A={"discard": ["Fallen Guardian"], "zone1": ["Sophie Casterwill"]})
    assert _def(eng, "Sophie Casterwill") == 3


def test_in_play_it_does_not_function():
    eng = make(A={"zone2": ["Fallen Guardian"], "zone1": ["Sophie Casterwill"]})
    assert _def(eng, "Sophie Casterwill") == 5


def test_switched_off_it_functions_in_play_too():
    eng = make([rid("700.2")], A={"zone2": ["Fallen Guardian"], "zone1": ["Sophie Casterwill"]})
    assert _def(eng, "Sophie Casterwill") == 3


def test_a_power_that_names_no_area_functions_in_play():
    eng = make(A={"zone2": ["Guardian Sentinel"], "zone1": ["Sophie Casterwill"]})
    assert _def(eng, "Sophie Casterwill") == 3
