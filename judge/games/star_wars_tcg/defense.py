"""The defending player's chance in an attack: Intercept (the attack moves to another unit) and
Retaliate (dice of damage to the attacker when the attack ends)."""
from __future__ import annotations

from .costs import cannot_pay, pay_arrow_cost
from .damage import do_damage, instance_name
from .dice import count_hits, reroll_chance
from .keywords import attack_barred_by, has_keyword, keyword_instances
from .pilots import is_unit


def _cost(eng, unit, kw: str, i: int = 0) -> str | None:
    """The cost before the arrow of instance ``i`` of ``kw`` on ``unit`` (None: no cost)."""
    inst = keyword_instances(eng, unit, kw)
    return inst[i][1] if len(inst) > i else None


def _retaliates(eng, unit) -> list[tuple[int, int]]:
    """Each Retaliate ability of the unit: (instance index, X). Two effects that each give it a
    Retaliate give it both abilities, each used and paid on its own (ruling:abilities-2;
    keyword_instances keeps only the highest with that rule off)."""
    return [(i, val) for i, (val, _) in enumerate(keyword_instances(eng, unit, "retaliate"))]


def _used_one_of_several(eng, unit) -> None:
    """A unit with several Retaliate abilities used one of them: effects are cumulative."""
    if len(_retaliates(eng, unit)) > 1:
        eng.fire("keyword_values_stack")


def can_be_attacked_by(eng, attacker, unit) -> bool:
    return (unit.zone == attacker.zone and is_unit(eng, unit)
            and not attack_barred_by(eng, attacker, unit))


def defense_chance(eng, atk: dict, attacker) -> None:
    """The defending player's chance to use Intercept and Retaliate: Intercept shifts the attack to
    the intercepting unit (not a new attack); the attacked unit may Retaliate. One attack is one
    opportunity: each unit's Intercept and Retaliate once."""
    defender = eng.state.objects.get(atk["defender"])
    if defender is None:
        return
    player = defender.controller
    if not any(has_keyword(eng, o, "intercept") for o in eng.in_play()
               if is_unit(eng, o) and o.controller == player and o.zone == defender.zone and o.oid != defender.oid):
        return
    once = eng.on("once_per_attack")
    while True:
        defender = eng.state.objects.get(atk["defender"])
        # every unit of the player, other arenas' too: a pick of another arena's Intercept or of a unit
        # not attacked is refused by the keyword whose condition it fails (reason), not as a misspelling
        units = [o for o in eng.in_play() if is_unit(eng, o) and o.controller == player]
        options: dict[str, tuple] = {}
        for o in units:
            # each Intercept ability of the unit: two effects that each give it one give it both
            # (ruling:abilities-2), each used (and paid) once in the attack (keyword_instances keeps
            # only one with that rule off)
            for i, _ in enumerate(keyword_instances(eng, o, "intercept")):
                options[instance_name("intercept", o, i)] = ("intercept", o, i, 0)
            for i, x in (_retaliates(eng, o) if has_keyword(eng, o, "retaliate") else []):
                options[instance_name("retaliate", o, i)] = ("retaliate", o, i, x)

        def reason(name, refusing=False):
            kind, o, i, _ = options[name]
            if once and (kind, o.oid, i) in atk["used"]:
                eng.fire("once_per_attack")
                return f"{o.label} has already used {kind.title()} in this attack (one attack, one opportunity)"
            if kind == "intercept" and o.oid == defender.oid:
                if refusing and eng.on("intercept"):  # a player's choice refused: Intercept is for an
                    eng.fire("intercept")  # attack on one of your OTHER units (keyword:intercept)
                return f"{o.label} is already the attacked unit"
            if kind == "intercept" and o.zone != defender.zone:
                if refusing and eng.on("intercept"):  # 'attacking one of your units in the same arena as
                    eng.fire("intercept")  # this unit' (keyword:intercept)
                return f"{o.label} is not in the arena of the attacked unit {defender.label}"
            if kind == "retaliate" and o.oid != defender.oid:
                if refusing and eng.on("retaliate"):  # 'If a unit ... is attacking this unit'
                    eng.fire("retaliate")  # (keyword:retaliate): only the attacked unit retaliates
                return f"{o.label} is not being attacked"
            return cannot_pay(eng, player, o, _cost(eng, o, kind, i), name)

        legal = [n for n in options if reason(n) is None]
        if not legal:
            return
        pick = eng.decide_checked(player, "pick", list(options) + ["pass"],
                                  "Intercept or Retaliate (or pass)",
                                  lambda v: None if v == "pass" else reason(v, refusing=True))
        if pick == "pass":
            return
        kind, unit, i, x = options[pick]
        pay_arrow_cost(eng, player, unit, _cost(eng, unit, kind, i), pick)  # paid even if the defender won't change
        if kind == "intercept" and any(k == "intercept" and o == unit.oid for k, o, _j in atk["used"]):
            eng.fire("keyword_values_stack")  # a second Intercept of one unit: the rule lets it be used too
        atk["used"].add((kind, unit.oid, i))
        if kind == "retaliate":
            eng.log("retaliate_used", card=unit.label, attacker=attacker.label)
            _used_one_of_several(eng, unit)
            atk["retaliators"].append((unit, x))
            continue
        eng.log("intercept_used", card=unit.label, attack_on=defender.label)
        if not can_be_attacked_by(eng, attacker, unit):
            eng.log("intercept_no_effect", card=unit.label, reason="the attacking unit can't attack it")
            continue
        if eng.applies("intercept"):
            atk["defender"], atk["defender_label"] = unit.oid, unit.label
            eng.log("defender_changed", attacker=attacker.label, defender=unit.label)


def retaliate(eng, unit, attacker, x: int) -> None:
    """One Retaliate X ability: X dice of damage to the attacker."""
    eng.fire("retaliate")
    roll = {"dice": [eng.roll() for _ in range(x)], "accuracy": 0}
    reroll_chance(eng, roll, None)  # dice an ability rolls: a chance to reroll them (not attack dice)
    dice = roll["dice"]
    hits = count_hits(dice)
    eng.log("retaliate", card=unit.label, dice=dice, damage=hits)
    do_damage(eng, unit, attacker, hits, attack=False)
    eng.settle_state()


def retaliate_at_end(eng, atk: dict, defender) -> None:
    """When the attack ends: the units that used Retaliate, then the attacked unit (even if the
    attack destroyed it) retaliate against the attacker."""
    if not eng.on("retaliate"):
        return
    for unit, x in atk["retaliators"]:
        attacker = eng.state.objects.get(atk["attacker"])
        if attacker is None or not eng.is_in_play(attacker):
            continue
        if unit.oid != atk["defender"]:
            if not eng.on("retaliate_during_attack"):
                eng.log("retaliate_unavailable", card=unit.label, reason="no longer attacked")
                continue
            eng.fire("retaliate_during_attack")
        retaliate(eng, unit, attacker, x)
    # the attacked unit may still Retaliate when the attack ends, even if the attack destroyed it: with
    # the Retaliate it had in play (printed or given: a Pilot's, a Battle card's), its last known keywords
    defender = eng.state.objects.get(atk["defender"]) or defender
    if defender is None:
        return
    known = eng.last_known_view(defender)
    if not eng.in_view(known, has_keyword, eng, defender, "retaliate"):
        return
    # its Retaliate abilities not used yet (one used in the defense chance leaves the others)
    left = [(i, x) for i, x in eng.in_view(known, _retaliates, eng, defender)
            if ("retaliate", defender.oid, i) not in atk["used"]]
    if not left:
        return
    alive = eng.is_in_play(defender)
    if not (alive or eng.on("retaliate_when_destroyed")):
        eng.log("retaliate_unavailable", card=defender.label, reason="discarded")
        return
    player = defender.controller
    while left:
        attacker = eng.state.objects.get(atk["attacker"])
        if attacker is None or not eng.is_in_play(attacker):
            return
        if len(left) == 1 and len(eng.in_view(known, _retaliates, eng, defender)) == 1:  # its only one: yes or no
            i, x = left[0]
            what, cost = instance_name("retaliate", defender, i), eng.in_view(known, _cost, eng, defender, "retaliate", i)
            if not eng.decide_checked(player, "yesno", ["yes", "no"], f"whether {defender.label} retaliates",
                                      lambda v: cannot_pay(eng, player, defender, cost, what) if v else None):
                return
        else:  # several Retaliate abilities: each used (and paid) on its own, once
            names = {instance_name("retaliate", defender, i): (i, x) for i, x in left
                     if cannot_pay(eng, player, defender, eng.in_view(known, _cost, eng, defender, "retaliate", i),
                                   "retaliate") is None}
            if not names:  # none of them can be paid for: nothing to decide
                return
            pick = eng.decide(player, "pick", list(names) + ["pass"], f"a Retaliate of {defender.label} (or pass)",
                              forced_single=False)
            if pick == "pass":
                return
            (i, x), what = names[pick], pick
            cost = eng.in_view(known, _cost, eng, defender, "retaliate", i)
        pay_arrow_cost(eng, player, defender, cost, what)
        atk["used"].add(("retaliate", defender.oid, i))
        eng.in_view(known, _used_one_of_several, eng, defender)
        left.remove((i, x))
        if not alive:
            eng.fire("retaliate_when_destroyed")
        retaliate(eng, defender, attacker, x)
