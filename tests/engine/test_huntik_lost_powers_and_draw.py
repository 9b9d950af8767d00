"""Huntik: a card that lost its powers uses no action power, printed or granted (700.3 with 700.1),
and a 'may' whose draw can't be done in full is not offered (706.8). Each where it applies, where it
must not apply, and switched off."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from tests.engine.test_huntik import act, hand, make, play, rid


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


def _blast_gazed_then_back(ablate=(), off=()):
    """A uses Colossal Blast in a combat; on B's turn (same combat) Ashtoreth loses its powers; on
    A's next turn the power is back. ``off``: mechanic keys switched off alone (not their rule ids)."""
    eng = make(ablate, A={"zone1": ["Ashtoreth, Colossus"], "hand": ["Shadowspeed", "Breakspell", "Hyperstride"]},
               B={"zone1": ["Suit Grunt"], "hand": ["Nullifying Gaze"]})
    eng._off.update(off)
    eng._on_map = {**eng._on_map, **dict.fromkeys(off, False)}
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


def test_returned_power_new_when_only_that_mechanic_is_off():
    """returned_power_same alone off (700.3's other mechanic, lost_powers, on): the power that returns
    is a new one, its use limit starts again."""
    eng = _blast_gazed_then_back(off=["returned_power_same"])
    eng.choices["A"].append("Breakspell")
    eng.use("A", "Ashtoreth, Colossus", {})
    eng.pass_priority("all")
    assert eng.state.player_data["A"]["attacks"] == 8


def test_with_700_3_off_nothing_is_lost_so_nothing_returns():
    """700.3 off: Ashtoreth keeps its powers whatever Nullifying Gaze says (no powers_lost), so no power
    returns as a new one: its limit still counts its earlier use (701.3 refuses)."""
    eng = _blast_gazed_then_back([rid("700.3")])
    assert not any(ev.get("event") == "powers_lost" for ev in eng.events)
    eng.begin_check()
    with pytest.raises(ReplayError, match="limit 1 per combat"):
        eng.use("A", "Ashtoreth, Colossus", {})


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


@pytest.mark.parametrize("ablate,lok,new_timestamp", [((), 2, True), ((rid("700.3"),), 4, False)])
def test_gazed_sentinel_returns_after_iron_will_unless_700_3_off(ablate, lok, new_timestamp):
    """700.3 / 711.2d: the Sentinel's power, lost for the turn after Iron Will gave Lok 4 DEF, returns
    with a new timestamp, after Iron Will's: Lok 2. 700.3 off: the Sentinel never lost its power, so
    nothing returns and its timestamp stays the start of the game: Iron Will applies last, Lok 4."""
    eng = make(ablate, A={"zone1": ["Stoneward Sentinel", "Lok Lambert"], "hand": ["Iron Will", "Nullifying Gaze"]})
    play(eng, "A", "Iron Will", ["Lok Lambert"])
    play(eng, "A", "Nullifying Gaze", ["Stoneward Sentinel"])
    act(eng, "A", "pass_turn", True)
    assert (eng.obj("Stoneward Sentinel").timestamp != 0) is new_timestamp
    assert eng.obj_attr(eng.obj("Lok Lambert"), "def") == lok
    assert any(ev.get("event") == "powers_lost" for ev in eng.events) is new_timestamp
