"""Warhammer: Invasion: mechanics of the rules and terminology clarifications (triggered
Actions, leaving play, search / look at, healing, moving cards and damage, sacrifice vs destroy,
phases, developments, Savage, dealing damage in combat ...). The game module
(warhammer_invasion.py) calls into this module from its hooks; every mechanic is bound to the
clarification id that defines it (``bind``)."""
from __future__ import annotations

from typing import Any

from judge.engine.game import NOT_MINE

G = "warhammer-invasion"
SECTIONS = ("kingdom", "quest", "battlefield")
CAPITAL_HP = 8  # hit points of each capital section


def rid(local: str) -> str:
    return f"{G}:{local}"


def bind(reg) -> None:
    ta = rid("clarification:triggered-actions-formerly-response-actions")
    reg.bind("triggered_action_once", ta,
             does="a Triggered Action can be used once per copy and once per time its trigger condition is met",
             off="once its trigger condition is met, a Triggered Action may be used any number of times")
    reg.bind("triggered_action_after_leaving", ta,
             does="a Triggered Action whose condition was met stays usable at the next opportunity even if its card "
                  "has since left play",
             off="a card that changed zones loses the trigger conditions it met")
    reg.bind("leave_play_self_referential", rid("clarification:leaving-play"),
             does="only self-referential abilities ('this unit') trigger after their card has left play",
             off="every ability of a card leaving play still triggers off that (look-back for all)")
    reg.bind("non_tactic_timing", rid("clarification:playing-non-tactic-cards"),
             does="units, supports and quests are played only in their owner's capital phase, never in response",
             off="they may be played at any time, in response too")
    reg.bind("self_referential_lookback", rid("clarification:leaving-play"),
             does="a self-referential ability ('this unit') that triggers on leaving play triggers after the card left",
             off="a card that has left play triggers nothing, self-referential or not")
    reg.bind("floor_zero", rid("clarification:reduction"))
    reg.bind("attachment_leaves_with_host", rid("clarification:attachments"))
    reg.bind("constant_in_play_only", rid("clarification:constant-effects"),
             does="constant effects apply only to cards in play",
             off="a card's own constant effects also apply to it out of play")
    reg.bind("cost_is_printed", rid("clarification:cost"), rid("clarification:loyalty"),
             does="'cost' in a card effect is the printed cost; loyalty is not part of it",
             off="'cost' in a card effect includes the card's loyalty")
    reg.bind("heal_needs_damage", rid("clarification:healing"),
             does="healing removes damage tokens; a unit without damage can't be healed (the heal fails)",
             off="healing an undamaged unit counts as done")
    reg.bind("sacrifice_not_destroy", rid("clarification:sacrifice"), rid("clarification:destroy"),
             does="a sacrificed card is not destroyed (destroy effects and 'if destroyed' replacements don't see it)",
             off="sacrificing is treated as destroying")
    reg.bind("one_hero_per_zone", rid("clarification:limit-one-hero-per-zone"),
             does="no second Hero can be played or put into a zone that already has a Hero",
             off="any number of Heroes per zone")
    reg.bind("search_extra", rid("clarification:search"),
             does="'search an additional card' modifiers add to every search (not to 'look at')",
             off="search modifiers are ignored")
    reg.bind("skip_phase", rid("clarification:the-word-skip"),
             does="a skipped phase is bypassed (once, however many effects skip it)",
             off="'skip' does nothing")
    reg.bind("move_in_play_only", rid("clarification:in-play"),
             does="a card effect that moves a card moves it only between in-play zones",
             off="a move may take the card to an out-of-play zone")
    reg.bind("necromancy_capital_phase", rid("clarification:play"),
             does="a card played with Necromancy (from the discard pile) only in its owner's capital phase",
             off="Necromancy cards may be played from the discard pile at any time")
    reg.bind("unique_restriction", rid("clarification:put-into-play"),
             does="put into play does not bypass the unique restriction",
             off="a second copy of a unique card may be put into play")
    reg.bind("target_tax_targeting_only", rid("clarification:target"),
             does="'cannot target ... unless they pay' costs apply only to effects that say 'target'",
             off="they apply to every opposing effect, targeting or not")
    reg.bind("dealt_damage_in_combat", rid("clarification:dealing-damage-in-combat"),
             does="every unit that added damage to the pool has dealt damage in combat if at least 1 point of the "
                  "pool was applied to an opposing unit or capital",
             off="the pool is split per unit in declaration order; a unit has dealt damage only if its own share "
                 "was applied")
    reg.bind("savage", rid("keyword:savage-x"),
             does="Savage X: when the unit is dealt damage, it deals X damage to a target unit in a corresponding zone",
             off="Savage does nothing")
    reg.bind("savage_stacks", rid("keyword:savage-x:note-1"),
             does="Savage from several sources adds up",
             off="only the largest Savage value counts")
    reg.bind("move_damage_uncancellable", rid("clarification:moving-damage"),
             does="moved damage is neither dealt nor assigned: it bypasses damage cancellation",
             off="moved damage is dealt to the new unit (cancellation applies)")
    reg.bind("quest_tokens_need_quester", rid("clarification:quests"),
             does="resource tokens on a quest with no unit questing on it are removed at once",
             off="tokens stay on an unquested quest")
    reg.bind("moved_unit_leaves_combat", rid("clarification:moving-cards"),
             does="a unit moved out of the battlefield / defended zone no longer attacks / defends; a questing "
                  "unit moved off its zone no longer quests",
             off="moved units keep attacking, defending and questing")
    reg.bind("discard_order_owner", rid("clarification:entering-the-discard-pile"),
             does="the owner orders cards entering his discard pile together",
             off="they enter in the engine's order")
    reg.bind("kingdom_income", rid("clarification:kingdom-phase"),
             does="kingdom phase: unspent resources go back; the active player may restore one corrupted card and "
                  "takes resources equal to the power in his kingdom",
             off="the kingdom phase changes nothing")
    reg.bind("quest_draw", rid("clarification:quest-phase"),
             does="quest phase: the active player draws cards equal to the power in his quest zone",
             off="the quest phase draws nothing")
    reg.bind("one_development_per_turn", rid("clarification:capital-phase"),
             does="one card per capital phase may be played face down as a development",
             off="any number of developments per turn")
    reg.bind("development_owner_only", rid("clarification:developments"),
             does="a development controlled by a player who doesn't own it is discarded; a face-up development "
                  "has no text, power, cost, traits or hit points",
             off="anyone may control a development")
    reg.bind("combat_ends", rid("clarification:battlefield-phase"),
             does="after combat damage is applied, units are no longer attacking, defending or in combat",
             off="units stay attacking / defending after combat")
    reg.bind("turn_effects_expire", rid("clarification:conditional-actions"),
             rid("clarification:1-action-window-go-to-b"),
             does="at the end of the turn, 'end of turn' forced effects resolve, then effects lasting until the end "
                  "of the turn (conditional Actions included) expire",
             off="effects never expire at the end of the turn")


def register(game) -> None:
    game.steps.update({
        # search, heal and sacrifice: the steps are _whi_faq's, which call _search, _heal and _sacrifice here
        "look_at": _look_at, "shuffle": _shuffle,
        "move_zone": _move_zone, "skip": _skip, "discard_random": _discard_random,
        "can:sacrifice": _can_sacrifice,
        "perform:moved": _perform_moved, "use_trigger": _use_trigger,
    })
    game.actions.update({"end": _end, "develop": _develop})


def keyword_values(eng, obj, name: str) -> list[int]:
    """The value of each copy of keyword ``name`` on ``obj`` (a keyword without a number counts 1)."""
    out = []
    for kw in eng.obj_attr(obj, "keywords") or []:
        parts = str(kw).split()
        if parts and parts[0] == name:
            out.append(int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 1)
    return out


def keyword_value(eng, obj, name: str) -> int:
    """The total value of keyword ``name`` on ``obj`` ("raider 2" + "raider 1" = 3; 0 means the card
    lacks it). Shared by every Warhammer module."""
    return sum(keyword_values(eng, obj, name))


# -- bookkeeping on the engine ------------------------------------------------------------------

def printed_cost(obj, action: dict) -> int:
    """The printed cost of a card being played (X: the X chosen for this play)."""
    return int(action.get("x", 0) if obj.card.cost == "X" else obj.card.cost or 0)


def _mem(eng) -> dict:
    m = getattr(eng, "_whi", None)
    if m is None:
        m = {"trig": {}, "skip": set(), "dev": {}}
        eng._whi = m
    return m


def _timed(ab) -> dict | None:
    t = ab.get("timing")
    return t if isinstance(t, dict) and t.get("event") else None


def _trig_key(eng, obj, ab):
    if eng.on("triggered_action_after_leaving"):
        return (obj.label, ab.index)
    return (obj.oid, ab.index)


# -- hooks called by the game module ------------------------------------------------------------

def observe(eng, events: list[dict]) -> None:
    if not events:
        return
    _note_triggered_actions(eng, events)
    _savage(eng, events)
    _discard_order(eng, events)


def _note_triggered_actions(eng, events: list[dict]) -> None:
    left = {e["new"].oid for e in events if e["type"] == "zone_change" and e.get("leaves_play") and e.get("new")}
    for o in list(eng.state.objects.values()):
        for ab in o.card.abilities:
            spec = _timed(ab) if ab.kind == "action" else None
            if spec is None:
                continue
            if not eng.is_in_play(o):
                if o.oid in left:
                    if _lost_on_leaving(eng, ab):
                        continue
                elif o.zone not in (ab.get("functions_in") or ()) or o.zone == "discard":
                    continue  # out of play, it triggers only where its ability says it works (Banna Bearer: hand)
            for ev in events:
                if ev["type"] != spec["event"]:
                    continue
                b = eng.bindings_for(o, o.controller, {"event": ev, "self_obj": ev.get("new") or ev.get("obj")})
                if o.oid in left:
                    b["this"] = b["me"] = _old_of(events, o)
                if spec.get("filter") and not eng.eval(spec["filter"], b):
                    continue
                key = _trig_key(eng, o, ab)
                trig = _mem(eng)["trig"]
                trig[key] = trig.get(key, 0) + 1
                eng.log("trigger_condition_met", card=o.label, ability=ab.name)


def _old_of(events, new_obj):
    for e in events:
        if e.get("new") is new_obj:
            return e["obj"]
    return new_obj


def _lost_on_leaving(eng, ab) -> str | None:
    """Why an ability of a card that has just left play does not trigger off its leaving (None: it
    does): only self-referential abilities look back (leaving play clarification)."""
    if ab.get("self_referential"):
        if eng.on("self_referential_lookback"):
            eng.fire("self_referential_lookback")
            return None
        return "left play"
    if eng.on("leave_play_self_referential"):
        eng.fire("leave_play_self_referential")
        return "left play (not self-referential)"
    return None


def keep_pending(eng, p) -> bool:
    ev = p.event or {}
    if ev.get("type") == "zone_change" and ev.get("leaves_play") and p.source not in eng.state.objects:
        reason = _lost_on_leaving(eng, p.ability)
        if reason:
            eng.log("trigger_lost", source=p.source_label, reason=reason)
            return False
    return True


def can_use(eng, player, obj, ab, action) -> str | None:
    spec = _timed(ab)
    if spec is None:
        return None
    trig = _mem(eng)["trig"]
    key = _trig_key(eng, obj, ab)
    if not trig.get(key):
        return "its trigger condition has not been met since it was last used"
    eng.fire("triggered_action_after_leaving") if not eng.is_in_play(obj) else None
    return None  # the trigger condition is used up as the Action is triggered: trigger_use_costs


def trigger_use_costs(eng, player, obj, ab, action) -> list[dict]:
    """Using a triggered Action uses up one time its trigger condition was met -- as it is triggered,
    with its costs, so a use the rules reject (an illegal target, an unpaid cost) uses up nothing."""
    if _timed(ab) is None:
        return []
    return [{"use_trigger": list(_trig_key(eng, obj, ab))}]


def _use_trigger(eng, st, b) -> bool:
    key = tuple(st["use_trigger"])
    trig = _mem(eng)["trig"]
    if eng.on("triggered_action_once") and trig.get(key):
        eng.fire("triggered_action_once")
        trig[key] -= 1
    return True


def can_play(eng, player, obj, action) -> str | None:
    card = obj.card
    if action.get("from") == "discard" and any(str(k).split()[0] == "necromancy" for k in card.keywords):
        if eng.on("necromancy_capital_phase") and (eng.state.vars.get("phase") != "capital"
                                                    or eng.state.vars.get("active") != player):
            eng.fire("necromancy_capital_phase")
            return "a card played with Necromancy can only be played during its owner's capital phase"
    elif action.get("from") == "discard" and play_permission(eng, player, obj, "discard") is None:
        return "only Necromancy cards are played from the discard pile"
    zone = action.get("zone") or card.extra.get("zone") or "kingdom"
    reason = entry_blocked(eng, player, obj, zone)
    if reason:
        return reason
    return None


def play_permission(eng, player, obj, zone: str):
    """The card in play that lets ``player`` play ``obj`` from ``zone`` (a continuous ability named
    'play permission' whose ``applies_to`` matches the card there, e.g. ``it.zone == 'discard' and ...``),
    or None."""
    if obj.zone != zone:
        return None
    for src in eng.in_play():
        if src.controller != player:
            continue
        for ab in src.card.abilities:
            if ab.kind == "continuous" and ab.name == "play permission":
                if eng.eval(ab.get("applies_to") or "false", eng.bindings_for(src, player, {"it": obj})):
                    return src
    return None


def entry_blocked(eng, player, obj, zone) -> str | None:
    """Hero and unique restrictions, for playing and for putting into play."""
    card = obj.card
    if "Hero" in card.traits and eng.on("one_hero_per_zone"):
        if any("Hero" in (eng.obj_attr(o, "traits") or []) and o.side == player and o.zone == zone
               for o in eng.in_play()):
            eng.fire("one_hero_per_zone")
            return f"there is already a Hero in {player}'s {zone} (limit one Hero per zone)"
    if card.extra.get("unique") and eng.on("unique_restriction"):
        if any(o.card.name == card.name and o.controller == player for o in eng.in_play()):
            eng.fire("unique_restriction")
            return f"{card.name} is unique and {player} already has a copy in play"
    return None


def target_taxes(eng, player, obj, ab, action) -> list[dict]:
    """'Opponents cannot target this unit with card effects unless they pay an additional N resources per
    effect': a continuous ability named 'target tax' whose cost is that payment."""
    if ab is None:
        return []
    targeted = set()
    for label in action.get("targets") or []:
        o = eng.obj(label) if isinstance(label, str) else None
        if o is not None:
            targeted.add(o.oid)
    out = []
    for o in eng.in_play():
        if o.controller == player:
            continue
        for tab in o.card.abilities:
            if tab.kind != "continuous" or tab.name != "target tax":
                continue
            if o.oid in targeted:
                out.extend(tab.get("cost") or [])
            elif not eng.on("target_tax_targeting_only") and (ab.get("steps")):
                out.extend(tab.get("cost") or [])
            elif ab.get("steps"):
                eng.fire("target_tax_targeting_only")
    return out


def obj_attr(eng, obj, name: str) -> Any:
    if name == "cost" and obj.card.cost is not None and not eng.on("cost_is_printed"):
        return (obj.card.cost if isinstance(obj.card.cost, int) else 0) + int(obj.card.extra.get("loyalty") or 0)
    if name == "questing":
        return "questing" in obj.flags
    if name in obj.card.stats and not eng.is_in_play(obj):
        if not eng.on("constant_in_play_only"):
            total = obj.card.stats[name]
            for ab in obj.card.abilities:
                if ab.kind == "continuous" and name in (ab.get("modify") or {}) and ab.get("applies_to") in (None, "it == this"):
                    total += eng.eval(ab.get("modify")[name], eng.bindings_for(obj, obj.controller, {"it": obj}))
            return total
        if any(ab.kind == "continuous" and name in (ab.get("modify") or {}) for ab in obj.card.abilities):
            eng.fire("constant_in_play_only")
    return NOT_MINE


def adjust_attr(eng, obj, name: str, value: Any) -> Any:
    if "development" in obj.flags and eng.is_in_play(obj):
        if name == "type":
            return "development"
        if name in ("power", "cost", "loyalty"):
            return 0
        if name in ("traits", "keywords"):
            return []
        if name in ("hp", "remaining_hp"):
            return None
    return value


def state_checks(eng) -> bool:
    changed = False
    for o in list(eng.in_play()):
        if o.card.type == "quest" and o.counters.get("resource") and eng.on("quest_tokens_need_quester"):
            if not any("questing" in u.flags and u.side == o.side and u.zone == o.zone for u in eng.in_play()):
                eng.fire("quest_tokens_need_quester")
                n = o.counters.pop("resource")
                eng.touch()
                eng.log("counter_removed", card=o.label, kind="resource", amount=n, reason="no unit questing")
                changed = True
        if "development" in o.flags and o.controller != o.owner and eng.on("development_owner_only"):
            eng.fire("development_owner_only")
            eng.move(o, "discard", cause="development_not_owned")
            changed = True
    return changed


def begin_phase(eng, phase: str) -> None:
    p = eng.state.vars.get("active")
    if phase == "kingdom" and eng.on("kingdom_income"):
        eng.fire("kingdom_income")
        corrupted = [o.label for o in eng.in_play() if o.controller == p and "corrupted" in o.flags]
        if corrupted:
            pick = eng.decide(p, "pick", corrupted + ["none"], "a corrupted card to restore (or none)",
                              forced_single=False)
            if pick != "none":
                eng.obj(pick).flags.discard("corrupted")
                eng.touch()
                eng.log("restored", card=pick)
        power = sum(eng.obj_attr(o, "power") or 0 for o in eng.zone_objs(p, "kingdom"))
        eng.state.player_data[p]["resources"] = power
        eng.log("resources_gained", player=p, amount=power, unspent_returned=True)
    if phase == "quest" and eng.on("quest_draw"):
        eng.fire("quest_draw")
        n = sum(eng.obj_attr(o, "power") or 0 for o in eng.zone_objs(p, "quest"))
        eng.run_step({"draw": n, "player": "you"}, eng.bindings_for(None, p))
        eng.emit([{"type": "quest_draw", "player": p, "amount": n}])


def skipped(eng, phase: str) -> bool:
    return (eng.state.vars.get("turn"), phase) in _mem(eng)["skip"]


def leaves_combat(eng, obj, to_zone: str) -> None:
    combat = eng.state.vars.get("combat")
    if "attacking" in obj.flags and to_zone != "battlefield" or (
            "defending" in obj.flags and combat and to_zone != combat["zone"]) or "questing" in obj.flags:
        if eng.on("moved_unit_leaves_combat"):
            eng.fire("moved_unit_leaves_combat")
            obj.flags -= {"attacking", "defending", "questing"}
            eng.touch()
            eng.log("no_longer_in_combat", card=obj.label)


def combat_damage_dealt(eng, combat: dict, applied: dict[int, int], units: dict[str, list]) -> None:
    """'Deals damage in combat' (clarification): each side's units that added damage to the pool have dealt
    damage if at least one point of that side's pool was applied to an opposing unit or capital."""
    evs = []
    for side, part in combat["assign"].items():
        contributors = [o for o in units.get(side, []) if (eng.obj_attr(o, "power") or 0) > 0]
        got = sum(applied.get(oid, 0) for oid in part)
        if eng.on("dealt_damage_in_combat"):
            if got > 0:
                eng.fire("dealt_damage_in_combat")
                evs += [{"type": "dealt_combat_damage", "obj": o, "player": side} for o in contributors]
        else:
            lost = sum(part.values()) - got
            for o in contributors:
                share = eng.obj_attr(o, "power") or 0
                if share > lost:
                    evs.append({"type": "dealt_combat_damage", "obj": o, "player": side})
                lost = max(0, lost - share)
    if evs:
        eng.emit(evs)


# -- steps ------------------------------------------------------------------------------------

def _look(eng, st, b, verb: str) -> bool:
    player = eng.eval(st.get("player", "you"), b)
    n = eng.eval(st[verb], b)
    if verb == "search":
        extra = sum(eng.obj_attr(o, "search_extra") or 0 for o in eng.in_play() if o.controller == player)
        if extra and eng.on("search_extra"):
            eng.fire("search_extra")
            n += extra
    deck = eng.zone_objs(player, "deck")
    top = list(reversed(deck))[:n]
    eng.log(verb, player=player, cards=len(top))
    if not top:
        return False
    flt = st.get("filter", "true")
    many = st.get("count") == "any"

    def picked(value) -> list:
        return value if isinstance(value, list) else ([] if value == "none" else [value])

    def check(value):
        picks = picked(value)
        if not many and len(picks) > 1:
            return "only one card may be taken"
        for lbl in picks:
            o = eng.obj(lbl)
            if o is None or o not in top:
                return f"{lbl} is not among the top {n} cards of {player}'s deck"
            if not eng.eval(flt, {**b, "it": o}):
                return f"{lbl} does not match ({flt})"
        return None

    options = [o.label for o in deck] + ["none"]
    if not any(eng.eval(flt, {**b, "it": o}) for o in top):
        picks = []
    else:
        picks = picked(eng.decide_checked(player, "cards", options, f"cards found by {verb} ({flt})", check))
    to = st.get("to", "hand")
    for lbl in picks:
        o = eng.obj(lbl)
        if to == "hand":
            eng.move(o, "hand", cause=verb)
        else:
            zone = b["this"].zone if to == "this_zone" else st.get("zone") or "kingdom"
            reason = entry_blocked(eng, player, o, zone)
            if reason:
                eng.log("put_into_play_blocked", card=lbl, reason=reason)
                continue
            eng.enter_play(o, player, zone)
    if st.get("as"):
        b[st["as"]] = [eng.obj(x) for x in picks]
    return True


def _search(eng, st, b) -> bool:
    return _look(eng, st, b, "search")


def _look_at(eng, st, b) -> bool:
    return _look(eng, st, b, "look_at")


def _shuffle(eng, st, b) -> bool:
    player = eng.eval(st.get("shuffle") or "you", b)
    eng.log("shuffled", player=player)
    return True


def _heal(eng, st, b) -> bool:
    objs = eng.resolve_ref(st["heal"], b)
    amount = eng.eval(st.get("amount", 1), b)
    ok = bool(objs)
    for o in objs:
        n = min(o.damage, amount)
        if n == 0:
            if eng.on("heal_needs_damage"):
                eng.fire("heal_needs_damage")
                ok = False
            continue
        o.damage -= n
        eng.touch()
        eng.log("healed", card=o.label, amount=n)
    return ok


def move_damage(eng, src, dst, n: int, source) -> bool:
    """Move ``n`` damage from ``src`` to ``dst`` (the step is _whi_faq's ``move_damage``, which
    bounds ``n``)."""
    if n <= 0:
        return False
    src.damage -= n
    eng.touch()
    if eng.on("move_damage_uncancellable"):
        eng.fire("move_damage_uncancellable")
        dst.damage += n
        eng.log("damage_moved", card=src.label, to=dst.label, amount=n)
    else:
        eng.deal_damage(source, {dst.oid: n})
    return True


def _move_zone(eng, st, b) -> bool:
    """Move a card to another zone of its controller's, chosen by him (Pistoliers)."""
    objs = eng.resolve_ref(st["move_zone"], b)
    if not objs:
        return False
    o = objs[0]
    player = o.controller
    options = list(SECTIONS) + ["hand", "discard", "deck"]

    def check(z):
        if z == o.zone:
            return "a moved card must end in a different zone"
        if z not in SECTIONS:
            if eng.on("move_in_play_only"):
                eng.fire("move_in_play_only")
                return f"a card effect moves a card only between in-play zones, not to the {z}"
        return None

    zone = eng.decide_checked(player, "option", options, f"the zone {o.label} moves to", check)
    if zone in SECTIONS:
        leaves_combat(eng, o, zone)
        eng.emit([{"type": "moved", "obj": o, "to": zone}])
    else:
        eng.move(o, zone, cause="move")
    return True


def _perform_moved(eng, ev) -> None:
    o, to = ev["obj"], ev["to"]
    if o.oid not in eng.state.objects:
        ev["failed"] = True
        return
    frm = o.where
    eng.state.zones[o.where].remove(o.oid)
    o.zone = to
    eng.state.zones.setdefault(o.where, []).append(o.oid)
    eng.touch()
    eng.log("zone_change", card=o.label, **{"from": frm, "to": o.where}, cause="move")


def _skip(eng, st, b) -> bool:
    if not eng.on("skip_phase"):
        return True
    eng.fire("skip_phase")
    key = (eng.state.vars.get("turn"), st["skip"])
    _mem(eng)["skip"].add(key)
    eng.log("phase_skipped", phase=st["skip"], turn=key[0])
    return True


def _discard_random(eng, st, b) -> bool:
    """{discard_random: PLAYER, amount: N}: discard N cards at random from that player's hand (scripted dice:
    a roll r picks the card at position r modulo the hand size, in listing order)."""
    player = eng.eval(st["discard_random"], b)
    for _ in range(eng.eval(st.get("amount", 1), b)):
        hand = eng.zone_objs(player, "hand")
        if not hand:
            return False
        eng.move(hand[eng.roll() % len(hand)], "discard", cause="discard")
    return True


def _sacrifice(eng, st, b) -> bool:
    objs = [o for o in eng.resolve_ref(st["sacrifice"], b) if eng.is_in_play(o)]
    if not objs:
        return False
    cause = "sacrifice"
    if not eng.on("sacrifice_not_destroy"):
        cause = "destroy"
    else:
        eng.fire("sacrifice_not_destroy")
    done = eng.emit([{"type": "zone_change", "obj": o, "from": o.zone, "to": "discard", "side": None,
                      "cause": cause, "position": "top", "controller": None, "source": b.get("this")} for o in objs])
    return len(done) == len(objs)


def _can_sacrifice(eng, st, b) -> bool:
    return bool([o for o in eng.resolve_ref(st["sacrifice"], b) if eng.is_in_play(o)])


def _discard_order(eng, events) -> None:
    """Cards entering a discard pile together: the owner may order them. Only a scripted order (a list of
    exactly those cards) is taken; otherwise they keep the engine's order."""
    by_owner: dict[str, list] = {}
    for e in events:
        if e["type"] == "zone_change" and e.get("to") == "discard" and e.get("new") is not None:
            by_owner.setdefault(e["new"].owner, []).append(e["new"])
    for owner, objs in by_owner.items():
        if len(objs) < 2 or not eng.on("discard_order_owner"):
            continue
        queue = eng.choices.get(owner) or []
        nxt = getattr(queue[0], "value", None) if queue else None
        labels = [o.label for o in objs]
        if not (isinstance(nxt, list) and sorted(nxt) == sorted(labels)):
            continue
        order = eng.decide(owner, "order", labels, "the order these cards enter the discard pile")
        eng.fire("discard_order_owner")
        key = f"{owner}.discard"
        zone = [i for i in eng.state.zones[key] if i not in {o.oid for o in objs}]
        eng.state.zones[key] = zone + [eng.obj(lbl).oid for lbl in order]
        eng.touch()
        eng.log("discard_ordered", player=owner, order=order)


def _savage(eng, events) -> None:
    for e in events:
        if e["type"] != "damage_applied" or e.get("amount", 0) <= 0:
            continue
        o = e["obj"]
        vals = keyword_values(eng, o, "savage")
        if not vals or not eng.on("savage"):
            continue
        eng.fire("savage")
        if len(vals) > 1:
            if eng.on("savage_stacks"):
                eng.fire("savage_stacks")
                x = sum(vals)
            else:
                x = max(vals)
        else:
            x = vals[0]
        zone = o.zone
        opts = [u.label for u in eng.in_play() if u.card.type == "unit" and u.zone == zone and u.oid != o.oid]
        if not opts:
            eng.log("effect_cancelled", source=o.label, reason="no_legal_target")
            continue
        tgt = eng.decide(o.controller, "pick", opts, f"the target of {o.label}'s Savage {x}")
        eng.log("savage", source=o.label, target=tgt, amount=x)
        eng.deal_damage(o, {eng.obj(tgt).oid: x})


# -- actions ------------------------------------------------------------------------------------

def _end(eng, player, act) -> None:
    """{end: turn}: 'at the end of the turn' effects, then effects lasting until the end of the turn expire; the
    other player becomes the active player."""
    active = eng.state.vars.get("active")
    eng.emit([{"type": "turn_ends", "player": active}])
    eng.settle()
    if eng.on("turn_effects_expire"):
        if any(e.duration == "turn" for e in eng.state.effects):
            eng.fire("turn_effects_expire")
        eng.expire("turn")
    eng.state.vars["active"] = eng.state.opponent(active)
    eng.state.vars["turn"] = (eng.state.vars.get("turn") or 1) + 1
    eng.state.vars["phase"] = "beginning"
    eng.log("turn_ended", player=active)


def start_development(eng, player, label: str):
    """Checks of playing ``label`` from hand as a development (in hand, its owner's capital phase, one
    development per turn), counting it; the card to play."""
    o = eng.obj(label)
    if o is None or o.where != f"{player}.hand":
        eng.fail(f"{label} is not in {player}'s hand")
    if eng.state.vars.get("phase") != "capital" or eng.state.vars.get("active") != player:
        eng.fail("developments are played in their owner's capital phase")
    turn = eng.state.vars.get("turn")
    dev = _mem(eng)["dev"]
    if dev.get((turn, player)) and eng.on("one_development_per_turn"):
        eng.fire("one_development_per_turn")
        eng.fail(f"{player} has already played a development this turn")
    dev[(turn, player)] = dev.get((turn, player), 0) + 1
    return o


def _develop(eng, player, act) -> None:
    """{player: A, develop: CARD, zone: kingdom}: play a card from hand face down as a development."""
    o = start_development(eng, player, act["develop"])
    new = eng.move(o, act.get("zone") or "kingdom", side=player, controller=player, cause="develop")
    if new is not None:
        new.flags.add("development")
        eng.touch()
        eng.log("developed", player=player, card=new.label)
