"""8.4.3: after a body part is sacrificed against a source, the source has no effect at all on that
galetki ("semmilyen hatása nem lesz"): not only what the rule lists, but a modifier on it as a target
and the loss of its special abilities too. With the rule switched off, and where it must not apply
(a galetki the part was not sacrificed for)."""
from __future__ import annotations

from .test_hatalom import make, rid


def _board(card, ablate=()):
    eng = make(ablate, phase="combat", A={"reserve": [("Próba erős galetki 1/2", "G1"), ("Próba erős galetki 1/2", "G2")],
                                          "table": ["Próba testrész"]},
               B={"hand": [card], "vp": 1})
    eng.obj("Próba testrész").attached_to = eng.obj("G1").oid
    return eng


def _play_against(eng, card, target, sacrifice=True):
    eng.play("B", card, {"targets": [target]})
    if sacrifice:
        eng.game.actions["sacrifice_part"](eng, "A", {"sacrifice_part": "Próba testrész"})
    eng.pass_priority("all")
    eng.settle()


def test_modifier_on_the_shielded_galetki_does_nothing():
    eng = _board("Próba gyengítés")
    _play_against(eng, "Próba gyengítés", "G1")
    assert eng.obj_attr(eng.obj("G1"), "dmg") == 2


def test_modifier_applies_with_8_4_3_off():
    eng = _board("Próba gyengítés", ablate=[rid("8.4.3")])
    _play_against(eng, "Próba gyengítés", "G1")
    assert eng.obj_attr(eng.obj("G1"), "dmg") == 1


def test_modifier_on_a_galetki_without_a_sacrifice_applies():
    eng = _board("Próba gyengítés")
    _play_against(eng, "Próba gyengítés", "G2", sacrifice=False)
    assert eng.obj_attr(eng.obj("G2"), "dmg") == 1


def test_shielded_galetki_keeps_its_abilities():
    eng = _board("Próba némítás")
    _play_against(eng, "Próba némítás", "G1")
    assert eng.obj_attr(eng.obj("G1"), "dmg") == 2
    assert "képességtelen" not in eng.obj("G1").flags


def test_abilities_lost_with_8_4_3_off():
    eng = _board("Próba némítás", ablate=[rid("8.4.3")])
    _play_against(eng, "Próba némítás", "G1")
    assert eng.obj_attr(eng.obj("G1"), "dmg") == 1
