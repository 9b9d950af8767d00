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
Urguck                 ``urguck_damage_as_resources`` (its continuous ability, with ``while:`` the
                       condition 'during your capital phase': the damage on it pays the cost of the
                       card its controller plays, each damage removed counting as 1 resource spent;
                       the cost step ``urguck_spend_damage`` removes it)
Order in Chaos         ``order_in_chaos_put_back`` (the top N cards of a player's discard pile are put
                       on top of his deck)
=====================  ==========================================================================
"""
from __future__ import annotations

from . import effects
from .common import printed_cost

#: card name -> the step verbs and expression functions that serve it alone
SCRIPTS: dict[str, tuple[str, ...]] = {
    "The Unending Horde": ("unending_horde_hold", "unending_horde_note", "unending_horde_release",
                           "unending_horde_cost"),
    "War Hydra": ("war_hydra_cancel",),
    "Urguck": ("urguck_damage_as_resources",),
    "Order in Chaos": ("order_in_chaos_put_back",),
}


def register(game) -> None:
    game.steps.update({"unending_horde_hold": _hold, "unending_horde_note": _note,
                       "unending_horde_release": _release, "war_hydra_cancel": _war_hydra_cancel,
                       "urguck_spend_damage": _urguck_spend_damage, "can:urguck_spend_damage": _urguck_can_spend,
                       "order_in_chaos_put_back": _order_in_chaos})
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


# -- Urguck: "During your capital phase, you may spend damage on this unit as though it were resources." --
# Its data is a continuous ability named after the script, its ``while`` the card's condition; the cost of
# playing a card (costs.play_costs) asks the script how much of it the player pays with such damage.

URGUCK = "urguck_damage_as_resources"


def _urguck_sources(eng, player) -> list:
    """Cards of ``player`` in play, with damage, whose ability applies now (text not blank, ``while`` true)."""
    out = []
    for o in eng.in_play():
        if o.controller != player or not o.damage or effects.text_blank(eng, o):
            continue
        for ab in o.card.abilities:
            if ab.kind == "continuous" and ab.name == URGUCK:
                if eng.eval(ab.get("while") or "true", eng.bindings_for(o, o.controller, {"it": o})):
                    out.append(o)
                    break
    return out


def urguck_payment(eng, player, obj, action) -> list[int]:
    """The player chooses how much of the printed cost of the card he plays to pay with the damage on such
    a card (at most that cost): the amount lowers the resources to pay, and the damage is removed as a
    cost step (``urguck_cost_steps``)."""
    sources = _urguck_sources(eng, player)
    if not sources:
        return []
    cost = printed_cost(obj, action)
    paid = []
    for src in sources:
        left = cost - sum(k for _, k in paid)
        n = eng.decide(player, "number", list(range(0, min(src.damage, left) + 1)),
                       f"damage on {src.label} to spend as resources for {obj.label}")
        if n:
            paid.append((src, n))
    if paid:
        eng.memory("whi.urguck", {"paid": {}})["paid"][id(action)] = paid
    return [sum(n for _, n in paid)]


def urguck_cost_steps(eng, action) -> list[dict]:
    """The cost steps removing the damage chosen by ``urguck_payment`` for this play."""
    paid = eng.memory("whi.urguck", {"paid": {}})["paid"].pop(id(action), [])
    return [{"urguck_spend_damage": src, "amount": n} for src, n in paid]


def _urguck_spend_damage(eng, st, b) -> bool:
    """{urguck_spend_damage: REF, amount: N} (a cost step): remove N damage from the card, spent as N resources."""
    n = eng.eval(st.get("amount", 1), b)
    objs = eng.resolve_ref(st["urguck_spend_damage"], b)
    for o in objs:
        if o.damage < n:
            eng.fail(f"{o.label} has only {o.damage} damage to spend")
        o.damage -= n
        eng.touch()
        eng.log("damage_spent", card=o.label, amount=n, player=b.get("you"))
    return bool(objs)


def _urguck_can_spend(eng, st, b) -> bool:
    n = eng.eval(st.get("amount", 1), b)
    return all(o.damage >= n for o in eng.resolve_ref(st["urguck_spend_damage"], b))


# -- Order in Chaos: "Put the top two cards of target player's discard pile on top of his deck." --

def _order_in_chaos(eng, st, b) -> bool:
    """{order_in_chaos_put_back: N, player: EXPR}: the player's discard pile's top card is put on top of his
    deck, then the next one onto it, N times (a pile is taken from the top, one card at a time)."""
    player = eng.eval(st.get("player", "you"), b)
    n = eng.eval(st["order_in_chaos_put_back"], b)
    moved = 0
    for _ in range(n):
        pile = eng.zone_objs(player, "discard")  # bottom .. top
        if not pile:
            break
        eng.move(pile[-1], "deck", side=player, position="top")
        moved += 1
    return moved == n
