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
                       cancel that point, then add 1 resource); ``war_hydra_capacity`` (how much it would
                       cancel: damage.max_damage asks ``cancel_capacity``)
Urguck                 ``urguck_damage_as_resources`` (its continuous ability, with ``while:`` the
                       condition 'during your capital phase': the damage on it may be spent by any
                       payment of its controller's, each damage removed counting as 1 resource spent
                       -- the core hook ``resources_elsewhere``; ``urguck_spend_damage`` removes it)
Order in Chaos         ``order_in_chaos_put_back`` (the top N cards of a player's discard pile are put
                       on top of his deck)
Duregan Thorgrimson    ``duregan_deal_each_other`` (it and the target unit deal damage to each other
                       equal to their power, simultaneously)
Temple of Ulric        ``temple_of_ulric_switch`` (the target quest is switched with a quest from hand;
                       its resource tokens and questing units move to the new quest)
Jealous Eyes           ``jealous_eyes_move_tokens`` (up to N resource tokens move from the target card to
                       a card you control), keyword ``jealous_eyes_ends_chain`` (as it is played the
                       chain ends and resolves: ``jealous_eyes_end_chain``)
Spellsinger            ``spellsinger_become_unit`` (the development is a unit with the given power and
                       hit points until the end of the turn; attribute hook ``spellsinger_as_unit``)
Iron Discipline        ``iron_discipline_tax`` (until the end of the turn every other action targeting
                       the unit is cancelled unless its controller pays N more; the costs of playing and
                       using ask ``iron_discipline_taxes``)
Paranoia               ``paranoia_no_moving_in`` (its continuous ability: units cannot move into the
                       zone of the unit it is attached to; movement.py asks ``paranoia_blockers``)
Savage Gors            ``savage_gors_additional_damage`` (the attribute its continuous ability modifies:
                       the combat damage it deals beyond its power; combat_damage.py asks
                       ``savage_gors_damage``)
=====================  ==========================================================================
"""
from __future__ import annotations

from typing import Any

from judge.engine.state import ChainItem, TextReason

from . import effects, targeting
from .common import quests_on, taking_control
from .playing import entry_blocked

#: card name -> the step verbs and expression functions that serve it alone
SCRIPTS: dict[str, tuple[str, ...]] = {
    "The Unending Horde": ("unending_horde_hold", "unending_horde_note", "unending_horde_release",
                           "unending_horde_cost"),
    "War Hydra": ("war_hydra_cancel",),
    "Urguck": ("urguck_damage_as_resources",),
    "Order in Chaos": ("order_in_chaos_put_back",),
    "Duregan Thorgrimson": ("duregan_deal_each_other",),
    "Temple of Ulric": ("temple_of_ulric_switch",),
    "Jealous Eyes": ("jealous_eyes_move_tokens", "jealous_eyes_ends_chain"),
    "Spellsinger": ("spellsinger_become_unit",),
    "Iron Discipline": ("iron_discipline_tax",),
    "Paranoia": ("paranoia_no_moving_in",),
    "Savage Gors": ("savage_gors_additional_damage",),
}


def register(game) -> None:
    game.steps.update({"unending_horde_hold": _hold, "unending_horde_note": _note,
                       "unending_horde_release": _release, "war_hydra_cancel": _war_hydra_cancel,
                       "urguck_spend_damage": _urguck_spend_damage, "can:urguck_spend_damage": _urguck_can_spend,
                       "order_in_chaos_put_back": _order_in_chaos, "duregan_deal_each_other": _duregan,
                       "temple_of_ulric_switch": _temple_of_ulric, "jealous_eyes_move_tokens": _jealous_eyes,
                       "spellsinger_become_unit": _spellsinger, "iron_discipline_tax": _iron_discipline})
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
    held: list = []

    def attach(ev: dict, host=hosts[0]) -> None:
        """Once the card has moved (as the event happens: with its batch, when it replaced an event of one)."""
        new = ev["new"]
        new.attached_to = host.oid
        eng.touch()
        eng.log("held_under", card=new.label, by=host.label)
        held.append(new)

    for o in objs:
        eng.move(o, "held", cause="attach", _performed=attach)
    # an event that replaced one of a batch happens with the batch (replacement_simultaneous): not yet
    return bool(held) or eng.gathering


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
    done = False
    for o in cards:
        player, zone = taking_control(eng, o, b["you"]), st.get("zone", "battlefield")
        # put into play like any card put into play: its text's restrictions (a Hero where one is,
        # unique, Limited) still keep it out (put_into_play_text_restrictions); it stays attached
        reason = entry_blocked(eng, player, o, zone, put=True)
        if reason:
            eng.log("put_into_play_blocked", card=o.label, reason=reason)
            continue
        o.attached_to = None
        done = eng.enter_play(o, player, zone) is not None or done
    return done


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
        # 'do X to do Y' (clarification:triggering-a-card-effect): the token is the cost, paid as the
        # Forced effect triggers; uncancellable damage (Counterstrike's) is then not cancelled
        done = paid and ev.get("cancellable", True)
        if done:
            if eng.applies("damage_cancel"):
                cancelled += 1
        if not done and eng.applies("then_needs_success"):
            eng.log("then_skipped", reason="previous_step_failed")
            continue
        eng.run_steps(list(st.get("then") or []), b)
    if cancelled:
        eng.log("damage_cancelled", card=ev["obj"].label, amount=cancelled)
    if amount - cancelled > 0:
        eng.emit([{**ev, "amount": amount - cancelled}])
    return cancelled > 0


def war_hydra_capacity(eng, obj) -> int:
    """How much damage assigned to ``obj`` War Hydra's Forced effect would cancel now (a known
    cancellation effect, counted in what it takes to destroy the unit: damage.max_damage): one point per
    payment of its cost -- per resource token its ``remove_counter`` cost can remove."""
    total = 0
    ev = {"type": "damage_applied", "obj": obj, "amount": 1, "source": None, "combat": False, "cancellable": True}
    for o in eng.in_play():
        for ab in (() if eng.hooks.text_blank(eng, o) else o.card.abilities):
            rep = (ab.get("replaces") or {}) if ab.kind == "replacement" else {}
            if rep.get("event") != "damage_applied":
                continue
            steps = [st for st in ab.get("instead") or [] if "war_hydra_cancel" in st]
            if not steps:
                continue
            b = eng.bindings_for(o, o.controller, {"event": ev})
            if not eng.eval(rep.get("filter", "true"), b):
                continue
            for st in steps:
                payments = [sum(x.counters.get(c.get("counter"), 0) for x in eng.resolve_ref(c["remove_counter"], b))
                            // max(1, int(eng.eval(c.get("amount", 1), b)))
                            for c in st.get("cost") or [] if "remove_counter" in c]
                total += min(payments) if payments else 0
    return total


# -- Paranoia: "Attach to a target unit. Units cannot move into attached unit's zone." --

PARANOIA = "paranoia_no_moving_in"


def paranoia_blockers(eng, side, zone) -> list:
    """The cards in play whose continuous ability ``paranoia_no_moving_in`` (``applies_to`` the zones it
    closes: ``it.side`` / ``it.zone``, ``host`` the card it is attached to) forbids moving a unit into
    side.zone (movement.py: a chosen move refuses the zone, a forced one that cannot happen sacrifices)."""
    out = []
    for card in eng.in_play():
        for ab in card.card.continuous:
            if ab.name != PARANOIA:
                continue
            host = eng.state.objects.get(card.attached_to) if card.attached_to else card
            if host is None:
                continue
            b = eng.bindings_for(card, card.controller, {"host": host})
            if eng.eval(ab.get("applies_to") or "true", {**b, "it": {"side": side, "zone": zone}}):
                out.append(card)
                break
    return out


# -- Savage Gors: "Battlefield. This unit deals 2 additional damage while attacking if you have 2 or more
# developments in your battlefield." (its continuous ability modifies the attribute named after the script) --

def savage_gors_damage(eng, obj) -> int:
    """The additional combat damage the unit deals (attribute ``savage_gors_additional_damage``)."""
    return int(eng.obj_attr(obj, "savage_gors_additional_damage") or 0)


# -- Urguck: "During your capital phase, you may spend damage on this unit as though it were resources." --
# Its data is a continuous ability named after the script, its ``while`` the card's condition; every payment
# of resources (the core's pay / spend steps) offers the damage on it (hook resources_elsewhere).

URGUCK = "urguck_damage_as_resources"


def _urguck_sources(eng, player) -> list:
    """Cards of ``player`` in play, with damage, whose ability applies now (text not blank, ``while`` true)."""
    out = []
    for o in eng.in_play():
        if o.controller != player or not o.damage or effects.text_blank(eng, o):
            continue
        for ab in o.card.continuous:
            if ab.name == URGUCK:
                if eng.eval(ab.get("while") or "true", eng.bindings_for(o, o.controller, {"it": o})):
                    out.append(o)
                    break
    return out


def resources_elsewhere(eng, player) -> list[tuple]:
    """Hook: the damage on such a card may be spent as though it were resources -- by any payment of the
    player's (the cost of a card he plays, its loyalty, an Action's 'spend 1 resource'), each damage removed
    counting as 1 resource spent; the core's pay step asks how much (``urguck_spend_damage`` removes it)."""
    return [(src, src.damage, {"urguck_spend_damage": src}) for src in _urguck_sources(eng, player)]


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


def deal_pair(eng, parts) -> None:
    """Damage from two sources applied as one batch (each part keeps its own source). Each part is dealt as any
    damage is (the core's deal_damage): assigned, then redirected and cancelled "after it is assigned, but right
    before it is applied" (clarification:cancelling-damage), the batch applied at once (damage_together)."""
    with eng.damage_together():
        for src, dst, n in parts:
            if n > 0:
                eng.deal_damage(src, {dst.oid: n})


# -- Duregan Thorgrimson (errata): "Action: At the beginning of your turn, this unit and target unit deal damage to
# each other equal to their power." (the errata: simultaneously) --

def _duregan(eng, st, b) -> bool:
    """{duregan_deal_each_other: [REF, REF]}: the two units deal damage to each other equal to their power,
    as one batch of non-combat damage (each unit the source of the damage it deals)."""
    a_ref, b_ref = st["duregan_deal_each_other"]
    first = [o for o in eng.resolve_ref(a_ref, b) if eng.is_in_play(o)]
    second = [o for o in eng.resolve_ref(b_ref, b) if eng.is_in_play(o)]
    if not first or not second:
        return False
    x, y = first[0], second[0]
    px, py = eng.obj_attr(x, "power") or 0, eng.obj_attr(y, "power") or 0
    deal_pair(eng, [(x, y, px), (y, x, py)])
    return True


# -- Temple of Ulric: "Action: Switch target quest you control with a [Empire] or neutral quest from your hand. Move
# all resource tokens and questing units from the target quest to the new quest." --

def _temple_of_ulric(eng, st, b) -> bool:
    """{temple_of_ulric_switch: REF, filter: EXPR, as: NAME}: the quest in play goes back to its owner's hand
    and a quest from your hand matching ``filter`` (chosen now) takes its place in its zone; the
    resource tokens and questing units of the old quest move to the new one (NAME)."""
    olds = [q for q in eng.resolve_ref(st["temple_of_ulric_switch"], b) if eng.is_in_play(q)]
    if not olds:
        return False
    old = olds[0]
    player = b["you"]
    flt = st.get("filter", "it.type == 'quest'")
    opts = [o.label for o in eng.zone_objs(player, "hand")]
    legal = {lbl for lbl in opts if eng.eval(flt, {**b, "it": eng.obj(lbl)})}
    if not legal:
        eng.log("switch_impossible", card=old.label, reason="no matching quest in hand")
        return False
    pick = opts[0] if len(opts) == 1 else eng.decide_checked(
        player, "pick", opts, f"a quest from your hand to switch with {old.label}",
        lambda v: None if v in legal else TextReason("not an Empire or neutral quest", eng.card_name(b.get("this"))))
    tokens = dict(old.counters)
    questers = [u for u in eng.in_play() if quests_on(u, old)]
    zone, side = old.zone, old.side
    reason = entry_blocked(eng, side, eng.obj(pick), zone, put=True)  # the new quest is put into play
    if reason:
        eng.log("put_into_play_blocked", card=pick, reason=reason)
        return False
    eng.move(old, "hand", cause="switch")
    new = eng.enter_play(eng.obj(pick), side, zone)
    if new is None:
        return False
    if st.get("as"):
        b[st["as"]] = new
    for kind, n in tokens.items():
        new.counters[kind] = new.counters.get(kind, 0) + n
    for u in questers:
        u = eng.obj(u.label)
        if u is not None and eng.is_in_play(u):
            u.flags.add("questing")
            u.memory["quest_on"] = new.oid
            eng.log("questing", card=u.label, quest=new.label)
    eng.touch()
    eng.log("quest_switched", old=old.label, new=new.label, tokens=tokens.get("resource", 0))
    return True


# -- Jealous Eyes: "Action: Move up to 2 resource tokens from target opponent's card to a card you control." --

def _jealous_eyes(eng, st, b) -> bool:
    """{jealous_eyes_move_tokens: REF, kind: resource, up_to: N, to: FILTER}: move up to N tokens from that card to a card
    chosen by the resolving player among those matching FILTER (number and card chosen as it resolves)."""
    src = [o for o in eng.resolve_ref(st["jealous_eyes_move_tokens"], b) if eng.is_in_play(o)]
    if not src:
        return False
    o = src[0]
    kind = st.get("kind", "resource")
    most = min(eng.eval(st.get("up_to", 1), b), o.counters.get(kind, 0))
    if most <= 0:
        return False
    dests = [d for d in eng.in_play() if d is not o and eng.eval(st.get("to", "true"), {**b, "it": d})]
    if not dests:
        return False
    player = b["you"]
    n = eng.decide(player, "number", list(range(most, -1, -1)), f"how many {kind} tokens to move (up to {most})")
    if not n:
        return True
    dest = eng.obj(eng.decide(player, "pick", [d.label for d in dests], f"a card to receive {n} {kind} tokens"))
    eng.run_step({"remove_counter": o.label, "counter": kind, "amount": n}, b)
    eng.run_step({"counter": dest.label, "kind": kind, "amount": n}, b)
    eng.log("tokens_moved", source=o.label, to=dest.label, amount=n, kind=kind)
    return True


#: Jealous Eyes' keyword: 'When this card is played, immediately end and resolve the current action chain'
JEALOUS_EYES = "jealous_eyes_ends_chain"


def jealous_eyes_end_chain(eng, events: list[dict]) -> None:
    """Its keyword ``jealous_eyes_ends_chain``: 'When this card is played, immediately end and resolve the
    current action chain' -- as the card is played (event card_played) the chain resolves at once."""
    for ev in events:
        if ev.get("type") != "card_played":
            continue
        o = ev.get("obj")
        if o is None or JEALOUS_EYES not in o.card.keywords:
            continue
        item = next((i for i in eng.state.chain if i.card_obj == o.oid), None)
        if item is None:
            continue
        item.bindings["_played_emitted"] = True  # this very event
        eng.log("chain_ended", by=o.label)  # the card's own text, no rule's: no mechanic gates it
        while eng.state.chain:
            eng.resolve_chain()
        return


# -- Spellsinger: "Action: When you play a development from your hand, target development becomes a unit with
# [Power] and 2 hit points until the end of the turn. It still counts as a development." --

def _spellsinger(eng, st, b) -> bool:
    """{spellsinger_become_unit: REF, power: N, hp: N}: until the end of the turn the development is a unit with that
    power and hit points (it still counts as a development)."""
    objs = [o for o in eng.resolve_ref(st["spellsinger_become_unit"], b) if eng.is_in_play(o)]
    for o in objs:
        o.memory["as_unit"] = {"power": eng.eval(st.get("power", 0), b), "hp": eng.eval(st.get("hp", 1), b),
                               "turn": eng.state.vars.get("turn")}
        eng.touch()
        eng.log("became_unit", card=o.label)
    return bool(objs)


def spellsinger_as_unit(eng, obj, name: str, value: Any) -> Any:
    """A development that is a unit until the end of the turn (``spellsinger_become_unit``): its type is unit, its power and hit points
    those the effect gave; the game module chains it after the development attributes."""
    spec = obj.memory.get("as_unit") if obj.memory else None
    if not spec or spec.get("turn") != eng.state.vars.get("turn") or not eng.is_in_play(obj):
        return value
    if name == "type":
        return "unit"
    if name in ("power", "hp"):
        return spec[name]
    if name == "remaining_hp":
        return spec["hp"] - obj.damage
    return value


# -- Iron Discipline: "Action: Target one unit. Until the end of the turn, cancel any other action that targets
# this unit unless the action's controller pays an additional 4 resources (per action)." --

def _taxes(eng) -> list:
    return eng.memory("whi.iron_discipline", {"taxes": []})["taxes"]


def _live_taxes(eng) -> list[dict]:
    turn = eng.state.vars.get("turn")
    return [t for t in _taxes(eng) if t["turn"] == turn and t["oid"] in eng.state.objects]


def _iron_discipline(eng, st, b) -> bool:
    """{iron_discipline_tax: REF, amount: N}: until the end of the turn, cancel any other action that targets that unit
    unless the action's controller pays an additional N resources (per action). Actions already on the chain
    (the one this answers) are taxed now; later ones pay it as they are triggered (iron_discipline_taxes)."""
    objs = [o for o in eng.resolve_ref(st["iron_discipline_tax"], b) if eng.is_in_play(o)]
    if not objs:
        return False
    n = eng.eval(st.get("amount", 1), b)
    for o in objs:
        _taxes(eng).append({"oid": o.oid, "amount": n, "turn": eng.state.vars.get("turn"),
                            "source": getattr(b.get("this"), "label", "?")})
        eng.log("target_tax", card=o.label, amount=n)
    on_chain = [i for i in eng.state.chain if not i.cancelled and targeting.item_targets(eng, i) & {o.oid for o in objs}]
    if not on_chain:
        return True
    # 'any other action that targets this unit' includes the ones already on the chain (the one it answers):
    # the card's own text, no rule's, so no mechanic gates it
    for item in reversed(on_chain):
        hits = len(targeting.item_targets(eng, item) & {o.oid for o in objs})
        _pay_or_cancel(eng, item, n * hits)
    return True


def _pay_or_cancel(eng, item: ChainItem, n: int) -> None:
    """The action's controller pays N resources (if he can and chooses to), or the action is cancelled."""
    payer = item.controller
    have = eng.player_attr(payer, "resources") or 0
    if have >= n and eng.decide(payer, "yesno", ["yes", "no"], f"whether to pay {n} resources for {item.source_label}"):
        eng.run_step({"pay": n}, eng.bindings_for(None, payer))
        eng.log("tax_paid", player=payer, amount=n, source=item.source_label)
        return
    eng.cancel_item(item, "cancelled")


def iron_discipline_taxes(eng, obj, ab, action) -> list[dict]:
    """An action triggered while a unit it targets is taxed: its controller pays the additional resources as
    it is triggered (one payment per taxed unit targeted). Not paying would only get it cancelled, so the
    additional payment is required to trigger it."""
    taxes = _live_taxes(eng)
    if ab is None or not taxes:
        return []
    given = list(action.get("targets") or [])
    targeted: list[int] = []
    for spec in ab.get("targets") or []:
        for _ in range(spec.get("count", 1)):
            if not given:
                break
            label = given.pop(0)
            if spec.get("chain"):
                continue
            o = eng.obj(label)
            if o is not None and targeting.counts_as_target(eng, spec, obj):
                targeted.append(o.oid)
    out = []
    for t in taxes:
        if t["oid"] in targeted:
            eng.log("target_tax_due", card=obj.label, amount=t["amount"])
            out.append({"pay": t["amount"]})
    return out


# -- where the game's shared code asks the card scripts --------------------------------------------------
# The shared mechanics (costs, movement, combat damage, characteristics, the after-events notes) ask a
# point by its name, never a card: a script that adds to one of these is listed here, and the shared code
# stays as it is.
POINTS: dict[str, tuple] = {
    "taxes": (iron_discipline_taxes,),               # (eng, obj, ability, action) -> [cost step]
    "moving_in_blockers": (paranoia_blockers,),      # (eng, side, zone) -> [card]
    "combat_damage_bonus": (savage_gors_damage,),    # (eng, obj) -> int
    "attribute": (spellsinger_as_unit,),             # (eng, obj, name, value) -> value
    "after_events": (jealous_eyes_end_chain,),       # (eng, events) -> None
    "cancel_capacity": (war_hydra_capacity,),        # (eng, obj) -> int
}


#: the attributes the "attribute" scripts can change (the game's adjust_attr runs them for these only)
ATTRIBUTE_CHANGES = ("type", "power", "hp", "remaining_hp")
#: the event types the "after_events" scripts look at (the game's observe runs them for these only)
AFTER_EVENTS_TYPES = frozenset({"card_played"})


def collected(point: str, *args: Any) -> list:
    """The lists the scripts of ``point`` return, joined."""
    return [x for fn in POINTS[point] for x in fn(*args)]


def total(point: str, *args: Any) -> int:
    return sum(int(fn(*args) or 0) for fn in POINTS[point])


def notify(point: str, *args: Any) -> None:
    for fn in POINTS[point]:
        fn(*args)
