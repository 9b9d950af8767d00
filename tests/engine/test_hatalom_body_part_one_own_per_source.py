"""8.4.3's body-part sacrifice, the parts found by the fourth round of player scenarios:
* "feláldozhat egyet": one body part per galetki against one source -- a second one against the same
  source is refused; against another source it may be sacrificed again, and the galetki is protected
  again (one pair of replacements per galetki, no replacement-order choice);
* "testrészei": the galetki's gazda sacrifices his own body parts on it, not one the opponent played
  there (8.11.2: that one is the opponent's);
* "semmilyen hatása nem lesz": an 'enchant galetki' card a body part was sacrificed against is not put on
  the galetki (it goes to the discard pile as a card without a host);
* 8.2.2's "aktív torzszülött" refusal names 8.2.2.
Each with the rule on, off, and where it must not apply."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from .test_hatalom import make, rid


def _sacrifice(eng, player, part):
    eng.game.actions["sacrifice_part"](eng, player, {"sacrifice_part": part})


def _against(eng, card, targets, *parts, player="A"):
    """The opponent plays ``card``; ``player`` sacrifices ``parts`` in reaction; the chain resolves."""
    eng.play("B", card, {"targets": list(targets)})
    for part in parts:
        _sacrifice(eng, player, part)
    eng.pass_priority("all")
    eng.settle()


def _two_parts(ablate=()):
    eng = make(ablate, A={"reserve": ["Próba galetki 1/2"], "table": [("Próba testrész", "P1"), ("Próba testrész", "P2")]},
               B={"hand": ["Próba villám", "Próba tűzeső"], "vp": 2})
    for p in ("P1", "P2"):
        eng.obj(p).attached_to = eng.obj("Próba galetki 1/2").oid
    return eng


def test_second_body_part_against_the_same_source_is_refused():
    eng = _two_parts()
    eng.play("B", "Próba villám", {"targets": ["Próba galetki 1/2"]})
    _sacrifice(eng, "A", "P1")
    with pytest.raises(ReplayError, match="already sacrificed"):
        _sacrifice(eng, "A", "P2")
    eng.pass_priority("all")
    eng.settle()
    assert eng.obj("P2").zone == "table"
    assert eng.obj("Próba galetki 1/2").damage == 0


def test_second_body_part_against_the_same_source_with_8_4_3_off():
    eng = _two_parts(ablate=[rid("8.4.3")])
    _against(eng, "Próba villám", ["Próba galetki 1/2"], "P1", "P2")  # nothing refused: it protects nothing anyway
    assert eng.obj("Próba galetki 1/2").zone == "discard"


def test_another_source_another_body_part_protects_again():
    eng = _two_parts()
    _against(eng, "Próba villám", ["Próba galetki 1/2"], "P1")
    _against(eng, "Próba tűzeső", [], "P2")  # not refused: a new source
    g = eng.obj("Próba galetki 1/2")
    assert g.zone == "reserve" and g.damage == 0


def _opponents_part(ablate=()):
    eng = make(ablate, A={"hand": ["Próba testrész", "Próba villám"], "vp": 2}, B={"reserve": ["Próba galetki 1/2"]})
    eng.play("A", "Próba testrész", {"targets": ["Próba galetki 1/2"]})
    eng.pass_priority("all")
    eng.settle()
    eng.play("A", "Próba villám", {"targets": ["Próba galetki 1/2"]})
    return eng


def test_gazda_cannot_sacrifice_the_opponents_body_part():
    eng = _opponents_part()
    with pytest.raises(ReplayError, match="sacrifices only his own"):
        _sacrifice(eng, "B", "Próba testrész")


def test_with_8_11_2_off_the_body_part_is_his_and_he_may():
    eng = _opponents_part(ablate=[rid("8.11.2")])
    _sacrifice(eng, "B", "Próba testrész")
    eng.pass_priority("all")  # A's lightning resolves
    eng.settle()
    assert eng.obj("Próba galetki 1/2").zone == "reserve"


def _enchant(ablate=()):
    eng = make(ablate, active="B", A={"reserve": [("Próba galetki 1/2", "G1"), ("Próba galetki 1/2", "G2")],
                                      "table": ["Próba testrész"]},
               B={"hand": ["Próba gyengítő bűbáj galetkire"], "vp": 1})
    eng.obj("Próba testrész").attached_to = eng.obj("G1").oid
    return eng


def test_enchantment_against_a_sacrificed_body_part_is_not_put_on():
    eng = _enchant()
    _against(eng, "Próba gyengítő bűbáj galetkire", ["G1"], "Próba testrész")
    ench = eng.obj("Próba gyengítő bűbáj galetkire")
    assert ench.zone == "discard" and ench.controller == "B"
    assert eng.obj_attr(eng.obj("G1"), "dmg") == 1


def test_enchantment_put_on_with_8_4_3_off():
    eng = _enchant(ablate=[rid("8.4.3")])
    _against(eng, "Próba gyengítő bűbáj galetkire", ["G1"], "Próba testrész")
    assert eng.obj("Próba gyengítő bűbáj galetkire").zone == "table"
    assert eng.obj_attr(eng.obj("G1"), "dmg") == 0


def test_enchantment_on_a_galetki_nothing_was_sacrificed_for():
    eng = _enchant()
    _against(eng, "Próba gyengítő bűbáj galetkire", ["G2"])
    ench = eng.obj("Próba gyengítő bűbáj galetkire")
    assert ench.zone == "table" and ench.attached_to == eng.obj("G2").oid
    assert eng.obj_attr(eng.obj("G2"), "dmg") == 0


def test_passive_torzszulott_refusal_names_8_2_2():
    eng = make(A={"reserve": ["Próba galetki 1/2", "Próba torzszülött 2/2"]})
    eng.obj("Próba torzszülött 2/2").exhausted = True
    with pytest.raises(ReplayError, match="passive") as err:
        eng.game.actions["grow"](eng, "A", {"grow": "Próba torzszülött 2/2"})
    assert rid("8.2.2") in err.value.rules
