"""Warhammer: Invasion, 'You control all cards you own ... unless a card effect specifically changes who
controls the card' (faq:cards-control, mechanic control_changed_by_effect: movement.may_affect,
common.taking_control): an effect gives a card to another player, traced; switched off, every player
controls exactly the cards he owns (the effect changes nothing, the card stays in its owner's zones).
Where it must not apply: a card given back to its owner, a card put into play by its own owner, a card
no effect takes."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.test_whi_terms import make, rid

CONTROL = rid("faq:cards-control")
GORS = Path("rulings/warhammer-invasion/combat/blind5-stolen-savage-gors-count-their-controllers-developments.ruling.yaml")


def _taken(ablate=()):
    eng = make(ablate, B={"battlefield": [("Savage Gor", "Gor")]})
    eng.run_step({"gain_control": eng.obj("Gor"), "player": "A"}, {})
    eng.settle()
    return eng


def test_effect_gives_control_traced():
    eng = _taken()
    gor = eng.obj("Gor")
    assert gor.controller == "A" and gor.where == "A.battlefield"
    assert CONTROL in eng.step.rules


def test_switched_off_owner_keeps_it():
    eng = _taken([CONTROL])
    gor = eng.obj("Gor")
    assert gor.controller == "B" and gor.where == "B.battlefield"
    assert CONTROL not in eng.step.rules


def test_given_back_to_owner_not_traced():
    eng = _taken()
    eng.begin_step(2, "give back")
    eng.run_step({"gain_control": eng.obj("Gor"), "player": "B"}, {})
    eng.settle()
    assert eng.obj("Gor").controller == "B"
    assert CONTROL not in eng.step.rules


def test_card_no_effect_takes_is_its_owners():
    for ablate in ((), [CONTROL]):
        eng = make(ablate, A={"battlefield": [("Savage Gor", "Gor")]})
        eng.settle()
        assert eng.obj("Gor").controller == "A" and CONTROL not in eng.step.rules


def _put(owner, ablate=()):
    eng = make(ablate, **{owner: {"discard": [("Bloodsworn", "Bloodsworn")]}})
    eng.choices["A"] = ["battlefield"]  # the zone, a checked choice (putting.zone_to_put)
    eng.run_step({"put_into_play": eng.obj("Bloodsworn")}, eng.bindings_for(None, "A"))
    eng.settle()
    return eng


def test_put_into_play_under_your_control():
    eng = _put("B")
    assert eng.obj("Bloodsworn").where == "A.battlefield" and eng.obj("Bloodsworn").controller == "A"
    assert CONTROL in eng.step.rules
    eng = _put("B", [CONTROL])  # off: it enters play under its owner's control, in his zone
    assert eng.obj("Bloodsworn").where == "B.battlefield" and eng.obj("Bloodsworn").controller == "B"


def test_own_card_put_into_play_untouched():
    for ablate in ((), [CONTROL]):
        eng = _put("A", ablate)
        assert eng.obj("Bloodsworn").where == "A.battlefield"
        assert CONTROL not in eng.step.rules


def test_constant_effect_off_settles_with_owner():
    """Soul Stealer's constant effect switched off: the stolen unit stays its owner's and the state
    checks settle (no control effect retried at every check)."""
    out = replay(load_fixture(GORS), {CONTROL}, lenient=True)
    assert out.error is None
    gors = out.engine.obj("Savage Gors")
    assert gors.controller == "B" and out.status == "failed"
    assert replay(load_fixture(GORS)).status == "passed"


SELLSWORDS_STUCK = Path("rulings/warhammer-invasion/movement/veteran-sellswords-paranoia.ruling.yaml")


def test_switched_off_a_forced_move_to_the_opponent_changes_nothing():
    """A forced move that would give a card to another player (Veteran Sellswords to the opponent's
    battlefield) is a control change too: on, a closed zone makes the move impossible and the unit is
    sacrificed; off, no effect gives the card away, so there is no move to be stuck on."""
    on = replay(load_fixture(SELLSWORDS_STUCK))
    assert on.passed and on.engine.obj("Veteran Sellswords").zone == "discard"
    off = replay(load_fixture(SELLSWORDS_STUCK), {CONTROL}, lenient=True)
    sellswords = off.engine.obj("Veteran Sellswords")
    assert sellswords.where == "A.battlefield" and sellswords.controller == "A"
    assert not [e for e in off.engine.events if e["event"] == "move_impossible"]


GRUDGE = Path("rulings/warhammer-invasion/effects/"
              "blind6-grudgebearer-counts-dwarves-its-player-controls-as-they-leave-not-those-he-owns.ruling.yaml")


def test_constant_effect_off_card_effects_read_the_owner():
    """A constant effect setting control (Soul Stealer) switched off: a card effect asking who controls the
    unit ('one of your other [Dwarf] units', movement.effect_control) reads its owner, not the player the
    effect names -- Grudgebearer counts its player's own Dwarf, not the two he stole."""
    on = replay(load_fixture(GRUDGE))
    assert on.passed and on.engine.obj("Grudgebearer").counters.get("resource") == 2
    off = replay(load_fixture(GRUDGE), {CONTROL}, lenient=True)
    eng = off.engine
    assert eng.obj("Grudgebearer").counters.get("resource") == 1


def test_unit_no_effect_takes_reads_its_controller_either_way():
    for ablate in ((), [CONTROL]):
        eng = make(ablate, A={"battlefield": [("Savage Gor", "Gor")]})
        eng.settle()
        assert eng.obj_attr(eng.obj("Gor"), "controller") == "A"
