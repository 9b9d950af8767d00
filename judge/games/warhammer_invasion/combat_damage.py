"""Combat damage: the ``assign`` fixture verb (``{player: A, assign: {Unit: 2, capital: 3}}``).

Each side assigns its combat damage pool (the power of its participating units; a legend's icons,
a unit's 'additional damage') among the opposing participants -- the attacker may put damage on the
attacked capital section only once each defender has lethal damage. Once both sides have assigned,
either player may take Actions; when that window closes (all pass, the game moves on, the script
ends) the damage is dealt at once; units that added damage to a pool that reached the other side have
dealt damage in combat; combat ends. Then every participant still in play has survived combat, Raider and
Scout resolve."""
from __future__ import annotations

from . import card_scripts, legends
from .capital import excess_to_zone
from .combat import later_combat_counts, step_closes_window
from .common import keyword_value
from .damage import AS_ASSIGNED, max_damage, modified_as_assigned, modifiers_in_play


def register(game) -> None:
    game.actions["assign"] = assign


def assign(eng, player, act) -> None:
    """{player: A, assign: {UNIT: N, capital: N}} (capital: the attacked section): checks, the assignment, and
    once both sides have assigned, the action window before the damage is applied (actions_before_damage_applied: applied when it closes,
    action_window_closes; off: at once) and what follows combat."""
    combat = eng.state.vars.get("combat")
    if not combat:
        _assign_damage(eng, player, act)  # says there is no combat
        return
    legends.check_assignment(eng, player, act, combat)
    first = not combat["assign"]
    done = _assign_damage(eng, player, act)
    if first:  # the first assignment, once made (a refused one changes nothing), ends the window before it
        step_closes_window(eng, "combat damage is assigned")
    if not done:
        return
    if eng.on("actions_before_damage_applied"):
        # clarification:battlefield-phase: "Damage is counted then assigned, without yet being applied.
        # Actions may be taken by either player."
        combat["assigned_at"] = len(eng.events)
        return
    _apply_assigned(eng)


def action_window_closes(eng, why: str) -> bool:
    """The window after both sides assigned combat damage closes (the players all passed, the game moved
    on, the script ended): the damage is applied. Traced where an Action -- any play or use, whatever it
    did -- was taken in that window."""
    combat = eng.state.vars.get("combat")
    if not combat or "assigned_at" not in combat:
        return False
    since = combat.pop("assigned_at")
    if any(e.get("event") in ("played", "used") for e in eng.events[since:]):
        eng.fire("actions_before_damage_applied")
    _apply_assigned(eng)
    return True


def _apply_assigned(eng) -> None:
    """Both sides' assigned combat damage applied, then what follows combat (survivors, Raider, Scout)."""
    combat = eng.state.vars["combat"]
    before = dict(combat)
    participants = [(o.label, o.controller, "attacking" if "attacking" in o.flags else "defending")
                    for o in eng.in_play() if ("attacking" in o.flags or "defending" in o.flags)
                    and "corrupted" not in o.flags]
    start = len(eng.events)
    _apply_damage(eng, combat)
    _after_combat(eng, before, participants, start)


def combat_power(eng, obj, combat) -> int:
    """The combat damage a unit adds to its side's pool: its power, plus 'deals N additional damage'
    (a card script's, card_scripts.POINTS); a legend's icons (legends.combat_power)."""
    bonus = card_scripts.total("combat_damage_bonus", eng, obj)
    if bonus and eng.obj_attr(obj, "type") == "unit":
        return (eng.obj_attr(obj, "power") or 0) + int(bonus)
    got = legends.combat_power(eng, obj, combat)
    return got if got is not None else (eng.obj_attr(obj, "power") or 0)


def _assigners(eng, combat) -> tuple[list, set]:
    """(the units defending, the players who assign combat damage: the attacker, and the defender while a
    unit defends)."""
    defenders = [o for o in eng.in_play() if "defending" in o.flags and "corrupted" not in o.flags]
    return defenders, {combat["attacker"]} | ({combat["defender"]} if defenders else set())


def _opponents_unit(eng, obj, opp: str) -> bool:
    """clarification:battlefield-phase: "If there are both attacking and defending units, they are considered
    to be opposed in combat": a side's combat damage goes to the units opposing it (the attacker's to the
    defending units, the defender's to the attacking units; the attacked legend or fulcrum: legends.py). Is
    ``obj`` a unit (or legend) of the opponent's in play -- one only that rule keeps from being assigned this
    side's combat damage when it is not opposed to it? Switched off (opposed_in_combat), attacking and
    defending units are not opposed to each other: a side may assign its combat damage to any such card."""
    return (obj is not None and obj.controller == opp and eng.is_in_play(obj)
            and obj.card.type in eng.game.damageable_types)


def _side(eng, combat: dict, player: str) -> tuple[int, list, object, bool, bool]:
    """One side's combat damage: (its pool, the opposing participants it may go to, the attacked section --
    the attacker's only --, nowhere: none of it can be assigned, stranded: no opposing unit is left). What each
    unit adds to the pool as it is counted is kept (combat["pool"]): 'dealt damage in combat' reads it."""
    side_units = [o for o in eng.in_play() if o.controller == player
                  and ("attacking" if player == combat["attacker"] else "defending") in o.flags
                  and "corrupted" not in o.flags]
    shares = {o.oid: combat_power(eng, o, combat) for o in side_units}
    combat.setdefault("pool", {})[player] = {oid: n for oid, n in shares.items() if n > 0}
    pool = sum(shares.values())
    opp = eng.state.opponent(player)
    foes = [o for o in eng.in_play() if o.controller == opp and
            ("defending" if player == combat["attacker"] else "attacking") in o.flags]
    foes += [o for o in legends.combat_foes(eng, combat, player) if o not in foes]
    section = eng.obj(f"{opp} capital {combat['zone']}") if player == combat["attacker"] else None
    # FAQ: "a burning zone ... cannot be assigned damage" (any damage: combat damage too). An attacker
    # facing no defender in a burning zone has nowhere to assign: none of its pool is assigned.
    nowhere = (section is not None and not foes and "burning" in section.flags
               and eng.on("burning_zone_no_assign"))
    # clarification:battlefield-phase: once an attacker is declared the phase is carried out "to the extent
    # able, even if there are no participating units": defenders with no attacker left assign nothing
    stranded = section is None and not foes and pool > 0 and eng.on("combat_to_extent_able")
    return pool, foes, section, nowhere, stranded


def open_combat_at_phase_end(eng) -> bool:
    """The phase ends (a new phase or turn begins, the turn ends) with a combat not carried out to its end:
    clarification:battlefield-phase -- "Once at least one attacker has been declared, players will carry out
    the entire battlefield phase to the extent able, even if there are no participating units" and at its end
    "Units are no longer considered to be attacking, defending, or participating in combat". The steps left
    that ask nothing of anyone are carried out now: a side with no combat damage it can assign assigns none,
    the damage is applied, combat ends (a defender not declared is none declared: the defending player let the
    game move on). A side with damage left to assign has a decision to make: the phase cannot end before it
    (refused, naming the rule). Mechanic off (combat_to_extent_able): the combat is left as it is."""
    combat = eng.state.vars.get("combat")
    if not combat or not eng.on("combat_to_extent_able"):
        return False
    if "assigned_at" in combat:  # both sides assigned: the window closes, the damage is applied
        return action_window_closes(eng, "phase_ends")
    _defenders, needed = _assigners(eng, combat)
    left = [p for p in (combat["attacker"], combat.get("defender")) if p in needed and p not in combat["assign"]]
    for p in left:
        pool, _foes, _section, nowhere, stranded = _side(eng, combat, p)
        if pool and not (nowhere or stranded):
            eng.fail(f"the combat is not over: {p} has {pool} combat damage to assign before the phase can end",
                     rule="combat_to_extent_able")
    eng.fire("combat_to_extent_able")
    for p in left:
        _assign_damage(eng, p, {"assign": {}})
    _apply_assigned(eng)
    return True


def _assign_damage(eng, player, act) -> bool:
    """One side's assignment. True once every side that assigns has (the damage is applied together)."""
    combat = eng.state.vars.get("combat")
    if not combat:
        eng.fail("there is no combat to assign damage in")
    pool, foes, section, nowhere, stranded = _side(eng, combat, player)
    required = 0 if nowhere or stranded else pool
    assigned = dict(act["assign"] or {})
    total = sum(assigned.values())
    opp = eng.state.opponent(player)
    if (total > pool and eng.on("combat_damage_counted")) or (total < required and eng.on("all_combat_damage_assigned")):
        # too much: the counting rule refuses, unless a rule that decided the count (a legend's zone icons) did
        eng.fail(f"{player} must assign exactly {required} combat damage, assigned {total}",
                 rule="all_combat_damage_assigned" if total < required else None if eng.decided()
                 else "combat_damage_counted")
    if nowhere and total == 0 and pool > 0:
        eng.fire("burning_zone_no_assign")  # it decided that the pool goes nowhere
    if stranded and eng.on("all_combat_damage_assigned"):
        eng.fire("combat_to_extent_able")  # it decided only where all the pool must otherwise be assigned
    resolved: dict[int, int] = {}
    for label, n in assigned.items():
        if label == "capital":
            if player != combat["attacker"]:
                eng.fail("only the attacker assigns damage to the capital")
            obj = section
            if n and "burning" in obj.flags and eng.applies("burning_zone_no_assign"):
                eng.fail(f"{opp}'s {combat['zone']} is burning: it cannot be assigned damage",
                         rule="burning_zone_no_assign")
        else:
            obj = eng.obj(label)
            if obj is None or obj not in foes:
                unopposed = _opponents_unit(eng, obj, opp)  # the opponent's, in play, not opposed to this side
                if not unopposed or eng.applies("opposed_in_combat"):
                    eng.fail(f"{label} is not an opposing unit in this combat",
                             rule="opposed_in_combat" if unopposed else None)
        resolved[obj.oid] = resolved.get(obj.oid, 0) + n
    if player == combat["attacker"] and eng.on("lethal_before_capital"):
        cap = eng.obj(f"{opp} capital {combat['zone']}")
        if resolved.get(cap.oid) and foes:  # with no defender the rule has nothing to decide
            eng.fire("lethal_before_capital")
            for d in foes:
                need = max_damage(eng, d)
                if resolved.get(d.oid, 0) < need:
                    # this rule refuses (reading the defender's remaining hit points fired hp rules after it)
                    eng.fail(f"{d.label} must be assigned {need} damage (enough to destroy it) before any damage "
                             f"goes to the capital", rule="lethal_before_capital")
    if player in combat["assign"]:
        eng.fail(f"{player} has already assigned combat damage")
    combat["assign"][player] = resolved
    eng.log("combat_damage_assigned", player=player,
            assignment={eng.state.objects[k].label: v for k, v in resolved.items()})
    as_assigned = modified_as_assigned(eng, resolved)
    if as_assigned is not None:
        combat.setdefault("modified", {})[player] = as_assigned
    defenders, needed = _assigners(eng, combat)
    if not needed <= set(combat["assign"]) and applied_as_assigned(eng, combat, player, resolved):
        defenders, needed = _assigners(eng, combat)
    return needed <= set(combat["assign"])


def _apply_damage(eng, combat: dict) -> None:
    """The combat damage both sides assigned, applied at once; units that dealt damage in combat; the end
    of combat."""
    defenders, _needed = _assigners(eng, combat)
    total: dict[int, int] = {}
    late = [p for p in combat["assign"] if p not in combat.get("applied_early", ())]
    parts = [_as_applied(combat, p) for p in late]
    if sum(1 for part in parts if any(part.values())) > 1:
        eng.applies("combat_damage_applied_together")  # traced where both sides' damage is applied at once
    for part in parts:
        for k, v in part.items():
            total[k] = total.get(k, 0) + v
    units = {combat["attacker"]: [o for o in eng.in_play() if "attacking" in o.flags and "corrupted" not in o.flags],
             combat["defender"]: defenders}
    assigned_to_moved(eng, total)
    excess_to_zone(eng, total)
    modified = "modified" in combat
    if modified and modifiers_in_play(eng):
        eng.fire(AS_ASSIGNED)  # a damage modifier in play now does not act on damage assigned before
    start = len(eng.events)
    applied = eng.deal_damage(None, total, combat=True, modified=modified)
    redirects = [(e.get("card"), e.get("to")) for e in eng.events[start:] if e.get("event") == "damage_redirected"]
    _dealt_in_combat(eng, combat, applied, units, redirects)
    eng.settle()
    if eng.applies("combat_ends"):
        for o in eng.in_play():
            o.flags -= {"attacking", "defending"}
    eng.state.vars["combat"] = None
    eng.touch()
    eng.log("combat_ended")


def applied_as_assigned(eng, combat: dict, player: str, resolved: dict[int, int]) -> bool:
    """clarification:battlefield-phase: damage is applied once both sides have assigned it, all at once.
    Mechanic off (combat_damage_applied_together): a side's damage is applied as soon as it is assigned, so
    a unit it destroys adds nothing to the other side's pool, assigned after."""
    if not any(resolved.values()) or eng.on("combat_damage_applied_together"):
        return False
    now = dict(_as_applied(combat, player))
    excess_to_zone(eng, now)
    eng.deal_damage(None, now, combat=True, modified="modified" in combat)
    combat.setdefault("applied_early", []).append(player)
    eng.settle()
    return True


def _as_applied(combat: dict, player: str) -> dict[int, int]:
    """What a side's assignment applies: the amounts as modified when it was assigned (modified_as_assigned),
    else (mechanic off) the amounts assigned, which the modifiers in play at application change."""
    return combat.get("modified", {}).get(player, combat["assign"][player])


def assigned_to_moved(eng, total: dict[int, int]) -> None:
    """A unit assigned combat damage that has since moved out of the combat (no longer attacking or
    defending, still in play): the damage assigned to it is still applied (clarification:moving-cards).
    Mechanic off: its assignment is dropped, as though it were no longer a participant."""
    for oid in list(total):
        o = eng.state.objects.get(oid)
        if (o is None or not total[oid] or not eng.is_in_play(o) or eng.obj_attr(o, "type") != "unit"
                or {"attacking", "defending"} & o.flags):
            continue
        if eng.applies("moved_unit_assigned_damage_applied"):
            continue
        del total[oid]
        eng.log("assignment_dropped", card=o.label, reason="no longer in combat")


def _dealt_in_combat(eng, combat: dict, applied: dict[int, int], units: dict[str, list],
                     redirects: list = ()) -> None:
    """'Deals damage in combat' (clarification:dealing-damage-in-combat): "as long as it has contributed at
    least one damage to the pool of damage that will be assigned ... and at least one damage is applied to an
    opponent's unit or capital": each side's units that added damage to the pool when it was counted (their
    share then, combat["pool"]: a power lowered after the assignment changes nothing) have dealt damage if at
    least one point of that side's damage was applied to an opponent's unit or capital -- where it was assigned,
    or where a redirection moved it (``redirects``: (from, to) labels in order), if that is the opponent's."""
    evs = []
    rule = eng.on("dealt_damage_in_combat")
    for side, part in combat["assign"].items():
        counted = combat.get("pool", {}).get(side)
        whole = _whole_pool_dealt(eng, side, part, applied, units, counted, redirects)
        # off: the pool split per unit in declaration order, each unit's share its power as the damage is
        # applied; only the units whose own share got through where it was assigned (the damage lost first)
        contributors = [o for o in units.get(side, []) if (eng.obj_attr(o, "power") or 0) > 0]
        got = sum(applied.get(oid, 0) for oid in part)
        lost, own = sum(part.values()) - got, []
        for o in contributors:
            share = eng.obj_attr(o, "power") or 0
            if share > lost:
                own.append(o)
            lost = max(0, lost - share)
        dealt = whole if rule else own
        if rule and whole != own:  # traced only where it makes a difference
            eng.fire("dealt_damage_in_combat")
        evs += [{"type": "dealt_combat_damage", "obj": o, "player": side} for o in dealt]
    if evs:
        eng.emit(evs)


def _whole_pool_dealt(eng, side, part: dict, applied: dict, units: dict, counted: dict | None,
                      redirects) -> list:
    """The rule: every unit that added damage to the pool as it was counted, once a point of the side's damage
    was applied to an opponent's unit or capital (where it was assigned or redirected)."""
    if counted is None:  # (no record of the count) the power now
        counted = {o.oid: eng.obj_attr(o, "power") or 0 for o in units.get(side, [])}
    contributors = [o for o in units.get(side, []) if counted.get(o.oid, 0) > 0]
    opp = eng.state.opponent(side)
    reach = set(part)
    for frm, to in redirects:
        a, b = eng.obj(frm), eng.obj(to)
        if a is not None and b is not None and a.oid in reach:
            reach.add(b.oid)
    theirs = {oid for oid in reach if oid in eng.state.objects and eng.state.objects[oid].controller == opp}
    got = sum(applied.get(oid, 0) for oid in reach if oid in part or oid in theirs)
    return contributors if got > 0 else []


def _damage_dealt_since(eng, start: int) -> bool:
    return any(e.get("event") == "damage_dealt" and e.get("combat") and e.get("amount") for e in eng.events[start:])


def _after_combat(eng, combat: dict, participants: list, start) -> None:
    """Combat damage has been applied: survivors, Raider, Scout."""
    survivors = []
    for label, ctrl, role in participants:
        o = eng.obj(label)
        if o is not None and eng.is_in_play(o):
            survivors.append((o, ctrl, role))
    if not survivors or not later_combat_counts(eng):
        return
    eng.emit([{"type": "survived_combat", "obj": o, "player": ctrl, "role": role} for o, ctrl, role in survivors])
    no_defender = combat.get("defender") is None
    attacker = combat["attacker"]
    raid = sum(keyword_value(eng, o, "raider") for o, ctrl, role in survivors if role == "attacking")
    if raid and eng.applies("raider"):
        if no_defender and eng.applies("after_combat_needs_defending_player"):
            eng.log("no_effect", keyword="raider", reason="attack on a fulcrum in the common play area")
        else:
            data = eng.state.player_data[attacker]
            data["resources"] = (data.get("resources") or 0) + raid
            eng.touch()
            eng.log("raider", player=attacker, amount=raid)
    for o, ctrl, role in survivors:
        if not keyword_value(eng, o, "scout"):
            continue
        if not _damage_dealt_since(eng, start):
            if not eng.on("scout_without_damage"):
                eng.log("no_effect", keyword="scout", card=o.label, reason="no damage dealt in combat")
                continue
            eng.fire("scout_without_damage")
        if no_defender and eng.applies("after_combat_needs_defending_player"):
            eng.log("no_effect", keyword="scout", card=o.label, reason="attack on a fulcrum in the common play area")
            continue
        opp = eng.state.opponent(ctrl)
        eng.log("scout", card=o.label, player=opp)
        eng.run_step({"discard_hand": 1, "player": "opponent"}, eng.bindings_for(o, ctrl))
    eng.settle()
