"""Vs. System: what a refused recruit from the KO'd pile names. The permission's own limits ("During your
recruit step this turn", "you may pay 2 endurance") are the words of the card that gave it: refused_by_text
names that card. A chosen card that left the KO'd pile and came back is a new object (212.5e,
new_object_on_zone_change) the permission does not name: that rule refuses it, and off, it is recruited."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError
from judge.games.vs_system.terms import RECRUIT_FROM_KOD

from .test_vs_system import act, make, rid


def give_permission(eng, *labels, source="Witching Hour"):
    """The permission as a card's effect gives it (a `flag` step of ``source``'s effect)."""
    for label in labels:
        assert eng.run_steps([{"flag": "c", "as": RECRUIT_FROM_KOD, "until": "turn", "during": "build",
                               "offers": {"endurance": [{"pay_endurance": 2}]}}],
                             {"you": "A", "c": eng.obj(label), "this": eng.obj(source)})


def refusal(eng, label, **kw) -> ReplayError:
    eng.begin_check()  # a new action, as a replay begins each: what fired before it refuses nothing
    with pytest.raises(ReplayError) as err:
        act(eng, "recruit", what=label, **kw)
    return err.value


def ko_back(eng, label):
    """The card leaves play for its owner's KO'd pile (as a KO does)."""
    eng.move(eng.obj(label), "kod", cause="ko")


def test_permission_of_an_earlier_turn_is_refused_by_the_givers_text():
    eng = make(A_hand=["Witching Hour"], A_kod=["Werewolf by Night"])
    give_permission(eng, "Werewolf by Night")
    act(eng, "begin", what="turn")
    err = refusal(eng, "Werewolf by Night")
    assert err.text == "Witching Hour" and err.rules == []
    assert eng.obj("Werewolf by Night").zone == "kod"


def test_permission_in_its_own_turn_is_not_refused():
    eng = make(A_hand=["Witching Hour"], A_kod=["Werewolf by Night"])
    give_permission(eng, "Werewolf by Night")
    act(eng, "recruit", what="Werewolf by Night")
    assert eng.obj("Werewolf by Night").zone == "hidden"


def test_permission_the_state_gave_names_no_card():
    # no card's effect gave it (the scenario's state): nothing whose text could be named
    eng = make(A_kod=["Werewolf by Night"])
    eng.obj("Werewolf by Night").flags.add(RECRUIT_FROM_KOD)  # no terms: no limit, no offered payment
    err = refusal(eng, "Werewolf by Night", **{"with": ["endurance"]})
    assert err.text is None and err.rules == []


def test_endurance_it_offers_that_cannot_be_paid_is_refused_by_the_givers_text():
    eng = make(A_hand=["Witching Hour"], A_kod=["Werewolf by Night"])
    eng.state.player_data["A"]["endurance"] = 1
    give_permission(eng, "Werewolf by Night")
    err = refusal(eng, "Werewolf by Night", **{"with": ["endurance"]})
    assert err.text == "Witching Hour" and err.rules == []
    assert eng.state.player_data["A"]["endurance"] == 1


def test_chosen_card_back_in_the_kod_pile_is_refused_by_212_5e():
    eng = make(A_hand=["Witching Hour"], A_kod=["Werewolf by Night", "Werewolf by Night"])
    give_permission(eng, "Werewolf by Night", "Werewolf by Night#2")
    act(eng, "recruit", what="Werewolf by Night")
    ko_back(eng, "Werewolf by Night")
    err = refusal(eng, "Werewolf by Night")
    assert err.rules == [rid("212.5e")] and err.text is None
    assert eng.obj("Werewolf by Night").zone == "kod"
    act(eng, "recruit", what="Werewolf by Night#2")  # the other chosen card never left: still chosen
    assert eng.obj("Werewolf by Night#2").zone == "hidden"


def test_chosen_card_back_in_a_later_turn_names_212_5e_and_the_givers_text():
    # both refuse: the new object has no permission, and the old one's had run out
    eng = make(A_hand=["Witching Hour"], A_kod=["Werewolf by Night"])
    give_permission(eng, "Werewolf by Night")
    act(eng, "recruit", what="Werewolf by Night")
    ko_back(eng, "Werewolf by Night")
    act(eng, "begin", what="turn")
    act(eng, "begin", what="build")
    err = refusal(eng, "Werewolf by Night")
    assert err.rules == [rid("212.5e")] and err.text == "Witching Hour"


def test_card_never_given_the_permission_names_nothing():
    eng = make(A_kod=["Werewolf by Night"])
    err = refusal(eng, "Werewolf by Night")
    assert "not in A's hand" in str(err) and err.rules == [] and err.text is None


def test_chosen_card_returned_to_hand_is_recruited_from_there():
    eng = make(A_hand=["Witching Hour"], A_kod=["Werewolf by Night"])
    give_permission(eng, "Werewolf by Night")
    eng.move(eng.obj("Werewolf by Night"), "hand", cause="return")
    act(eng, "recruit", what="Werewolf by Night")
    assert eng.obj("Werewolf by Night").zone == "hidden"


def test_returned_card_chosen_again_is_recruited():
    # "unless you play a new Witching Hour": a new permission names the new object
    eng = make(A_hand=["Witching Hour"], A_kod=["Werewolf by Night"])
    give_permission(eng, "Werewolf by Night")
    act(eng, "recruit", what="Werewolf by Night")
    ko_back(eng, "Werewolf by Night")
    give_permission(eng, "Werewolf by Night")
    act(eng, "recruit", what="Werewolf by Night")
    assert eng.obj("Werewolf by Night").zone == "hidden"


def test_212_5e_off_the_returned_card_keeps_the_permission():
    eng = make(ablate=[rid("212.5e")], A_hand=["Witching Hour"], A_kod=["Werewolf by Night"])
    give_permission(eng, "Werewolf by Night")
    act(eng, "recruit", what="Werewolf by Night")
    ko_back(eng, "Werewolf by Night")
    act(eng, "recruit", what="Werewolf by Night")
    assert eng.obj("Werewolf by Night").zone == "visible"  # 212.5e's concealed placement is off too
