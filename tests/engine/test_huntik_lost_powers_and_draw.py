"""Huntik: a card that lost its powers uses no action power, printed or granted (700.3 with 700.1),
and a 'may' whose draw can't be done in full is not offered (706.8). Each where it applies, where it
must not apply, and switched off."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from tests.engine.test_huntik import hand, make, play, rid


def _gazed_dante(ablate=()):
    eng = make(ablate, A={"zone1": ["Dante Vale"], "hand": ["Nullifying Gaze"]}, B={"zone1": ["Suit Grunt"]})
    play(eng, "A", "Nullifying Gaze", ["Dante Vale"])
    return eng


def test_lost_powers_no_printed_action_power():
    eng = _gazed_dante()
    eng.begin_check()
    with pytest.raises(ReplayError, match="lost its powers"):
        eng.use("A", "Dante Vale", {"targets": ["Suit Grunt"]})
    assert rid("700.3") in eng.step.rules


def test_lost_powers_switched_off_the_power_is_used():
    eng = _gazed_dante([rid("700.3")])
    eng.use("A", "Dante Vale", {"targets": ["Suit Grunt"]})
    eng.pass_priority("all")
    assert eng.obj("Suit Grunt").zone == "discard"


def test_a_card_with_its_powers_uses_them():
    """Not where the rule doesn't apply: another hero than the one that lost its powers."""
    eng = make(A={"zone1": ["Dante Vale", "Lok Lambert"], "hand": ["Nullifying Gaze"]}, B={"zone1": ["Suit Grunt"]})
    play(eng, "A", "Nullifying Gaze", ["Lok Lambert"])
    eng.use("A", "Dante Vale", {"targets": ["Suit Grunt"]})
    eng.pass_priority("all")
    assert eng.obj("Suit Grunt").zone == "discard"


def _thundercut_then_gaze(ablate=()):
    eng = make(ablate, round=3, A={"zone1": ["Lok Lambert"], "hand": ["Thundercut", "Nullifying Gaze"]},
               B={"zone1": ["Suit Grunt"]})
    play(eng, "A", "Thundercut", ["Lok Lambert"])
    play(eng, "A", "Nullifying Gaze", ["Lok Lambert"])
    return eng


def test_lost_powers_include_a_granted_power():
    eng = _thundercut_then_gaze()
    with pytest.raises(ReplayError, match="lost its powers"):
        eng.use("A", "Lok Lambert", {"ability": "Thundercut", "targets": ["Suit Grunt"]})


def test_granted_power_back_when_the_powers_return():
    eng = _thundercut_then_gaze()
    eng.game.actions["pass_turn"](eng, "A", {"pass_turn": True})
    eng.game.actions["pass_turn"](eng, "B", {"pass_turn": True})
    eng.use("A", "Lok Lambert", {"ability": "Thundercut", "targets": ["Suit Grunt"]})
    eng.pass_priority("all")
    assert eng.obj("Suit Grunt").zone == "discard"


def _gambit(deck, ablate=()):
    eng = make(ablate, A={"zone1": ["Lok Lambert"], "hand": ["Desperate Gambit", "Shadowspeed", "Breakspell"],
                          "deck": deck})
    return eng


def test_may_not_offered_when_the_draw_cannot_be_done_in_full():
    eng = _gambit(["Augerfrost"])
    play(eng, "A", "Desperate Gambit")
    assert hand(eng, "A") == 2 and len(eng.zone_objs("A", "deck")) == 1


def test_may_offered_with_enough_cards_in_the_deck():
    eng = _gambit(["Augerfrost", "Hyperstride", "Avoidance"])
    play(eng, "A", "Desperate Gambit", choices=["yes", "Shadowspeed", "Breakspell"])
    assert hand(eng, "A") == 3 and not eng.zone_objs("A", "deck")


def test_may_needs_full_switched_off_offers_it_anyway():
    eng = _gambit(["Augerfrost"], [rid("706.8")])
    play(eng, "A", "Desperate Gambit", choices=["yes", "Shadowspeed", "Breakspell"])
    assert len(eng.zone_objs("A", "discard")) == 3  # the Gambit and the two discarded cards


def _blast_gazed_then_back(ablate=()):
    """A uses Colossal Blast in a combat; on B's turn (same combat) Ashtoreth loses its powers; on
    A's next turn the power is back."""
    eng = make(ablate, A={"zone1": ["Ashtoreth, Colossus"], "hand": ["Shadowspeed", "Breakspell", "Hyperstride"]},
               B={"zone1": ["Suit Grunt"], "hand": ["Nullifying Gaze"]})
    eng.game.actions["start"](eng, None, {"start": "combat"})
    eng.choices["A"].append("Shadowspeed")
    eng.use("A", "Ashtoreth, Colossus", {})
    eng.pass_priority("all")
    eng.game.actions["pass_turn"](eng, "A", {"pass_turn": True})
    play(eng, "B", "Nullifying Gaze", ["Ashtoreth, Colossus"])
    eng.game.actions["pass_turn"](eng, "B", {"pass_turn": True})
    return eng


def test_returned_power_is_the_same_power_its_limit_still_counts():
    eng = _blast_gazed_then_back()
    eng.begin_check()
    with pytest.raises(ReplayError, match="limit 1 per combat"):
        eng.use("A", "Ashtoreth, Colossus", {})
    assert rid("700.3") in eng.step.rules  # recorded as the power returned (the same power)


def test_returned_power_new_when_switched_off():
    eng = _blast_gazed_then_back([rid("700.3")])
    eng.choices["A"].append("Breakspell")
    eng.use("A", "Ashtoreth, Colossus", {})
    eng.pass_priority("all")
    assert eng.state.player_data["A"]["attacks"] == 8


def test_power_never_lost_keeps_its_limit_without_the_rule():
    """Not where 700.3 applies: Ashtoreth never lost its powers; the limit alone refuses (701.3)."""
    eng = make(A={"zone1": ["Ashtoreth, Colossus"], "hand": ["Shadowspeed", "Breakspell"]}, B={"zone1": ["Suit Grunt"]})
    eng.game.actions["start"](eng, None, {"start": "combat"})
    eng.choices["A"].append("Shadowspeed")
    eng.use("A", "Ashtoreth, Colossus", {})
    eng.pass_priority("all")
    with pytest.raises(ReplayError, match="limit 1 per combat"):
        eng.use("A", "Ashtoreth, Colossus", {})


def _gazed_venadek(ablate=()):
    eng = make(ablate, A={"zone1": ["Lok Lambert"], "hand": ["Nullifying Gaze"]},
               B={"zone1": ["Venadek, Scruffy Scrapper", "Storm Gladiator, Wind and Metal"]})
    play(eng, "A", "Nullifying Gaze", ["Venadek, Scruffy Scrapper"])
    return eng


def test_lost_powers_include_printed_keywords():
    """700.1: a keyword is a power: a card that lost its powers has none; another card keeps its own."""
    eng = _gazed_venadek()
    assert "unblockable" not in eng.obj_attr(eng.obj("Venadek, Scruffy Scrapper"), "keywords")
    assert "unblockable" in eng.obj_attr(eng.obj("Storm Gladiator, Wind and Metal"), "keywords")


def test_keywords_back_when_the_powers_return_or_switched_off():
    eng = _gazed_venadek()
    eng.game.actions["pass_turn"](eng, "A", {"pass_turn": True})
    assert "unblockable" in eng.obj_attr(eng.obj("Venadek, Scruffy Scrapper"), "keywords")
    eng = _gazed_venadek([rid("700.3")])
    assert "unblockable" in eng.obj_attr(eng.obj("Venadek, Scruffy Scrapper"), "keywords")
