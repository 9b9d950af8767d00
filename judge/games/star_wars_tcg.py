"""Star Wars Trading Card Game: arenas, attacks with scripted dice, reroll and damage-prevention
chances, Lucky / Accuracy / Critical Hit / Stun / Deflect / Evade / Intercept / Retaliate /
Overload, pilots, and Dark Side first for waiting triggered abilities.

Every mechanic is bound to the entry of rules_corpus/star-wars-tcg/ability-rulings-blog.txt that
states it (see ``bind_rules``). Card behaviour comes from cards.yaml: keywords are strings such as
``"lucky 2"``, ``"overload 2 1"`` (power bonus, self-damage) or ``"intercept"``.

Attack sequence (the ``attack`` fixture verb), as far as the rulings need it:
  1. declare (attacker taps), ``attacks`` event; Overload chance; triggered abilities settle;
  2. the defending player may use Intercept;
  3. roll attack dice (one per power), ``attack_dice_rolled`` event;
  4. triggered reroll abilities, then the reroll "play or pass" chance (Dark Side first, Lucky);
  5. hits (die + Accuracy >= 4) and Critical Hit (natural sixes);
  6. damage-prevention chance for the defending player (Evade, Deflect);
  7. damage is done (Stun);
  8. the attack ends: Retaliate, Overload self-damage, "for this attack" bonuses expire.
"""
from __future__ import annotations

from typing import Any

from judge.engine import expr
from judge.engine.cards import Ability
from judge.engine.game import NOT_MINE, GameModule
from judge.engine.rules import Registry

G = "star-wars-tcg"
ARENAS = ("space", "ground", "character")
UNIT_ARENAS = ("space", "ground")
HIT = 4  # a die showing 4 or more (after bonuses) is a hit


def rid(local: str) -> str:
    return f"{G}:{local}"


# -- keyword values ------------------------------------------------------------------------------

def parse_keyword(kw: str) -> tuple[str, list[int]]:
    words, values = [], []
    for tok in str(kw).split():
        if tok.lstrip("-").isdigit():
            values.append(int(tok))
        else:
            words.append(tok.lower())
    return " ".join(words), values


def keyword_values(eng, obj, name: str) -> list[list[int]]:
    """Every instance of keyword ``name`` on obj (printed and granted), with its values."""
    out = []
    for kw in eng.obj_attr(obj, "keywords") or []:
        n, vals = parse_keyword(kw)
        if n == name:
            out.append(vals)
    return out


def keyword_value(eng, obj, name: str) -> int:
    """X of "Keyword X": instances add up (effects are cumulative) unless that is switched off."""
    vals = [v[0] if v else 1 for v in keyword_values(eng, obj, name)]
    if not vals:
        return 0
    if len(vals) > 1:
        if eng.on("keyword_values_stack"):
            eng.fire("keyword_values_stack")
            return sum(vals)
        return max(vals)
    return vals[0]


def has_keyword(eng, obj, name: str) -> bool:
    return bool(keyword_values(eng, obj, name))


# -- pilots --------------------------------------------------------------------------------------

def _sw(eng) -> dict:
    data = getattr(eng, "_star_wars", None)
    if data is None:
        data = {"pilots": {}, "attack": None}
        eng._star_wars = data
    return data


def piloted(eng, pilot) -> Any:
    """The unit a pilot is on (None when the pilot is in the Character arena or elsewhere)."""
    if not hasattr(pilot, "oid"):
        return None
    link = _sw(eng)["pilots"].get(pilot.label)
    if not link or link["pilot"] != pilot.oid:
        return None
    host = eng.state.objects.get(link["host"])
    if host is None or host.zone not in UNIT_ARENAS:
        return None
    return host


def is_pilot_on_unit(eng, obj) -> bool:
    return piloted(eng, obj) is not None


def is_unit(eng, obj) -> bool:
    """Space, Ground and Character units in play; a pilot on a unit is not a unit."""
    return (hasattr(obj, "oid") and obj.oid in eng.state.objects and obj.zone in ARENAS
            and obj.card.type in ARENAS and not is_pilot_on_unit(eng, obj))


class StarWarsTCG(GameModule):
    id = G
    name = "Star Wars Trading Card Game"
    players = ("dark", "light")
    zones = ("deck", "hand", "discard", "build", "space", "ground", "character", "stack")
    play_zones = ARENAS
    hidden_zones = ("deck", "hand")
    permanent_types = ARENAS
    damageable_types = ARENAS
    leave_verbs = {"discard": ("discard", "discard")}
    played_event_timing = "resolve"
    state_vars = {"active": "dark", "phase": "battle", "turn": 1}
    player_fields = ("force",)
    floor_zero = True

    def bind_rules(self, reg: Registry) -> None:
        reg.bind("pending_order_policy", rid("ruling:triggered-abilities-4"),
                 does="waiting triggered abilities: all the Dark Side's first (in the Dark Side player's "
                      "order), then the Light Side's",
                 off="waiting triggered abilities take effect in timestamp order, whatever their side")
        reg.bind("trigger_if_condition", rid("ruling:triggered-abilities-2"))
        reg.bind("pool_certain", rid("ruling:triggered-abilities-3"),
                 does="a triggered ability in the pool takes effect even if its conditions stopped being true",
                 off="a waiting triggered ability whose 'if' condition is no longer true does nothing")
        reg.bind("lethal_damage_check", rid("ruling:piloting-units-5"))
        reg.bind("keyword_values_stack", rid("faq:lucky-stack-example-anakin-skywalker-j-gives-unit"),
                 rid("ruling:abilities-2"),
                 does="several instances of a keyword add up (Lucky 1 + Lucky 2 = Lucky 3)",
                 off="only the highest instance counts")
        reg.bind("lucky_capped_by_power", rid("faq:lucky-stack-example-anakin-skywalker-j-gives-unit"),
                 does="Lucky higher than the attacker's power rerolls dice equal to that power",
                 off="Lucky X needs X attack dice to reroll: it can't be used when X exceeds the dice rolled")
        reg.bind("lucky_reroll_exact", rid("faq:suppose-power-2-unit-lucky-2-roll-hit"),
                 does="Lucky X rerolls exactly X attack dice (hits and misses alike)",
                 off="Lucky X rerolls only dice the user dislikes (misses for the attacker, hits for the defender)")
        reg.bind("reroll_dark_first", rid("faq:reroll-dice"),
                 rid("faq:light-side-unit-power-3-lucky-3-attacks"),
                 does="in the reroll 'play or pass' chance the Dark Side player chooses first; it ends when "
                      "both players pass in a row",
                 off="the Light Side player chooses first")
        reg.bind("triggered_rerolls_first", rid("faq:dice-reroll-ability-jar-jar-binks-resolve-like"),
                 rid("faq:reroll-dice"),
                 does="triggered reroll abilities resolve before the chance to play reroll abilities and "
                      "Battle cards (Lucky)",
                 off="triggered reroll abilities wait until the play-or-pass reroll chance is over")
        reg.bind("accuracy", rid("keyword:accuracy"),
                 does="Accuracy X adds X to each attack die",
                 off="Accuracy does nothing")
        reg.bind("natural_six", rid("keyword:accuracy"),
                 does="Critical Hit counts natural sixes only (the die itself shows 6)",
                 off="a die whose total after bonuses is 6 or more counts as a six")
        reg.bind("stun", rid("keyword:stun"),
                 does="a unit damaged by a unit with Stun X gets -X power until end of battle",
                 off="Stun does nothing")
        reg.bind("stun_needs_damage", rid("ruling:stun-1"),
                 does="if all the damage is prevented, Stun doesn't kick in",
                 off="Stun applies to a unit the Stun unit tried to damage, even if all of it was prevented")
        reg.bind("stun_any_damage", rid("ruling:stun-2"),
                 does="Stun works whenever the unit damages another unit, not only with attack damage",
                 off="Stun works only with attack damage")
        reg.bind("deflect_source", rid("ruling:stun-3"), rid("ruling:stun-4"),
                 does="deflected damage is done by the deflecting unit",
                 off="deflected damage is still done by the attacking unit")
        reg.bind("intercept", rid("keyword:intercept"),
                 does="Intercept: the attack on another of your units in the same arena now attacks this unit",
                 off="Intercept does not change the defending unit")
        reg.bind("retaliate", rid("keyword:retaliate"),
                 does="Retaliate X: when the attack ends, the attacked unit does X dice of damage to its attacker",
                 off="Retaliate does nothing")
        reg.bind("retaliate_when_destroyed", rid("keyword:retaliate:example-1"),
                 does="Retaliate may be used even if the attack destroyed the unit",
                 off="a unit discarded during the attack can't Retaliate")
        reg.bind("overload_at_end", rid("ruling:overload-1"), rid("ruling:triggered-abilities-1"),
                 does="Overload's self-damage waits until the attack ends",
                 off="Overload's self-damage is done at once, when the power bonus is taken")
        reg.bind("overload_bonus_attack", rid("ruling:overload-3"),
                 does="Overload's power bonus lasts only until the attack ends",
                 off="Overload's power bonus lasts until the end of the battle phase")
        reg.bind("pilot_moves_with_unit", rid("ruling:pilots-7"),
                 does="if a piloted unit moves (discarded, returned to hand, build zone), its Pilot moves with it",
                 off="the Pilot stays behind in the Character arena")
        reg.bind("unit_stays_without_pilot", rid("ruling:pilots-6"),
                 does="if the Pilot is moved or discarded, the unit stays where it is",
                 off="the unit follows its Pilot")
        reg.bind("pilot_not_attackable", rid("ruling:piloting-units-2"),
                 does="a Pilot on a unit can't be attacked; only units can",
                 off="a Pilot on a unit may be attacked like a unit")

        reg.bind("pilot_type_match", rid("ruling:pilots-2"), rid("ruling:pilots-2:example-1"),
                 does="a Pilot goes only on a unit of the type before the word 'Pilot', and only 1 Pilot per unit",
                 off="a Pilot may go on any of your Space or Ground units, however many Pilots it has")
        reg.bind("no_pilot_on_droid", rid("ruling:pilots-3"),
                 does="a Pilot can't go on a unit with the Droid subtype",
                 off="Droid units may be piloted")
        reg.bind("pilot_move_once", rid("ruling:pilots-during-the-build-step-1"),
                 does="during your build step you can move each of your Pilots once",
                 off="a Pilot may be moved any number of times in a build step")

    def register_handlers(self) -> None:
        self.actions.update({"attack": _attack, "begin": _begin, "end": _end, "pilot": _pilot})
        self.steps.update({"reroll": _step_reroll, "still": _step_still})
        self.functions.update({
            "piloted": piloted,
            "is_unit": is_unit,
            "keyword": lambda eng, obj, name: keyword_value(eng, obj, name) if hasattr(obj, "oid") else 0,
        })

    # -- setup and attributes ---------------------------------------------------------------
    def setup(self, engine, spec: dict) -> None:
        """Pilots listed with ``attached_to`` are on that unit (they sit in its arena)."""
        sw = _sw(engine)
        for obj in list(engine.state.objects.values()):
            if obj.attached_to and obj.card.type == "character":
                host = engine.state.objects[obj.attached_to]
                obj.attached_to = None
                if host.zone != obj.zone:
                    engine.state.zones[obj.where].remove(obj.oid)
                    obj.zone = host.zone
                    engine.state.zones.setdefault(obj.where, []).append(obj.oid)
                sw["pilots"][obj.label] = {"pilot": obj.oid, "host": host.oid, "host_label": host.label}
        engine.touch()

    def obj_attr(self, engine, obj, name: str) -> Any:
        if name == "hp":
            return engine.obj_attr(obj, "health")
        if name in ("lucky", "accuracy", "stun", "deflect", "evade", "retaliate", "critical hit"):
            return keyword_value(engine, obj, name)
        if name == "piloting":
            host = piloted(engine, obj)
            return host.label if host else None
        if name == "pilot":
            for plabel, link in _sw(engine)["pilots"].items():
                if link["host"] == obj.oid:
                    p = engine.obj(plabel)
                    if p is not None and p.oid == link["pilot"]:
                        return p.label
            return None
        if name == "is_unit":
            return is_unit(engine, obj)
        return NOT_MINE

    # -- timing -----------------------------------------------------------------------------
    def order_pending(self, engine, pending):
        # an 'if' condition is looked at again as each waiting ability takes effect (_step_still)
        for p in pending:
            if p.ability.get("if") is not None and p.ability.get("_wrapped") is None:
                data = dict(p.ability.data)
                data["steps"] = [{"still": data["if"], "do": list(data.get("steps") or [])}]
                data["_wrapped"] = True
                p.ability = Ability(p.ability.index, p.ability.kind, data)
        groups = [(side, [t for t in pending if t.controller == side]) for side in self.players]
        return [g for g in groups if g[1]]

    def state_checks(self, engine) -> bool:
        """Pilots and their units: whichever moves, the rulings say what happens to the other."""
        sw = _sw(engine)
        changed = False
        for plabel, link in list(sw["pilots"].items()):
            pilot = engine.obj(plabel)
            host = engine.obj(link["host_label"])
            pilot_same = pilot is not None and pilot.oid == link["pilot"]
            host_same = host is not None and host.oid == link["host"]
            if pilot_same and host_same:
                continue
            del sw["pilots"][plabel]
            changed = True
            if not host_same and pilot_same and host is not None:
                if engine.on("pilot_moves_with_unit"):
                    engine.fire("pilot_moves_with_unit")
                    if host.zone in UNIT_ARENAS:
                        new = engine.move(pilot, host.zone, side=host.controller, controller=host.controller,
                                          cause="pilot_moves") if pilot.zone != host.zone else pilot
                        if new is not None:
                            sw["pilots"][plabel] = {"pilot": new.oid, "host": host.oid,
                                                    "host_label": host.label}
                    else:
                        engine.move(pilot, host.zone, cause="pilot_moves_with_unit")
                else:
                    engine.move(pilot, "character", side=pilot.controller, controller=pilot.controller,
                                cause="pilot_left_behind")
            elif not pilot_same and host_same and pilot is not None:
                if engine.on("unit_stays_without_pilot"):
                    engine.fire("unit_stays_without_pilot")
                    engine.log("unit_stays", card=host.label, pilot=plabel)
                elif pilot.zone != host.zone:
                    engine.move(host, pilot.zone, side=pilot.side if pilot.zone in ARENAS else None,
                                cause="follows_pilot")
        return changed


# -- steps ---------------------------------------------------------------------------------------

def _step_still(eng, st, b) -> bool:
    """{still: EXPR, do: [..]}: a waiting triggered ability's 'if' condition, looked at again when it
    takes effect. Once in the pool it takes effect anyway (unless that rule is switched off)."""
    try:
        ok = bool(eng.eval(st["still"], b))
    except expr.ExprError:
        ok = False
    if not ok:
        if eng.on("pool_certain"):
            eng.fire("pool_certain")
            eng.log("condition_no_longer_true", source=getattr(b.get("this"), "label", None))
        else:
            eng.log("effect_cancelled", source=getattr(b.get("this"), "label", None), reason="condition_failed")
            return False
    return eng.run_steps(st.get("do") or [], b)


def _step_reroll(eng, st, b) -> bool:
    """{reroll: all}: reroll every die of the current attack (a triggered reroll ability)."""
    atk = _sw(eng)["attack"]
    if not atk or not atk.get("dice"):
        return False
    _reroll(eng, atk, list(range(len(atk["dice"]))), b.get("you"))
    return True


# -- actions -------------------------------------------------------------------------------------

def _begin(eng, player, act) -> None:
    """{begin: battle}: a phase (or step) starts; 'when the battle phase starts' abilities trigger."""
    phase = act["begin"]
    eng.state.vars["phase"] = phase
    eng.emit([{"type": "phase_begins", "phase": phase, "player": eng.state.vars.get("active")}])


def _end(eng, player, act) -> None:
    """{end: battle}: 'until end of battle' effects end."""
    phase = act["end"]
    eng.expire(phase)
    eng.log("phase_ended", phase=phase)


def _pilot_type(eng, pilot) -> str | None:
    for kw in eng.obj_attr(pilot, "keywords") or []:
        name, _ = parse_keyword(kw)
        if name.endswith(" pilot"):
            return name[: -len(" pilot")]
    return None


def _pilot(eng, player, act) -> None:
    """{player: light, pilot: PILOT, targets: [UNIT]} -- during your build step, move a Pilot onto
    one of your Space or Ground units."""
    pilot = eng.obj(act["pilot"])
    targets = act.get("targets") or []
    unit = eng.obj(targets[0]) if targets else None
    if pilot is None or pilot.controller != player or pilot.zone not in ("character", "build") + UNIT_ARENAS:
        eng.fail(f"{act['pilot']} is not a Character {player} controls")
    vtype = _pilot_type(eng, pilot)
    if vtype is None:
        eng.fail(f"{pilot.label} has no Pilot ability")
    if eng.state.vars.get("phase") != "build" or eng.state.vars.get("active") != player:
        eng.fail("Pilots are moved during their controller's build step")
    if unit is None or unit.controller != player or not is_unit(eng, unit) or unit.zone not in UNIT_ARENAS:
        eng.fail(f"{targets[0] if targets else '(none)'} is not one of {player}'s Space or Ground units")
    sw = _sw(eng)
    moved = sw.setdefault("moved_pilots", set())
    if pilot.label in moved and eng.on("pilot_move_once"):
        eng.fire("pilot_move_once")
        eng.fail(f"{pilot.label} has already been moved this build step")
    traits = {t.lower() for t in eng.obj_attr(unit, "traits") or []}
    if "droid" in traits and eng.on("no_pilot_on_droid"):
        eng.fire("no_pilot_on_droid")
        eng.fail(f"{unit.label} is a Droid: there's no room for a Pilot")
    if eng.on("pilot_type_match"):
        if vtype not in traits:
            eng.fire("pilot_type_match")
            eng.fail(f"a {vtype.title()} Pilot goes only on a {vtype.title()}; {unit.label} is not one")
        if eng.obj_attr(unit, "pilot") is not None:
            eng.fire("pilot_type_match")
            eng.fail(f"{unit.label} already has a Pilot")
        eng.fire("pilot_type_match")
    sw["pilots"].pop(pilot.label, None)
    new = pilot if pilot.zone == unit.zone else eng.move(pilot, unit.zone, side=player, controller=player,
                                                         cause="pilot")
    sw["pilots"][new.label] = {"pilot": new.oid, "host": unit.oid, "host_label": unit.label}
    moved.add(new.label)
    eng.touch()
    eng.log("piloting", card=new.label, unit=unit.label)


def _reroll(eng, atk: dict, positions: list[int], player: str | None) -> None:
    for i in positions:
        old = atk["dice"][i]
        new = eng.roll()
        atk["dice"][i] = new
        eng.log("die_rerolled", player=player, position=i + 1, old=old, new=new)


def _hits(eng, atk: dict, dice: list[int] | None = None) -> int:
    dice = atk["dice"] if dice is None else dice
    return sum(1 for d in dice if d + atk["accuracy"] >= HIT)


def _lucky_choice(eng, atk, player: str, unit, side: str) -> bool:
    """Use one Lucky effect: reroll exactly X dice (X capped by the attacker's power)."""
    x = keyword_value(eng, unit, "lucky")
    n = len(atk["dice"])
    if x > n:
        if not eng.on("lucky_capped_by_power"):
            eng.log("choice_rejected", player=player, choice=unit.label,
                    reason=f"Lucky {x} needs {x} dice to reroll, only {n} were rolled")
            return False
        eng.fire("lucky_capped_by_power")
        x = n
    if eng.on("lucky_reroll_exact"):
        if x < n:
            eng.fire("lucky_reroll_exact")
            positions: list[int] = []
            for _ in range(x):
                opts = [f"die {i + 1}" for i in range(n) if i not in positions]
                pick = eng.decide(player, "pick", opts, f"which die {unit.label}'s Lucky rerolls")
                positions.append(int(pick.split()[1]) - 1)
        else:
            if any((d + atk["accuracy"] >= HIT) == (side == "attacker") for d in atk["dice"]):
                eng.fire("lucky_reroll_exact")
            positions = list(range(n))
    else:
        wanted = [i for i, d in enumerate(atk["dice"]) if (d + atk["accuracy"] >= HIT) != (side == "attacker")]
        positions = wanted[:x]
    eng.log("lucky_used", player=player, card=unit.label, value=x, rerolls=len(positions))
    _reroll(eng, atk, positions, player)
    return True


def _reroll_chance(eng, atk: dict) -> None:
    """The reroll 'play or pass' chance: Dark Side first; ends when both pass in a row."""
    order = list(eng.game.players)
    dark_first = eng.on("reroll_dark_first")
    if not dark_first:
        order.reverse()
    used: set[int] = set()
    passes, turn = 0, 0
    while passes < 2:
        player = order[turn % 2]
        turn += 1
        units = []
        for key, side in (("attacker", "attacker"), ("defender", "defender")):
            u = eng.state.objects.get(atk[key])
            if u is not None and u.controller == player and u.oid not in used and has_keyword(eng, u, "lucky"):
                units.append((u, side))
        if not units:
            passes += 1
            continue
        labels = [u.label for u, _ in units]
        if dark_first:
            eng.fire("reroll_dark_first")
        pick = eng.decide(player, "pick", labels + ["pass"], "a reroll effect to play (or pass)",
                          forced_single=False)
        if pick == "pass":
            eng.log("passed", player=player, chance="reroll")
            passes += 1
            continue
        unit, side = units[labels.index(pick)]
        used.add(unit.oid)
        if _lucky_choice(eng, atk, player, unit, side):
            passes = 0
        else:
            passes += 1


def _damage(eng, source, target, amount: int, *, attack: bool, stun_from=None) -> int:
    """Do damage; then Stun of the unit that did it."""
    if target is None or target.oid not in eng.state.objects or amount <= 0:
        done = 0
    else:
        done = eng.deal_damage(source, {target.oid: amount}, combat=attack).get(target.oid, 0)
    _stun(eng, stun_from if stun_from is not None else source, target, done, attack=attack, tried=amount)
    return done


def _stun(eng, source, target, done: int, *, attack: bool, tried: int) -> None:
    if source is None or target is None or not eng.on("stun"):
        return
    x = keyword_value(eng, source, "stun")
    if not x:
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
    eng.fire("stun")
    b = eng.bindings_for(source if source.oid in eng.state.objects else None, source.controller,
                         {"victim": target})
    eng.run_step({"modify": {"target": "victim", "modify": {"power": -x}, "duration": "battle"}}, b)
    eng.log("stunned", card=target.label, by=source.label, amount=x)


def _prevention_chance(eng, atk: dict, defender, damage: int) -> tuple[int, list]:
    """The defending player's chance to prevent damage: each Evade / Deflect once."""
    player = defender.controller
    deflects = []
    used: set[str] = set()
    while damage > 0:
        opts = [f"{kw} {defender.label}" for kw in ("evade", "deflect")
                if kw not in used and has_keyword(eng, defender, kw)]
        if not opts:
            break
        pick = eng.decide(player, "pick", opts + ["pass"], "a damage-prevention ability (or pass)",
                          forced_single=False)
        if pick == "pass":
            break
        kw = pick.split()[0]
        used.add(kw)
        prevented = min(damage, keyword_value(eng, defender, kw))
        damage -= prevented
        eng.log("damage_prevented", card=defender.label, by=kw, amount=prevented)
        if kw == "deflect" and prevented:
            others = [o for o in eng.in_play() if is_unit(eng, o) and o.zone == defender.zone
                      and o.oid != defender.oid]
            if others:
                to = eng.decide(player, "pick", [o.label for o in others], f"the unit {defender.label} deflects to")
                deflects.append((eng.obj(to), prevented))
    return damage, deflects


def _attack(eng, player, act) -> None:
    """{player: dark, attack: UNIT, target: UNIT} -- one whole attack (see the module docstring)."""
    attacker = eng.obj(act["attack"])
    target_label = act.get("to") or (act.get("targets") or [None])[0]
    defender = eng.obj(target_label) if target_label else None
    if attacker is None or attacker.controller != player or not is_unit(eng, attacker) \
            or attacker.zone not in UNIT_ARENAS + ("character",):
        eng.fail(f"{act['attack']} is not a unit {player} controls in an arena")
    if attacker.exhausted:
        eng.fail(f"{attacker.label} is tapped and can't attack")
    if defender is None or defender.controller == player:
        eng.fail(f"{target_label} is not an opposing card in play")
    if defender.zone != attacker.zone:
        eng.fail(f"{defender.label} is not in the same arena as {attacker.label}")
    if is_pilot_on_unit(eng, defender):
        if eng.on("pilot_not_attackable"):
            eng.fire("pilot_not_attackable")
            eng.fail(f"{defender.label} is a Pilot on a unit: only the unit can be attacked")
    sw = _sw(eng)
    atk = {"attacker": attacker.oid, "defender": defender.oid, "attacker_label": attacker.label,
           "defender_label": defender.label, "dice": [], "accuracy": 0, "overload": []}
    sw["attack"] = atk
    eng.set_exhausted(attacker, True)
    eng.log("attack_declared", attacker=attacker.label, defender=defender.label)
    eng.emit([{"type": "attacks", "obj": attacker, "target": defender, "player": player}])
    # Overload: "When this unit attacks, you may give it +X power for that attack. If you do, when
    # the attack ends, that unit does Y damage to itself."
    for vals in keyword_values(eng, attacker, "overload"):
        bonus, self_dmg = (vals + [0, 0])[:2]
        if eng.decide(player, "yesno", ["yes", "no"], f"whether {attacker.label} overloads"):
            duration = "attack" if eng.on("overload_bonus_attack") else "battle"
            eng.fire("overload_bonus_attack")
            b = eng.bindings_for(attacker, player)
            eng.run_step({"modify": {"target": "this", "modify": {"power": bonus}, "duration": duration}}, b)
            eng.log("overloaded", card=attacker.label, power=bonus, damage=self_dmg)
            if eng.on("overload_at_end"):
                eng.fire("overload_at_end")
                atk["overload"].append(self_dmg)
            else:
                _damage(eng, attacker, attacker, self_dmg, attack=False)
                eng.settle_state()
    eng.settle()
    attacker = eng.state.objects.get(atk["attacker"])
    if attacker is None or not eng.is_in_play(attacker):
        eng.log("attack_ended", attacker=atk["attacker_label"], reason="attacker_left_play")
        _end_attack(eng, atk)
        return
    # Intercept
    defender = eng.state.objects.get(atk["defender"])
    if defender is not None:
        candidates = [o for o in eng.in_play() if is_unit(eng, o) and o.controller == defender.controller
                      and o.zone == defender.zone and o.oid != defender.oid and has_keyword(eng, o, "intercept")]
        if candidates:
            pick = eng.decide(defender.controller, "pick", [o.label for o in candidates] + ["pass"],
                              "a unit to Intercept with (or pass)", forced_single=False)
            if pick != "pass":
                new = eng.obj(pick)
                eng.log("intercept_used", card=new.label, attack_on=defender.label)
                if eng.on("intercept"):
                    eng.fire("intercept")
                    atk["defender"], atk["defender_label"] = new.oid, new.label
                    defender = new
                    eng.log("defender_changed", attacker=attacker.label, defender=new.label)
    # roll
    power = eng.obj_attr(attacker, "power") or 0
    atk["dice"] = [eng.roll() for _ in range(power)]
    if eng.on("accuracy"):
        atk["accuracy"] = keyword_value(eng, attacker, "accuracy")
        if atk["accuracy"]:
            eng.fire("accuracy")
    eng.log("attack_dice", attacker=attacker.label, dice=list(atk["dice"]), accuracy=atk["accuracy"])
    eng.emit([{"type": "attack_dice_rolled", "obj": attacker, "target": defender, "player": player}])
    if eng.on("triggered_rerolls_first"):
        if eng.pending:
            eng.fire("triggered_rerolls_first")
        eng.settle()
        _reroll_chance(eng, atk)
    else:
        held, eng.pending = eng.pending, []
        _reroll_chance(eng, atk)
        eng.pending.extend(held)
        eng.settle()
    # hits and Critical Hit
    hits = _hits(eng, atk)
    crit = keyword_value(eng, attacker, "critical hit")
    sixes = 0
    if crit:
        if eng.on("natural_six"):
            sixes = sum(1 for d in atk["dice"] if d == 6)
            if any(d != 6 and d + atk["accuracy"] >= 6 for d in atk["dice"]):
                eng.fire("natural_six")
        else:
            sixes = sum(1 for d in atk["dice"] if d + atk["accuracy"] >= 6)
    damage = hits + sixes * crit
    eng.log("attack_result", attacker=attacker.label, defender=defender.label if defender else None,
            dice=list(atk["dice"]), hits=hits, critical=sixes * crit, damage=damage)
    # prevention, then damage
    deflects: list = []
    tried = damage
    if defender is not None and eng.is_in_play(defender) and damage > 0:
        damage, deflects = _prevention_chance(eng, atk, defender, damage)
    if defender is not None and eng.is_in_play(defender):
        if damage > 0:
            _damage(eng, attacker, defender, damage, attack=True)
        elif tried > 0:
            _stun(eng, attacker, defender, 0, attack=True, tried=tried)
    for to, amount in deflects:
        if eng.on("deflect_source"):
            eng.fire("deflect_source")
            src = eng.state.objects.get(atk["defender"]) or defender
        else:
            src = attacker
        eng.log("damage_deflected", by=defender.label, to=to.label, amount=amount)
        _damage(eng, src, to, amount, attack=False)
    eng.settle_state()
    eng.settle()
    _attack_ends(eng, atk, defender)


def _attack_ends(eng, atk: dict, defender) -> None:
    attacker = eng.state.objects.get(atk["attacker"])
    # Retaliate (used when the attack ends, even by a unit the attack destroyed)
    if defender is not None and has_keyword(eng, defender, "retaliate") and eng.on("retaliate"):
        alive = eng.is_in_play(defender)
        allowed = alive or eng.on("retaliate_when_destroyed")
        if allowed and attacker is not None and eng.is_in_play(attacker):
            if eng.decide(defender.controller, "yesno", ["yes", "no"], f"whether {defender.label} retaliates"):
                if not alive:
                    eng.fire("retaliate_when_destroyed")
                eng.fire("retaliate")
                x = keyword_value(eng, defender, "retaliate")
                dice = [eng.roll() for _ in range(x)]
                hits = sum(1 for d in dice if d >= HIT)
                eng.log("retaliate", card=defender.label, dice=dice, damage=hits)
                _damage(eng, defender, attacker, hits, attack=False)
                eng.settle_state()
        elif not allowed:
            eng.log("retaliate_unavailable", card=defender.label, reason="discarded")
    for amount in atk["overload"]:
        attacker = eng.state.objects.get(atk["attacker"])
        if attacker is not None and eng.is_in_play(attacker):
            eng.log("overload_damage", card=attacker.label, amount=amount)
            _damage(eng, attacker, attacker, amount, attack=False)
    eng.settle_state()
    _end_attack(eng, atk)


def _end_attack(eng, atk: dict) -> None:
    eng.expire("attack")
    eng.log("attack_ended", attacker=atk["attacker_label"])
    attacker = eng.state.objects.get(atk["attacker"])
    eng.emit([{"type": "attack_ended", "obj": attacker, "player": attacker.controller if attacker else None}])
    _sw(eng)["attack"] = None
    eng.settle()


GAME = StarWarsTCG
