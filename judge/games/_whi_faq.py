"""Warhammer: Invasion: mechanics of the Frequently Asked Questions (drawing several cards at once,
declaring attackers all at once, moving damage and cards, sacrificing only what you control,
control from constant effects, entering play in a state, loyalty, phase-long effects, excess damage
to a zone ...). Their rule bindings are in warhammer_invasion.py (``bind_rules``, "Frequently
Asked Questions mechanics"); the game module calls the hooks below. Steps registered here wrap
the clarification steps of _whi_rules.py where both apply."""
from __future__ import annotations

from judge.games import _whi_rules as W
from judge.games._whi_rules import CAPITAL_HP, SECTIONS


def register(game) -> None:
    game.steps.update({
        "draw": _draw, "discard_top": _discard_top, "discard_hand": _discard_hand, "reveal_hand": _reveal_hand,
        "move_to_zone": _move_to_zone, "move_damage": _move_damage, "sacrifice": _sacrifice, "heal": _heal,
        "search": _search, "takes": _takes,
    })


# -- hooks called by the game module ------------------------------------------------------------

def turn_begins_now(eng) -> bool:
    """'At the beginning of the turn' effects happen in phase 0 (before the kingdom phase)."""
    if eng.on("beginning_before_kingdom"):
        return True
    eng.state.vars["turn_begins_waiting"] = True
    return False


def after_phase_start(eng, phase: str) -> None:
    """Ablated 'beginning of turn first': the waiting effects happen after the kingdom phase steps."""
    if phase == "kingdom" and eng.state.vars.pop("turn_begins_waiting", False):
        eng.emit([{"type": "turn_begins", "player": eng.state.vars.get("active")}])


def phase_ends(eng) -> None:
    """A new phase begins: effects lasting 'this phase' end."""
    if not any(e.duration == "phase" for e in eng.state.effects):
        return
    if eng.on("phase_effects_expire"):
        eng.fire("phase_effects_expire")
        eng.expire("phase")


def excess_to_zone(eng, total: dict[int, int]) -> None:
    """Combat damage beyond what burns a capital section: dealt in full (its excess has no effect)."""
    for k in list(total):
        o = eng.state.objects[k]
        if o.card.type == "capital" and total[k] > CAPITAL_HP - o.damage:
            if eng.on("excess_zone_damage_dealt"):
                eng.fire("excess_zone_damage_dealt")
            else:
                total[k] = max(0, CAPITAL_HP - o.damage)


def declare(eng, units: list, flag: str, event: str, player: str) -> None:
    """Attackers (defenders) are declared all at once, then the effects this triggers resolve."""
    if eng.on("declare_all_at_once") or len(units) < 2:
        if len(units) > 1:
            eng.fire("declare_all_at_once")
        for o in units:
            o.flags.add(flag)
        eng.touch()
        eng.emit([{"type": event, "obj": o, "player": player} for o in units])
        return
    for o in units:
        o.flags.add(flag)
        eng.touch()
        eng.emit([{"type": event, "obj": o, "player": player}])
        eng.settle()


def loyalty_shortfall(eng, player: str, obj) -> int:
    """Loyalty adds to the cost: loyalty minus the matching loyalty icons (stat ``icons``) on cards
    the player controls in play."""
    loyalty = int(obj.card.extra.get("loyalty") or 0)
    if not loyalty:
        return 0
    faction = obj.card.extra.get("faction")
    in_play_only = eng.on("loyalty_in_play_only")
    icons = 0
    for o in eng.state.objects.values():
        n = o.card.stats.get("icons") or 0
        if not n or o.controller != player or o.card.extra.get("faction") != faction:
            continue
        if eng.is_in_play(o):
            icons += n
        elif o.zone in ("hand", "stack"):
            if in_play_only:
                eng.fire("loyalty_in_play_only")
            else:
                icons += n
    return max(0, loyalty - icons)


def attach_played(eng, item, obj) -> None:
    """An Attachment enters play attached to the card it was played on (its first target)."""
    if "Attachment" not in obj.card.traits:
        return
    specs = [s for s in item.ability.get("targets") or [] if not s.get("chain")]
    new = eng.obj(obj.label)
    if not specs or new is None or not eng.is_in_play(new):
        return
    hosts = [eng.state.objects.get(i) for i in item.targets.get(specs[0]["name"], [])]
    hosts = [h for h in hosts if h is not None and eng.is_in_play(h)]
    if hosts:
        new.attached_to = hosts[0].oid
        eng.touch()
        eng.log("attached", card=new.label, to=hosts[0].label)


def control_sync(eng) -> bool:
    """Control set by a constant effect (``set: {controller: ..}``): the card moves to its new
    controller's corresponding zone; when the effect ends, control returns to whoever had it."""
    if not any(ab.kind == "continuous" and "controller" in (ab.get("set") or {})
               for o in eng.in_play() for ab in o.card.abilities) and not any(
               "base_controller" in o.memory for o in eng.in_play()):
        return False
    chars = eng.characteristics()
    changed = False
    for o in list(eng.in_play()):
        want = chars.get(o.oid, {}).get("controller")
        if want is not None:
            o.memory.setdefault("base_controller", o.controller)
        elif "base_controller" in o.memory:
            base = o.memory.pop("base_controller")
            if not eng.on("control_by_constant_effect"):
                continue
            eng.fire("control_by_constant_effect")
            want = base
        if want is not None and want != o.controller:
            eng.run_step({"gain_control": o, "player": want}, {})
            changed = True
    return changed


# -- steps ------------------------------------------------------------------------------------

def draw_cards(eng, player: str, n: int) -> bool:
    cards = list(reversed(eng.zone_objs(player, "deck")))[:n]
    if eng.on("draw_all_at_once"):
        if len(cards) > 1:
            eng.fire("draw_all_at_once")
        batches = [cards] if cards else []
    else:
        batches = [[c] for c in cards]
    for batch in batches:
        done = eng.emit([{"type": "zone_change", "obj": o, "from": "deck", "to": "hand", "side": None, "cause": "draw",
                          "position": "top", "controller": None, "source": None} for o in batch])
        if done:
            eng.emit([{"type": "cards_drawn", "player": player, "count": len(done), "first": done[0].get("new")}])
    return len(cards) >= n


def _draw(eng, st, b) -> bool:
    return draw_cards(eng, eng.eval(st.get("player", "you"), b), eng.eval(st["draw"], b))


def _discard_top(eng, st, b) -> bool:
    """{discard_top: N, player: P}: the top N cards of P's deck go to his discard pile."""
    player = eng.eval(st.get("player", "you"), b)
    n = eng.eval(st["discard_top"], b)
    cards = list(reversed(eng.zone_objs(player, "deck")))[:n]
    eng.emit([{"type": "zone_change", "obj": o, "from": "deck", "to": "discard", "side": None, "cause": "discard",
               "position": "top", "controller": None, "source": b.get("this")} for o in cards])
    return len(cards) >= n


def _discard_hand(eng, st, b) -> bool:
    """{discard_hand: N, player: P}: P discards N cards of his choice; succeeds only if he actually
    discarded them (a player with no cards in hand discards nothing)."""
    player = eng.eval(st.get("player", "you"), b)
    n = eng.eval(st["discard_hand"], b)
    done = 0
    for _ in range(n):
        hand = eng.zone_objs(player, "hand")
        if not hand:
            break
        pick = eng.decide(player, "pick", [o.label for o in hand], "a card to discard from hand")
        eng.move(eng.obj(pick), "discard", cause="discard")
        done += 1
    if not done:
        eng.log("nothing_discarded", player=player)
    return done == n


def _reveal_hand(eng, st, b) -> bool:
    player = eng.eval(st["reveal_hand"], b)
    hand = eng.zone_objs(player, "hand")
    eng.log("hand_revealed", player=player, cards=len(hand))
    if not hand:
        if not eng.on("reveal_empty_hand"):
            return False
        eng.fire("reveal_empty_hand")
    return True


def _heal(eng, st, b) -> bool:
    """Healing (clarification step), then one 'healed' event per unit healed, all simultaneous."""
    objs = eng.resolve_ref(st["heal"], b)
    before = {o.oid: o.damage for o in objs}
    ok = W._heal(eng, {**st, "heal": objs}, b)
    evs = [{"type": "unit_healed", "obj": eng.state.objects[k], "amount": d - eng.state.objects[k].damage,
            "player": b.get("you")}  # who heals: the controller of the healing effect
           for k, d in before.items() if k in eng.state.objects and eng.state.objects[k].damage < d]
    if evs:
        eng.emit(evs)
    return ok


def _move_damage(eng, st, b) -> bool:
    """Moving damage (the clarification: W.move_damage); no more than it takes to destroy the receiving unit."""
    src = eng.resolve_ref(st["move_damage"], b)
    dst = eng.resolve_ref(st["to"], b)
    if not src or not dst:
        return False
    n = min(src[0].damage, eng.eval(st.get("amount", 1), b))
    if eng.on("move_damage_cap"):
        cap = eng.obj_attr(dst[0], "remaining_hp") or 0
        if n > cap:
            eng.fire("move_damage_cap")
            n = cap
    return W.move_damage(eng, src[0], dst[0], n, b.get("this"))


def _move_to_zone(eng, st, b) -> bool:
    """{move_to_zone: REF, by: P}: P chooses the zone (``A.kingdom`` ...) the unit moves to."""
    objs = [o for o in eng.resolve_ref(st["move_to_zone"], b) if eng.is_in_play(o)]
    if not objs:
        return False
    o = objs[0]
    by = eng.eval(st.get("by", "you"), b)
    options = [f"{p}.{z}" for p in eng.state.players for z in SECTIONS]

    def check(where: str) -> str | None:
        side, zone = where.split(".")
        if side == o.side and zone == o.zone and eng.on("move_to_other_zone"):
            eng.fire("move_to_other_zone")
            return "a moved card must end the move in a different zone than it began"
        if side != o.controller and eng.on("no_move_to_opponent_zone"):
            eng.fire("no_move_to_opponent_zone")
            return "a player may not move units into his opponent's zones"
        return None

    where = eng.decide_checked(by, "pick", options, f"where {o.label} moves", check)
    side, zone = where.split(".")
    W.leaves_combat(eng, o, zone)
    eng.emit([{"type": "moved", "obj": o, "to": zone}])
    return True


def _sacrifice(eng, st, b) -> bool:
    """{sacrifice: REF, player: P}: only cards P controls can be sacrificed (then the clarification
    step: sacrificing is not destroying)."""
    player = eng.eval(st.get("player", "you"), b)
    objs = [o for o in eng.resolve_ref(st["sacrifice"], b) if eng.is_in_play(o)]
    if eng.on("sacrifice_own_only"):
        mine = [o for o in objs if o.controller == player]
        for o in objs:
            if o not in mine:
                eng.fire("sacrifice_own_only")
                eng.log("cannot_sacrifice", player=player, card=o.label)
        objs = mine
    if not objs:
        return False
    return W._sacrifice(eng, {**st, "sacrifice": objs}, b)


def _search(eng, st, b) -> bool:
    """Search (clarification step); a Limited card it puts into play uses up the player's Limited
    card for the turn (cards put into play follow the restrictions of cards played)."""
    before = {o.oid for o in eng.in_play()}
    ok = W._search(eng, st, b)
    player = eng.eval(st.get("player", "you"), b)
    for o in eng.in_play():
        if o.oid not in before and o.controller == player and "limited" in (o.card.keywords or ()):
            if eng.on("limited_one_per_turn"):
                eng.fire("limited_one_per_turn")
                eng.state.player_data.setdefault(player, {})["limited_played"] = 1
    return ok


def _takes(eng, st, b) -> bool:
    """{takes: REF, amount: N}: each unit 'takes' damage: it is the source of the damage it is
    dealt (so 'when a unit is dealt damage' effects see it)."""
    objs = eng.resolve_ref(st["takes"], b)
    if not objs:
        return False
    for o in objs:
        n = eng.eval(st.get("amount", 1), {**b, "it": o})
        if eng.on("takes_damage_is_dealt"):
            eng.fire("takes_damage_is_dealt")
            eng.deal_damage(o, {o.oid: n})
        else:
            o.damage += n
            eng.touch()
            eng.log("damage_taken", card=o.label, amount=n)
    return True
