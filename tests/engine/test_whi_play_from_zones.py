"""Warhammer: Invasion, where a card is played from (playing.py): from hand; from the discard pile or the
deck only with an effect's permission (clarification:entering-play, play_from_hand_unless_permitted; off:
from any of its owner's zones); Necromancy is that permission for its own card, from the discard pile
(keyword:necromancy, necromancy_plays_from_discard; off: the keyword permits nothing)."""
from __future__ import annotations

from judge.games.warhammer_invasion import playing
from tests.engine.test_whi_terms import make, rid

ENTERING = rid("clarification:entering-play")
NECRO = rid("keyword:necromancy")


def _eng(ablate=()):
    return make(ablate, A={"discard": [("Cackling Hexwrath", "Hex"), ("Dark Zealot", "Zealot")],
                           "deck": [("Savage Gor", "Gor")], "hand": [("Rat Swarm", "Swarm")]})


def _why(eng, label, zone):
    return playing.from_zone_and_entry(eng, "A", eng.obj(label), {"from": zone, "zone": "battlefield"})


def test_from_hand_needs_nothing_even_when_off():
    assert _why(_eng([ENTERING]), "Swarm", "hand") is None
    eng = _eng()
    assert _why(eng, "Swarm", "hand") is None and ENTERING not in eng.step.rules


def test_discard_and_deck_refused_without_permission():
    eng = _eng()
    assert "discard" in (_why(eng, "Zealot", "discard") or "")
    assert "deck" in (_why(eng, "Gor", "deck") or "")
    assert ENTERING in eng.step.rules


def test_rule_off_any_zone_allowed():
    eng = _eng([ENTERING])
    assert _why(eng, "Zealot", "discard") is None
    assert _why(eng, "Gor", "deck") is None


def test_necromancy_permits_its_card_from_discard():
    eng = _eng()
    assert _why(eng, "Hex", "discard") is None
    assert NECRO in eng.step.rules and ENTERING not in eng.step.rules


def test_necromancy_off_its_card_needs_another_permission():
    eng = _eng([NECRO])
    assert "discard" in (_why(eng, "Hex", "discard") or "")
    eng = _eng([NECRO, ENTERING])
    assert _why(eng, "Hex", "discard") is None
