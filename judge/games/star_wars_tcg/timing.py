"""Held triggered abilities and chances: a triggered ability waits while an ability or Battle
card takes effect and during chances to reroll dice or prevent damage; reroll / prevention
triggers take effect only in their own chance."""
from __future__ import annotations

from functools import partial

from judge.engine import expr
from judge.engine.cards import Ability

from .activated import has_activated_abilities
from .memory import memory


def _kind_step(ability) -> dict | None:
    """The first step of the ability that rerolls dice or prevents damage (nested ones included)."""
    def walk(steps):
        for st in steps or []:
            if not isinstance(st, dict):
                continue
            if "reroll" in st or "prevent" in st:
                return st
            for key in ("do", "then", "may", "still"):
                if isinstance(st.get(key), list):
                    got = walk(st[key])
                    if got:
                        return got
        return None
    return walk(ability.get("steps"))


def trigger_kind(ability) -> str | None:
    """'reroll' for a triggered ability that allows rerolls, 'prevent' for one that prevents
    damage (read from its steps), else None."""
    st = _kind_step(ability)
    return None if st is None else "reroll" if "reroll" in st else "prevent"


def attack_dice_only(ability) -> bool:
    """It rerolls attack dice only ('Reroll one attack die': its reroll step says ``attack: true``)."""
    st = _kind_step(ability)
    return bool(st and "reroll" in st and st.get("attack"))


KIND_KEY = {"reroll": "reroll_trigger_timing", "prevent": "prevent_trigger_timing"}


def effect_depth(eng) -> int:
    return memory(eng)["depth"]


def before_resolve(eng, thing) -> None:
    """An ability or Battle card starts to take effect: triggered abilities wait (effect depth)."""
    memory(eng)["depth"] += 1


def after_resolve(eng, thing) -> None:
    memory(eng)["depth"] -= 1


def hold_triggers(eng) -> bool:
    sw = memory(eng)
    if sw["resolving_now"] or not eng.pending:
        return False
    chance = sw["chance"]
    keep = []
    for p in eng.pending:
        kind = trigger_kind(p.ability)
        if kind and eng.on(KIND_KEY[kind]):
            if chance != kind:
                sw["held"].append(p)
                eng.fire(KIND_KEY[kind])
                eng.log("held", source=p.source_label, until=f"a chance to {kind}")
                continue
        keep.append(p)
    eng.pending[:] = keep
    special = [p for p in keep if _special(eng, p)]
    normal = [p for p in keep if p not in special]
    key = _holding(eng)
    if not normal or key is None:
        return False
    if eng.on(key):
        eng.fire(key)
        return False
    eng.pending[:] = special
    _resolve_now(eng, normal, lambda p: not _special(eng, p))
    return True


def _holding(eng) -> str | None:
    """The mechanic that holds the waiting triggered abilities (other than a reroll / prevention one in
    its own chance) now: a chance to reroll dice or prevent damage under way (held-triggered-abilities-3
    / -5), or an ability or Battle card taking effect (held-triggered-abilities-4). None: nothing holds
    them."""
    if memory(eng)["chance"]:
        return "no_other_triggers_in_chance"
    return "held_during_effects" if effect_depth(eng) > 0 else None


def triggers_held(eng) -> bool:
    """The core's settle() leaves the waiting abilities in the pool while a rule holds them (_holding):
    "held until after that chance passes" / "until after the effects are complete" -- also where the
    core settles in the middle of a chance or an effect: a Battle card played in a chance settles as it
    resolves (after its card_played event), and what waited in the chance, or triggered in it, must not
    take effect there (as with an activated ability used there, which settles nothing). Not while held
    abilities are let go (_resolve_now), nor for the rule switched off (hold_triggers resolved them);
    a reroll / prevention ability waiting beside them is let go by its chance's release."""
    sw = memory(eng)
    if sw["resolving_now"] or not any(not _special(eng, p) for p in eng.pending):
        return False
    key = _holding(eng)
    if key is None or not eng.on(key):
        return False
    eng.fire(key)
    return True


def _special(eng, p) -> bool:
    """A reroll / prevention trigger whose own timing applies (it waits for its chance)."""
    kind = trigger_kind(p.ability)
    return bool(kind) and eng.on(KIND_KEY[kind])


def _resolve_now(eng, items: list, joins) -> None:
    """The waiting abilities ``items`` take effect now, one after another (no holding while they do).
    One that triggers meanwhile and would take effect here too (``joins``) joins those still waiting:
    the core's pool (Engine.pool_joined, triggered-abilities-3/-4: a Dark Side one goes before the Light
    Side's still waiting), not only after the whole batch; the others stay waiting (held)."""
    sw = memory(eng)
    was = sw["resolving_now"]
    sw["resolving_now"] = True
    try:
        ordered = eng.order_triggers(items)
        while ordered:
            p, ordered = ordered[0], ordered[1:]
            eng.resolve_trigger(p)
            ordered = _pool_joined(eng, ordered, joins)
    finally:
        sw["resolving_now"] = was


def _pool_joined(eng, waiting: list, joins) -> list:
    """Engine.pool_joined over the newly triggered abilities that ``joins`` accepts; the rest are
    left waiting where they were (in their pending order)."""
    before = list(eng.pending)
    joining = {id(p) for p in before if joins(p)}
    if not joining:
        return waiting
    eng.pending[:] = [p for p in before if id(p) in joining]
    try:
        waiting = eng.pool_joined(waiting)
    finally:
        left = {id(p) for p in eng.pending}  # those pool_joined did not take (the rule off)
        eng.pending[:] = [p for p in before if id(p) not in joining or id(p) in left]
    return waiting


def prevents_damage_to(eng, p, unit_oid: int) -> bool:
    """Does the waiting prevention trigger ``p`` prevent damage to that unit? Its prevent step names
    the unit: 'this unit' (its own card) or another -- 'that unit', the one its event names ('When
    another of your units is attacked, prevent 1 damage to that unit') -- read with the names the
    ability will take effect with."""
    st = _kind_step(p.ability)
    if st is None or "prevent" not in st:
        return False
    b = eng.trigger_bindings(p)  # as the core binds it when it takes effect
    try:
        return any(o.oid == unit_oid for o in eng.resolve_ref(st["prevent"], b))
    except expr.ExprError:  # 'this' of a card that has left play: it protects no unit in play
        return False


def _for_this_chance(eng, p, kind: str) -> bool:
    """Does the waiting ability ``p`` take effect in the chance of ``kind`` under way? Every one of that
    kind does: they wait "only until the next chance to prevent damage or reroll dice"
    (abilities-and-battle-cards-with-multiple-3), and one that prevents damage to a unit not damaged
    here prevents nothing (its step finds nothing to prevent) and is gone. Switched off
    (prevent_trigger_next_chance), a prevention ability waits for a chance in which the unit it names
    is damaged."""
    if trigger_kind(p.ability) != kind:
        return False
    if kind != "prevent":
        return True
    units = ((memory(eng)["prevent"] or {}).get("damage") or {})
    if any(prevents_damage_to(eng, p, oid) for oid in units):
        return True
    if not eng.on("prevent_trigger_next_chance"):
        return False
    eng.fire("prevent_trigger_next_chance")  # it takes effect here and is gone, though it prevents nothing
    return True


def release(eng, kind: str) -> bool:
    """In a chance of ``kind``: the held (and newly triggered) abilities of that kind take effect
    (``_for_this_chance``)."""
    sw = memory(eng)
    if not eng.on(KIND_KEY[kind]):
        return False
    did = False
    for _ in range(50):
        items = [p for p in sw["held"] + eng.pending if _for_this_chance(eng, p, kind)]
        if not items:
            return did
        sw["held"] = [p for p in sw["held"] if p not in items]
        eng.pending[:] = [p for p in eng.pending if p not in items]
        eng.fire(KIND_KEY[kind])
        _resolve_now(eng, items, lambda p: _for_this_chance(eng, p, kind))
        did = True
    return did


def chance_plays(eng, player: str, kind: str, used: set, target=None) -> dict:
    """What ``player`` may play in a chance to reroll dice / prevent damage (``kind``): the Battle
    cards in the hand and the activated abilities of the player's cards in play whose effect does
    that -- the chances "to play activated abilities and Battle cards" (held-triggered-abilities-6).
    An activated ability is used once per opportunity (faq:according-rules-activated-abilities-two-
    units-intercept-retaliate: "each could use them once per opportunity"); ``used`` holds those used
    in this chance. A card or ability that targets must be able to target ``target`` (the damaged
    card: "target unit" is not a Pilot on a unit, piloting-units-3; ``target`` may be a list: the
    units damaged in one chance, one of which it must be able to target). Option name -> (card,
    ability, is a Battle card)."""
    out: dict[str, tuple] = {}
    fits = partial(_fits, eng, player, kind, target)
    for o in eng.zone_objs(player, "hand"):
        ab = o.card.play_ability
        if o.card.type == "battle" and ab is not None and trigger_kind(ab) == kind and fits(o, ab):
            out[o.label] = (o, ab, True)
    for o in eng.in_play():
        if o.controller != player:
            continue
        abilities = [a for a in o.card.abilities if a.kind == "action" and trigger_kind(a) == kind]
        if abilities and not has_activated_abilities(eng, o):  # only units have them: not a Battle card
            continue
        for ab in abilities:
            if (o.oid, ab.index) in used:
                if eng.on("once_per_attack"):
                    eng.fire("once_per_attack")
                    continue
            b = eng.bindings_for(o, player, {})
            if eng.can_do_all(ab.get("cost") or [], b) and fits(o, ab):
                out[_option_name(o, ab)] = (o, ab, False)
    return out


def _option_name(o, ab) -> str:
    """An activated ability's option in a chance, as the scenario names it: 'ABILITY CARD-LABEL'."""
    return f"{ab.name or 'ability'} {o.label}"


def _fits(eng, player: str, kind: str, target, o, ab) -> bool:
    """What the card's own text asks of the chance: dice it may reroll, a damaged unit it may target."""
    roll = memory(eng)["roll"]
    if kind == "reroll" and not (roll and "attacker" in roll) and attack_dice_only(ab):
        return False  # 'Reroll one attack die' in a chance to reroll an ability's dice of damage
    specs = ab.get("targets") or []
    if not specs or target is None:
        return True
    b = eng.bindings_for(o, player, {})
    return any(eng.is_legal_target(specs[0], t, b) for t in (target if isinstance(target, list) else [target]))


def chance_refusing_text(eng, player: str, kind: str, used: set, value, target=None) -> str | None:
    """The card whose own text keeps ``value`` out of the options of a chance to reroll dice / prevent
    damage (``kind``): a Battle card in the player's hand, or an activated ability of his unit in play
    (named as chance_plays names it), whose effect is not of this chance ('(Play during a chance to prevent
    damage.)'), that rerolls attack dice only where these are not attack dice, whose target description
    fits no damaged unit, or whose own cost cannot be paid. None where a rule keeps it out -- an ability
    used already in this chance (once per opportunity), a card that is no Battle card, one that cannot
    have activated abilities -- and for a value that names no such card."""
    fits = partial(_fits, eng, player, kind, target)
    for o in eng.zone_objs(player, "hand"):
        ab = o.card.play_ability
        if o.label == value and o.card.type == "battle" and ab is not None:
            return eng.card_name(o) if trigger_kind(ab) != kind or not fits(o, ab) else None
    for o in eng.in_play():
        if o.controller != player or not has_activated_abilities(eng, o):
            continue
        for ab in (a for a in o.card.abilities if a.kind == "action"):
            if _option_name(o, ab) != value or (o.oid, ab.index) in used:
                continue
            b = eng.bindings_for(o, player, {})
            if trigger_kind(ab) != kind or not fits(o, ab) or not eng.can_do_all(ab.get("cost") or [], b):
                return eng.card_name(o)
    return None


def play_in_chance(eng, player: str, option: tuple, targets: list | None = None, used: set | None = None) -> None:
    """Play a Battle card / use an activated ability inside a chance: it takes effect at once, in the
    middle of the attack or the ability (triggered abilities wait while it does, before_resolve, and
    the core's settle as a played card resolves leaves them waiting, triggers_held)."""
    obj, ab, card = option
    if card:
        item = eng.play(player, obj.label, {"player": player, "play": obj.label, "targets": targets or []})
    else:
        if used is not None:
            used.add((obj.oid, ab.index))
        wanted = targets if ab.get("targets") else []
        item = eng.use(player, obj.label, {"player": player, "use": obj.label, "ability": ab.name,
                                           "targets": wanted or []})
    if item in eng.state.chain:
        eng.state.chain.remove(item)
        eng.resolve_item(item)


def open_chance(eng, kind: str) -> str | None:
    sw = memory(eng)
    before = sw["chance"]
    sw["chance"] = kind
    hold_triggers(eng)
    return before


def close_chance(eng, before) -> None:
    sw = memory(eng)
    sw["chance"] = before
    if before is None and effect_depth(eng) == 0:
        eng.settle()


def step_still(eng, st, b) -> bool:
    """{still: EXPR, do: [..]}: a waiting triggered ability's 'if' condition, looked at again when it
    takes effect. Once in the pool it takes effect anyway (unless that rule is switched off)."""
    try:
        ok = bool(eng.eval(st["still"], b))
    except expr.ExprError:
        ok = False
    if not ok:
        if eng.applies("pool_certain"):
            eng.log("condition_no_longer_true", source=getattr(b.get("this"), "label", None))
        else:
            eng.log("effect_cancelled", source=getattr(b.get("this"), "label", None), reason="condition_failed")
            return False
    return eng.run_steps(st.get("do") or [], b)


def step_pooled(eng, st, b) -> bool:
    """{pooled: true, do: [..], power: INDEX}: a card's triggered ability that is waiting in the pool takes
    effect even if its card has left play since it triggered, or (``power``: a given power's index) no longer
    has the power -- the example of triggered-abilities-3: "The
    ability will still take effect even if an ability that triggered when the battle phase started
    caused it to be discarded". Switched off, such an ability does nothing."""
    this = b.get("this")
    if this is None or getattr(this, "oid", None) not in eng.state.objects:  # a Gone card: it moved
        if not eng.applies("pool_certain"):
            eng.log("effect_cancelled", source=getattr(this, "label", None), reason="source_left_play")
            return False
    elif st.get("power") is not None and not any(ab.index == st["power"] for ab in eng.obj_attr(this, "powers") or ()):
        # a power a modifier gave the card (a Pilot's 'The unit gets ...'), which the card no longer has: one
        # more of the 'conditions' that 'stop being true' (triggered-abilities-3)
        if not eng.applies("pool_certain"):
            eng.log("effect_cancelled", source=this.label, reason="power_lost")
            return False
    return eng.run_steps(st.get("do") or [], b)


def recheck_if_conditions(pending) -> None:
    """An 'if' condition is looked at again as each waiting ability takes effect (step_still), and
    whether its card is still there (step_pooled). Not the triggered abilities a rule makes (index
    -1: Upkeep, a bounty earned earlier): a bounty triggers at the build step wherever its card is."""
    for p in pending:
        if p.ability.get("_wrapped") is not None:
            continue
        data = dict(p.ability.data)
        steps = list(data.get("steps") or [])
        if data.get("if") is not None:
            steps = [{"still": data["if"], "do": steps}]
        if p.ability.index != -1:
            given = p.ability.index if isinstance(p.ability.index, tuple) and p.ability.index[:1] == ("granted",) else None
            steps = [{"pooled": True, "do": steps, **({"power": given} if given else {})}]
        data["steps"] = steps
        data["_wrapped"] = True
        p.ability = Ability(p.ability.index, p.ability.kind, data)


def keep_pending(eng, pending) -> bool:
    """Every waiting triggered ability, a lone one too, is looked at again as it takes effect (triggered-
    abilities-3 decides what that look finds: recheck_if_conditions) -- not only those the order policy sees:
    a batch of one is not ordered (blind round 34: with the rule off, a lone waiting ability whose card had
    left play still took effect). Keeps every ability."""
    recheck_if_conditions([pending])
    return True


def order_pending(eng, pending):
    """Waiting triggered abilities: all the Dark Side's first, then the Light Side's; an 'if'
    condition is looked at again as each takes effect."""
    recheck_if_conditions(pending)
    groups = [(side, [t for t in pending if t.controller == side]) for side in eng.game.players]
    return [g for g in groups if g[1]]


def state_checks(eng) -> bool:
    return hold_triggers(eng)


def in_chance(eng, kind) -> bool:
    """``in_chance('reroll' | 'prevent')``: a chance to reroll dice / prevent damage is under way -- the
    condition of a Battle card or activated ability whose text says "(Play / Use during a chance to
    reroll dice / prevent damage.)": played at another time, its own text refuses it."""
    return memory(eng)["chance"] == kind


def register(game) -> None:
    game.steps["still"] = step_still
    game.steps["pooled"] = step_pooled
    game.functions["in_chance"] = in_chance
