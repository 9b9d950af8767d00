"""Huntik rules whose switching off must do what their text says (review of the blind-20 fixtures):
711.1 also orders the timestamps 711.3 gives simultaneous modifiers; 711.2a and 711.2b give the cards
there from the start of the game the start of the game as their timestamp, in play and in a pile alike;
709.1 uses up a 'next time' triggered modifier once it has triggered; 701.2 makes a card with no
controller its owner's ("friendly" to it). Each where it applies, where it must not, and switched off."""
from __future__ import annotations

import pytest

from tests.engine.test_huntik import effect, hand, make, play, rid


def dfn(eng, label):
    return eng.obj_attr(eng.obj(label), "def")


# -- 711.1: timestamp order, the order 711.3 gives simultaneous modifiers included -----------------

def _sentinels_enter_together(ablate=()):
    """A (the lead player) puts B's Ironhide (5 DEF) and his own Stoneward (2 DEF) into play at once."""
    eng = make(ablate, lead="A", A={"zone1": ["Lok Lambert"], "hand": ["Stoneward Sentinel"]},
               B={"hand": ["Ironhide Sentinel"]})
    effect(eng, "A", [{"move": ["Ironhide Sentinel", "Stoneward Sentinel"], "to": "zone1"}])
    return eng


@pytest.mark.parametrize("ablate,lok", [((), 5), ((rid("711.1"),), 2), ((rid("711.3"),), 2)])
def test_simultaneous_modifiers_apply_in_the_timestamp_order_711_3_gave_them(ablate, lok):
    """711.3 timestamps the lead player's Stoneward first, B's Ironhide after; 711.1 applies them in that
    order (Lok 5). Off, reverse timestamp order: Ironhide first, Stoneward's 2 last. (711.3 off: the order
    the effect moved them in, Ironhide first, as 711.1 on applies it.)"""
    eng = _sentinels_enter_together(ablate)
    assert dfn(eng, "Lok Lambert") == lok
    if not ablate:
        assert rid("711.1") in eng.step.rules and rid("711.3") in eng.step.rules


@pytest.mark.parametrize("ablate,lok", [((), 5), ((rid("711.1"),), 2)])
def test_modifiers_of_different_timestamps_still_reverse(ablate, lok):
    eng = make(ablate, A={"zone1": ["Lok Lambert", ("Stoneward Sentinel", "Stoneward Sentinel", {"entered": 2})]},
               B={"zone1": [("Ironhide Sentinel", "Ironhide Sentinel", {"entered": 5})]})
    assert dfn(eng, "Lok Lambert") == lok


def test_one_modifier_alone_has_no_order():
    for ablate in ((), (rid("711.1"),)):
        eng = make(ablate, A={"zone1": ["Lok Lambert"]}, B={"zone1": ["Ironhide Sentinel"]})
        assert dfn(eng, "Lok Lambert") == 5
        assert rid("711.1") not in eng.step.rules


# -- 711.2a / 711.2b: the start of the game, in play and in a pile ---------------------------------

def _pile_guardian_and_sentinel(lead, ablate=(), sentinel_entered=0):
    """A's Fallen Guardian ("While I'm in your discard pile, friendly heroes have 3 DEF") in A's discard
    pile and B's Stoneward Sentinel ("All other heroes have 2 DEF") in play, both since the start."""
    eng = make(ablate, lead=lead, A={"zone1": ["Lok Lambert"], "discard": ["Fallen Guardian"]},
               B={"zone1": [("Stoneward Sentinel", "Stoneward Sentinel", {"entered": sentinel_entered})]})
    eng.hooks.setup(eng, {})
    return eng


@pytest.mark.parametrize("lead,ablate,lok", [
    ("B", (), 3), ("B", (rid("711.2b"),), 2), ("B", (rid("711.2a"),), 3),
    ("A", (), 2), ("A", (rid("711.2a"),), 3), ("A", (rid("711.2b"),), 2),
])
def test_in_play_and_in_the_pile_since_the_start_start_together(lead, ablate, lok):
    """On: one timestamp, the lead player's modifier first (711.3). A clause switched off leaves its card
    the time it entered its area as the game was set up, before the start: its modifier applies first."""
    eng = _pile_guardian_and_sentinel(lead, ablate)
    assert dfn(eng, "Lok Lambert") == lok


def test_both_clauses_are_traced_where_such_cards_start_together():
    eng = make(lead="B", A={"zone1": ["Lok Lambert"], "discard": ["Fallen Guardian"]},
               B={"zone1": ["Stoneward Sentinel"]})
    eng.hooks.setup(eng, {})
    assert rid("711.2a") in eng.step.rules and rid("711.2b") in eng.step.rules


@pytest.mark.parametrize("ablate", [(), (rid("711.2a"),), (rid("711.2b"),)])
def test_a_card_that_entered_play_later_starts_with_nothing(ablate):
    """The Sentinel entered play at time 5: the Guardian's start-of-game modifier is earlier whatever
    the clauses say (nothing starts together, nothing traced): Lok 2."""
    eng = _pile_guardian_and_sentinel("B", ablate, sentinel_entered=5)
    assert rid("711.2a") not in eng.step.rules and rid("711.2b") not in eng.step.rules
    assert dfn(eng, "Lok Lambert") == 2


def test_a_card_whose_power_does_not_function_in_its_pile_is_not_counted():
    """A Stoneward in the discard pile has no power there (700.2): the Sentinel in play is alone."""
    eng = make(lead="B", A={"zone1": ["Lok Lambert"], "discard": ["Stoneward Sentinel"]},
               B={"zone1": ["Ironhide Sentinel"]})
    eng.hooks.setup(eng, {})
    assert rid("711.2a") not in eng.step.rules and rid("711.2b") not in eng.step.rules
    assert dfn(eng, "Lok Lambert") == 5


# -- 709.1: a 'next time' triggered modifier is used up once it has triggered ----------------------

def _watchful_eye(ablate=()):
    eng = make(ablate, A={"zone1": ["Lok Lambert", "Zhalia Moon"], "hand": ["Watchful Eye"],
                          "deck": ["Shadowspeed", "Breakspell", "Hyperstride"]}, B={"zone1": ["Suit Grunt"]})
    play(eng, "A", "Watchful Eye")
    return eng


@pytest.mark.parametrize("ablate,drawn", [((), 1), ((rid("709.1"),), 2)])
def test_next_time_modifier_is_used_up_once_it_triggered(ablate, drawn):
    eng = _watchful_eye(ablate)
    effect(eng, "B", [{"ko": "Lok Lambert"}])
    if not ablate:
        assert rid("709.1") in eng.step.rules
    effect(eng, "B", [{"ko": "Zhalia Moon"}])
    assert hand(eng, "A") == drawn


def test_next_time_modifier_not_yet_triggered_is_not_used_up():
    """An enemy KO is no event it watches for: it still waits (nothing used up, nothing traced)."""
    eng = _watchful_eye()
    eng.begin_step(2, "enemy ko")
    effect(eng, "A", [{"ko": "Suit Grunt"}])
    assert [e for e in eng.state.effects if e.kind == "trigger"]
    assert rid("709.1") not in eng.step.rules
    effect(eng, "B", [{"ko": "Lok Lambert"}])
    assert hand(eng, "A") == 1


# -- 701.2: a card with no controller is its owner's ------------------------------------------------

def _taken_guardian_kod(ablate=()):
    """B controls A's Fallen Guardian; it is KO'd into A's discard pile, where its power functions."""
    eng = make(ablate, A={"zone1": ["Sophie Casterwill"]}, B={"zone1": ["Suit Grunt"]})
    g = eng.create(eng.pool.get("Fallen Guardian"), "Fallen Guardian", owner="A", side="B", zone="zone1",
                   controller="B")
    assert g.controller == "B"
    effect(eng, "A", [{"ko": "Fallen Guardian"}])
    return eng


@pytest.mark.parametrize("ablate,sophie,grunt", [((), 3, 2), ((rid("701.2"),), 5, 2)])
def test_friendly_to_a_card_in_a_pile_means_its_owners(ablate, sophie, grunt):
    eng = _taken_guardian_kod(ablate)
    assert eng.obj("Fallen Guardian").zone == "discard"
    assert (dfn(eng, "Sophie Casterwill"), dfn(eng, "Suit Grunt")) == (sophie, grunt)
    if not ablate:
        assert rid("701.2") in eng.step.rules


def test_a_card_in_play_is_its_controllers_not_this_rules():
    """In play a card's controller is read as it is: 701.2's 'its owner if it has no controller' is not
    asked (nor traced), and switched off it changes nothing there."""
    for ablate in ((), (rid("701.2"),)):
        eng = make(ablate, A={"zone1": ["Lok Lambert"]}, B={"zone1": ["Stoneward Sentinel"]})
        assert eng.obj_attr(eng.obj("Stoneward Sentinel"), "controller") == "B"
        assert dfn(eng, "Lok Lambert") == 2
        assert rid("701.2") not in eng.step.rules
