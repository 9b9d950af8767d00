"""Doing damage: the chance to prevent it (Evade, Deflect, prevention triggers), then the damage,
then Stun."""
from __future__ import annotations

from judge.engine.game import NOT_MINE

from .costs import cannot_pay, pay_arrow_cost
from .keywords import has_keyword, keyword_instances, keyword_value
from .memory import memory
from .pilots import is_pilot_on_unit, is_unit
from .timing import (chance_plays, close_chance, effect_depth, hold_triggers, open_chance, play_in_chance,
                     prevents_damage_to, release, trigger_kind)


def instance_name(kind: str, unit, i: int) -> str:
    """The option name of a unit's keyword ability (Evade, Deflect, Retaliate, Intercept): the second
    instance of one keyword is '... (2)'."""
    return f"{kind} {unit.label}" + (f" ({i + 1})" if i else "")


def _prevention_applies(eng, attack: bool) -> bool:
    if attack:
        return True
    if not eng.on("prevention_any_damage"):
        return False
    if effect_depth(eng) > 0 and not eng.on("chances_mid_effect"):
        return False
    return True


def do_damage(eng, source, target, amount: int, *, attack: bool, stun_from=None) -> int:
    """A chance to prevent damage for the unit, then the damage is done; then Stun of the unit
    that did it; deflected damage is done by the deflecting unit."""
    if target is None or target.oid not in eng.state.objects or not eng.is_in_play(target):
        return 0
    tried = amount
    deflects: list = []
    if amount > 0 and _prevention_applies(eng, attack):
        amount, deflects = _prevention_chance(eng, target, amount, attack)
    done = 0
    if amount > 0 and eng.is_in_play(target):
        done = eng.deal_damage(source, {target.oid: amount}, combat=attack).get(target.oid, 0)
    _stun(eng, stun_from if stun_from is not None else source, target, done, attack=attack, tried=tried)
    for to, amt in deflects:
        if eng.applies("deflect_source"):
            src = eng.obj(target.label) or target
        else:
            src = stun_from if stun_from is not None else source
        eng.log("damage_deflected", by=target.label, to=to.label, amount=amt)
        do_damage(eng, src, to, amt, attack=False)
    return done


def _stun(eng, source, target, done: int, *, attack: bool, tried: int) -> None:
    if source is None or target is None or not eng.on("stun"):
        return
    if source.oid == target.oid or source.label == target.label:
        return  # keyword:stun: "When this unit damages another unit" -- not when it damages itself
    x = keyword_value(eng, source, "stun")
    if not x:
        return
    if is_pilot_on_unit(eng, source) and eng.applies("pilot_not_unit"):
        # "When THIS UNIT damages another unit": a Pilot on a unit that damages with an ability of its
        # own (piloting-units-7) is not a unit (piloting-units-1), so its Stun does nothing then
        return
    if done <= 0:
        if tried <= 0 or eng.on("stun_needs_damage"):
            if tried > 0:
                eng.fire("stun_needs_damage")
            return
    if not attack:
        if not eng.on("stun_any_damage"):
            return
        eng.fire("stun_any_damage")
    target = eng.state.objects.get(target.oid) or eng.obj(target.label)
    if target is None or not eng.is_in_play(target):
        return
    if not is_unit(eng, target):
        # keyword:stun: "When this unit damages another UNIT": a Pilot on a unit is a Character but
        # not a unit (piloting-units-1, -3; is_unit fires pilot_not_unit), so an ability that damages
        # "each Character" damages it without Stunning it
        return
    eng.fire("stun")
    b = eng.bindings_for(source if source.oid in eng.state.objects else None, source.controller,
                         {"victim": target})
    eng.run_step({"modify": {"target": "victim", "modify": {"power": -x}, "duration": "battle"}}, b)
    eng.log("stunned", card=target.label, by=source.label, amount=x)


def _prevention_chance(eng, unit, damage: int, attack: bool) -> tuple[int, list]:
    """The chance to prevent damage to ``unit``: its controller may use each Evade / Deflect once;
    triggered prevention abilities take effect in it."""
    sw = memory(eng)
    has_abilities = has_keyword(eng, unit, "evade") or has_keyword(eng, unit, "deflect")
    waiting = [p for p in sw["held"] + eng.pending if trigger_kind(p.ability) == "prevent"
               and prevents_damage_to(eng, p, unit.oid)]
    if not has_abilities and not waiting and not _prevent_plays(eng, unit.controller, set(), unit):
        return damage, []
    prev_ctx = sw["prevent"]
    ctx = {"unit": unit.oid, "damage": damage}
    sw["prevent"] = ctx
    if not attack and eng.on("prevention_any_damage"):
        eng.fire("prevention_any_damage")
        if effect_depth(eng) > 0:
            eng.fire("chances_mid_effect")
    before = open_chance(eng, "prevent")
    deflects = []
    used: set[str] = set()
    abilities_used: set = set()  # activated abilities of other cards used in this chance (once each)
    try:
        release(eng, "prevent")
        player = unit.controller
        while ctx["damage"] > 0:
            opts = []
            for kw in ("evade", "deflect"):
                for i, (val, cost) in enumerate(keyword_instances(eng, unit, kw)):
                    name = instance_name(kw, unit, i)
                    if name not in used:
                        opts.append((name, kw, val, cost))
            cards = _prevent_plays(eng, player, abilities_used, unit)
            if not opts and not cards:
                break
            costs = {o[0]: o[3] for o in opts}
            pick = eng.decide_checked(player, "pick", [o[0] for o in opts] + list(cards) + ["pass"],
                                      "a damage-prevention ability (or pass)",
                                      lambda v: None if v == "pass" or v in cards else cannot_pay(eng, player, unit, costs[v], v))
            if pick == "pass":
                break
            if pick in cards:
                _play_prevent(eng, player, cards[pick], unit, ctx, abilities_used)
                continue
            name, kw, val, _ = next(o for o in opts if o[0] == pick)
            pay_arrow_cost(eng, player, unit, costs[name], name)
            used.add(name)
            if len(used) > 1:
                eng.fire("keyword_values_stack")
            prevented = min(ctx["damage"], val)
            ctx["damage"] -= prevented
            eng.emit([{"type": "damage_prevented", "obj": unit, "by": kw, "amount": prevented}])
            if kw == "deflect" and prevented:
                others = [o for o in eng.in_play() if is_unit(eng, o) and o.zone == unit.zone and o.oid != unit.oid]
                if others:
                    # a Pilot on a unit tried as the unit deflected to: 'a Pilot on a unit isn't a unit' refuses it
                    nxt = eng.next_choice(player)
                    tried = eng.obj(nxt[0]) if nxt and isinstance(nxt[0], str) else None
                    refusing = ("pilot_not_unit" if tried is not None and tried.zone == unit.zone
                                and is_pilot_on_unit(eng, tried) else None)
                    to = eng.decide(player, "pick", [o.label for o in others], f"the unit {unit.label} deflects to",
                                    refusing=refusing)
                    deflects.append((eng.obj(to), prevented))
            hold_triggers(eng)
            release(eng, "prevent")
    finally:
        sw["prevent"] = prev_ctx
        close_chance(eng, before)
    return ctx["damage"], deflects


def _prevent_plays(eng, player, used: set, unit) -> dict:
    """Battle cards in the hand and activated abilities that prevent damage: played in the chance to
    prevent damage, like Evade (the chances "to play activated abilities and Battle cards",
    held-triggered-abilities-6; they come in the middle of an ability,
    abilities-and-battle-cards-with-multiple-2)."""
    if not eng.on("prevent_cards_in_chance"):
        return {}
    return chance_plays(eng, player, "prevent", used, unit)


def _play_prevent(eng, player, option: tuple, unit, ctx: dict, used: set) -> None:
    eng.fire("prevent_cards_in_chance")
    before = ctx["damage"]
    ctx["played"] = True  # its prevent steps leave the event to the emit below: one event per prevention
    try:
        play_in_chance(eng, player, option, [unit.label], used)
    finally:
        ctx.pop("played", None)
    if ctx["damage"] < before:  # "when damage to this unit is prevented" abilities trigger, as for Evade
        eng.emit([{"type": "damage_prevented", "obj": unit, "by": option[0].label, "amount": before - ctx["damage"]}])
    hold_triggers(eng)
    release(eng, "prevent")


def step_prevent(eng, st, b) -> bool:
    """{prevent: REF, amount: N}: prevent damage about to be done to that unit (only during its
    chance to prevent damage)."""
    ctx = memory(eng)["prevent"]
    objs = eng.resolve_ref(st["prevent"], b)
    if memory(eng)["chance"] != "prevent" or not ctx or not objs or objs[0].oid != ctx["unit"]:
        eng.log("nothing_to_prevent", source=getattr(b.get("this"), "label", None))
        return False
    amount = min(ctx["damage"], int(eng.eval(st.get("amount", 1), b)))
    ctx["damage"] -= amount
    if not ctx.get("played"):  # a Battle card / activated ability played in the chance: _play_prevent emits it
        eng.log("damage_prevented", card=objs[0].label, by=getattr(b.get("this"), "label", None), amount=amount)
    return amount > 0


def step_damage(eng, st, b) -> bool:
    """{damage: REF, amount: N}: each unit in turn gets its chance to prevent damage, then the damage
    is done (by the source of the ability)."""
    objs = eng.resolve_ref(st["damage"], b)
    if not objs:
        return False
    src = b.get("this")
    src = src if hasattr(src, "oid") else None
    for o in objs:
        amount = eng.eval(st.get("amount", 1), {**b, "it": o})
        do_damage(eng, src, o, amount, attack=False)
    return True


def obj_attr(engine, obj, name: str):
    """The core lethal-damage check reads ``hp``: a Star Wars unit's health."""
    if name == "hp":
        return engine.obj_attr(obj, "health")
    return NOT_MINE


def register(game) -> None:
    game.steps.update({"damage": step_damage, "prevent": step_prevent})
