"""Warhammer: Invasion, the cost of a card whose own text defines X (Shaggoth Champion: "X is the fewest
number of cards in any opponent's hand"): it defines X in and out of play
(faq:put-shaggoth-champion-into-play-call-brayherd, x_defined_everywhere), so playing it from hand costs
that number (costs._printed). Off: out of play X is 0. A card whose X the player chooses (Flames of
Tzeentch) still costs the X chosen: the rule must not apply to it."""
from __future__ import annotations

from judge.games.warhammer_invasion import costs
from tests.engine.test_whi_terms import make, rid

_OPP_HAND = [("Flames of Tzeentch", "F1"), ("Flames of Tzeentch", "F2"), ("Bladewind", "BW")]


def _paid(eng, label, action):
    steps = costs.play_costs(eng, "A", eng.obj(label), action)
    return sum(int(st["pay"]) for st in steps if "pay" in st)


def test_self_defined_x_costs_opponents_hand_size():
    eng = make(A={"hand": [("Shaggoth Champion", "Sh")]}, B={"hand": _OPP_HAND})
    assert _paid(eng, "Sh", {}) == 3


def test_self_defined_x_ignores_a_scripted_x():
    eng = make(A={"hand": [("Shaggoth Champion", "Sh")]}, B={"hand": _OPP_HAND[:1]})
    assert _paid(eng, "Sh", {"x": 5}) == 1


def test_self_defined_x_rule_off_is_zero_out_of_play():
    eng = make([rid("faq:put-shaggoth-champion-into-play-call-brayherd")],
               A={"hand": [("Shaggoth Champion", "Sh")]}, B={"hand": _OPP_HAND})
    assert _paid(eng, "Sh", {}) == 0


def test_chosen_x_card_costs_the_x_chosen():
    eng = make(A={"hand": [("Flames of Tzeentch", "Fl")]}, B={"hand": _OPP_HAND})
    assert _paid(eng, "Fl", {"x": 2}) == 2
