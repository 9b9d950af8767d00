"""Warhammer: Invasion, the owner orders his cards entering discard piles together (decks.discard_order)
in the pile each card actually went to. With clarification:destroy switched off a destroyed card of B's
that A controlled goes to A's pile (leaving.owners_out_of_play_zone): B's order must not list it in his
own pile as well (it used to stay in A's list and be appended to B's, the card's side saying A's pile)."""
from __future__ import annotations

from judge.engine.zones import zone_change_event
from tests.engine.test_whi_terms import make, rid


def _purge(ablate=(), order=None):
    """A controls B's Dark Zealot; A's Hag Queen and B's Rat Swarm beside it; all three destroyed at once."""
    eng = make(ablate, A={"battlefield": [("Hag Queen", "Queen")]},
               B={"battlefield": [("Dark Zealot", "Zealot"), ("Rat Swarm", "Swarm")]})
    eng.place(eng.obj("Zealot"), side="A", controller="A")
    if order:
        eng.choices["B"] = [order]
    eng.emit([zone_change_event(eng.obj(lbl), "discard", cause="destroy") for lbl in ("Queen", "Zealot", "Swarm")])
    return eng


def _pile(eng, side):
    return [o.label for o in eng.zone_objs(side, "discard")]


def _each_card_listed_once(eng):
    listed = [oid for lst in eng.state.zones.values() for oid in lst]
    assert sorted(listed) == sorted(eng.state.objects)
    for key, lst in eng.state.zones.items():
        assert all(eng.state.objects[oid].where == key for oid in lst)


def test_owner_orders_his_cards_in_his_pile():
    eng = _purge(order=["Swarm", "Zealot"])
    assert _pile(eng, "B") == ["Swarm", "Zealot"]
    eng = _purge(order=["Zealot", "Swarm"])
    assert _pile(eng, "B") == ["Zealot", "Swarm"]
    assert rid("clarification:entering-the-discard-pile") in eng.step.rules
    _each_card_listed_once(eng)


def test_destroy_off_card_stays_in_the_pile_it_went_to():
    eng = _purge([rid("clarification:destroy")], order=["Swarm", "Zealot"])
    assert eng.obj("Zealot").where == "A.discard"
    assert _pile(eng, "A") == ["Queen", "Zealot"]  # on top of A's pile, where it went
    assert _pile(eng, "B") == ["Swarm"]
    _each_card_listed_once(eng)
    assert eng.choices["B"] == []  # B's order of his two cards was taken (one card in each pile)


def test_order_refills_only_the_owners_slots_in_a_shared_pile():
    """Two of B's cards in A's pile beside A's own (the stolen ones placed last, on top, by
    owners_out_of_play_zone switched off): B's order decides his two, A's card keeps its place."""
    for order in (["Swarm", "Zealot"], ["Zealot", "Swarm"]):
        eng = make([rid("clarification:destroy")], A={"battlefield": [("Hag Queen", "Queen")]},
                   B={"battlefield": [("Dark Zealot", "Zealot"), ("Rat Swarm", "Swarm")]})
        for lbl in ("Zealot", "Swarm"):
            eng.place(eng.obj(lbl), side="A", controller="A")
        eng.choices["B"] = [list(order)]
        eng.emit([zone_change_event(eng.obj(lbl), "discard", cause="destroy") for lbl in ("Zealot", "Queen", "Swarm")])
        assert _pile(eng, "A") == ["Queen"] + order
        assert _pile(eng, "B") == []
        _each_card_listed_once(eng)
