"""Warhammer: Invasion, an ability a card's leaving play triggers is triggered by the player who controlled
the card when it left play (clarification:leaving-play, triggered.leaving_controller_triggers, mechanic left_play_controller_triggers): kept with
that player, traced when he is not the owner; switched off, the owner triggers it; a card its owner
controlled, and a trigger not about its own card leaving play, are untouched."""
from __future__ import annotations

from judge.engine.state import Pending
from judge.games.warhammer_invasion import triggered
from tests.engine.test_whi_terms import make, rid

LEAVING = rid("clarification:leaving-play")


def _pending(ablate=(), controller="A", owner="B", event_type="zone_change"):
    eng = make(ablate, **{owner: {"battlefield": [("Blue Horrors", "Horrors")]}})
    obj = eng.obj("Horrors")
    ev = {"type": event_type, "leaves_play": True, "obj": obj}
    p = Pending(obj.oid, "Horrors", controller, obj.card.abilities[0], ev, 0)
    return eng, p


def test_controller_when_it_left_keeps_it():
    eng, p = _pending()
    assert triggered.leaving_controller_triggers(eng, p) and p.controller == "A"
    assert LEAVING in eng.step.rules


def test_switched_off_owner_triggers():
    eng, p = _pending([LEAVING])
    assert triggered.leaving_controller_triggers(eng, p) and p.controller == "B"


def test_owner_controlled_untouched():
    eng, p = _pending([LEAVING], controller="B")
    assert triggered.leaving_controller_triggers(eng, p) and p.controller == "B"
    eng, p = _pending(controller="B")
    triggered.leaving_controller_triggers(eng, p)
    assert LEAVING not in eng.step.rules


def test_other_event_untouched():
    eng, p = _pending([LEAVING], event_type="damage_dealt")
    assert triggered.leaving_controller_triggers(eng, p) and p.controller == "A"
