"""Huntik: always-on powers that return together (their 'this turn' losses end as one turn ends)
start to apply simultaneously (700.3, 711.2d): one new timestamp, which 711.3 orders (the lead
player's modifiers first). Where it applies (both lead players), where it must not (one power
returns alone: its new timestamp is simply the latest), and switched off."""
from __future__ import annotations

from tests.engine.test_huntik import make, play, rid


def _both_gazed(lead, ablate=()):
    eng = make(ablate, lead=lead,
               A={"zone1": [("Stoneward Sentinel", "Stoneward Sentinel", {"entered": 2}),
                            ("Lok Lambert", "Lok Lambert", {"entered": 1})],
                  "hand": [("Nullifying Gaze", "Gaze1"), ("Nullifying Gaze", "Gaze2")]},
               B={"zone1": [("Ironhide Sentinel", "Ironhide Sentinel", {"entered": 1}),
                            ("Zhalia Moon", "Zhalia Moon", {"entered": 1})]})
    play(eng, "A", "Gaze1", ["Stoneward Sentinel"])
    play(eng, "A", "Gaze2", ["Ironhide Sentinel"])
    eng.game.actions["pass_turn"](eng, "A", {"pass_turn": True})
    eng.settle()
    return eng


def _def(eng, label):
    return eng.characteristics()[eng.obj(label).oid]["def"]


def test_returning_together_share_one_timestamp():
    eng = _both_gazed("A")
    assert eng.obj("Stoneward Sentinel").timestamp == eng.obj("Ironhide Sentinel").timestamp


def test_lead_a_orders_his_returning_stoneward_first():
    eng = _both_gazed("A")
    assert (_def(eng, "Lok Lambert"), _def(eng, "Zhalia Moon"), _def(eng, "Ironhide Sentinel")) == (5, 5, 2)


def test_lead_b_orders_his_returning_ironhide_first():
    eng = _both_gazed("B")
    assert (_def(eng, "Lok Lambert"), _def(eng, "Zhalia Moon"), _def(eng, "Stoneward Sentinel")) == (2, 2, 5)


def test_lead_b_switched_off_the_listing_order_stands():
    """711.3 off: the simultaneous modifiers are not ordered by the lead player."""
    eng = _both_gazed("B", [rid("711.3")])
    assert _def(eng, "Lok Lambert") == 5


def test_one_power_returning_alone_is_simply_latest():
    """Not where 711.3 applies: only Ironhide was gazed; its modifier returns after Stoneward's."""
    eng = make(lead="B",
               A={"zone1": [("Stoneward Sentinel", "Stoneward Sentinel", {"entered": 2}),
                            ("Lok Lambert", "Lok Lambert", {"entered": 1})],
                  "hand": ["Nullifying Gaze"]},
               B={"zone1": [("Ironhide Sentinel", "Ironhide Sentinel", {"entered": 1})]})
    play(eng, "A", "Nullifying Gaze", ["Ironhide Sentinel"])
    eng.game.actions["pass_turn"](eng, "A", {"pass_turn": True})
    eng.settle()
    assert eng.obj("Ironhide Sentinel").timestamp > eng.obj("Stoneward Sentinel").timestamp
    assert _def(eng, "Lok Lambert") == 5


def _oath_and_gazes(lead, gaze_stoneward=True, ablate=()):
    """A's Stoneward (printed) and B's Zhalia with a given 'Other friendly heroes have 3 DEF'."""
    eng = make(ablate, lead=lead, round=2,
               A={"zone1": ["Stoneward Sentinel", "Lok Lambert"],
                  "hand": ["Shieldbearer's Oath", ("Nullifying Gaze", "Gaze1"), ("Nullifying Gaze", "Gaze2")]},
               B={"zone1": ["Zhalia Moon", "Suit Grunt"]})
    play(eng, "A", "Shieldbearer's Oath", ["Zhalia Moon"])
    if gaze_stoneward:
        play(eng, "A", "Gaze1", ["Stoneward Sentinel"])
    play(eng, "A", "Gaze2", ["Zhalia Moon"])
    eng.game.actions["pass_turn"](eng, "A", {"pass_turn": True})
    eng.settle()
    return eng


def test_given_power_returns_with_a_printed_one_lead_b_first():
    eng = _oath_and_gazes("B")
    assert _def(eng, "Suit Grunt") == 2  # B's returning given power first, A's Stoneward last


def test_given_power_returns_with_a_printed_one_lead_a_first():
    eng = _oath_and_gazes("A")
    assert _def(eng, "Suit Grunt") == 3  # A's Stoneward first, the power on B's Zhalia last


def test_given_power_returning_switched_off_keeps_the_time_it_was_given():
    """711.2d's new timestamp off: Stoneward keeps the start of the game, the given power the time it
    was given (later): the given one applies last even with B leading."""
    eng = _oath_and_gazes("B", ablate=[rid("711.2d")])
    assert _def(eng, "Suit Grunt") == 3


def test_given_power_returning_alone_is_latest():
    """Not simultaneous: only Zhalia was gazed; her given power returns after Stoneward's."""
    eng = _oath_and_gazes("B", gaze_stoneward=False)
    assert _def(eng, "Suit Grunt") == 3
