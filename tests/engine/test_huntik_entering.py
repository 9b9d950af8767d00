"""Huntik 705.1b (entering.py): 'come into play exhausted / with counters' modifiers other cards give an
entering card, processed cumulatively with its own; 'come into play [do something] or eliminate me'
(done when the controller can and will, else eliminated); a card put into play by an effect processes
its own modifiers too. Each switched off, and where it must not apply (an enemy card, a card already
in play, a card that is not a hero)."""
from __future__ import annotations

from tests.engine.test_huntik import effect, make, play, rid


def test_other_cards_counters_add_to_the_cards_own():
    eng = make(A={"features": ["Training Grounds"], "hand": ["Armored Recruit"]})
    play(eng, "A", "Armored Recruit")
    o = eng.obj("Armored Recruit")
    assert o.counters == {"+1 DEF": 2} and o.exhausted and eng.obj_attr(o, "def") == 3


def test_switched_off_no_counter_from_another_card():
    """705.1b also binds the core's enters_with_modifiers (off: the card enters in its default state and is
    modified afterwards), so switched off the Recruit gets only its own counter, after it entered -- the
    Training Grounds' none (come_into_play_modifiers off)."""
    eng = make([rid("705.1b")], A={"features": ["Training Grounds"], "hand": ["Armored Recruit"]})
    play(eng, "A", "Armored Recruit")
    assert eng.obj("Armored Recruit").counters == {"+1 DEF": 1}


def test_an_enemy_hero_and_a_hero_already_in_play_get_no_counter():
    eng = make(active="B", A={"features": ["Training Grounds"], "zone1": ["Lok Lambert"]},
               B={"hand": ["Suit Grunt"]})
    play(eng, "B", "Suit Grunt")
    assert eng.obj("Suit Grunt").counters == {} and eng.obj("Lok Lambert").counters == {}


def test_enemy_heroes_enter_exhausted_friendly_ones_ready():
    eng = make(active="B", A={"features": ["Quagmire"], "hand": ["Seeker Recruit"]}, B={"hand": ["Suit Grunt"]})
    play(eng, "B", "Suit Grunt")
    assert eng.obj("Suit Grunt").exhausted
    assert not any(e["event"] == "exhausted" for e in eng.events)  # it never entered ready
    eng.state.vars["active"] = "A"
    play(eng, "A", "Seeker Recruit")
    assert not eng.obj("Seeker Recruit").exhausted


def test_switched_off_enemy_heroes_enter_ready():
    eng = make([rid("705.1b")], active="B", A={"features": ["Quagmire"]}, B={"hand": ["Suit Grunt"]})
    play(eng, "B", "Suit Grunt")
    assert not eng.obj("Suit Grunt").exhausted


def test_come_into_play_discarding_or_eliminate_me():
    eng = make(A={"hand": ["Reckless Mercenary", "Shadowspeed"]})
    play(eng, "A", "Reckless Mercenary", choices=["yes"])
    assert eng.obj("Reckless Mercenary").zone == "zone1" and eng.obj("Reckless Mercenary").exhausted
    assert eng.obj("Shadowspeed").zone == "discard"


def test_declined_or_impossible_the_card_is_eliminated():
    eng = make(A={"hand": ["Reckless Mercenary", "Shadowspeed"]})
    play(eng, "A", "Reckless Mercenary", choices=["no"])
    assert eng.obj("Reckless Mercenary").zone == "discard" and eng.obj("Shadowspeed").zone == "hand"
    eng = make(A={"hand": ["Reckless Mercenary"]})
    play(eng, "A", "Reckless Mercenary")
    assert any(e["event"] == "zone_change" and e.get("cause") == "eliminate" for e in eng.events)


def test_switched_off_the_card_stays_without_discarding():
    eng = make([rid("705.1b")], A={"hand": ["Reckless Mercenary"]})
    play(eng, "A", "Reckless Mercenary")
    assert eng.obj("Reckless Mercenary").zone == "zone1"


def test_a_card_put_into_play_by_an_effect_processes_its_own():
    eng = make(A={"discard": ["Storm Gladiator, Wind and Metal", "Armored Recruit"]})
    effect(eng, "A", [{"move": "Storm Gladiator, Wind and Metal", "to": "zone1"},
                      {"move": "Armored Recruit", "to": "zone2"}])
    assert eng.obj("Storm Gladiator, Wind and Metal").exhausted
    assert eng.obj("Armored Recruit").exhausted and eng.obj("Armored Recruit").counters == {"+1 DEF": 1}


def test_a_card_moved_within_play_does_not_enter_again():
    eng = make(A={"features": ["Training Grounds"], "zone1": ["Lok Lambert"]})
    effect(eng, "A", [{"move": "Lok Lambert", "to": "zone2"}])
    assert eng.obj("Lok Lambert").counters == {} and not eng.obj("Lok Lambert").exhausted
