"""Card scripts: the few card effects the effect language does not express, each serving one card.

A card script is a step verb (or expression function) of this module that exactly one card of the
game uses, named after that card and listed in ``SCRIPTS`` with the card's name. It implements the
card's own text, quoted in its docstring; it never consults a mechanic bound to a ruling (a ruling
about the card is a scenario, confirmed or not by what the script does). The game keeps its card
scripts to at most 5% of its cards (tests/engine/test_card_scripts.py checks the list, the limit and
that only the named card uses each script). Everything a second card could say belongs in the effect
language instead (judge/engine/GUIDE.md, "Card scripts").

=====================  ==========================================================================
card                   script
=====================  ==========================================================================
The Unending Horde     ``unending_horde_hold`` (its Orc unit leaving play is attached to it, out of
                       play, zone ``held``), ``unending_horde_note`` (the units attached when its
                       Action is triggered: errata text), ``unending_horde_release`` (they are put
                       into play), ``unending_horde_cost(this)`` (X: their total printed cost)
War Hydra              ``war_hydra_cancel`` (each point of damage assigned to it: remove a token to
                       cancel that point, then add 1 resource)
=====================  ==========================================================================
"""
from __future__ import annotations

#: card name -> the step verbs and expression functions that serve it alone
SCRIPTS: dict[str, tuple[str, ...]] = {
    "The Unending Horde": ("unending_horde_hold", "unending_horde_note", "unending_horde_release",
                           "unending_horde_cost"),
    "War Hydra": ("war_hydra_cancel",),
}


def register(game) -> None:
    game.steps.update({"unending_horde_hold": _hold, "unending_horde_note": _note,
                       "unending_horde_release": _release, "war_hydra_cancel": _war_hydra_cancel})
    game.functions["unending_horde_cost"] = _cost


# -- The Unending Horde: "If your [Orc] unit would leave play, you can attach it to this card instead (it
# is not considered to be in play). Action: Spend X resources to put all [Orc] units attached to this card
# [errata: when this Action was triggered] into play in your battlefield. X is the total printed cost of
# attached cards. (Limit once per turn.)" --

def _held_by(eng, host) -> list:
    """The cards attached to ``host`` out of play (zone ``held``)."""
    oid = getattr(host, "oid", None)
    return [o for o in eng.state.objects.values() if o.zone == "held" and oid is not None and o.attached_to == oid]


def _cost(eng, host) -> int:
    """X: the total printed cost (clarification 'cost') of the cards attached to ``host``."""
    return sum(int(eng.obj_attr(o, "cost") or 0) for o in _held_by(eng, host) if isinstance(o.card.cost, int))


def _hold(eng, st, b) -> bool:
    """{unending_horde_hold: REF, by: REF} (instead of leaving play): the card goes out of play (its
    owner's ``held`` zone), attached to the ``by`` card."""
    objs = eng.resolve_ref(st["unending_horde_hold"], b)
    hosts = [h for h in eng.resolve_ref(st.get("by", "this"), b) if eng.is_in_play(h)]
    if not objs or not hosts:
        return False
    done = False
    for o in objs:
        new = eng.move(o, "held", cause="attach")
        if new is None:
            continue
        new.attached_to = hosts[0].oid
        eng.touch()
        eng.log("held_under", card=new.label, by=hosts[0].label)
        done = True
    return done


def _note(eng, st, b) -> bool:
    """{unending_horde_note: REF, as: NAME} (a cost step of the errata'd Action): NAME is bound to the
    cards attached to REF as the Action is triggered, so its effect knows them when it resolves."""
    hosts = eng.resolve_ref(st["unending_horde_note"], b)
    b[st["as"]] = [o.label for o in _held_by(eng, hosts[0])] if hosts else []
    return True


def _release(eng, st, b) -> bool:
    """{unending_horde_release: REF, noted: NAME, zone: ZONE, filter: EXPR}: put the cards attached to
    REF into play in ``zone`` under your control: those noted as NAME when the Action was triggered
    (still attached), or, without a note (printed text), all it holds now."""
    hosts = eng.resolve_ref(st["unending_horde_release"], b)
    cards = _held_by(eng, hosts[0]) if hosts else []
    if st.get("filter"):
        cards = [o for o in cards if eng.eval(st["filter"], {**b, "it": o})]
    noted = b.get(st["noted"]) if st.get("noted") else None
    if noted is not None:
        for o in cards:
            if o.label not in noted:
                eng.log("not_noted", card=o.label, reason="attached after the Action was triggered")
        cards = [o for o in cards if o.label in noted]
    for o in cards:
        o.attached_to = None
        eng.enter_play(o, b["you"], st.get("zone", "battlefield"))
    return bool(cards)


# -- War Hydra (errata): "Forced: Each time this unit is assigned 1 damage, remove a resource token from this
# unit to cancel that damage. Then, add 1 resource to your pool." --

def _war_hydra_cancel(eng, st, b) -> bool:
    """{war_hydra_cancel: this, cost: [steps], then: [steps]} in its replacement of damage being applied
    to it: for each point of that damage, pay ``cost`` to cancel that point (damage_cancel); ``then``
    follows each payment (a 'Then' part: only if the payment succeeded, then_needs_success). The rest of
    the damage is dealt."""
    ev = b.get("event") or {}
    amount = int(ev.get("amount") or 0)
    cancelled = 0
    for _ in range(amount):
        paid = eng.run_steps(list(st.get("cost") or []), b)
        if paid:
            if eng.applies("damage_cancel"):
                cancelled += 1
        if not paid and eng.applies("then_needs_success"):
            eng.log("then_skipped", reason="previous_step_failed")
            continue
        eng.run_steps(list(st.get("then") or []), b)
    if cancelled:
        eng.log("damage_cancelled", card=ev["obj"].label, amount=cancelled)
    if amount - cancelled > 0:
        eng.emit([{**ev, "amount": amount - cancelled}])
    return cancelled > 0
