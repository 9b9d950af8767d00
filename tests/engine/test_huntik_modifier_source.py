"""Huntik 706.6: the source of a modifier a triggered modifier creates is the original's source ('I'
is the card whose power created it); where the text names no source, or the power is a card's own
triggered power, the rule has nothing to decide. On, switched off, and where it must not apply."""
from __future__ import annotations

from tests.engine.test_huntik import act, effect, make, play, rid


def _avenger(ablate=()):
    eng = make(ablate, A={"zone1": ["Lok Lambert"], "hand": ["Sworn Avenger"]}, B={"zone1": ["Suit Grunt"]})
    play(eng, "A", "Sworn Avenger")
    effect(eng, "B", [{"ko": "Lok Lambert"}])
    return eng


def test_triggered_modifier_bonus_goes_to_its_source():
    eng = _avenger()
    assert eng.obj_attr(eng.obj("Sworn Avenger"), "atk") == 2
    assert rid("706.6") in eng.step.rules


def test_switched_off_the_bonus_names_no_card():
    eng = _avenger([rid("706.6")])
    assert eng.obj_attr(eng.obj("Sworn Avenger"), "atk") == 1
    assert eng.obj("Lok Lambert").zone == "discard"


def test_text_naming_no_source_is_not_this_rules():
    """Set a Trap's triggered modifier stuns 'it' (the moved hero): the same with the rule off, untraced."""
    for ablate in ((), (rid("706.6"),)):
        eng = make(ablate, A={"zone1": ["Lok Lambert", "Zhalia Moon"], "hand": ["Set a Trap"], "deck": ["Avoidance"]},
                   B={"zone1": ["Suit Grunt"]})
        play(eng, "A", "Set a Trap", choices=["zone2"], exhaust="Lok Lambert")
        eng.begin_step(2, "move")
        effect(eng, "A", [{"move": "Zhalia Moon", "to": "zone2"}])
        assert "stunned" in eng.obj("Zhalia Moon").flags
        assert rid("706.6") not in eng.step.rules


def test_a_cards_own_triggered_power_is_not_a_modifiers_modifier():
    """War Drummer's 'when I enter play' is its own triggered power: switched off, it still works."""
    eng = make([rid("706.6")], A={"zone1": ["Lok Lambert"], "hand": ["War Drummer"]})
    play(eng, "A", "War Drummer")
    assert eng.obj_attr(eng.obj("Lok Lambert"), "atk") == 4


def test_the_bonus_and_the_watch_end_with_the_round():
    eng = make(A={"zone1": ["Lok Lambert", "Zhalia Moon"], "hand": ["Sworn Avenger"]}, B={"zone1": ["Suit Grunt"]})
    play(eng, "A", "Sworn Avenger")
    effect(eng, "B", [{"ko": "Lok Lambert"}])
    act(eng, None, "start", "round")
    effect(eng, "B", [{"ko": "Zhalia Moon"}])
    assert eng.obj_attr(eng.obj("Sworn Avenger"), "atk") == 1
