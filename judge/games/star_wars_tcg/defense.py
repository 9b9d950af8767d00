"""The defending player's chance in an attack: Intercept (the attack moves to another unit) and
Retaliate (dice of damage to the attacker when the attack ends)."""
from __future__ import annotations

from .costs import arrow_force, cannot_pay, pay_arrow_cost
from .damage import do_damage
from .dice import count_hits
from .keywords import has_keyword, keyword_instances, keyword_value
from .pilots import is_unit


def _force(eng, unit, kw: str) -> int:
    """The Force the first instance of ``kw`` on ``unit`` costs to use (before its arrow)."""
    inst = keyword_instances(eng, unit, kw)
    return arrow_force(eng, inst[0][1]) if inst else 0


def can_be_attacked_by(eng, attacker, unit) -> bool:
    return (unit.zone == attacker.zone and is_unit(eng, unit)
            and not has_keyword(eng, unit, "can't be attacked"))


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
        units = [o for o in eng.in_play() if is_unit(eng, o) and o.controller == player and o.zone == attacker.zone]
        options: dict[str, tuple] = {}
        for o in units:
            if has_keyword(eng, o, "intercept"):
                options[f"intercept {o.label}"] = ("intercept", o)
            if has_keyword(eng, o, "retaliate"):
                options[f"retaliate {o.label}"] = ("retaliate", o)

        def reason(name, refusing=False):
            kind, o = options[name]
            if once and (kind, o.oid) in atk["used"]:
                eng.fire("once_per_attack")
                return f"{o.label} has already used {kind.title()} in this attack (one attack, one opportunity)"
            if kind == "intercept" and o.oid == defender.oid:
                if refusing and eng.on("intercept"):  # a player's choice refused: Intercept is for an
                    eng.fire("intercept")  # attack on one of your OTHER units (keyword:intercept)
                return f"{o.label} is already the attacked unit"
            if kind == "retaliate" and o.oid != defender.oid:
                return f"{o.label} is not being attacked"
            return cannot_pay(eng, player, _force(eng, o, kind), name)

        legal = [n for n in options if reason(n) is None]
        if not legal:
            return
        pick = eng.decide_checked(player, "pick", list(options) + ["pass"],
                                  "Intercept or Retaliate (or pass)",
                                  lambda v: None if v == "pass" else reason(v, refusing=True))
        if pick == "pass":
            return
        kind, unit = options[pick]
        pay_arrow_cost(eng, player, _force(eng, unit, kind), pick)  # paid even if the defender won't change
        atk["used"].add((kind, unit.oid))
        if kind == "retaliate":
            eng.log("retaliate_used", card=unit.label, attacker=attacker.label)
            atk["retaliators"].append(unit)
            continue
        eng.log("intercept_used", card=unit.label, attack_on=defender.label)
        if not can_be_attacked_by(eng, attacker, unit):
            eng.log("intercept_no_effect", card=unit.label, reason="the attacking unit can't attack it")
            continue
        if eng.applies("intercept"):
            atk["defender"], atk["defender_label"] = unit.oid, unit.label
            eng.log("defender_changed", attacker=attacker.label, defender=unit.label)


def retaliate(eng, unit, attacker) -> None:
    eng.fire("retaliate")
    x = keyword_value(eng, unit, "retaliate")
    dice = [eng.roll() for _ in range(x)]
    hits = count_hits(dice)
    eng.log("retaliate", card=unit.label, dice=dice, damage=hits)
    do_damage(eng, unit, attacker, hits, attack=False)
    eng.settle_state()


def retaliate_at_end(eng, atk: dict, defender) -> None:
    """When the attack ends: the units that used Retaliate, then the attacked unit (even if the
    attack destroyed it) retaliate against the attacker."""
    if not eng.on("retaliate"):
        return
    done: set[int] = set()
    for unit in atk["retaliators"]:
        attacker = eng.state.objects.get(atk["attacker"])
        if attacker is None or not eng.is_in_play(attacker):
            continue
        if unit.oid != atk["defender"]:
            if not eng.on("retaliate_during_attack"):
                eng.log("retaliate_unavailable", card=unit.label, reason="no longer attacked")
                continue
            eng.fire("retaliate_during_attack")
        done.add(unit.oid)
        retaliate(eng, unit, attacker)
    # the attacked unit may still Retaliate when the attack ends, even if the attack destroyed it
    defender = eng.state.objects.get(atk["defender"]) or defender
    attacker = eng.state.objects.get(atk["attacker"])
    if (defender is not None and defender.oid not in done and has_keyword(eng, defender, "retaliate")
            and ("retaliate", defender.oid) not in atk["used"]):
        alive = eng.is_in_play(defender)
        allowed = alive or eng.on("retaliate_when_destroyed")
        if allowed and attacker is not None and eng.is_in_play(attacker):
            player, what = defender.controller, f"retaliate {defender.label}"
            force = _force(eng, defender, "retaliate")
            if eng.decide_checked(player, "yesno", ["yes", "no"], f"whether {defender.label} retaliates",
                                  lambda v: cannot_pay(eng, player, force, what) if v else None):
                pay_arrow_cost(eng, player, force, what)
                if not alive:
                    eng.fire("retaliate_when_destroyed")
                retaliate(eng, defender, attacker)
        elif not allowed:
            eng.log("retaliate_unavailable", card=defender.label, reason="discarded")
