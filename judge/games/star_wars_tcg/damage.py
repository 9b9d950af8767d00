"""Doing damage: the chance to prevent it (Evade, Deflect, prevention triggers, Battle cards and
activated abilities that prevent damage), then the damage, then Stun. One instruction that damages
several units has one chance for all of them and does its damage to them together (do_damage_each)."""
from __future__ import annotations

from judge.engine.context import Gone
from judge.engine.game import NOT_MINE
from judge.engine.keywords import parse_keyword, split_cost

from .costs import cannot_pay, pay_arrow_cost
from .keywords import has_keyword, keyword_instances, keyword_value
from .memory import memory
from .pilots import is_pilot_on_unit, is_unit, not_a_unit
from .timing import (chance_plays, close_chance, effect_depth, hold_triggers, open_chance, play_in_chance,
                     prevents_damage_to, release, trigger_kind)


def instance_name(kind: str, unit, i: int) -> str:
    """The option name of a unit's keyword ability (Evade, Deflect, Retaliate, Intercept): the second
    instance of one keyword is '... (2)'."""
    return f"{kind} {unit.label}" + (f" ({i + 1})" if i else "")


def _keyword_text(eng, unit, name: str, val: int, cost: str | None) -> str | None:
    """The card whose text gives ``unit`` the instance of keyword ``name`` with value ``val`` and cost
    ``cost``: the unit when printed, else the card whose effect grants it (engine.text_granting)."""
    for kw in eng.obj_attr(unit, "keywords") or []:
        n, vals = parse_keyword(kw)
        if n == name and (vals[0] if vals else 1) == val and split_cost(kw)[0] == cost:
            return eng.text_granting(unit, kw)
    return None


def _prevention_applies(eng, attack: bool) -> bool:
    if attack:
        return True
    if not eng.on("prevention_any_damage"):
        return False
    if effect_depth(eng) > 0 and not eng.on("chances_mid_effect"):
        return False
    return True


def do_damage(eng, source, target, amount: int, *, attack: bool, stun_from=None) -> int:
    """``source`` does ``amount`` damage to one unit: ``do_damage_each`` with that unit alone."""
    if target is None:
        return 0
    return do_damage_each(eng, source, [(target, amount)], attack=attack, stun_from=stun_from).get(target.oid, 0)


def do_damage_each(eng, source, hits: list, *, attack: bool, stun_from=None) -> dict:
    """One instruction (an attack's damage, "do 1 damage to each unit ...") doing damage to the units
    of ``hits`` [(unit, amount)]: ONE chance to prevent damage for all of them (the chance comes with
    the part of the instructions that does damage, abilities-and-battle-cards-with-multiple-2), then
    the damage to them all, as one batch; then Stun of the unit that did it; deflected damage is done
    by the deflecting unit. Switched off (prevent_chance_per_instruction): each unit gets its own
    chance and its damage before the next unit's chance. Returns {oid: damage done}."""
    hits = [(t, a) for t, a in hits
            if t is not None and t.oid in eng.state.objects and eng.is_in_play(t)]
    several = len([a for _, a in hits if a > 0]) > 1
    if several and not eng.on("prevent_chance_per_instruction"):
        done: dict = {}
        for t, a in hits:  # the old way: one unit after another, in the order they lie in
            done.update(do_damage_each(eng, source, [(t, a)], attack=attack, stun_from=stun_from))
        return done
    tried = {t.oid: a for t, a in hits}
    amounts = dict(tried)
    deflects: list = []
    opened = False
    if any(a > 0 for a in amounts.values()) and _prevention_applies(eng, attack):
        amounts, deflects, opened = _prevention_chance(eng, [t for t, a in hits if a > 0], amounts, attack)
    batch = {t.oid: amounts[t.oid] for t, _ in hits if amounts[t.oid] > 0 and eng.is_in_play(t)}
    done = eng.deal_damage(source, batch, combat=attack) if batch else {}
    if several and (opened or _waiting_for(eng, batch)):
        # it decided something: the units shared one chance, or a prevention ability this damage
        # triggered for one of them waits for the next chance instead of that unit's own one
        eng.fire("prevent_chance_per_instruction")
    for t, _ in hits:
        _stun(eng, stun_from if stun_from is not None else source, t, done.get(t.oid, 0), attack=attack,
              tried=tried[t.oid])
    for unit, to, amt in deflects:
        if eng.applies("deflect_source"):
            src = eng.obj(unit.label) or unit
        else:
            src = stun_from if stun_from is not None else source
        eng.log("damage_deflected", by=unit.label, to=to.label, amount=amt)
        do_damage(eng, src, to, amt, attack=False)
    return {t.oid: done.get(t.oid, 0) for t, _ in hits}


def _waiting_for(eng, units) -> bool:
    """A triggered ability that prevents damage to one of ``units`` (oids) is waiting."""
    return any(trigger_kind(p.ability) == "prevent" and any(prevents_damage_to(eng, p, oid) for oid in units)
               for p in memory(eng)["held"] + eng.pending)


def _stun(eng, source, target, done: int, *, attack: bool, tried: int) -> None:
    if source is None or target is None or not eng.on("stun"):
        return
    if source.oid == target.oid or source.label == target.label:
        return  # keyword:stun: "When this unit damages another unit" -- not when it damages itself
    # a unit the attack destroyed that retaliates stuns with the Stun it had in play (a Pilot's): last known
    x = eng.in_view(eng.last_known_view(source), keyword_value, eng, source, "stun")
    if not x:
        return
    if not_a_unit(eng, source):
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
    if b.get("this") is None:  # a Stun from a unit already discarded (a dying Retaliate) is still its modifier
        b["this"] = Gone(source.label)
    eng.run_step({"modify": {"target": "victim", "modify": {"power": -x}, "duration": "battle"}}, b)
    eng.log("stunned", card=target.label, by=source.label, amount=x)


def _prevention_chance(eng, units: list, amounts: dict, attack: bool) -> tuple[dict, list, bool]:
    """The chance to prevent the damage ``amounts`` {oid: n} about to be done to ``units``: each
    unit's player may use each of its Evade / Deflect once, and play Battle cards and activated
    abilities that prevent damage to his units (each activated ability once in the chance); the
    prevention triggers waiting take effect in it. Each player acts for his own units until he
    passes, in game.players order (the Dark Side's first): the corpus gives no order for this chance
    (the Dark-first play-or-pass of faq:reroll-dice is the reroll chance's), and each player's choices
    concern only his units. Returns (amounts left, [(unit, to, n) deflected], whether there was
    anything to do in it)."""
    sw = memory(eng)
    players = [pl for pl in eng.game.players if any(u.controller == pl for u in units)]
    has_abilities = any((has_keyword(eng, u, "evade") or has_keyword(eng, u, "deflect")) and _own_shields(eng, u)
                        for u in units)
    waiting = [p for p in sw["held"] + eng.pending if trigger_kind(p.ability) == "prevent"]
    if not eng.on("prevent_trigger_next_chance"):  # the old way: only those naming a unit damaged here
        waiting = [p for p in waiting if any(prevents_damage_to(eng, p, u.oid) for u in units)]
    if not has_abilities and not waiting and not any(
            _prevent_plays(eng, pl, set(), [u for u in units if u.controller == pl]) for pl in players):
        return amounts, [], False
    prev_ctx = sw["prevent"]
    ctx = {"damage": {u.oid: amounts[u.oid] for u in units}}
    sw["prevent"] = ctx
    if not attack and eng.on("prevention_any_damage"):
        eng.fire("prevention_any_damage")
        if effect_depth(eng) > 0:
            eng.fire("chances_mid_effect")
    before = open_chance(eng, "prevent")
    deflects: list = []
    used: set[tuple] = set()  # (unit, Evade / Deflect instance) used: each once each time the unit is damaged
    abilities_used: set = set()  # activated abilities used in this chance (once each: one opportunity)
    try:
        release(eng, "prevent")
        for player in players:
            _player_prevents(eng, player, [u for u in units if u.controller == player], ctx, used,
                             abilities_used, deflects)
    finally:
        sw["prevent"] = prev_ctx
        close_chance(eng, before)
    return {**amounts, **ctx["damage"]}, deflects, True


def _own_shields(eng, unit) -> bool:
    """May ``unit``'s Evade / Deflect ("prevent N damage done to this unit") be used for the damage done
    to it? Not a Pilot's on a unit: it isn't a unit (not_a_unit, piloting-units-1 / -3), and 'this unit'
    abilities of a Pilot's don't apply there (piloting-units-7) -- as its Stun does nothing there (_stun).
    Asked only of a card that has one (the rule decides nothing for a card without)."""
    if not (has_keyword(eng, unit, "evade") or has_keyword(eng, unit, "deflect")):
        return True
    return not not_a_unit(eng, unit)


def _player_prevents(eng, player, units: list, ctx: dict, used: set, abilities_used: set, deflects: list) -> None:
    """One player's part of the chance: Evade, Deflect, Battle cards and activated abilities that
    prevent damage to his ``units``, one after another until he passes (or nothing is left to do)."""
    dmg = ctx["damage"]
    while True:
        live = [u for u in units if dmg[u.oid] > 0]
        opts = []
        for unit in live:
            if not _own_shields(eng, unit):
                continue
            for kw in ("evade", "deflect"):
                for i, (val, cost) in enumerate(keyword_instances(eng, unit, kw)):
                    name = instance_name(kw, unit, i)
                    if (unit.oid, name) not in used:
                        opts.append((name, kw, val, cost, unit))
        cards = _prevent_plays(eng, player, abilities_used, live) if live else {}
        if not opts and not cards:
            return
        costs = {o[0]: (o[3], o[4]) for o in opts}
        pick = eng.decide_checked(player, "pick", [o[0] for o in opts] + list(cards) + ["pass"],
                                  "a damage-prevention ability (or pass)",
                                  lambda v: None if v == "pass" or v in cards
                                  else cannot_pay(eng, player, costs[v][1], costs[v][0], v))
        if pick == "pass":
            return
        if pick in cards:
            _play_prevent(eng, player, cards[pick], live, ctx, abilities_used)
            continue
        name, kw, val, _, unit = next(o for o in opts if o[0] == pick)
        pay_arrow_cost(eng, player, unit, costs[name][0], name)
        used.add((unit.oid, name))
        if sum(1 for oid, _ in used if oid == unit.oid) > 1:  # a second Evade / Deflect of this unit
            eng.fire("keyword_values_stack")
        prevented = min(dmg[unit.oid], val)
        dmg[unit.oid] -= prevented
        eng.emit([{"type": "damage_prevented", "obj": unit, "by": kw, "amount": prevented}])
        if kw == "deflect" and prevented:
            others = [o for o in eng.in_play() if is_unit(eng, o) and o.zone == unit.zone and o.oid != unit.oid]
            if others:
                # a Pilot on a unit tried as the unit deflected to: 'a Pilot on a unit isn't a unit' refuses it
                nxt = eng.next_choice(player)
                tried = eng.obj(nxt[0]) if nxt and isinstance(nxt[0], str) else None
                refusing = ("pilot_not_unit" if tried is not None and tried.zone == unit.zone
                            and is_pilot_on_unit(eng, tried) else None)
                # any other card outside the options (another arena's unit, the deflecting unit itself, a
                # card that is no unit) fails the Deflect's own 'another unit in its arena': the text of
                # the card that gives the unit that Deflect names it (Deflect has no keyword entry)
                to = eng.decide(player, "pick", [o.label for o in others], f"the unit {unit.label} deflects to",
                                refusing=refusing,
                                refusing_text=None if refusing else _keyword_text(eng, unit, "deflect", val, cost))
                deflects.append((unit, eng.obj(to), prevented))
        hold_triggers(eng)
        release(eng, "prevent")


def _prevent_plays(eng, player, used: set, units: list) -> dict:
    """Battle cards in the hand and activated abilities that prevent damage: played in the chance to
    prevent damage, like Evade (the chances "to play activated abilities and Battle cards",
    held-triggered-abilities-6; they come in the middle of an ability,
    abilities-and-battle-cards-with-multiple-2). One that targets must be able to target one of the
    player's ``units`` being damaged."""
    if not eng.on("prevent_cards_in_chance"):
        return {}
    return chance_plays(eng, player, "prevent", used, units)


def _play_prevent(eng, player, option: tuple, units: list, ctx: dict, used: set) -> None:
    eng.fire("prevent_cards_in_chance")
    obj, ab, _ = option
    specs = ab.get("targets") or []
    targets: list = []
    if specs:  # 'target unit': one of the player's units being damaged that it may target
        legal = [u for u in units if eng.is_legal_target(specs[0], u, eng.bindings_for(obj, player, {}))]
        if len(legal) > 1:  # one chance for several of his units: he chooses which (one alone: no choice)
            targets = [eng.decide(player, "pick", [u.label for u in legal], f"the unit {obj.label} prevents damage to")]
        elif legal:
            targets = [legal[0].label]
    before = dict(ctx["damage"])
    ctx["played"] = True  # its prevent steps leave the event to the emit below: one event per prevention
    try:
        play_in_chance(eng, player, option, targets or [units[0].label], used)
    finally:
        ctx.pop("played", None)
    # "when damage to this unit is prevented" abilities trigger, as for Evade
    evs = [{"type": "damage_prevented", "obj": u, "by": obj.label, "amount": before[u.oid] - ctx["damage"][u.oid]}
           for u in units if ctx["damage"][u.oid] < before[u.oid]]
    if evs:
        eng.emit(evs)
    hold_triggers(eng)
    release(eng, "prevent")


def step_prevent(eng, st, b) -> bool:
    """{prevent: REF, amount: N}: prevent damage about to be done to that unit (only during a chance
    to prevent damage in which it is being damaged)."""
    ctx = memory(eng)["prevent"]
    objs = eng.resolve_ref(st["prevent"], b)
    dmg = (ctx or {}).get("damage") or {}
    if memory(eng)["chance"] != "prevent" or not objs or objs[0].oid not in dmg:
        eng.log("nothing_to_prevent", source=getattr(b.get("this"), "label", None))
        return False
    unit = objs[0]
    amount = min(dmg[unit.oid], int(eng.eval(st.get("amount", 1), b)))
    dmg[unit.oid] -= amount
    if ctx.get("played"):  # a Battle card / activated ability played in the chance: _play_prevent emits it
        return amount > 0
    this = b.get("this")
    if amount > 0 and eng.on("prevent_trigger_event"):
        # a triggered ability prevents damage as Evade does (it takes effect in the chance to prevent
        # damage, held-triggered-abilities-2 / -8): damage to the unit is prevented, an event that "When
        # damage to ... is prevented" abilities trigger on (held until the chance passes, -5, or, when
        # they prevent damage too, taking effect in it). ``by`` is the card, as a Battle card's is
        waiting = len(eng.pending) + len(memory(eng)["held"])
        eng.emit([{"type": "damage_prevented", "obj": unit, "by": this if hasattr(this, "oid") else
                   getattr(this, "label", None), "amount": amount}])
        if len(eng.pending) + len(memory(eng)["held"]) > waiting:
            eng.fire("prevent_trigger_event")
    else:
        eng.log("damage_prevented", card=unit.label, by=getattr(this, "label", None), amount=amount)
    return amount > 0


def step_damage(eng, st, b) -> bool:
    """{damage: REF, amount: N}: one instruction doing damage to the units REF names: one chance to
    prevent it for them all, then the damage (done by the source of the ability)."""
    objs = eng.resolve_ref(st["damage"], b)
    if not objs:
        return False
    # 'this unit does N damage' from an ability certain to take effect after its unit was discarded
    # (triggered-abilities-3): the damage is still that unit's, read as it last was in play (its Stun)
    src = eng.card_of(b.get("this"))
    hits = [(o, eng.eval(st.get("amount", 1), {**b, "it": o})) for o in objs]
    done = do_damage_each(eng, src, hits, attack=False)
    # what a 'then' after it reads ('If you did'): damage was done to one of the units it names at least --
    # an amount of 0, or damage prevented or deflected away in full, is none (GUIDE, then:)
    return any(n > 0 for n in done.values())


def obj_attr(engine, obj, name: str):
    """The core lethal-damage check reads ``hp``: a Star Wars unit's health."""
    if name == "hp":
        return engine.obj_attr(obj, "health")
    return NOT_MINE


def register(game) -> None:
    game.steps.update({"damage": step_damage, "prevent": step_prevent})
