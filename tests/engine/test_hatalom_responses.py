"""Hatalom Kártyái: what may not be done in response to a location (8.9.1: bringing it into play,
8.9.5.1: its abilities needing activation) -- playing a card, using an ability, an instant action such as the
growth sacrifice (8.2.2) -- and that creatures are played from the hand (8.1.1). Each with the rule
switched off and with a case where it must not apply."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from .test_hatalom import make, rid


def _grow(eng, player="A", label="Próba torzszülött 2/2"):
    eng.game.actions["grow"](eng, player, {"grow": label})


def _growth_board(ablate=()):
    return make(ablate, active="B", A={"reserve": ["Próba galetki 1/2", "Próba torzszülött 2/2"]},
                B={"hand": ["Próba tűzhányó helyszín", "Próba villám"], "vp": 3})


def test_growth_sacrifice_not_in_response_to_a_location_being_played():
    eng = _growth_board()
    eng.play("B", "Próba tűzhányó helyszín", {})
    with pytest.raises(ReplayError) as err:
        _grow(eng)
    assert rid("8.9.1") in err.value.rules
    assert eng.obj("Próba torzszülött 2/2").zone == "reserve"


def _location_ability_on_chain(location, ablate=()):
    eng = make(ablate, active="B", A={"reserve": ["Próba galetki 1/2", "Próba torzszülött 2/2"]},
               B={"hand": [location], "vp": 3})
    eng.play("B", location, {})
    eng.pass_priority("all")
    eng.settle()
    eng.use("B", location, {"targets": ["Próba galetki 1/2"]})
    return eng


def test_growth_sacrifice_not_in_response_to_a_location_ability_needing_activation():
    """8.9.5.1: 'Aktiválás: 1 sebzés egy célpont lénynek' needs activation: no instant action answers it."""
    eng = _location_ability_on_chain("Próba lávakút helyszín")
    with pytest.raises(ReplayError) as err:
        _grow(eng)
    assert rid("8.9.5.1") in err.value.rules
    assert eng.obj("Próba torzszülött 2/2").zone == "reserve"


def test_growth_sacrifice_in_response_to_a_location_ability_without_activation():
    """8.9.5.1 names only abilities "aktiválást kívánó": '1 VP: 1 sebzés ...' needs none, so the growth
    sacrifice (8.2.2) answers it, and the rule is not traced."""
    eng = _location_ability_on_chain("Próba tűzhányó helyszín")
    eng.begin_step(len(eng.trace), "A grows")
    _grow(eng)
    assert eng.obj("Próba torzszülött 2/2").where == "A.discard"
    assert eng.obj("Próba galetki 1/2").counters.get("erősödés") == 2
    assert rid("8.9.5.1") not in eng.trace[-1].rules


def test_growth_in_response_to_a_location_ability_needing_activation_with_8_9_5_1_off():
    eng = _location_ability_on_chain("Próba lávakút helyszín", ablate=[rid("8.9.5.1")])
    _grow(eng)
    assert eng.obj("Próba torzszülött 2/2").where == "A.discard"


def test_growth_sacrifice_in_response_to_an_instant_is_allowed():
    """Where neither rule applies: the top of the chain is an instant, not a location."""
    eng = _growth_board()
    eng.play("B", "Próba villám", {"targets": ["Próba galetki 1/2"]})
    _grow(eng)
    assert eng.obj("Próba torzszülött 2/2").where == "A.discard"
    assert eng.obj("Próba galetki 1/2").counters.get("erősödés") == 2


def test_growth_in_response_to_a_location_allowed_with_8_9_1_off():
    eng = _growth_board(ablate=[rid("8.9.1")])
    eng.play("B", "Próba tűzhányó helyszín", {})
    _grow(eng)
    assert eng.obj("Próba torzszülött 2/2").where == "A.discard"


def test_no_ability_used_in_response_to_a_location_being_played():
    """8.9.1 refuses using an ability as well as playing a card; after the location resolves it is fine."""
    eng = make(active="B", A={"table": ["Próba tárgy"]}, B={"hand": ["Próba helyszín"], "vp": 1})
    eng.play("B", "Próba helyszín", {})
    with pytest.raises(ReplayError) as err:
        eng.use("A", "Próba tárgy", {})
    assert rid("8.9.1") in err.value.rules
    eng.pass_priority("all")
    eng.settle()
    eng.use("A", "Próba tárgy", {})
    eng.pass_priority("all")
    eng.settle()
    assert eng.state.player_data["A"]["vp"] == 1


def test_creature_is_played_from_the_hand_only():
    eng = make(A={"discard": ["Próba szörny 2/3"], "vp": 2})
    with pytest.raises(ReplayError) as err:
        eng.play("A", "Próba szörny 2/3", {"from": "discard"})
    assert rid("8.1.1") in err.value.rules
    eng2 = make(A={"hand": ["Próba szörny 2/3"], "vp": 2})
    eng2.play("A", "Próba szörny 2/3", {})  # from the hand, in his own main phase: not refused
    assert eng2.obj("Próba szörny 2/3").zone == "stack"


def test_creature_from_another_zone_allowed_with_8_1_1_off():
    eng = make(ablate=[rid("8.1.1")], A={"discard": ["Próba szörny 2/3"], "vp": 2})
    eng.play("A", "Próba szörny 2/3", {"from": "discard"})
    assert eng.obj("Próba szörny 2/3").zone == "stack"
