"""Warhammer: Invasion, Feared's choice of 'target units' targets (clarification:target, mechanic
keyword_choice_targets): the attacker pays the target tax of a unit he chooses (King Kazador's 3), none
for his own or an untaxed unit, none with the mechanic off; and a unit whose text box Feared blanks
taxes nothing (targeting.target_taxes: a blank text box has no constant effect)."""
from __future__ import annotations

from judge.games.warhammer_invasion import keywords, targeting
from tests.engine.test_whi_terms import make, rid

TARGET = rid("clarification:target")


def _board(ablate=()):
    eng = make(ablate, A={"battlefield": [("Illustrative Terror", "Terror"), ("Dark Zealot", "Zealot")]},
               B={"kingdom": [("King Kazador", "Kaz"), ("Hag Queen", "Queen")]})
    return eng


def test_choosing_kazador_with_feared_pays_his_tax():
    eng = _board()
    assert keywords.keyword_target_taxes(eng, "A", eng.obj("Terror"), ["Kaz"]) == [{"pay": 3}]


def test_no_tax_for_an_untaxed_or_own_unit():
    eng = _board()
    assert keywords.keyword_target_taxes(eng, "A", eng.obj("Terror"), ["Queen"]) == []
    assert keywords.keyword_target_taxes(eng, "B", eng.obj("Terror"), ["Kaz"]) == []  # his own Kazador
    assert keywords.keyword_target_taxes(eng, "A", eng.obj("Terror"), []) == []


def test_mechanic_off_the_choice_is_free():
    eng = _board([TARGET])
    assert keywords.keyword_target_taxes(eng, "A", eng.obj("Terror"), ["Kaz"]) == []


def test_blank_text_box_taxes_nothing():
    eng = _board()
    action = {"targets": ["Kaz"]}
    ab = {"steps": [{"destroy": "victim"}]}
    assert targeting.target_taxes(eng, "A", ab, action) == [{"pay": 3}]
    terror, kaz = eng.obj("Terror"), eng.obj("Kaz")
    keywords._mem(eng)["feared"][terror.oid] = [kaz.oid]
    terror.flags.add("attacking")
    eng.touch()
    assert targeting.target_taxes(eng, "A", ab, action) == []
    terror.flags.discard("attacking")  # the attack is over: his text is back, and so is the tax
    eng.touch()
    assert targeting.target_taxes(eng, "A", ab, action) == [{"pay": 3}]


def test_keywords_choose_among_units_now_not_printed_unit_cards():
    """Feared's and Savage's options are units in play: a unit card in play as a development is not one
    (clarification:developments); a unit card in play as a unit is."""
    eng = _board()
    queen = eng.obj("Queen")
    assert keywords._is_unit(eng, queen)
    queen.flags.add("development")
    eng.touch()
    assert not keywords._is_unit(eng, queen)
