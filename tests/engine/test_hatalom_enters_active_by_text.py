"""A creature whose own text says it comes into play active ('Aktívan kerül játékba', data
``enters: {exhausted: false}``): played from hand it is active despite 8.1.2, and a source bringing it into
play without saying how brings it active, as it would come from hand (8.1.2.1). A plain creature stays
passive (where the text must not apply); with 8.1.2 off every played creature is active. And 8.9.3 for
'leaves play' triggers: a replaced location is not seen, a creature leaving play is."""
from __future__ import annotations

from .test_hatalom import make, rid


def _resolve(eng, card, choose=()):
    eng.choices["A"] = list(choose)
    eng.play("A", card, {})
    eng.pass_priority("all")
    eng.settle()


def _hand(ablate=(), *cards):
    return make(ablate, A={"hand": list(cards), "vp": 6})


def test_played_from_hand_active_by_its_text():
    eng = _hand((), "Próba fürge torzszülött 2/2", "Próba torzszülött 2/2")
    _resolve(eng, "Próba fürge torzszülött 2/2")
    _resolve(eng, "Próba torzszülött 2/2")
    assert not eng.obj("Próba fürge torzszülött 2/2").exhausted
    assert eng.obj("Próba torzszülött 2/2").exhausted


def test_plain_creature_active_with_8_1_2_off():
    eng = _hand([rid("8.1.2")], "Próba torzszülött 2/2")
    _resolve(eng, "Próba torzszülött 2/2")
    assert not eng.obj("Próba torzszülött 2/2").exhausted


def test_summoned_without_saying_how_comes_as_from_hand():
    eng = _hand((), ("Próba idézés", "I1"), ("Próba idézés", "I2"), "Próba fürge torzszülött 2/2", "Próba torzszülött 2/2")
    _resolve(eng, "I1", ["Próba fürge torzszülött 2/2"])
    _resolve(eng, "I2", ["Próba torzszülött 2/2"])
    quick, plain = eng.obj("Próba fürge torzszülött 2/2"), eng.obj("Próba torzszülött 2/2")
    assert quick.zone == plain.zone == "reserve"
    assert not quick.exhausted and plain.exhausted


def _mourner(ablate=()):
    eng = make(ablate, A={"table": ["Próba sirató építmény", "Próba helyszín"], "hand": ["Próba másik helyszín"],
                          "vp": 1})
    _resolve(eng, "Próba másik helyszín")
    return eng


def test_replaced_location_not_seen_by_leaves_play_trigger():
    assert _mourner().state.player_data["A"]["vp"] == 0


def test_replaced_location_seen_with_8_9_3_off():
    assert _mourner([rid("8.9.3")]).state.player_data["A"]["vp"] == 1


# the other direction: an item whose own text says it comes into play passive ('Passzívan kerül játékba',
# ``enters: {exhausted: true}``) is passive despite 8.7; a plain item is active (the text must not apply)
def test_item_passive_by_its_text_plain_item_active():
    eng = _hand((), "Próba rozsdás íj", "Próba íj")
    _resolve(eng, "Próba rozsdás íj")
    _resolve(eng, "Próba íj")
    assert eng.obj("Próba rozsdás íj").exhausted
    assert not eng.obj("Próba íj").exhausted


def test_item_passive_by_its_text_with_8_7_off_too():
    # without 8.7 items enter passive anyway: both are passive
    eng = _hand((rid("8.7"),), "Próba rozsdás íj", "Próba íj")
    _resolve(eng, "Próba rozsdás íj")
    _resolve(eng, "Próba íj")
    assert eng.obj("Próba rozsdás íj").exhausted and eng.obj("Próba íj").exhausted
