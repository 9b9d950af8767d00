"""Warhammer: Invasion, Feared's targets belong to the declaration that chose them (keyword:feared-x: "When a
unit with Feared is declared as an attacker ... While this unit with Feared is attacking, treat each targeted
unit's text box as blank"): a unit declared as an attacker again without Feared blanks nothing (keywords.feared
forgets the earlier targets at each declaration). Where it must not apply: the attack that chose them.
Review 41c suspicion (no corpus card removes Feared: shown at the function level)."""
from __future__ import annotations

from judge.games.warhammer_invasion import keywords
from tests.engine.test_whi_terms import make


def _board():
    eng = make((), A={"battlefield": [("Dark Zealot", "Zealot")]}, B={"kingdom": [("King Kazador", "Kaz")]})
    zealot, kaz = eng.obj("Zealot"), eng.obj("Kaz")
    keywords._mem(eng)["feared"][zealot.oid] = [kaz.oid]  # chosen by an earlier declaration, with Feared
    zealot.flags.add("attacking")
    return eng, zealot, kaz


def test_targets_blank_while_the_attack_that_chose_them_goes_on():
    eng, _zealot, kaz = _board()
    assert keywords.text_blank(eng, kaz)


def test_a_new_declaration_without_feared_blanks_nothing():
    eng, zealot, kaz = _board()
    keywords.feared(eng, [{"type": "declared_attacker", "obj": zealot, "player": "A"}])  # no Feared now
    assert not keywords.text_blank(eng, kaz)
