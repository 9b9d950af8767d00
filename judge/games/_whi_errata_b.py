"""Warhammer: Invasion: mechanics behind card errata (FAQ 'Card Clarification and Errata', second
slice): zone-only cards ("Quest only."), racial affiliation of a capital, discarding the top card
of a deck and reading it, keywords granted with a value (Savage X), moving a unit onto a quest,
cards held out of play attached to a card in play (zone ``held``; noted when an Action is
triggered), switching a quest in play with one from hand (its tokens and questing units move).
Loaded through ``warhammer_invasion.EXTENSIONS`` (hooks: see _whi_ext.py)."""
from __future__ import annotations

from judge.games import _whi_rules as W
from judge.games._whi_rules import SECTIONS, rid

#: traits whose cards share the racial affiliation of their capital (clarification: racial affiliation)
SHARED_RACE_TRAITS = ("Skaven", "Undead", "Lizardmen", "Wood Elf")


def bind(reg) -> None:
    reg.bind("zone_only_card", rid("errata:valley-of-many-eyes"),
             does="a card with '<Zone> only.' can only be played into that zone of its owner",
             off="a '<Zone> only.' card may be played into any zone")
    reg.bind("noted_at_trigger", rid("errata:the-unending-horde"),
             does="'the cards attached to this card when this Action was triggered': the cards held by the card "
                  "are noted as the Action is triggered (its costs paid); only those still held are put into play",
             off="every card held by the card when the Action resolves is put into play (also cards attached in "
                 "response, which were not paid for)")
    reg.bind("racial_affiliation_traits", rid("clarification:racial-affilation"),
             does="a card with the trait Skaven, Undead, Lizardmen or Wood Elf shares the racial affiliation of "
                  "its controller's capital (other cards share it when their race is the capital's race)",
             off="only a card's own race is compared with the capital's race")


def register(game) -> None:
    game.steps.update({"discard_top_as": _discard_top_as, "grant_valued": _grant_valued,
                       "move_onto_quest": _move_onto_quest, "cancel_each_point": _cancel_each_point,
                       "redirect_assigned": _redirect_assigned, "remember": _remember,
                       "return_from_discard": _return_from_discard, "lower_next_cost": _lower_next_cost,
                       "hold_under": _hold_under, "note_held": _note_held, "release_held": _release_held,
                       "switch_quest": _switch_quest})
    game.functions.update({"shares_capital_race": _shares_capital_race, "odd": _odd, "held_cost": _held_cost})


# -- hooks ----------------------------------------------------------------------------------------

def can_play(eng, player, obj, action) -> str | None:
    only = [str(k).split()[0] for k in obj.card.keywords if str(k).endswith(" only")
            and str(k).split()[0] in SECTIONS]
    if not only:
        return None
    zone = action.get("zone") or obj.card.extra.get("zone") or "kingdom"
    if zone not in only and eng.on("zone_only_card"):
        eng.fire("zone_only_card")
        return f"{obj.card.name} can only be played into the {only[0]} zone ({only[0].capitalize()} only)"
    return None


def cost_reductions(eng, player, obj, action) -> list[int]:
    """'Lower the cost of the next <card> you play this turn to N': the first matching card the player
    plays while such an effect lasts uses it up."""
    pending = _mem(eng).get("lower_next") or []
    for entry in list(pending):
        if entry["player"] != player or entry["period"] != eng.game.limit_period(eng, entry["per"]):
            continue
        if not eng.eval(entry["filter"], {**entry["bindings"], "it": obj}):
            continue
        pending.remove(entry)
        cost = W.printed_cost(obj, action)
        lower = max(0, cost - entry["to"])
        eng.log("cost_lowered", card=obj.label, to=entry["to"], by=lower, source=entry["source"])
        return [lower]
    return []


# -- expression functions -------------------------------------------------------------------------

def _shares_capital_race(eng, obj) -> bool:
    """Does this card share the racial affiliation of its controller's capital?"""
    if obj is None or not hasattr(obj, "controller"):
        return False
    cap = eng.obj(f"{obj.controller} capital kingdom")
    race = cap.memory.get("race") if cap is not None else None
    if race is None:
        return False
    if obj.card.extra.get("faction") == race:
        return True
    traits = eng.obj_attr(obj, "traits") or []
    if any(t in traits for t in SHARED_RACE_TRAITS):
        if eng.on("racial_affiliation_traits"):
            eng.fire("racial_affiliation_traits")
            return True
    return False


def _odd(eng, value) -> bool:
    """'odd' for a printed cost: only an odd number is odd (X, none or 0 is not odd)."""
    return isinstance(value, int) and value % 2 == 1


# -- steps ----------------------------------------------------------------------------------------

def _discard_top_as(eng, st, b) -> bool:
    """{discard_top_as: PLAYER, as: NAME}: the top card of PLAYER's deck goes to his discard pile;
    NAME is bound to it (in the discard pile) so later steps can read it."""
    player = eng.eval(st["discard_top_as"], b)
    deck = eng.zone_objs(player, "deck")
    if not deck:
        b[st["as"]] = None
        return False
    top = deck[-1]
    eng.move(top, "discard", cause="discard")
    new = eng.obj(top.label)
    b[st["as"]] = new
    eng.log("discarded_top", player=player, card=new.label if new else top.label, cost=top.card.cost)
    return True


def _grant_valued(eng, st, b) -> bool:
    """{grant_valued: REF, keyword: savage, value: EXPR, duration: turn}: the card gains 'keyword N'
    (N evaluated now), as a definite continuous modifier on that card. (A plain ``modify`` grant takes
    its keywords literally, so the value of X is fixed here; several such grants stack -- the engine
    keeps a valued keyword once per modifier.)"""
    value = eng.eval(st.get("value", 1), b)
    spec = {"target": st["grant_valued"], "grant": [f"{st['keyword']} {value}"]}
    if st.get("duration"):
        spec["duration"] = st["duration"]
    return eng.run_step({"modify": spec}, b)


def _move_onto_quest(eng, st, b) -> bool:
    """{move_onto_quest: REF, quest: REF}: the unit moves to the quest's zone and quests on it."""
    units = [o for o in eng.resolve_ref(st["move_onto_quest"], b) if eng.is_in_play(o)]
    quests = [q for q in eng.resolve_ref(st["quest"], b) if eng.is_in_play(q)]
    if not units or not quests:
        return False
    o, q = units[0], quests[0]
    if o.zone != q.zone or o.side != q.side:
        W.leaves_combat(eng, o, q.zone)
        eng.emit([{"type": "moved", "obj": o, "to": q.zone}])
    o = eng.obj(o.label)
    if o is None:
        return False
    o.flags.add("questing")
    eng.touch()
    eng.log("questing", card=o.label, quest=q.label)
    return True


def _cancel_each_point(eng, st, b) -> bool:
    """In a replacement of damage being applied to a card: {cancel_each_point: REF, cost: [steps],
    then: [steps]} -- for each point of that damage, pay ``cost`` to cancel that point; ``then``
    follows each payment (a 'Then' part: only if the payment succeeded). The rest is dealt."""
    ev = b.get("event") or {}
    amount = int(ev.get("amount") or 0)
    cancelled = 0
    for _ in range(amount):
        paid = eng.run_steps(list(st.get("cost") or []), b)
        if paid:
            if eng.on("damage_cancel"):
                eng.fire("damage_cancel")
                cancelled += 1
        if not paid and eng.on("then_needs_success"):
            eng.fire("then_needs_success")
            eng.log("then_skipped", reason="previous_step_failed")
            continue
        eng.run_steps(list(st.get("then") or []), b)
    if cancelled:
        eng.log("damage_cancelled", card=ev["obj"].label, amount=cancelled)
    if amount - cancelled > 0:
        eng.emit([{**ev, "amount": amount - cancelled}])
    return cancelled > 0


def _redirect_assigned(eng, st, b) -> bool:
    """In a replacement of damage being applied to a card: {redirect_assigned: REF, amount: N,
    filter: EXPR, per: turn} -- N of that damage goes instead to one target the card's controller
    chooses (``filter``), at most once per ``per``; with no valid target it all stays."""
    ev = b.get("event") or {}
    amount = int(ev.get("amount") or 0)
    this = b.get("this")
    moved, tgt = 0, None
    per = st.get("per")
    uses = _mem(eng).setdefault("redirects", set())
    key = (getattr(this, "label", None), eng.game.limit_period(eng, per)) if per else None
    if (key is None or key not in uses) and eng.on("damage_redirect"):
        spec = {"name": "redirect_to", "filter": st.get("filter", "true")}
        opts = [o.label for o in eng.legal_targets(spec, b) if o is not this]
        if opts:
            tgt = eng.obj(eng.decide(b["you"], "pick", opts, f"the unit {this.label} redirects damage to"))
            moved = min(eng.eval(st.get("amount", 1), b), amount)
            if key is not None:
                uses.add(key)
        else:
            eng.log("no_redirect_target", card=getattr(this, "label", "?"))
    evs = []
    if amount - moved > 0:
        evs.append({**ev, "amount": amount - moved})
    if moved:
        eng.fire("damage_redirect")
        eng.log("damage_redirected", card=ev["obj"].label, to=tgt.label, amount=moved)
        evs.append({**ev, "obj": tgt, "amount": moved})
    if evs:
        eng.emit(evs)
    return moved > 0


def _remember(eng, st, b) -> bool:
    """{remember: EXPR, as: NAME}: bind NAME to a card now, so an effect created later keeps it."""
    b[st["as"]] = eng.eval(st["remember"], b)
    return b[st["as"]] is not None


def _return_from_discard(eng, st, b) -> bool:
    """{return_from_discard: REF}: the card (followed by its label across zones) goes from its owner's
    discard pile to his hand -- only if it is in that discard pile now."""
    ref = b.get(st["return_from_discard"]) if isinstance(st["return_from_discard"], str) else None
    label = getattr(ref, "label", None) or st["return_from_discard"]
    o = eng.obj(label)
    if o is None or o.zone != "discard":
        eng.log("not_in_discard", card=label)
        return False
    return eng.move(o, "hand", cause="return") is not None


def _mem(eng) -> dict:
    m = getattr(eng, "_whi_errata_b", None)
    if m is None:
        m = {}
        eng._whi_errata_b = m
    return m


def _lower_next_cost(eng, st, b) -> bool:
    """{lower_next_cost: PLAYER, to: N, filter: EXPR, per: turn}: the cost of the next card matching
    ``filter`` that PLAYER plays this ``per`` is lowered to N (see cost_reductions)."""
    per = st.get("per", "turn")
    _mem(eng).setdefault("lower_next", []).append({
        "player": eng.eval(st["lower_next_cost"], b), "to": eng.eval(st.get("to", 0), b),
        "filter": st.get("filter", "true"), "per": per, "period": eng.game.limit_period(eng, per),
        "bindings": {k: v for k, v in b.items() if k in ("you", "opponent")},
        "source": getattr(b.get("this"), "label", "?")})
    eng.log("effect_created", source=getattr(b.get("this"), "label", "?"), kind="lower_next_cost")
    return True


# -- cards held out of play, attached to a card in play (The Unending Horde) ---------------------

def _held_by(eng, host) -> list:
    """The cards held (out of play, zone ``held``) attached to ``host``."""
    oid = getattr(host, "oid", None)
    return [o for o in eng.state.objects.values() if o.zone == "held" and oid is not None and o.attached_to == oid]


def _held_cost(eng, host) -> int:
    """The total (printed: clarification 'cost') cost of the cards held by ``host``."""
    return sum(int(eng.obj_attr(o, "cost") or 0) for o in _held_by(eng, host) if isinstance(o.card.cost, int))


def _hold_under(eng, st, b) -> bool:
    """{hold_under: REF, by: REF}: the card goes out of play (its owner's ``held`` zone), attached to
    the ``by`` card: it is not in play."""
    objs = eng.resolve_ref(st["hold_under"], b)
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


def _note_held(eng, st, b) -> bool:
    """{note_held: REF, as: NAME} (a cost step): NAME is bound to the cards the card holds now -- as the
    Action is triggered -- so its effect knows them when it resolves."""
    hosts = eng.resolve_ref(st["note_held"], b)
    b[st["as"]] = [o.label for o in _held_by(eng, hosts[0])] if hosts else []
    return True


def _release_held(eng, st, b) -> bool:
    """{release_held: REF, noted: NAME, zone: ZONE, filter: EXPR}: put the cards REF holds into play in
    ``zone`` under your control -- only those noted as NAME when the Action was triggered (mechanic
    noted_at_trigger), or, without a note, all it holds now."""
    hosts = eng.resolve_ref(st["release_held"], b)
    host = hosts[0] if hosts else None
    cards = _held_by(eng, host) if host is not None else []
    flt = st.get("filter")
    if flt:
        cards = [o for o in cards if eng.eval(flt, {**b, "it": o})]
    noted = b.get(st["noted"]) if st.get("noted") else None
    if noted is not None and eng.on("noted_at_trigger"):
        kept = [o for o in cards if o.label in noted]
        if len(kept) != len(cards):
            eng.fire("noted_at_trigger")
            for o in cards:
                if o not in kept:
                    eng.log("not_noted", card=o.label, reason="attached after the Action was triggered")
        cards = kept
    zone = st.get("zone", "battlefield")
    for o in cards:
        o.attached_to = None
        eng.enter_play(o, b["you"], zone)
    return bool(cards)


# -- switching a quest (Temple of Ulric) --------------------------------------------------------

def _switch_quest(eng, st, b) -> bool:
    """{switch_quest: REF, filter: EXPR, as: NAME}: the quest in play goes back to its owner's hand
    and a quest from your hand matching ``filter`` (chosen now) takes its place in its zone; the
    resource tokens and questing units of the old quest move to the new one (NAME)."""
    olds = [q for q in eng.resolve_ref(st["switch_quest"], b) if eng.is_in_play(q)]
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
        lambda v: None if v in legal else "not an Empire or neutral quest")
    tokens = dict(old.counters)
    questers = [u for u in eng.in_play() if u.memory.get("quest_on") == old.oid or (
        "questing" in u.flags and "quest_on" not in u.memory and u.side == old.side and u.zone == old.zone)]
    zone, side = old.zone, old.side
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
