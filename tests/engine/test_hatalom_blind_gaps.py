"""Gaps the blind round of 2026-11-29 found in Hatalom Kártyái:
* 8.4.3 against an effect whose group is known only as it resolves (a chosen card type): not known yet, so
  it affects no galetki now (no crash on the unbound name); a group known before (a firestorm) still does;
* 8.5.5 / 8.4.1 name the refusal of an attached card when no card at all is in play to take it;
* 8.9.2: a 'component substitution' applies to other cards' summoning costs, not a location's (clause 2);
  paying a location's component with 2 HP is no substitution for related effects (clause 3);
* 8.0.1 with 8.8.1: a skill whose abilities are switched off still adds up."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from .test_hatalom import make, rid


def _sacrifice(eng, player="A", part="Próba testrész"):
    eng.game.actions["sacrifice_part"](eng, player, {"sacrifice_part": part})


def _board_part(hand, phase="main"):
    eng = make(phase=phase, active="B", A={"reserve": ["Próba galetki 1/2", "Próba torzszülött 2/2"],
                                           "table": ["Próba testrész"]}, B={"hand": [hand], "vp": 1})
    eng.obj("Próba testrész").attached_to = eng.obj("Próba galetki 1/2").oid
    return eng


# -- 8.4.3: a group chosen on resolution ---------------------------------------------------------------
def test_type_curse_group_unknown_before_it_resolves_body_part_refused():
    eng = _board_part("Próba fajválasztó átok")
    eng.play("B", "Próba fajválasztó átok", {})
    with pytest.raises(ReplayError) as err:
        _sacrifice(eng)
    assert rid("8.4.3") in err.value.rules
    assert eng.obj("Próba testrész").zone == "table"


def test_type_curse_refusal_off_with_8_4_3_off():
    """Switched off, the body part may be sacrificed against anything (the rule's 'off')."""
    eng = make([rid("8.4.3")], phase="main", active="B",
               A={"reserve": ["Próba galetki 1/2"], "table": ["Próba testrész"]},
               B={"hand": ["Próba fajválasztó átok"], "vp": 1})
    eng.obj("Próba testrész").attached_to = eng.obj("Próba galetki 1/2").oid
    eng.play("B", "Próba fajválasztó átok", {})
    _sacrifice(eng)
    assert eng.obj("Próba testrész").zone == "discard"


def test_known_group_still_allows_the_sacrifice():
    eng = _board_part("Próba tűzeső", phase="combat")
    eng.play("B", "Próba tűzeső", {})
    _sacrifice(eng)
    assert eng.obj("Próba testrész").zone == "discard"


# -- the refusal of an attached card with no card in play -----------------------------------------------
def test_enchantment_with_nothing_in_play_refused_naming_8_5_5():
    eng = make(A={"hand": ["Próba bűbáj szörnyre"], "vp": 2})
    with pytest.raises(ReplayError) as err:
        eng.play("A", "Próba bűbáj szörnyre", {})
    assert rid("8.5.5") in err.value.rules


def test_level_up_with_nothing_in_play_refused_naming_8_4_1():
    eng = make(A={"hand": ["Próba szintlépés"], "vp": 2})
    with pytest.raises(ReplayError) as err:
        eng.play("A", "Próba szintlépés", {})
    assert rid("8.4.1") in err.value.rules


def test_ambush_enchantment_in_his_main_without_monster_names_8_5_5_not_8_5_1_1():
    eng = make(active="B", A={"hand": ["Próba lesből bűbáj szörnyre"], "vp": 2})
    with pytest.raises(ReplayError) as err:
        eng.play("A", "Próba lesből bűbáj szörnyre", {})
    assert rid("8.5.5") in err.value.rules and rid("8.5.1.1") not in err.value.rules


# -- 8.9.2: substitution ---------------------------------------------------------------------------------
def _subst(ablate=(), vp=5, ep=10, komponens=0, hand=("Próba komponensköltségű építmény",)):
    return make(ablate, A={"vp": vp, "ep": ep, "komponens": komponens, "hand": list(hand),
                           "table": ["Próba alkimista építmény", "Próba cserekereskedő építmény"]})


def _play(eng, card):
    eng.play("A", card, {})
    eng.pass_priority("all")
    eng.settle()


def test_building_component_substituted_with_vp_and_seen_as_substitution():
    eng = _subst()
    _play(eng, "Próba komponensköltségű építmény")  # 1 VP + 2 VP for the component, +1 from the trader
    assert eng.state.player_data["A"]["vp"] == 3


def test_own_component_chosen_no_substitution():
    """Both ways payable: the player is asked (test_hatalom_component_choice.py); his component chosen,
    nothing is substituted (the trader's +1 VP on a substitution does not come)."""
    eng = _subst(komponens=1)
    eng.choices["A"].append("komponens")
    _play(eng, "Próba komponensköltségű építmény")
    data = eng.state.player_data["A"]
    assert (data["vp"], data["komponens"]) == (4, 0)


def test_no_substitution_without_the_card():
    eng = make(A={"vp": 5, "hand": ["Próba komponensköltségű építmény"]})
    with pytest.raises(ReplayError):
        eng.play("A", "Próba komponensköltségű építmény", {})


def test_location_component_paid_with_hp_not_a_substitution():
    eng = _subst(hand=["Próba komponensköltségű helyszín"])
    _play(eng, "Próba komponensköltségű helyszín")
    data = eng.state.player_data["A"]
    assert (data["vp"], data["ep"]) == (4, 8)  # no VP from the trader (8.9.2's last clause)


def test_location_not_substituted_even_when_hp_cannot_pay():
    eng = _subst(ep=1, hand=["Próba komponensköltségű helyszín"])
    with pytest.raises(ReplayError) as err:
        eng.play("A", "Próba komponensköltségű helyszín", {})
    assert rid("8.9.2") in err.value.rules


def test_location_substituted_with_clause_two_off():
    eng = _subst(ablate=[rid("8.9.2")], hand=["Próba komponensköltségű helyszín"])
    _play(eng, "Próba komponensköltségű helyszín")  # 8.9.2 off: no HP payment, the substitution applies
    data = eng.state.player_data["A"]
    assert (data["vp"], data["ep"]) == (3, 10)  # 5 - 1 - 2 + 1


def test_silenced_substitution_card_substitutes_nothing():
    eng = _subst()
    eng.obj("Próba alkimista építmény").flags.add("képességtelen")
    with pytest.raises(ReplayError):
        eng.play("A", "Próba komponensköltségű építmény", {})


# -- 8.0.1 with 8.8.1 -------------------------------------------------------------------------------------
def _skills(ablate=()):
    eng = make(ablate, A={"table": [("Próba szakértelem", "S1"), ("Próba szakértelem", "S2")]})
    eng.obj("S1").flags.add("képességtelen")
    return eng


def test_silenced_skill_still_adds_up():
    eng = _skills()
    assert eng.obj_attr(eng.obj("S1"), "szint") == 2 and eng.obj_attr(eng.obj("S2"), "szint") == 2


def test_silenced_skill_does_not_add_up_with_8_0_1_off():
    eng = _skills([rid("8.0.1")])
    assert eng.obj_attr(eng.obj("S1"), "szint") == 1 and eng.obj_attr(eng.obj("S2"), "szint") == 1
