"""One whole attack (the ``attack`` fixture verb): declare, Overload, the defense chance, dice with
Accuracy and the reroll chance, Critical Hit, Overkill, damage, Bounty, the end of the attack."""
from __future__ import annotations

from judge.engine.cards import Ability
from judge.engine.keywords import keyword_values
from judge.engine.state import Pending, TextReason

from .damage import do_damage, do_damage_each
from .defense import defense_chance, retaliate_at_end
from .dice import count_hits, reroll_chance
from .keywords import attack_barred_by, has_keyword, keyword_value
from .memory import memory
from .pilots import is_pilot_on_unit, is_unit
from .upkeep import earn_bounty

ATTACKED = "_sw_attacked_turn"  # Obj.memory: the turn in which the unit attacked (activated-abilities-1)
INSTEAD = "_sw_instead_turn"  # Obj.memory: the turn in which it used an ability instead of attacking


def run_attack(eng, player, act) -> None:
    """{player: dark, attack: UNIT, to: UNIT} (or ``targets: [UNIT]``) -- one whole attack (the order in
    which it asks: judge/engine/GUIDE.md, section 4, Star Wars); its dice are the next scripted ones of
    ``state: {dice: [...]}``."""
    attacker = eng.obj(act["attack"])
    target_label = act.get("to") or (act.get("targets") or [None])[0]
    defender = eng.obj(target_label) if target_label else None
    if attacker is None or attacker.controller != player or not is_unit(eng, attacker):
        eng.fail(f"{act['attack']} is not a unit {player} controls in an arena")
    if attacker.exhausted:
        eng.fail(f"{attacker.label} is tapped and can't attack")
    if has_keyword(eng, attacker, "can't attack"):
        eng.fail(f"{attacker.label} can't attack", text=eng.text_granting(attacker, "can't attack"))
    if attacker.memory.get(INSTEAD, False) == eng.state.vars.get("turn") and eng.on("attack_choice_final"):
        # activated-abilities-1: an ability played when the unit would attack is used instead of
        # attacking ("abilities they use instead of attacks"); the choice made then is final
        eng.fire("attack_choice_final")
        eng.fail(f"{attacker.label} used an ability instead of attacking this turn: it can't attack now",
                 rule="attack_choice_final")
    if defender is None or defender.controller == player:
        eng.fail(f"{target_label} is not an opposing card in play")
    if defender.zone != attacker.zone:
        eng.fail(f"{defender.label} is not in the same arena as {attacker.label}")
    if is_pilot_on_unit(eng, defender):
        if eng.applies("pilot_not_attackable"):
            eng.fail(f"{defender.label} is a Pilot on a unit: only the unit can be attacked")
    barred = attack_barred_by(eng, attacker, defender)
    if barred:
        eng.fail(f"{defender.label} {barred}", text=eng.text_granting(defender, barred))
    sw = memory(eng)
    atk = {"attacker": attacker.oid, "defender": defender.oid, "attacker_label": attacker.label,
           "defender_label": defender.label, "dice": [], "accuracy": 0, "overload": [],
           "retaliators": [], "used": set()}
    sw["attack"] = atk
    attacker.memory[ATTACKED] = eng.state.vars.get("turn")  # the unit's choice this turn: it attacks
    eng.set_exhausted(attacker, True)
    eng.log("attack_declared", attacker=attacker.label, defender=defender.label)
    eng.emit([{"type": "attacks", "obj": attacker, "target": defender, "player": player}])
    eng.emit([{"type": "attacked", "obj": defender, "by": attacker, "player": defender.controller}])
    eng.settle()
    attacker = eng.state.objects.get(atk["attacker"])
    if attacker is None or not eng.is_in_play(attacker):
        eng.log("attack_ended", attacker=atk["attacker_label"], reason="attacker_left_play")
        end_attack(eng, atk)
        return
    defense_chance(eng, atk, attacker)
    defender = eng.state.objects.get(atk["defender"])
    # roll
    power = eng.obj_attr(attacker, "power") or 0
    atk["dice"] = [eng.roll() for _ in range(power)]
    if eng.on("accuracy"):
        atk["accuracy"] = keyword_value(eng, attacker, "accuracy")
        if atk["accuracy"]:
            eng.fire("accuracy")
    eng.log("attack_dice", attacker=attacker.label, dice=list(atk["dice"]), accuracy=atk["accuracy"])
    if atk["dice"]:  # power 0 rolls no dice: 'when ... rolls attack dice' does not trigger on none
        eng.emit([{"type": "attack_dice_rolled", "obj": attacker, "target": defender, "player": player}])
    reroll_chance(eng, atk, atk)
    # hits and Critical Hit
    hits = count_hits(atk["dice"], atk["accuracy"])
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
    struck = []  # the units the attack does its damage to: the defender, and Overkill's other unit
    if defender is not None and eng.is_in_play(defender):
        struck.append(defender)
        if has_keyword(eng, attacker, "overkill") and damage > 0:
            other = overkill(eng, attacker, defender, damage)
            if other is not None:
                struck.append(other)
        else:
            do_damage(eng, attacker, defender, damage, attack=True)
    eng.settle_state()
    # Bounty: "If this unit's attack discards a unit" -- any unit its damage discarded (the excess
    # hits of Overkill too), not a defender that left play before the damage (it was not discarded
    # by the attack)
    if has_keyword(eng, attacker, "bounty") and any(_discarded(eng, u) for u in struck):
        earn_bounty(eng, attacker)
    eng.settle()
    attack_ends(eng, atk, defender)



def _discarded(eng, unit) -> bool:
    """The unit has left play for its owner's discard pile (the label follows the card)."""
    if eng.is_in_play(unit):
        return False
    now = eng.obj(unit.label)
    return now is not None and now.zone == "discard"


def step_overload(eng, st, b) -> bool:
    """{overload: this, power: X, damage: Y} -- the effect of an Overload ability (keyword:overload:
    "When this unit attacks, you may give it +X power for that attack. If you do, when the attack
    ends, that unit does Y damage to itself."). The card writes it as a triggered ability ('when this
    unit attacks', optional: 'you may') whose effect is this step: a triggered ability that sets up an
    effect happening later (triggered-abilities-1)."""
    sw = memory(eng)
    atk = sw.get("attack")
    units = eng.resolve_ref(st["overload"], b)
    if not eng.on("overload") or atk is None or not units:
        return False
    unit = units[0]
    bonus, self_dmg = int(eng.eval(st.get("power", 0), b)), int(eng.eval(st.get("damage", 0), b))
    if unit.oid in sw["overloaded"]:  # this card (a new one once it left play), this turn
        if not eng.on("overload_every_attack"):
            eng.log("overload_unavailable", card=unit.label, reason="once per turn")
            return False
        eng.fire("overload_every_attack")
    eng.fire("overload")
    sw["overloaded"].add(unit.oid)
    duration = "attack" if eng.on("overload_bonus_attack") else "battle"
    eng.fire("overload_bonus_attack")
    eng.run_step({"modify": {"target": "this", "modify": {"power": bonus}, "duration": duration}}, {**b, "this": unit})
    eng.log("overloaded", card=unit.label, power=bonus, damage=self_dmg)
    if eng.applies("overload_at_end"):
        atk["overload"].append(self_dmg)
    else:
        do_damage(eng, unit, unit, self_dmg, attack=False)
        eng.settle_state()
    return True


def observe(eng, events) -> None:
    """The keyword "Overload X Y" is the triggered ability its definition spells out (keyword:overload:
    "When this unit attacks, you may give it +X power for that attack. If you do, when the attack
    ends, that unit does Y damage to itself."): when a unit with it attacks, that ability triggers --
    one for each instance (effects are cumulative, ruling:abilities-2) -- and waits with the other
    triggered abilities of the event (Dark Side first, held ...). Its effect is the step ``overload``."""
    for ev in events:
        unit = ev.get("obj") if ev["type"] == "attacks" else None
        if unit is None or not hasattr(unit, "oid"):
            continue
        vals = keyword_values(eng, unit, "overload")
        if not vals or not eng.on("overload"):
            continue
        if len(vals) > 1:
            if eng.on("keyword_values_stack"):
                eng.fire("keyword_values_stack")
            else:  # only the highest instance counts
                vals = [max(vals)]
        for v in vals:
            if len(v) != 2:
                eng.fail(f"{unit.label}: the keyword Overload needs two numbers, 'overload X Y' "
                         f"(+X power, Y damage to itself); got {v}")
            ab = Ability(-1, "trigger", {"name": "overload", "optional": True,
                                         "on": {"event": "attacks", "filter": "event.obj == this"},
                                         "steps": [{"overload": "this", "power": v[0], "damage": v[1]}]})
            eng.pending.append(Pending(unit.oid, unit.label, unit.controller, ab, ev, unit.timestamp,
                                       bindings={"event": ev, "that": unit}, source_type=unit.card.type))


def overkill(eng, attacker, defender, hits: int):
    """Overkill: hits in excess of the defending unit's remaining health may be divided between it
    and another unit in the same arena. Damage modifiers (doubling) apply when damage resolves.
    Returns the other unit the excess went to (None: all on the defender)."""
    health = eng.obj_attr(defender, "health") or 0
    if eng.on("overkill_remaining_health"):
        room = max(0, health - defender.damage)
        if defender.damage:
            eng.fire("overkill_remaining_health")
    else:
        room = health
    divide = eng.on("overkill_divides_hits")
    total = hits if divide else eng.assignment_modifiers(defender, hits, attacker, True)
    excess = max(0, total - room)
    others = [o for o in eng.in_play() if is_unit(eng, o) and o.zone == defender.zone
              and o.oid != defender.oid and o.controller == defender.controller]
    second = None
    if excess and others:
        pick = eng.decide(attacker.controller, "pick", [o.label for o in others] + ["no"],
                          "another unit for Overkill's excess hits (or no)", forced_single=False)
        second = eng.obj(pick) if pick != "no" else None
    first_amt = total - excess if second is not None else total
    eng.log("overkill", attacker=attacker.label, defender=defender.label, to_defender=first_amt,
            second=second.label if second else None, to_second=excess if second else 0)
    if divide:
        eng.fire("overkill_divides_hits")
        # the attack's damage, divided: one chance to prevent it for both units, then the damage to both
        do_damage_each(eng, attacker, [(defender, first_amt)] + ([(second, excess)] if second is not None else []),
                       attack=True)
        return second
    for unit, amt in ((defender, first_amt), (second, excess if second else 0)):
        if unit is not None and amt > 0 and eng.is_in_play(unit):
            eng.emit([{"type": "damage_applied", "obj": unit, "amount": amt, "source": attacker,
                       "source_label": attacker.label, "combat": True}])
    return second


def attack_ends(eng, atk: dict, defender) -> None:
    retaliate_at_end(eng, atk, defender)
    for amount in atk["overload"]:
        attacker = eng.state.objects.get(atk["attacker"])
        if attacker is not None and eng.is_in_play(attacker):
            eng.log("overload_damage", card=attacker.label, amount=amount)
            do_damage(eng, attacker, attacker, amount, attack=False)
    eng.settle_state()
    end_attack(eng, atk)


def end_attack(eng, atk: dict) -> None:
    eng.expire("attack")
    eng.log("attack_ended", attacker=atk["attacker_label"])
    attacker = eng.state.objects.get(atk["attacker"])
    eng.emit([{"type": "attack_ended", "obj": attacker, "player": attacker.controller if attacker else None}])
    memory(eng)["attack"] = None
    eng.settle()


def states_attack(ability) -> bool:
    """The ability's own text states that the unit attacks ('This unit is considered to attack that
    unit'): its data says ``attacks: true``. activated-abilities-1 makes such a use not an attack
    "(unless the ability states that it is)": this is that other case, the card's text, not the rule."""
    return bool(ability.get("attacks"))


def can_use(engine, player, obj, ability, action) -> str | None:
    """An activated ability used 'when this unit would attack' is not an attack (unless its text
    states that it is -- ``attacks: true`` --, or the rule is switched off: then 'can't attack' and
    'can't be attacked' stop it, and once it is used it makes 'attacks' and its target's 'attacked'
    triggers trigger: before_resolve)."""
    if ability.get("timing") != "attack":
        return None
    if obj.memory.get(ATTACKED, False) == engine.state.vars.get("turn") and engine.on("attack_choice_final"):
        # activated-abilities-1: "you must choose what you are doing when you would attack, and can't
        # change your mind later" -- a unit that attacked this turn (its attack under way or over) made
        # that choice; a tap cost would stop most such abilities anyway, a Force cost does not
        engine.fire("attack_choice_final")
        return f"{obj.label} attacked this turn: it can't use an ability played when it would attack instead"
    if _used_instead(engine, obj) and engine.on("attack_choice_final"):
        # the same choice, made the other way: it used such an ability instead of its attack, so no
        # second time comes this turn when it "would attack" (a Force cost leaves it untapped)
        engine.fire("attack_choice_final")
        return f"{obj.label} used an ability instead of attacking this turn: its choice is made"
    if obj.exhausted:
        # "Play only when this unit would attack": a tapped unit can't attack, so that time never comes
        # -- the card's own text refuses it (no numbered rule)
        return TextReason("it is tapped, so it can't attack, and its ability is played only when it would attack",
                          engine.card_name(obj))
    if not states_attack(ability) and engine.applies("activated_not_attack"):
        return None
    if has_keyword(engine, obj, "can't attack"):
        return f"{obj.label} can't attack"
    for t in action.get("targets") or []:
        tgt = engine.obj(t)
        barred = attack_barred_by(engine, obj, tgt) if tgt is not None else None
        if barred:
            return f"{tgt.label} {barred}"
    # counted as attacking: its 'attacks' and its target's 'attacked' events come when the use is made
    # (before_resolve), not here -- this is only a check, and the use may still be refused after it
    # (a target, a cost)
    return None


def _used_instead(eng, unit) -> bool:
    """The unit used an ability played 'when this unit would attack' this turn: it has taken effect
    (INSTEAD), or it waits on the chain."""
    if unit.memory.get(INSTEAD, False) == eng.state.vars.get("turn"):
        return True
    return any(item.source == unit.oid and item.card_obj is None and item.ability.get("timing") == "attack"
               for item in eng.state.chain)


def before_resolve(eng, thing) -> None:
    """An ability played 'when this unit would attack' takes effect: the unit has made its choice for
    this turn -- it used the ability instead of attacking (activated-abilities-1). One whose text states
    that the unit attacks is an attack all the same ("unless the ability states that it is")."""
    ability = getattr(thing, "ability", None)
    if ability is None or getattr(thing, "card_obj", None) or ability.get("timing") != "attack":
        return
    unit = eng.state.objects.get(thing.source)
    if unit is not None:
        unit.memory[INSTEAD] = eng.state.vars.get("turn")
        if states_attack(ability) or not eng.on("activated_not_attack"):
            _counted_as_attack(eng, unit, thing)


def _counted_as_attack(eng, unit, item) -> None:
    """The use counts as attacking its (first) target -- its text says so, or activated-abilities-1 is
    switched off. The events
    come once the use has been made -- its targets chosen and its costs paid -- as it takes effect:
    no game hook runs between the use's announcement and its resolution (a refused use makes none)."""
    first = next((oids[0] for oids in (item.targets or {}).values() if oids), None)
    tgt = eng.state.objects.get(first) if first is not None else None
    eng.emit([{"type": "attacks", "obj": unit, "target": tgt, "player": item.controller}])
    if tgt is not None and is_unit(eng, tgt):
        # it attacks its target: the target's 'when this unit is attacked' triggers too, as when an
        # attack is declared
        eng.emit([{"type": "attacked", "obj": tgt, "by": unit, "player": tgt.controller}])


def register(game) -> None:
    game.actions["attack"] = run_attack
    game.steps["overload"] = step_overload
