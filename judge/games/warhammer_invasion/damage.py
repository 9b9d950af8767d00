"""Damage outside combat: indirect damage (the damaged player assigns it among his units and capital
sections, no more to each than destroys or burns it, none to a burning section; added indirect damage
is ordinary), non-combat damage applied as soon as it is assigned, damage a unit 'takes', moving
damage (not dealt: cancellation doesn't apply; no more than destroys the unit), healing, mutual and
simultaneous damage, redirecting damage being applied."""
from __future__ import annotations

from contextlib import nullcontext

from judge.engine.cards import Ability
from judge.engine.game import NOT_MINE
from judge.engine.state import ChainItem, Obj

from . import card_scripts
from .common import CAPITAL_HP, narrowed
from .toughness import value as toughness  # Toughness cancels this much of one application

#: this mechanic's replay memory (engine.memory "whi.damage"), as it starts
_MEMORY = {"redirects": set(), "effect_steps": 0}


def register(game) -> None:
    game.steps.update({
        "indirect": lambda eng, st, b: _noncombat(eng, lambda: _indirect(eng, st, b)),
        "damage": _damage, "can:damage": _can_damage, "apply_assigned_damage": _apply_assigned,
        "takes": lambda eng, st, b: _noncombat(eng, lambda: _takes(eng, st, b)), "move_damage": _move_damage,
        "heal": _heal,
        "redirect_assigned": _redirect_assigned,
    })


def _mem(eng) -> dict:
    return eng.memory("whi.damage", _MEMORY)


def max_damage(eng, obj, cancellable: bool = True) -> int:
    """What it takes to destroy a unit (or burn a section): remaining hit points plus the damage known
    cancellation effects would cancel -- 'cancel the next N damage' shields, Toughness, the cancelling replacements
    of card scripts (War Hydra's tokens: card_scripts POINTS 'cancel_capacity'). Damage that cannot be
    cancelled (or with cancelling switched off, damage_cancel) takes only the remaining hit points."""
    hp = eng.obj_attr(obj, "remaining_hp")
    if not cancellable or not eng.on("damage_cancel"):
        return hp
    shields = [e.remaining or 0 for e in eng.state.effects
               if e.kind == "shield" and e.data.get("mode") == "cancel" and e.data.get("on") == obj.oid]
    return hp + _shield_total(eng, shields) + toughness(eng, obj) + card_scripts.total("cancel_capacity", eng, obj)


def _shield_total(eng, shields: list[int]) -> int:
    """How much the 'cancel the next N damage' shields on one unit cancel together: they watch the same next
    damage (faq:redirecting-damage-cumulative-like-counterstrike-toughness: "All effects that redirect/cancel
    next X damage are not cumulative"), so the largest counts -- as the core applies them (shields_not_cumulative);
    off: they add up."""
    if len(shields) > 1 and eng.on("shields_not_cumulative"):
        if sum(shields) != max(shields):
            eng.fire("shields_not_cumulative")
        return max(shields)
    return sum(shields)


AS_ASSIGNED = "damage_modified_as_assigned"


def modified_as_assigned(eng, assigned: dict[int, int], source=None, combat: bool = True) -> dict[int, int] | None:
    """Damage assigned some time before it is applied (combat damage, clarification:battlefield-phase:
    "Damage is counted then assigned, without yet being applied. Actions may be taken by either player. Damage
    is applied"): the constant effects that change damage being assigned (a ``damage_modifier``: Bloodletter
    doubles "the damage being assigned as it is assigned") act now, those of the cards in play now; what they
    made of it is kept and applied later, after the action window, as it is (cancelling and redirecting still
    act at application: "after it is assigned, but right before it is applied"). Returns {oid: the amount
    assigned, modified}, logged as ``damage_assigned``. Mechanic off (damage_modified_as_assigned): None --
    the modifiers in play when the damage is applied act on it then (the core's apply_damage)."""
    if not eng.on(AS_ASSIGNED):
        return None
    src_label = source.label if isinstance(source, Obj) else None
    out: dict[int, int] = {}
    for oid, base in assigned.items():
        obj = eng.state.objects.get(oid)
        if obj is None or base <= 0:
            continue
        out[oid] = eng.assignment_modifiers(obj, base, source, combat)
        if out[oid] != base:
            eng.fire(AS_ASSIGNED)
        eng.log("damage_assigned", card=obj.label, amount=out[oid], source=src_label)
    return out


def modifiers_in_play(eng) -> bool:
    """Is a card with a damage modifier (``damage_modifier``) in play?"""
    return any(ab.kind == "damage_modifier" for o in eng.in_play() for ab in o.card.abilities)


def _indirect(eng, st, b) -> bool:
    """Indirect damage (``_assign_indirect``), then an ``indirect_dealt`` event (player, controller, amount,
    cancellable) other cards may add to. ``{indirect: P, amount: N, adds_to: event}``: indirect damage
    added to the damage of that event, of the kind its own step says (ordinary unless it says
    ``cancellable: false``)."""
    st = dict(st)
    added = st.pop("adds_to", None)  # the added damage is of the kind its own step says, not the event's
    if st["indirect"] == "each":
        return _indirect_each(eng, st, b)
    player = eng.eval(st["indirect"], b)
    amount = eng.eval(st.get("amount", 1), b)
    ok = _assign_indirect(eng, st, b)
    if ok:
        eng.emit([{"type": "indirect_dealt", "player": player, "controller": _effect_controller(b), "amount": amount,
                   "cancellable": st.get("cancellable", True), "added": added is not None}])
    return ok


def _indirect_each(eng, st, b) -> bool:
    """``{indirect: each, amount: N}`` ('deal N indirect damage to each player'): several players must assign
    indirect damage at the same time. The active player assigns his first, then the next player in turn
    order (mechanic indirect_active_player_first; off: the player whose card effect deals it first); the
    damage is still applied at the same time, one batch of simultaneous events (indirect_applied_together;
    off: each player's share is applied -- and destroys what it destroys -- as soon as he has assigned it,
    before the next player assigns).
    Each player's ``indirect_dealt`` event follows his assignment (as for one player), before the batch."""
    order = list(eng.turn_order())
    dealer = _effect_controller(b)
    if dealer in order and order[0] != dealer:
        if eng.on("indirect_active_player_first"):
            eng.fire("indirect_active_player_first")
        else:
            i = order.index(dealer)
            order = order[i:] + order[:i]
    amount = eng.eval(st.get("amount", 1), b)
    together = len(order) > 1 and amount > 0 and eng.applies("indirect_applied_together")
    dealt = False
    with eng.damage_together() if together else nullcontext():
        for p in order:
            if _assign_indirect(eng, st, b, player=p):
                dealt = True
                eng.emit([{"type": "indirect_dealt", "player": p, "controller": dealer, "amount": amount,
                           "cancellable": st.get("cancellable", True), "added": False}])
            if not together:  # (switched off) his share is applied, and destroys what it destroys, at once
                eng.settle_state()
    return dealt


def _effect_controller(b: dict):
    """The player controlling the card effect that deals the damage. Inside 'each player ...' (each_player)
    `you` is each player in turn, but the effect stays its source's controller's ('deal 1 indirect damage
    to each player': the damage dealt to his opponent is dealt by his card effect too)."""
    src = b.get("this")
    return src.controller if isinstance(src, Obj) and src.controller else b.get("you")


def _assign_indirect(eng, st, b, player=None) -> bool:
    """Indirect damage: the damaged player (``player``, else the step's ``indirect``) assigns it among his
    units and capital sections (mechanic indirect_assigned_by_damaged_player; off: the player whose effect
    deals it assigns it). Only his own units and legends, the ones he controls (indirect_to_own_cards: a
    script naming another player's is refused by that rule; off: any unit or legend in play may take it)."""
    player = eng.eval(st["indirect"], b) if player is None else player
    chooser = player
    dealer = _effect_controller(b)
    if dealer not in (None, player):
        if eng.on("indirect_assigned_by_damaged_player"):
            eng.fire("indirect_assigned_by_damaged_player")
        else:
            chooser = dealer
    amount = eng.eval(st.get("amount", 1), b)
    cancellable = st.get("cancellable", True)
    if amount <= 0:
        return False
    # its units as effects make them (a development made also a unit is one; a card face down or made a
    # development is not, whatever its printed type)
    own = eng.on("indirect_to_own_cards")
    units = [o for o in eng.in_play() if (o.controller == player or not own)
             and eng.obj_attr(o, "type") in ("unit", "legend")]
    sections = eng.zone_objs(player, "capital")
    options = [o.label for o in units + sections]
    total = amount  # what B is dealt; what he must assign: no more than his units and capital can take
    amount = _assignable(eng, units, sections, amount, cancellable)
    if amount <= 0:
        eng.log("damage_not_assigned", player=player, amount=total, reason="nothing can take indirect damage")
        return False

    def check(assign: dict) -> str | None:
        if sum(assign.values()) != amount:
            room = f" (all that {player}'s units and capital can take of {total})" if amount < total else ""
            return f"must assign exactly {amount} damage{room}, got {sum(assign.values())}"
        for label, n in assign.items():
            o = eng.obj(label)
            if o is None or label not in options:  # (who assigns it does not change whose units take it)
                if o is not None and own and eng.is_in_play(o) and eng.obj_attr(o, "type") in ("unit", "legend"):
                    eng.fire("indirect_to_own_cards")  # another player's unit or legend: 'his units, legends'
                return f"{label} cannot be assigned {player}'s indirect damage"
            if "burning" in o.flags and eng.applies("burning_zone_no_assign"):
                return f"{label} is burning and cannot be assigned damage"
            if o in units and eng.on("indirect_cap") and n > max_damage(eng, o, cancellable):
                eng.fire("indirect_cap")
                return f"{label} cannot be assigned more damage than it takes to destroy it"
            extra = _section_cap(eng, o, n)
            if extra:
                return extra
        return None

    only = _only_assignment(eng, units, sections, amount, cancellable)
    if only is not None:  # the rules leave one way to assign it: nothing is asked
        assign = eng.decide_only(chooser, only, options, check)
    else:
        # a lenient replay (ablation) with no scripted assignment puts it all on the first place that may take it
        # the places offered leave out burning sections (the check still refuses a script naming one, by its rule)
        offered = [o.label for o in units + sections if not _burning_closed(eng, o, sections)]
        assign = eng.decide_checked(chooser, "assign", offered, f"where {player}'s {amount} indirect damage goes",
                                    check, fallbacks=[{label: amount} for label in offered])
    eng.deal_damage(b.get("this"), {eng.obj(k).oid: v for k, v in assign.items()}, cancellable=cancellable)
    return True


def _burning_closed(eng, o, sections: list) -> bool:
    """Is ``o`` a burning capital section, which may be assigned no damage (burning_zone_no_assign)?"""
    return o in sections and "burning" in o.flags and eng.on("burning_zone_no_assign")


def _caps(eng, units: list, sections: list, cancellable: bool) -> tuple[dict, set]:
    """The places that may take indirect damage, each with (the most it may take, the mechanic capping it) or
    None (no cap), leaving out a burning section (burning_zone_no_assign) and a place that can take none; and
    the mechanics that left a place out."""
    caps, shaped = {}, set()
    for o in units + sections:
        if _burning_closed(eng, o, sections):
            shaped.add("burning_zone_no_assign")  # a place left out
            continue
        if o in units:
            caps[o.label] = (max_damage(eng, o, cancellable), "indirect_cap") if eng.on("indirect_cap") else None
        elif "burning" not in o.flags and eng.on("indirect_section_cap"):
            caps[o.label] = (CAPITAL_HP - o.damage, "indirect_section_cap")
        else:
            caps[o.label] = None
    return {label: cap for label, cap in caps.items() if cap is None or cap[0] > 0}, shaped


def _assignable(eng, units: list, sections: list, amount: int, cancellable: bool) -> int:
    """How much of ``amount`` indirect damage the player must assign: all of it, unless his units and capital
    sections together can take less (each capped: no more than destroys the unit or burns the section,
    clarification:indirect-damage) -- then as much as they can take: the effect is fulfilled "as much as
    possible" (as_much_as_possible, faq:play-card-snotling-ambush-...), the rest is not assigned. Off: all of
    it must still be assigned (the assignment cannot be made)."""
    caps, shaped = _caps(eng, units, sections, cancellable)
    if None in caps.values():
        return amount
    room = sum(cap[0] for cap in caps.values())
    if room >= amount or not eng.on("as_much_as_possible"):
        return amount
    for key in sorted(shaped | {cap[1] for cap in caps.values()} | {"as_much_as_possible"}):
        eng.fire(key)
    return room


def _only_assignment(eng, units: list, sections: list, amount: int, cancellable: bool) -> dict | None:
    """The one legal assignment of ``amount`` indirect damage among ``units`` and capital ``sections``, when
    the rules leave only one (else None): a burning section may take none (burning_zone_no_assign), a unit
    no more than destroys it (indirect_cap), a section no more than burns it (indirect_section_cap). One
    place left that can take it all, or places whose limits add up to exactly the amount, leave one way.
    The mechanics whose limits narrowed it to that way are traced."""
    caps, shaped = _caps(eng, units, sections, cancellable)
    if len(caps) == 1:
        (label, cap), = caps.items()
        if cap is not None and cap[0] < amount:
            return None
        only = {label: amount}
    elif caps and None not in caps.values() and sum(cap[0] for cap in caps.values()) == amount:
        only = {label: cap[0] for label, cap in caps.items()}
        shaped.update(cap[1] for cap in caps.values())
    else:
        return None
    for key in sorted(shaped):
        eng.fire(key)
    return only


def _section_cap(eng, obj, n: int) -> str | None:
    """A capital section cannot be assigned more indirect damage than it takes to burn it."""
    if obj.card.type == "capital" and "burning" not in obj.flags and n > CAPITAL_HP - obj.damage:
        if eng.applies("indirect_section_cap"):
            return f"{obj.label} cannot be assigned more indirect damage than it takes to burn it"
    return None


def _damage(eng, st, b) -> bool:
    """The core ``damage`` step; a card effect's (non-combat) damage is applied as it is assigned. A burning
    capital section it names is assigned none (faq: a burning zone 'cannot be assigned damage'): with only
    burning sections named, nothing is dealt and the step fails."""
    if st.get("combat"):
        return eng.step_damage(st, b)
    objs = eng.resolve_ref(st["damage"], b)
    st = narrowed(eng, st, "damage", objs, [o for o in objs if _burning_section(o)], "burning_zone_no_assign",
                  "damage_not_assigned", "a burning zone cannot be assigned damage")
    if st is None:
        return False
    return _noncombat(eng, lambda: eng.step_damage(st, b))


def _burning_section(o) -> bool:
    return getattr(o, "card", None) is not None and o.card.type == "capital" and "burning" in o.flags


def _can_damage(eng, st, b) -> bool:
    """Can the damage step be done in full ('or' options)? Not when all it names are burning capital
    sections, which cannot be assigned damage (burning_zone_no_assign)."""
    objs = eng.resolve_ref(st["damage"], b)
    if objs and all(_burning_section(o) for o in objs) and eng.on("burning_zone_no_assign"):
        eng.fire("burning_zone_no_assign")
        return False
    return True


def _noncombat(eng, run) -> bool:
    """Run a card effect's damage step (``run``): while it runs, the damage it deals is non-combat damage,
    which ``damage_batch`` applies as soon as it is assigned, or (switched off) makes wait."""
    mem = _mem(eng)
    mem["effect_steps"] += 1
    try:
        return run()
    finally:
        mem["effect_steps"] -= 1


def damage_batch(eng, source, assigned: dict, combat: bool, cancellable: bool):
    """Hook: a batch of non-combat damage dealt by a card effect's damage step is applied as soon as it
    is assigned (the core's dealing: NOT_MINE). Switched off, it waits: its application goes on the
    chain as an item that opens an action window before it resolves."""
    if not _mem(eng)["effect_steps"] or combat or not any(n > 0 for n in assigned.values()):
        return NOT_MINE
    if eng.applies("noncombat_damage_immediate"):
        return NOT_MINE
    _wait(eng, source, assigned, cancellable)
    return {}


def _wait(eng, source, assigned: dict, cancellable: bool) -> None:
    """(rule switched off) The damage is assigned -- the modifiers act now (modified_as_assigned) --; it is
    applied when the chain item resolves."""
    now = modified_as_assigned(eng, assigned, source, combat=False)
    modified = now is not None
    assigned = now if modified else assigned
    src = source if isinstance(source, Obj) else None
    controller = src.controller if src is not None else eng.state.vars.get("active")
    label = src.label if src is not None else "non-combat damage"
    eng.log("damage_waiting", source=label,
            assignment={eng.state.objects[k].label: n for k, n in assigned.items() if k in eng.state.objects})
    ab = Ability(0, "play", {"name": "apply assigned damage", "steps": [{"apply_assigned_damage": True}]})
    item = ChainItem(len(eng.state.chain) + 1 + eng.state.clock, controller, src.oid if src is not None else 0,
                     label, ab, None, bindings={"you": controller, "_source": source, "_assigned": dict(assigned),
                                                "_cancellable": cancellable, "_modified": modified}, window=True)
    eng.state.chain.append(item)
    eng.touch()


def _apply_assigned(eng, st, b) -> bool:
    """(rule switched off) Apply damage that waited since it was assigned (an object that changed
    zones meanwhile is a new object: the damage assigned to the old one is lost)."""
    modified = b.get("_modified", False)
    if modified and modifiers_in_play(eng):
        eng.fire(AS_ASSIGNED)  # a damage modifier in play now does not act on damage assigned before
    eng.deal_damage(b.get("_source"), b["_assigned"], cancellable=b.get("_cancellable", True), modified=modified)
    return True


def _takes(eng, st, b) -> bool:
    """{takes: REF, amount: N}: each unit 'takes' damage: it is the source of the damage it is
    dealt (so 'when a unit is dealt damage' effects see it); a card effect's damage, so non-combat damage
    (applied as soon as it is assigned), and dealt to all of them at once (simultaneous events)."""
    objs = eng.resolve_ref(st["takes"], b)
    if not objs:
        return False
    with eng.damage_together():  # 'each unit takes 1 damage': all at once, one batch of events
        for o in objs:
            n = eng.eval(st.get("amount", 1), {**b, "it": o})
            if eng.applies("takes_damage_is_dealt"):
                eng.deal_damage(o, {o.oid: n})
            else:
                o.damage += n
                eng.touch()
                eng.log("damage_taken", card=o.label, amount=n)
    return True


def _move_damage(eng, st, b) -> bool:
    """{move_damage: REF, to: REF, amount: N} / {..., up_to: N}: move damage from one unit to another -- N, or
    with ``up_to`` as many as the resolving player chooses, none to N ('Move up to 5 damage': scripted as a
    number) -- no more than the first has, nor than it takes to destroy the receiving unit (a larger number
    chosen is refused by that rule); moved damage is neither dealt nor assigned (cancellation doesn't apply)."""
    src = eng.resolve_ref(st["move_damage"], b)
    dst = eng.resolve_ref(st["to"], b)
    if not src or not dst:
        return False
    n = min(src[0].damage, eng.eval(st["up_to"] if "up_to" in st else st.get("amount", 1), b))
    cap = eng.obj_attr(dst[0], "remaining_hp") or 0
    if "up_to" in st and n > 0:
        def check(value):
            if value > cap and eng.on("move_damage_cap"):
                eng.fire("move_damage_cap")
                return f"no more damage can be moved onto {dst[0].label} than it takes to destroy it ({cap})"
            return None
        n = eng.decide_checked(b["you"], "number", list(range(n, -1, -1)),
                               f"how much damage to move from {src[0].label} to {dst[0].label} (up to {n})", check)
    elif n > cap and eng.on("move_damage_cap"):
        eng.fire("move_damage_cap")
        n = cap
    if n <= 0:
        return False
    src[0].damage -= n
    eng.touch()
    if eng.applies("move_damage_uncancellable"):
        dst[0].damage += n
        eng.log("damage_moved", card=src[0].label, to=dst[0].label, amount=n)
    else:
        eng.deal_damage(b.get("this"), {dst[0].oid: n})
    return True


def _heal(eng, st, b) -> bool:
    """{heal: REF, amount: N}: remove up to N damage from each; a unit without damage can't be healed (it
    has not been healed: mechanic heal_needs_damage, off: it counts as healed of 0). The step succeeded
    ('Then') when one unit at least was healed.
    Then one 'unit_healed' event per unit healed, all simultaneous."""
    objs = eng.resolve_ref(st["heal"], b)
    before = {o.oid: o.damage for o in objs}
    amount = eng.eval(st.get("amount", 1), b)
    ok = False  # one unit at least healed ('each': done as fully as possible)
    unharmed = set()  # units without damage that count as healed when the rule is off
    for o in objs:
        n = min(o.damage, amount)
        if n == 0:
            if not eng.applies("heal_needs_damage"):
                unharmed.add(o.oid)
                ok = True
            continue
        ok = True
        o.damage -= n
        eng.touch()
        eng.log("healed", card=o.label, amount=n)
    evs = [{"type": "unit_healed", "obj": eng.state.objects[k], "amount": d - eng.state.objects[k].damage,
            "player": b.get("you")}  # who heals: the controller of the healing effect
           for k, d in before.items() if k in eng.state.objects and (eng.state.objects[k].damage < d
                                                                      or k in unharmed)]
    if evs:
        eng.emit(evs)
    return ok


def _redirect_assigned(eng, st, b) -> bool:
    """In a replacement of damage being applied to a card: {redirect_assigned: REF, amount: N,
    filter: EXPR, per: turn} -- N of that damage goes instead to one target the card's controller
    chooses (``filter``), at most once per ``per``; with no valid target it all stays."""
    ev = b.get("event") or {}
    amount = int(ev.get("amount") or 0)
    this = b.get("this")
    moved, tgt = 0, None
    per = st.get("per")
    uses = _mem(eng)["redirects"]
    # the limit is the object's: a card that left play and came back is a new card (clarification:out-of-play,
    # new_object_on_zone_change -- off, it keeps its object, and so the use it made)
    label = getattr(this, "label", None)
    key = (getattr(this, "oid", None), eng.game.limit_period(eng, per), label) if per else None
    if key is not None and key not in uses and eng.on("damage_redirect") \
            and any(k[1:] == key[1:] for k in uses):
        eng.fire("new_object_on_zone_change")  # the same card's earlier object used it: this one may
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


def hit_points(eng, obj, name: str, value):
    """'Hit points' are a unit's printed hit point value plus or minus any modifiers (a card effect
    that gives -1 hit point lowers them); mechanic hp_modifiers, off: the printed value, whatever
    modifies it."""
    if name != "hp" or value is None:
        return value
    printed = (obj.card.stats or {}).get("hp")
    if printed is None or value == printed:
        return value
    if eng.on("hp_modifiers"):
        eng.fire("hp_modifiers")
        return value
    return printed
