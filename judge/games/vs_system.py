"""Vs. System (Marvel Knights FAQ): visible and hidden areas of the in-play zone, rows, concealed,
attacking (proposed defenders, direct attacks, team attacks, "becomes a defender"), stunning,
equipment (attaching, falling off when its character changes area, transfers), moving
characters (within an area, to a named area, to another player's row and control), endurance,
resources, and the detection of a mandatory infinite loop (the game is a draw).

Every mechanic is bound to the rule, note or ruling entry of vs-system/marvel-knights-faq.txt
that states it; see ``bind_rules``. Nothing here looks at a card's name: cards are data
(rules_corpus/vs-system/cards.yaml).
"""
from __future__ import annotations

from typing import Any

from judge.engine.game import NOT_MINE, GameModule
from judge.engine.rules import Registry

G = "vs-system"
AREAS = ("visible", "hidden")
ROWS = ("front", "support")
CAN_ATTACK_HIDDEN = "can attack hidden characters"


def rid(local: str) -> str:
    return f"{G}:{local}"


def _position(obj) -> str:
    return f"{obj.zone} {'support' if 'support' in obj.flags else 'front'}"


class VsSystem(GameModule):
    id = G
    name = "Vs. System"
    zones = ("deck", "hand", "kod", "resource", "visible", "hidden", "stack")
    play_zones = AREAS
    hidden_zones = ("deck", "hand")
    permanent_types = ("character", "equipment", "location")
    leave_verbs = {"ko": ("kod", "ko")}
    object_flags = ("stunned", "attacking", "defending", "support")
    player_fields = ("endurance",)
    state_vars = {"active": "A", "phase": "build", "turn": 1, "initiative": "A"}
    played_event_timing = "resolve"

    # -- rule registry ---------------------------------------------------------------------
    def bind_rules(self, reg: Registry) -> None:
        reg.bind("concealed", rid("707.9"), rid("212.5e"),
                 does="a character with concealed comes into play in its controller's hidden area; "
                      "every other character in the visible area",
                 off="concealed is ignored: every character comes into play in the visible area")
        reg.bind("areas_same_zone", rid("212.5a"),
                 does="moving a character between its controller's visible and hidden areas does not change "
                      "its zone: it stays the same object (modifiers and counters stay)",
                 off="moving between areas puts the character into play anew as a new object")
        reg.bind("hidden_not_defender", rid("601.3e"), rid("701.17"), rid("601.3e:note-1"),
                 does="a hidden character cannot be proposed as a defender (cannot be attacked) unless "
                      "every attacker can attack hidden characters",
                 off="hidden characters can be attacked like visible ones")
        reg.bind("can_attack_hidden", rid("ruling:can-attack-hidden-characters"),
                 does="a character that 'can attack hidden characters' may propose a hidden defender",
                 off="'can attack hidden characters' grants nothing")
        reg.bind("direct_attack", rid("ruling:can-attack-hidden-characters"),
                 does="a player can be attacked directly if he controls no unstunned visible character; an "
                      "attacker that can attack hidden characters only if he controls no unstunned character at all",
                 off="a player can be attacked directly only if he controls no unstunned character, "
                     "hidden or visible, whatever the attacker")
        reg.bind("equip_visible_only", rid("302.3a"), rid("302.3a:note-1"),
                 does="equipment can only be attached to an unstunned visible character its player controls",
                 off="equipment may also be attached to a hidden character")
        reg.bind("equipment_falls_off", rid("302.9"), rid("302.9:note-1"),
                 does="an equipped character that moves between hidden and visible areas loses its equipment "
                      "(put into its owner's KO'd pile)",
                 off="the equipment stays attached when its character changes area")
        reg.bind("no_cross_area_transfer", rid("512.4"), rid("512.4:note-1"),
                 does="equipment cannot be transferred between a visible and a hidden character; it stays where it is",
                 off="equipment may be transferred across areas")
        reg.bind("move_same_area", rid("512.3"), rid("405.5"),
                 does="a move that names no area keeps the character in the same kind of area (visible or hidden) "
                      "of the moving player",
                 off="a move that names no area may put the character in either area")
        reg.bind("move_same_position_legal", rid("512.3"),
                 does="moving a character to the position it already occupies is legal",
                 off="a move must put the character in a different position")
        reg.bind("move_from_area", rid("ruling:mr-code-masked-malcontent"), rid("ruling:the-rose-shadowy-lieutenant"),
                 does="'move X from your hidden area to your visible area' can be done only if X is hidden "
                      "(a character already visible cannot pay such a cost)",
                 off="a visible character pays it by moving within the visible area")
        reg.bind("control_follows_row", rid("ruling:lilith-daughter-of-dracula"), rid("ruling:owl-leland-owlsley"),
                 rid("ruling:professor-x-mental-master"), rid("ruling:dracula-vlad-dracula"),
                 does="a character moved into a player's front or support row comes under that player's control",
                 off="the moved character keeps its controller")
        reg.bind("becomes_defender_once", rid("ruling:becomes-a-defender"),
                 does="a character becomes a defender once per attack, even when several characters team attack it",
                 off="the defender 'becomes a defender' once for each attacker")
        reg.bind("while_once", rid("ruling:shang-chi-master-of-kung-fu"),
                 does="a 'while attacking / defending against' bonus applies once or not at all, however many "
                      "opposing characters meet the condition",
                 off="the bonus applies once for each opposing character that meets the condition")
        reg.bind("for_each_all_or_none", rid("ruling:gin-genie-beckah-parker"),
                 does="'you may do X for each Y' is done either not at all or exactly once for each Y",
                 off="any number from zero to the number of Y may be chosen")
        reg.bind("self_is_yours", rid("ruling:reaper-vampire-armageddon"),
                 does="'a character you control' includes the source itself (a lone Reaper KOs himself)",
                 off="the source is not counted among 'a character you control'")
        reg.bind("loop_draw", rid("errata:stilt-man-wilbur-day"),
                 does="a loop of mandatory triggered powers that can never end is detected: the game is a draw",
                 off="loops are not detected (the replay never settles)")
        reg.bind("trigger_if_condition", rid("errata:stilt-man-wilbur-day"), rid("errata:daredevil-guardian-devil"))

    def register_handlers(self) -> None:
        self.actions.update({"recruit": _recruit, "attack": _attack, "strike": _strike, "begin": _begin})
        self.steps.update({
            "move_char": _move_char, "transfer": _transfer, "stun": _stun,
            "lose_endurance": _lose_endurance, "gain_endurance": _gain_endurance,
            "pay_endurance": _lose_endurance, "discard_card": _discard_card, "can:discard_card": _can_discard,
            "reveal": _reveal, "can:reveal": _can_reveal, "search": _search,
            "may_for_each": _may_for_each, "replace_resource": _replace_resource,
            "ko_one": _ko_one, "can:move_char": _can_move_char,
        })
        self.functions.update({"fighting": _fighting, "once": _once, "can_pay": lambda eng, *a: True})

    # -- attributes ----------------------------------------------------------------------------
    def obj_attr(self, engine, obj, name: str) -> Any:
        if name == "hidden":
            return obj.zone == "hidden"
        if name == "visible":
            return obj.zone == "visible"
        if name == "row":
            return "support" if "support" in obj.flags else "front"
        return NOT_MINE

    def player_attr(self, engine, player: str, name: str) -> Any:
        if name == "resources":
            return len(engine.state.zones.get(f"{player}.resource", []))
        return NOT_MINE

    # -- playing --------------------------------------------------------------------------------
    def can_play(self, engine, player, obj, action) -> str | None:
        if obj.card.type in ("character", "equipment"):
            return "characters and equipment are recruited (use the 'recruit' action)"
        return None

    def resolve_played_card(self, engine, item, obj) -> None:
        engine.move(obj, "kod", cause="resolved")

    def state_checks(self, engine) -> bool:
        return _loop_check(engine)


# -- helpers ------------------------------------------------------------------------------------

def _has(eng, obj, keyword: str) -> bool:
    return keyword in (eng.obj_attr(obj, "keywords") or [])


def attach_problem(eng, equipment, host, player: str) -> str | None:
    """302.3a: why ``equipment`` cannot be attached to ``host`` by ``player`` (None: it can)."""
    if host is None or not eng.is_in_play(host):
        return "it is not in play"
    if host.card.type != "character":
        return "equipment attaches only to characters"
    if host.zone != "visible" and eng.on("equip_visible_only"):
        eng.fire("equip_visible_only")
        return f"{host.label} is hidden: equipment can only be attached to a visible character"
    if "stunned" in host.flags:
        return f"{host.label} is stunned"
    if host.controller != player:
        return f"{host.label} is not controlled by {player}"
    return None


def _enter_area(eng, obj) -> str:
    if obj.card.type != "character":
        return "visible"
    if "concealed" in obj.card.keywords:  # functions in any zone (707.9): read from the card itself
        if eng.on("concealed"):
            eng.fire("concealed")
            return "hidden"
        return "visible"
    eng.fire("concealed")
    return "visible"


def _recruit(eng, player: str, act: dict) -> None:
    """{player: A, recruit: Card, with: [boost], targets: [host]} -- put a character (concealed: into the
    hidden area) or an equipment (attached to a character) into play from the hand."""
    label = act["recruit"]
    obj = eng.obj(label)
    if obj is None or obj.where != f"{player}.hand":
        eng.fail(f"{player} cannot recruit {label}: it is not in {player}'s hand")
    boosted = "boost" in (act.get("with") or [])
    if obj.card.type == "equipment":
        hosts = act.get("targets") or []
        if len(hosts) != 1:
            eng.fail(f"{label}: name the character to attach it to (targets: [character])", kind="missing_choice")
        host = eng.obj(hosts[0])
        reason = attach_problem(eng, obj, host, player)
        if reason:
            eng.fail(f"{player} cannot attach {label} to {hosts[0]}: {reason}")
        new = eng.move(obj, host.zone, side=player, controller=player, cause="recruit")
        if new is not None:
            new.attached_to = host.oid
            eng.touch()
            eng.log("attached", card=new.label, to=host.label)
        return
    area = _enter_area(eng, obj)
    ev = {"type": "zone_change", "obj": obj, "from": obj.zone, "to": area, "side": player, "cause": "recruit",
          "position": "top", "controller": player, "source": None, "boosted": boosted}
    eng.emit([ev])


def _begin(eng, player, act) -> None:
    """{begin: build} -- the start of a phase (build, combat, recovery ...)."""
    phase = act["begin"]
    eng.state.vars["phase"] = phase
    eng.log("phase_started", phase=phase)
    eng.emit([{"type": "phase_begins", "phase": phase, "player": eng.state.vars.get("active")}])


def _combatants(eng) -> dict:
    return eng.state.vars.get("combat") or {}


def _attack(eng, player: str, act: dict) -> None:
    """{player: A, attack: <character or player>, with: [attackers]} -- propose a defender (or attack
    the player directly) with one attacker or a team."""
    opp = eng.state.opponent(player)
    attackers = []
    for label in act.get("with") or []:
        o = eng.obj(label)
        if o is None or not eng.is_in_play(o) or o.controller != player:
            eng.fail(f"{label} cannot attack: {player} does not control it in play")
        if "stunned" in o.flags or o.exhausted:
            eng.fail(f"{label} cannot attack: it is stunned or exhausted")
        attackers.append(o)
    if not attackers:
        eng.fail("an attack needs at least one attacker (with: [...])", kind="missing_choice")
    target = act["attack"]
    defender = None
    if target in eng.state.players:
        if target != opp:
            eng.fail(f"{player} cannot attack {target}")
        for a in attackers:
            reason = _direct_attack_problem(eng, a, target)
            if reason:
                eng.fail(f"{a.label} cannot attack {target} directly: {reason}")
    else:
        defender = eng.obj(target)
        if defender is None or not eng.is_in_play(defender) or defender.controller != opp:
            eng.fail(f"{target} cannot be proposed as a defender: {opp} does not control it in play")
        if "stunned" in defender.flags:
            eng.fail(f"{target} is stunned and cannot be proposed as a defender")
        if defender.zone == "hidden" and eng.on("hidden_not_defender"):
            eng.fire("hidden_not_defender")
            blocked = [a.label for a in attackers if not _can_attack_hidden(eng, a)]
            if blocked:
                eng.fail(f"{target} is hidden and cannot be proposed as a defender "
                         f"({', '.join(blocked)} cannot attack hidden characters)")
    for a in attackers:
        a.flags.add("attacking")
        a.exhausted = True
    if defender is not None:
        defender.flags.add("defending")
    eng.state.vars["combat"] = {"player": player, "attackers": [a.oid for a in attackers],
                                "defender": defender.oid if defender else None, "target": opp}
    eng.touch()
    eng.log("attack_declared", player=player, attackers=[a.label for a in attackers],
            defender=defender.label if defender else opp)
    if defender is not None:
        if eng.on("becomes_defender_once"):
            if len(attackers) > 1:
                eng.fire("becomes_defender_once")
            eng.emit([{"type": "becomes_defender", "obj": defender, "attackers": [a.label for a in attackers]}])
        else:
            for a in attackers:
                eng.emit([{"type": "becomes_defender", "obj": defender, "attackers": [a.label]}])


def _can_attack_hidden(eng, attacker) -> bool:
    if not _has(eng, attacker, CAN_ATTACK_HIDDEN):
        return False
    if not eng.on("can_attack_hidden"):
        return False
    eng.fire("can_attack_hidden")
    return True


def _direct_attack_problem(eng, attacker, target: str) -> str | None:
    chars = [o for o in eng.in_play() if o.controller == target and o.card.type == "character"
             and "stunned" not in o.flags]
    if not eng.on("direct_attack"):
        if chars:
            return f"{target} controls an unstunned character ({', '.join(o.label for o in chars)})"
        return None
    eng.fire("direct_attack")
    if _can_attack_hidden(eng, attacker):
        if chars:
            return (f"{attacker.label} can attack hidden characters, so it attacks {target} directly only if "
                    f"{target} controls no unstunned character ({', '.join(o.label for o in chars)})")
        return None
    visible = [o for o in chars if o.zone == "visible"]
    if visible:
        return f"{target} controls an unstunned visible character ({', '.join(o.label for o in visible)})"
    return None


def _strike(eng, player, act) -> None:
    """{strike: attack} -- combat damage: attackers' total ATK against the defender's DEF (or the
    defending player's endurance); the defender's ATK against one attacker's DEF."""
    combat = _combatants(eng)
    if not combat:
        eng.fail("there is no attack in progress")
    attackers = [eng.state.objects[o] for o in combat["attackers"] if o in eng.state.objects]
    defender = eng.state.objects.get(combat["defender"]) if combat.get("defender") else None
    atk = sum(eng.obj_attr(a, "atk") or 0 for a in attackers)
    stuns = []
    if defender is None:
        _change_endurance(eng, combat["target"], -atk, "breakthrough")
    else:
        if atk >= (eng.obj_attr(defender, "def") or 0):
            stuns.append((defender, attackers))
        victims = [a for a in attackers]
        if victims:
            if len(victims) > 1:
                pick = eng.decide(defender.controller, "pick", [a.label for a in victims],
                                  f"the attacker {defender.label} strikes")
                victim = eng.obj(pick)
            else:
                victim = victims[0]
            if (eng.obj_attr(defender, "atk") or 0) >= (eng.obj_attr(victim, "def") or 0):
                stuns.append((victim, [defender]))
    for obj, by in stuns:
        obj.flags.add("stunned")
        eng.touch()
    if stuns:
        eng.emit([{"type": "stunned", "obj": obj, "by": by, "by_labels": [b.label for b in by]} for obj, by in stuns])
        eng.settle()
    for o in eng.in_play():
        o.flags -= {"attacking", "defending"}
    eng.state.vars["combat"] = None
    eng.touch()
    eng.expire("attack")
    eng.log("attack_ended")


# -- steps ---------------------------------------------------------------------------------------

def _move_char(eng, st: dict, b: dict) -> bool:
    """{move_char: ref, area: hidden|visible|either (omitted: the same kind of area), row: front|support,
    by: player told to move (default: you)} -- 512.3."""
    objs = [o for o in eng.resolve_ref(st["move_char"], b) if eng.is_in_play(o)]
    ok = bool(objs)
    if st.get("from_area") and not _can_move_char(eng, st, b):
        return False
    for o in objs:
        mover = eng.eval(st["by"], {**b, "it": o}) if st.get("by") else b["you"]
        ok = _move_one(eng, o, mover, st.get("area"), st.get("row")) and ok
    return ok


def _can_move_char(eng, st: dict, b: dict) -> bool:
    """A move 'from your hidden area to your visible area' (a cost, say) needs a character in that area."""
    objs = [o for o in eng.resolve_ref(st["move_char"], b) if eng.is_in_play(o)]
    if not objs:
        return False
    want = st.get("from_area")
    if want and any(o.zone != want for o in objs):
        if eng.on("move_from_area"):
            eng.fire("move_from_area")
            return False
    return True


def _move_one(eng, obj, mover: str, area: str | None, row: str | None) -> bool:
    if area in AREAS:
        areas = [area]
    elif area == "either":
        areas = list(AREAS)
    elif eng.on("move_same_area"):
        eng.fire("move_same_area")
        areas = [obj.zone]
    else:
        areas = list(AREAS)
    rows = [row] if row in ROWS else list(ROWS)
    here = _position(obj) if obj.side == mover else None
    allowed = [f"{a} {r}" for a in areas for r in rows]
    if here in allowed:
        if eng.on("move_same_position_legal"):
            eng.fire("move_same_position_legal")
        else:
            allowed.remove(here)
    if not allowed:
        eng.log("move_failed", card=obj.label, reason="no legal position")
        return False
    everything = [f"{a} {r}" for a in AREAS for r in ROWS]
    if len(allowed) == 1:
        dest = allowed[0]
    else:
        def check(value):
            if value in allowed:
                return None
            if value == here:
                return "a move must change the character's position"
            return f"{obj.label} can only be moved to {', '.join(allowed)}"

        dest = eng.decide_checked(mover, "pick", everything, f"where {obj.label} moves", check)
    to_area, to_row = dest.split()
    return relocate(eng, obj, mover, to_area, to_row) is not None


def relocate(eng, obj, side: str, area: str, row: str):
    """Put an in-play character at a position of ``side``'s areas (212.5a, 302.9, control)."""
    from_area, from_side = obj.zone, obj.side
    controller = obj.controller
    if side != obj.controller:
        if eng.on("control_follows_row"):
            eng.fire("control_follows_row")
            controller = side
    gear = [o for o in eng.state.objects.values() if o.attached_to == obj.oid]
    if from_area != area and gear:
        if eng.on("equipment_falls_off"):
            eng.fire("equipment_falls_off")
            for g in gear:
                g.attached_to = None
                eng.move(g, "kod", cause="equipment_fell_off")
    if from_area != area or side != from_side:
        if eng.on("areas_same_zone") or from_area == area:
            if from_area != area:
                eng.fire("areas_same_zone")
            eng.state.zones[obj.where].remove(obj.oid)
            obj.zone, obj.side, obj.controller = area, side, controller
            eng.state.zones.setdefault(obj.where, []).append(obj.oid)
            new = obj
        else:
            new = eng.move(obj, area, side=side, controller=controller, cause="move")
            if new is None:
                return None
            for g in [o for o in eng.state.objects.values() if o.attached_to == obj.oid]:
                g.attached_to = new.oid
    else:
        new = obj
    new.flags.discard("support")
    if row == "support":
        new.flags.add("support")
    eng.touch()
    eng.log("moved", card=new.label, to=f"{new.side}.{area} {row}", **{"from": f"{from_side}.{from_area}"})
    eng.emit([{"type": "moved", "obj": new, "from_area": from_area, "to_area": area}])
    return new


def _transfer(eng, st: dict, b: dict) -> bool:
    """{transfer: equipment, to: character} -- 512.4: legal to attach, and never across areas."""
    gear = eng.resolve_ref(st["transfer"], b)
    hosts = eng.resolve_ref(st["to"], b)
    if not gear or not hosts:
        return False
    g, host = gear[0], hosts[0]
    old = eng.state.objects.get(g.attached_to) if g.attached_to else None
    if old is not None and old.zone != host.zone and eng.on("no_cross_area_transfer"):
        eng.fire("no_cross_area_transfer")
        eng.log("transfer_failed", card=g.label, to=host.label, reason="across_areas")
        return False
    reason = attach_problem(eng, g, host, g.controller)
    if reason:
        eng.log("transfer_failed", card=g.label, to=host.label, reason=reason)
        return False
    g.attached_to = host.oid
    if g.zone != host.zone:
        eng.state.zones[g.where].remove(g.oid)
        g.zone = host.zone
        eng.state.zones.setdefault(g.where, []).append(g.oid)
    eng.touch()
    eng.log("transferred", card=g.label, to=host.label)
    return True


def _stun(eng, st: dict, b: dict) -> bool:
    objs = [o for o in eng.resolve_ref(st["stun"], b) if "stunned" not in o.flags]
    for o in objs:
        o.flags.add("stunned")
    eng.touch()
    if objs:
        src = b.get("this")
        eng.emit([{"type": "stunned", "obj": o, "by": [src] if src is not None else []} for o in objs])
    return bool(objs)


def _change_endurance(eng, player: str, delta: int, cause: str) -> None:
    data = eng.state.player_data.setdefault(player, {})
    data["endurance"] = data.get("endurance", 0) + delta
    eng.log("endurance_changed", player=player, amount=delta, cause=cause)
    if delta < 0:
        eng.emit([{"type": "endurance_lost", "player": player, "amount": -delta}])


def _lose_endurance(eng, st: dict, b: dict) -> bool:
    verb = "lose_endurance" if "lose_endurance" in st else "pay_endurance"
    amount = eng.eval(st[verb], b)
    players = eng.eval(st.get("player", "you"), b)
    for p in players if isinstance(players, list) else [players]:
        _change_endurance(eng, p, -amount, verb)
    return True


def _gain_endurance(eng, st: dict, b: dict) -> bool:
    amount = eng.eval(st["gain_endurance"], b)
    _change_endurance(eng, eng.eval(st.get("player", "you"), b), amount, "gain")
    return True


def _hand_matching(eng, player: str, flt: str, b: dict) -> list:
    return [o for o in eng.zone_objs(player, "hand") if eng.eval(flt, {**b, "it": o})]


def _discard_card(eng, st: dict, b: dict) -> bool:
    n = eng.eval(st["discard_card"], b)
    for _ in range(n):
        hand = _hand_matching(eng, b["you"], st.get("filter", "true"), b)
        if not hand:
            return False
        pick = eng.decide(b["you"], "pick", [o.label for o in hand], "a card to discard")
        eng.move(eng.obj(pick), "kod", cause="discard")
    return True


def _can_discard(eng, st: dict, b: dict) -> bool:
    return len(_hand_matching(eng, b["you"], st.get("filter", "true"), b)) >= eng.eval(st["discard_card"], b)


def _reveal(eng, st: dict, b: dict) -> bool:
    hand = _hand_matching(eng, b["you"], st["reveal"], b)
    if not hand:
        return False
    pick = eng.decide(b["you"], "pick", [o.label for o in hand], "a card to reveal")
    eng.log("revealed", player=b["you"], card=pick)
    return True


def _can_reveal(eng, st: dict, b: dict) -> bool:
    return bool(_hand_matching(eng, b["you"], st["reveal"], b))


def _search(eng, st: dict, b: dict) -> bool:
    """{search: deck, filter: ...} -- find a matching card in your deck, reveal it, put it into your hand."""
    found = [o for o in eng.zone_objs(b["you"], "deck") if eng.eval(st.get("filter", "true"), {**b, "it": o})]
    if not found:
        eng.log("search_failed", player=b["you"])
        eng.log("deck_shuffled", player=b["you"])
        return False
    pick = found[0].label if len(found) == 1 else eng.decide(b["you"], "pick", [o.label for o in found], "a card")
    eng.move(eng.obj(pick), "hand", cause="search")
    eng.log("deck_shuffled", player=b["you"])
    return True


def _may_for_each(eng, st: dict, b: dict) -> bool:
    """{may_for_each: count, do: [steps]} -- 'you may do X for each Y': none, or once per Y."""
    n = int(eng.eval(st["may_for_each"], b))
    if eng.on("for_each_all_or_none"):
        options = [0, n]
    else:
        options = list(range(n + 1))

    def check(value):
        if value in options:
            return None
        eng.fire("for_each_all_or_none")
        return f"choose either 0 or exactly {n}"

    value = eng.decide_checked(b["you"], "number", list(range(n + 1)), f"how many times (0 or {n})", check)
    if eng.on("for_each_all_or_none"):
        eng.fire("for_each_all_or_none")
    eng.log("chosen_times", player=b["you"], times=value)
    ok = True
    for _ in range(value):
        ok = eng.run_steps(st.get("do") or [], b) and ok
    return value > 0 and ok


def _replace_resource(eng, st: dict, b: dict) -> bool:
    """Replace a resource: put it on the bottom of its owner's deck, then put the top card of that deck
    face down into the resource row."""
    player = eng.eval(st["replace_resource"], b)
    done = b.setdefault("_replaced", [])
    left = [o for o in eng.zone_objs(player, "resource") if o.label not in done]
    if not left:
        return False
    res = left[0]
    eng.move(res, "deck", cause="replace", position="bottom")
    deck = eng.zone_objs(player, "deck")
    top = deck[-1] if deck else None
    new = eng.move(top, "resource", cause="replace") if top is not None and top.label != res.label else None
    done.append(res.label)
    if new is not None:
        done.append(new.label)
    eng.log("resource_replaced", player=player, card=res.label, by=new.label if new else None)
    return True


def _ko_one(eng, st: dict, b: dict) -> bool:
    """{ko_one: filter} -- 'KO a character you control': the controller picks one (the source counts)."""
    src = b.get("this")
    pool = [o for o in eng.in_play() if eng.eval(st["ko_one"], {**b, "it": o})]
    if src in pool:
        if eng.on("self_is_yours"):
            eng.fire("self_is_yours")
        else:
            pool = [o for o in pool if o is not src]
    if not pool:
        eng.log("nothing_to_ko", player=b["you"])
        return False
    pick = pool[0].label if len(pool) == 1 else eng.decide(b["you"], "pick", [o.label for o in pool],
                                                          "a character to KO")
    return eng.run_step({"ko": pick}, b)


# -- expression functions --------------------------------------------------------------------------

def _fighting(eng, me, other) -> bool:
    """Is ``other`` a character ``me`` is attacking, or an attacker ``me`` is defending against?"""
    combat = _combatants(eng)
    if not combat or me is None or other is None or not hasattr(me, "oid") or not hasattr(other, "oid"):
        return False
    attackers = combat.get("attackers") or []
    if me.oid in attackers:
        return other.oid == combat.get("defender")
    if me.oid == combat.get("defender"):
        return other.oid in attackers
    return False


def _once(eng, n) -> int:
    """A 'while' condition met by n opposing characters: the bonus applies once (or, ablated, n times)."""
    n = int(n or 0)
    if eng.on("while_once"):
        if n > 1:
            eng.fire("while_once")
        return min(n, 1)
    return n


# -- loop detection ---------------------------------------------------------------------------------

LOOP_REPEATS = 5


def _loop_check(eng) -> bool:
    """A run of mandatory triggered powers repeating the same cycle again and again within one action
    can never end: the game is a draw (the reason for the Stilt-Man errata)."""
    if eng.state.vars.get("game_over"):
        if eng.pending:
            eng.pending.clear()
        return False
    if not eng.on("loop_draw"):
        return False
    seq = []
    for st in reversed(eng.trace):
        seq = [(e.get("source"), e.get("ability")) for e in st.events if e["event"] == "triggered"] + seq
        if st.index == eng.action_index:
            break
    for period in range(1, 5):
        need = period * LOOP_REPEATS
        if len(seq) < need:
            break
        tail = seq[-need:]
        if all(tail[i] == tail[i % period] for i in range(need)):
            sources = sorted({s for s, _ in tail[:period]})
            mandatory = all(not p.ability.get("optional") for p in eng.pending)
            if not mandatory:
                return False
            eng.fire("loop_draw")
            eng.log("loop_detected", cards=sources, period=period)
            eng.log("game_drawn", reason="infinite_loop")
            eng.state.vars["game_over"] = "draw"
            eng.pending.clear()
            return True
    return False


GAME = VsSystem
