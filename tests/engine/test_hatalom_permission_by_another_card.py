"""8.5.1.1 speaks of "egy szabály vagy egy lap szövege": a card's text that lets OTHER cards be played in the
opponent's turn (Próba lesállás építmény: "A tárgyaidat az ellenfél körében is kijátszhatod.") gives the same
permission as the played card's own text, read the same way (the opponent's main phase). It reaches only
the cards its text names (its controller's items), only while that card is in play."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from .test_hatalom import make, rid

OUTPOST = "Próba lesállás építmény"


def _try(card, active, phase, ablate=(), mine=(OUTPOST,), where="table", his=()):
    zones = {"hand": [card], "table": []}
    zones[where] = zones[where] + list(mine)
    eng = make(ablate, active=active, phase=phase, A={**zones, "vp": 3}, B={"table": list(his), "vp": 3})
    assert eng.obj(card) is not None
    try:
        eng.play("A", card, {})
    except ReplayError:
        return False
    return True


def test_my_item_in_his_main_phase_only():
    assert _try("Próba íj", "B", "main")
    assert not _try("Próba íj", "B", "combat")   # not said when: his main phase (8.5.1.1)
    assert not _try("Próba íj", "B", "healing")
    assert _try("Próba íj", "A", "main") and not _try("Próba íj", "A", "combat")  # own turn: 8.7 as ever


def test_not_for_the_types_its_text_does_not_name():
    assert not _try("Próba szakértelem", "B", "main")
    assert not _try("Próba építmény", "B", "main")


def test_no_permission_without_the_card_in_play():
    assert not _try("Próba íj", "B", "main", mine=())
    assert not _try("Próba íj", "B", "main", where="hand")  # in my hand, its text does nothing


def test_his_outpost_lets_his_items_not_mine():
    assert not _try("Próba íj", "B", "main", mine=(), his=(OUTPOST,))


def test_without_8_5_1_1_any_phase_of_his_turn():
    assert _try("Próba íj", "B", "combat", ablate=(rid("8.5.1.1"),))
    assert not _try("Próba íj", "B", "combat", ablate=(rid("8.5.1.1"),), mine=())  # no permission at all
