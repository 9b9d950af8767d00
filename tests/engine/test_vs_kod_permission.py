"""Vs. System: the permission to recruit a card from the KO'd pile "as though it were in your hand"
(Witching Hour: "During your recruit step this turn ...") holds only in the build phase (its recruit
step) of the turn it was given."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError
from judge.games.vs_system.terms import RECRUIT_FROM_KOD

from .test_vs_system import act, make


#: as Witching Hour's data gives it: the permission and the way of paying it offers
OFFERS = {"endurance": [{"pay_endurance": 2}]}


def give_permission(eng, label, offers=OFFERS):
    step = {"flag": "c", "as": RECRUIT_FROM_KOD, "until": "turn", "during": "build", **({"offers": offers} if offers else {})}
    assert eng.run_steps([step], {"you": "A", "c": eng.obj(label)})


def test_recruited_from_kod_in_the_turn_the_permission_was_given():
    eng = make(A_kod=["Werewolf by Night"])
    give_permission(eng, "Werewolf by Night")
    act(eng, "recruit", what="Werewolf by Night", **{"with": ["endurance"]})
    assert eng.obj("Werewolf by Night").zone == "hidden"     # concealed (707.9)
    assert eng.state.player_data["A"]["endurance"] == 18


def test_the_cost_paid_is_the_one_the_permission_offers():
    # the offered steps are the card's data (was: 2 endurance written in the game's Python)
    eng = make(A_kod=["Werewolf by Night"])
    give_permission(eng, "Werewolf by Night", {"endurance": [{"pay_endurance": 3}]})
    act(eng, "recruit", what="Werewolf by Night", **{"with": ["endurance"]})
    assert eng.state.player_data["A"]["endurance"] == 17


def test_a_way_of_paying_no_permission_offers_is_refused():
    eng = make(A_kod=["Werewolf by Night"])
    give_permission(eng, "Werewolf by Night", offers=None)
    with pytest.raises(ReplayError, match="nothing lets A pay with endurance"):
        act(eng, "recruit", what="Werewolf by Night", **{"with": ["endurance"]})
    assert eng.state.player_data["A"]["endurance"] == 20
    act(eng, "recruit", what="Werewolf by Night")  # recruited from the KO'd pile, its recruit cost not charged
    assert eng.obj("Werewolf by Night").zone == "hidden"


def test_not_recruited_from_kod_in_a_later_turn():
    eng = make(A_kod=["Werewolf by Night"])
    give_permission(eng, "Werewolf by Night")
    act(eng, "begin", what="turn")
    with pytest.raises(ReplayError, match="only during the build phase and in the turn the permission was given"):
        act(eng, "recruit", what="Werewolf by Night", **{"with": ["endurance"]})
    assert eng.obj("Werewolf by Night").zone == "kod"
    assert eng.state.player_data["A"]["endurance"] == 20


def test_a_card_without_the_permission_is_not_recruited_from_kod():
    eng = make(A_kod=["Werewolf by Night"])
    with pytest.raises(ReplayError, match="not in A's hand"):
        act(eng, "recruit", what="Werewolf by Night", **{"with": ["endurance"]})


def test_a_flag_given_by_the_scenario_state_has_no_terms_and_is_recruited():
    eng = make(A_kod=["Werewolf by Night"])
    eng.obj("Werewolf by Night").flags.add(RECRUIT_FROM_KOD)  # no turn written down, no card offering a payment
    act(eng, "recruit", what="Werewolf by Night")
    assert eng.obj("Werewolf by Night").zone == "hidden"


def test_not_recruited_from_kod_outside_the_build_phase():
    eng = make(A_kod=["Werewolf by Night"])
    give_permission(eng, "Werewolf by Night")
    eng.state.vars["phase"] = "combat"
    with pytest.raises(ReplayError, match="only during the build phase and in the turn the permission was given"):
        act(eng, "recruit", what="Werewolf by Night", **{"with": ["endurance"]})
    assert eng.obj("Werewolf by Night").zone == "kod"


def test_a_permission_without_terms_holds_in_any_phase_and_turn():
    # the 'this turn' / 'recruit step' limits are the giving card's data (until, during), not the rule's
    eng = make(A_kod=["Werewolf by Night"])
    assert eng.run_steps([{"flag": "c", "as": RECRUIT_FROM_KOD}], {"you": "A", "c": eng.obj("Werewolf by Night")})
    act(eng, "begin", what="turn")
    eng.state.vars["phase"] = "combat"
    act(eng, "recruit", what="Werewolf by Night")
    assert eng.obj("Werewolf by Night").zone == "hidden"


def test_a_way_of_paying_no_card_offers_is_a_script_error_and_a_single_word_is_one_word():
    eng = make(A_kod=["Werewolf by Night"])
    give_permission(eng, "Werewolf by Night")
    with pytest.raises(ReplayError) as err:  # a misspelling: no card of the game offers it
        act(eng, "recruit", what="Werewolf by Night", **{"with": ["endurence"]})
    assert err.value.kind == "bad_choice" and "no way of paying any card offers (boost, endurance)" in str(err.value)
    act(eng, "recruit", what="Werewolf by Night", **{"with": "endurance"})  # one word, not its letters
    assert eng.state.player_data["A"]["endurance"] == 18


@pytest.mark.parametrize("terms,says", [({"during": "buld"}, "flag during 'buld'"),
                                        ({"until": "forever"}, "flag until 'forever'")])
def test_a_flag_term_the_game_does_not_have_is_an_error(terms, says):
    # was: accepted, and the permission was never usable ('buld' is no phase)
    eng = make(A_kod=["Werewolf by Night"])
    with pytest.raises(ValueError, match=says):
        eng.run_steps([{"flag": "c", "as": RECRUIT_FROM_KOD, **terms}], {"you": "A", "c": eng.obj("Werewolf by Night")})


def test_a_permission_given_again_in_a_later_turn_holds_that_turn():
    # was: the card kept the first grant's turn (already flagged, not flagged anew), and was refused
    eng = make(A_kod=["Werewolf by Night"])
    give_permission(eng, "Werewolf by Night")
    act(eng, "begin", what="turn")
    eng.state.vars["phase"] = "build"
    again = {"flag": "c", "as": RECRUIT_FROM_KOD, "until": "turn", "during": "build", "offers": OFFERS}
    eng.run_steps([again], {"you": "A", "c": eng.obj("Werewolf by Night")})  # already flagged: it changes nothing
    act(eng, "recruit", what="Werewolf by Night", **{"with": ["endurance"]})
    assert eng.obj("Werewolf by Night").zone == "hidden"
    assert any(e["event"] == "flag_renewed" for e in eng.events)


def test_a_permission_not_given_again_still_ends_with_its_turn():
    eng = make(A_kod=["Werewolf by Night"])
    give_permission(eng, "Werewolf by Night")
    act(eng, "begin", what="turn")
    eng.state.vars["phase"] = "build"
    with pytest.raises(ReplayError, match="in the turn the permission was given"):
        act(eng, "recruit", what="Werewolf by Night")
