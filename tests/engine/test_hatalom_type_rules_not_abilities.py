"""8.0.1 for the types' own rules: that body parts go on a galetki (8.2.3) and level-ups on an
adventurer (8.3.1) is the type's rule, not a special ability, so a galetki or adventurer that lost its
special abilities (flag képességtelen) still takes them; with 8.0.1 off it does not. Where the rule
must not apply: a host with its abilities keeps taking them with 8.0.1 off, and 8.0.1 is not traced.
Likewise the growth sacrifice (8.2.2, a rule of the galetki and torzszülött types): a drained torzszülött
may still be sacrificed; with 8.0.1 off it may not, an undrained one still may."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from .test_hatalom import act, make, play, rid


def _drained(ablate, host, part):
    eng = make(ablate, A={"reserve": [host], "hand": [part], "vp": 1})
    eng.obj(host).flags.add("képességtelen")
    return eng


@pytest.mark.parametrize("host,part", [("Próba galetki 1/2", "Próba testrész"),
                                       ("Próba kalandozó 2/2", "Próba szintlépés")])
def test_drained_host_still_takes_its_types_attachment(host, part):
    eng = _drained((), host, part)
    play(eng, "A", part, [host])
    assert eng.obj(part).attached_to == eng.obj(host).oid
    assert rid("8.0.1") in {i for step in eng.trace for i in step.rules}


@pytest.mark.parametrize("host,part", [("Próba galetki 1/2", "Próba testrész"),
                                       ("Próba kalandozó 2/2", "Próba szintlépés")])
def test_drained_host_refuses_it_with_8_0_1_off(host, part):
    eng = _drained([rid("8.0.1")], host, part)
    with pytest.raises(ReplayError):
        eng.play("A", part, {"targets": [host]})


def test_host_with_its_abilities_unaffected_by_8_0_1_off():
    eng = make([rid("8.0.1")], A={"reserve": ["Próba galetki 1/2"], "hand": ["Próba testrész"], "vp": 1})
    play(eng, "A", "Próba testrész", ["Próba galetki 1/2"])
    assert eng.obj("Próba testrész").attached_to == eng.obj("Próba galetki 1/2").oid
    assert rid("8.0.1") not in {i for step in eng.trace for i in step.rules}


def _grow(ablate, drained=True):
    eng = make(ablate, A={"reserve": ["Próba galetki 1/2", "Próba torzszülött 2/2"]})
    if drained:
        eng.obj("Próba torzszülött 2/2").flags.add("képességtelen")
    act(eng, "A", "grow", "Próba torzszülött 2/2")
    return eng


def test_drained_torzszulott_still_sacrificed_for_growth():
    eng = _grow(())
    assert eng.obj("Próba galetki 1/2").counters.get("erősödés") == 2


def test_drained_torzszulott_not_sacrificed_for_growth_with_8_0_1_off():
    with pytest.raises(ReplayError):
        _grow([rid("8.0.1")])


def test_undrained_torzszulott_grows_with_8_0_1_off():
    eng = _grow([rid("8.0.1")], drained=False)
    assert eng.obj("Próba galetki 1/2").counters.get("erősödés") == 2
