"""Star Wars Trading Card Game: arenas, attacks with scripted dice, reroll and damage-prevention
chances, held triggered abilities, Lucky / Accuracy / Critical Hit / Stun / Deflect / Evade /
Intercept / Retaliate / Overload / Overkill / Bounty / Upkeep, pilots (build step, retreat, ready
phase, unique stacks), and Dark Side first for waiting triggered abilities.

Every mechanic is bound to the entry of rules_corpus/star-wars-tcg/ability-rulings-blog.txt that
states it (see ``bind_rules``). Card behaviour comes from cards.yaml: keywords are strings such as
``"lucky 2"``, ``"overload 2 1"`` (power bonus, self-damage), ``"intercept"``, ``"upkeep 1"``,
``"bounty 3"`` or ``"can't attack"``.

Attack sequence (the ``attack`` fixture verb), as far as the rulings need it:
  1. declare (attacker taps), ``attacks`` event; Overload chance; triggered abilities settle;
  2. the defending player's chance to use Intercept and Retaliate (each unit's once per attack);
  3. roll attack dice (one per power), ``attack_dice_rolled`` event;
  4. the chance to reroll dice: triggered reroll abilities, then "play or pass" (Dark Side first,
     Lucky); other triggered abilities are held until the chance is over;
  5. hits (die + Accuracy >= 4) and Critical Hit (natural sixes); Overkill divides excess hits;
  6. the chance to prevent damage for each damaged unit (Evade, Deflect, prevention triggers);
  7. damage is done (Stun);
  8. the attack ends: Retaliate, Overload self-damage, "for this attack" bonuses expire.

Triggered abilities (``order_pending`` / ``state_checks``): a triggered ability whose steps reroll
dice (``reroll``) or prevent damage (``prevent``) is held until the next chance of that kind and
is not held during it; any other one waits while an ability or Battle card takes effect and
during chances to reroll or prevent.

Architecture: ``StarWarsTCG`` (below) holds the configuration and answers the engine's hooks;
each mechanic is a module of this package:

    bindings.py  mechanic key -> entry id of the rulings blog
    keywords.py  "Keyword X" values (stacked instances add up)
    memory.py    what the rules remember during a replay
    timing.py    held triggered abilities, chances, effect depth, 'if' looked at again
    pilots.py    Pilots on units: setup, build step, retreat step, unique stacks, state checks
    attack.py    the attack verb: Overload, Accuracy, Critical Hit, Overkill, Bounty, the end
    defense.py   Intercept and Retaliate
    dice.py      hits, rerolls, Lucky, the chance to reroll, damage dice
    damage.py    the chance to prevent damage (Evade, Deflect), damage, Stun
    upkeep.py    Upkeep and Bounty at the start of the build step
    costs.py     'Discard a card', paying Force
    phases.py    the begin / end verbs (ready phase, build step)
"""
from __future__ import annotations

from typing import Any

from judge.engine.game import NOT_MINE, GameModule
from judge.engine.rules import Registry

from . import bindings
from .attack import run_attack
from .costs import can_discard_card, can_pay_force, step_discard_card, step_pay_force
from .damage import step_damage, step_prevent
from .dice import step_dice_damage, step_reroll
from .keywords import has_keyword, keyword_value
from .phases import begin, end
from .pilots import (ARENAS, UNIT_ARENAS, host_of, is_pilot_on_unit, is_unit, pilot_checks, pilot_of,
                     pilot_onto, piloted, restack, retreat, setup_links, shared_damage_check, unpilot)
from .timing import hold_triggers, recheck_if_conditions, step_still, wrap_engine
from .upkeep import step_upkeep


G = "star-wars-tcg"


class StarWarsTCG(GameModule):
    id = G
    name = "Star Wars Trading Card Game"
    players = ("dark", "light")
    zones = ("deck", "hand", "discard", "build", "space", "ground", "character", "stacked", "stack")
    play_zones = ARENAS
    hidden_zones = ("deck", "hand")
    permanent_types = ARENAS
    damageable_types = ARENAS
    leave_verbs = {"discard": ("discard", "discard")}
    played_event_timing = "resolve"
    state_vars = {"active": "dark", "phase": "battle", "turn": 1}
    player_fields = ("force",)
    object_flags = ("partial",)
    floor_zero = True

    def bind_rules(self, reg: Registry) -> None:
        bindings.bind(reg)

    def register_handlers(self) -> None:
        self.actions.update({"attack": run_attack, "begin": begin, "end": end, "pilot": pilot_onto,
                             "unpilot": unpilot, "retreat": retreat, "restack": restack})
        self.steps.update({"reroll": step_reroll, "still": step_still, "damage": step_damage,
                           "dice_damage": step_dice_damage, "prevent": step_prevent,
                           "upkeep": step_upkeep, "discard_card": step_discard_card,
                           "can:discard_card": can_discard_card, "pay_force": step_pay_force,
                           "can:pay_force": can_pay_force})
        self.functions.update({
            "piloted": piloted,
            "is_unit": is_unit,
            "keyword": lambda eng, obj, name: keyword_value(eng, obj, name) if hasattr(obj, "oid") else 0,
        })

    # -- setup and attributes ---------------------------------------------------------------
    def setup(self, engine, spec: dict) -> None:
        """Pilots listed with ``attached_to`` are on that unit (they sit in its arena); cards in
        the ``stacked`` zone with ``attached_to`` are under that card's stack."""
        setup_links(engine)
        wrap_engine(engine)
        engine.touch()

    def obj_attr(self, engine, obj, name: str) -> Any:
        if name == "hp":
            return engine.obj_attr(obj, "health")
        if name in ("lucky", "accuracy", "stun", "deflect", "evade", "retaliate", "critical hit"):
            return keyword_value(engine, obj, name)
        if name == "piloting":
            host = host_of(engine, obj)
            return host.label if host else None
        if name == "pilot":
            p = pilot_of(engine, obj)
            return p.label if p else None
        if name == "is_unit":
            return is_unit(engine, obj)
        return NOT_MINE

    def adjust_attr(self, engine, obj, name: str, value: Any) -> Any:
        if name in ("power", "speed") and obj.card.type in UNIT_ARENAS and obj.zone in UNIT_ARENAS:
            p = pilot_of(engine, obj)
            if p is not None and p.card.stats.get(name):
                if engine.on("pilot_stats_ignored"):
                    engine.fire("pilot_stats_ignored")
                else:
                    return (value or 0) + p.card.stats[name]
        return value

    # -- timing -----------------------------------------------------------------------------
    def can_use(self, engine, player, obj, ability, action) -> str | None:
        if ability.get("self_referential") and is_pilot_on_unit(engine, obj):
            if engine.on("pilot_unit_abilities"):
                engine.fire("pilot_unit_abilities")
                return "a Pilot on a unit isn't a unit: its 'this unit' abilities don't apply"
        if ability.get("timing") == "attack":
            if engine.on("activated_not_attack"):
                engine.fire("activated_not_attack")
            else:
                if has_keyword(engine, obj, "can't attack"):
                    return f"{obj.label} can't attack"
                for t in action.get("targets") or []:
                    tgt = engine.obj(t)
                    if tgt is not None and has_keyword(engine, tgt, "can't be attacked"):
                        return f"{tgt.label} can't be attacked"
                tgt = engine.obj((action.get("targets") or [None])[0])
                engine.emit([{"type": "attacks", "obj": obj, "target": tgt, "player": player}])
        return None

    def order_pending(self, engine, pending):
        recheck_if_conditions(pending)
        groups = [(side, [t for t in pending if t.controller == side]) for side in self.players]
        return [g for g in groups if g[1]]

    def state_checks(self, engine) -> bool:
        changed = pilot_checks(engine)
        changed = shared_damage_check(engine) or changed
        changed = hold_triggers(engine) or changed
        return changed


GAME = StarWarsTCG
