"""8.0.1 for the host types' own rules: that body parts go on a galetki (8.2.3) and level-ups on an
adventurer (8.3.1) is the type's rule, not a special ability, so a galetki or adventurer that lost its
special abilities (flag képességtelen) still takes them; with 8.0.1 off it does not. Where the rule
must not apply: a host with its abilities keeps taking them with 8.0.1 off, and 8.0.1 is not traced."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from .test_hatalom import make, play, rid


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
