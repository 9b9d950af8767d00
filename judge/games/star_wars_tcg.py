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
"""
from __future__ import annotations

from typing import Any

from judge.engine import expr
from judge.engine.cards import Ability
from judge.engine.engine import Pending
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


def keyword_instances(eng, obj, name: str) -> list[int]:
    """Each instance of an activated keyword (Evade 1 twice = two abilities, each usable once)."""
    vals = [v[0] if v else 1 for v in keyword_values(eng, obj, name)]
    if len(vals) > 1 and not eng.on("keyword_values_stack"):
        return [max(vals)]
    return vals


def has_keyword(eng, obj, name: str) -> bool:
    return bool(keyword_values(eng, obj, name))


# -- engine-side state -----------------------------------------------------------------------------

def _sw(eng) -> dict:
    data = getattr(eng, "_star_wars", None)
    if data is None:
        data = {"pilots": {}, "attack": None, "roll": None, "chance": None, "prevent": None,
                "held": [], "depth": 0, "resolving_now": False, "bounties": [], "overloaded": set()}
        eng._star_wars = data
    return data


def effect_depth(eng) -> int:
    return _sw(eng)["depth"]


# -- pilots --------------------------------------------------------------------------------------

def _link(eng, pilot) -> dict | None:
    """The link of a Pilot put on a unit, while it is still that object."""
    link = _sw(eng)["pilots"].get(pilot.label) if hasattr(pilot, "oid") else None
    return link if link and link["pilot"] == pilot.oid else None


def _host(eng, pilot) -> Any:
    """The card a Pilot was put on (wherever it is now), or None."""
    link = _link(eng, pilot)
    return eng.state.objects.get(link["host"]) if link else None


def piloted(eng, pilot) -> Any:
    """The unit a pilot is on (None when the pilot is in the Character arena or elsewhere).
    With the "Pilot text only on a unit" rule off, a Pilot in the Character arena gets its own
    Pilot bonuses."""
    if not hasattr(pilot, "oid"):
        return None
    host = _host(eng, pilot)
    if host is not None and host.zone in UNIT_ARENAS:
        return host
    if (pilot.oid in eng.state.objects and pilot.zone == "character"
            and any(parse_keyword(k)[0].endswith(" pilot") for k in pilot.card.keywords)):
        if not eng.on("pilot_text_only_on_unit"):
            return pilot
    return None


def is_pilot_on_unit(eng, obj) -> bool:
    host = _host(eng, obj)
    return host is not None and host.zone in UNIT_ARENAS


def is_unit(eng, obj) -> bool:
    """Space, Ground and Character units in play; a pilot on a unit is not a unit."""
    if not (hasattr(obj, "oid") and obj.oid in eng.state.objects and obj.zone in ARENAS
            and obj.card.type in ARENAS):
        return False
    if is_pilot_on_unit(eng, obj):
        if eng.on("pilot_not_unit"):
            eng.fire("pilot_not_unit")
            return False
    return True


def _pilot_type(eng, pilot) -> str | None:
    for kw in eng.obj_attr(pilot, "keywords") or []:
        name, _ = parse_keyword(kw)
        if name.endswith(" pilot"):
            return name[: -len(" pilot")]
    return None


def _pilot_of(eng, unit) -> Any:
    for plabel, link in _sw(eng)["pilots"].items():
        if link["host"] == unit.oid:
            p = eng.obj(plabel)
            if p is not None and p.oid == link["pilot"]:
                return p
    return None


def _trigger_kind(ability) -> str | None:
    """'reroll' for a triggered ability that allows rerolls, 'prevent' for one that prevents
    damage (read from its steps), else None."""
    def walk(steps):
        for st in steps or []:
            if not isinstance(st, dict):
                continue
            if "reroll" in st:
                return "reroll"
            if "prevent" in st:
                return "prevent"
            for key in ("do", "then", "may", "still"):
                if isinstance(st.get(key), list):
                    got = walk(st[key])
                    if got:
                        return got
        return None
    return walk(ability.get("steps"))


KIND_KEY = {"reroll": "reroll_trigger_timing", "prevent": "prevent_trigger_timing"}


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
        # -- triggered abilities ----------------------------------------------------------
        reg.bind("pending_order_policy", rid("ruling:triggered-abilities-4"),
                 does="waiting triggered abilities: all the Dark Side's first (in the Dark Side player's "
                      "order), then the Light Side's",
                 off="waiting triggered abilities take effect in timestamp order, whatever their side")
        reg.bind("trigger_if_condition", rid("ruling:triggered-abilities-2"))
        reg.bind("pool_certain", rid("ruling:triggered-abilities-3"),
                 does="a triggered ability in the pool takes effect even if its conditions stopped being true",
                 off="a waiting triggered ability whose 'if' condition is no longer true does nothing")
        reg.bind("held_during_effects", rid("clarification:held-triggered-abilities"),
                 rid("ruling:held-triggered-abilities-4"),
                 rid("ruling:abilities-and-battle-cards-with-multiple-3"),
                 does="abilities that trigger while an ability or Battle card takes effect wait until it "
                      "has finished",
                 off="a triggered ability takes effect as soon as it triggers, in the middle of the effect")
        reg.bind("no_other_triggers_in_chance", rid("ruling:held-triggered-abilities-3"),
                 rid("ruling:held-triggered-abilities-5"), rid("ruling:held-triggered-abilities-6"),
                 does="during a chance to reroll dice or prevent damage, other waiting triggered abilities "
                      "(and those that trigger during it) are held until the chance is over, then take "
                      "effect normally",
                 off="other triggered abilities take effect during those chances as soon as they trigger")
        reg.bind("reroll_trigger_timing", rid("ruling:held-triggered-abilities-1"),
                 rid("ruling:held-triggered-abilities-7"),
                 does="a triggered ability that allows rerolls takes effect only during a chance to reroll "
                      "dice: held outside it, not held during it",
                 off="triggered reroll abilities are held and released like any other triggered ability")
        reg.bind("prevent_trigger_timing", rid("ruling:held-triggered-abilities-2"),
                 rid("ruling:held-triggered-abilities-8"),
                 rid("ruling:abilities-and-battle-cards-with-multiple-3"),
                 does="a triggered ability that prevents damage takes effect only during a chance to "
                      "prevent damage: held outside it (until the next one), not held during it",
                 off="triggered prevention abilities are held and released like any other triggered ability")
        reg.bind("chances_mid_effect", rid("ruling:abilities-and-battle-cards-with-multiple-1"),
                 rid("ruling:abilities-and-battle-cards-with-multiple-2"),
                 does="an ability or Battle card's parts are followed in order; the chances to reroll dice "
                      "and prevent damage happen in the middle, at the part that rolls or does damage",
                 off="all the instructions are followed first; the chance to prevent comes too late")
        reg.bind("prevention_any_damage", rid("ruling:overload-2"),
                 does="any damage (an ability's, Overload's self-damage ...) can be prevented, evaded and "
                      "deflected like attack damage",
                 off="only attack damage gets a chance to prevent damage")
        # -- Lucky and rerolls ------------------------------------------------------------
        reg.bind("keyword_values_stack", rid("faq:lucky-stack-example-anakin-skywalker-j-gives-unit"),
                 rid("ruling:abilities-2"),
                 does="effects are cumulative: several instances of a keyword add up (Lucky 1 + Lucky 2 = "
                      "Lucky 3), and two granted 'Evade 1' abilities are two abilities, each usable once",
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
                 rid("faq:reroll-dice"), rid("faq:reroll-dice:example-1"),
                 does="triggered reroll abilities resolve before the chance to play reroll abilities and "
                      "Battle cards (Lucky)",
                 off="triggered reroll abilities wait until the play-or-pass reroll chance is over")
        # -- keywords -----------------------------------------------------------------------
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
                 off="deflected damage is still done by the unit (or card) that did the original damage")
        reg.bind("intercept", rid("keyword:intercept"),
                 does="Intercept: the attack on another of your units in the same arena now attacks this unit",
                 off="Intercept does not change the defending unit")
        reg.bind("retaliate", rid("keyword:retaliate"),
                 does="Retaliate X: when the attack ends, the attacked unit does X dice of damage to its attacker",
                 off="Retaliate does nothing")
        reg.bind("retaliate_when_destroyed", rid("keyword:retaliate:example-1"),
                 does="Retaliate may be used even if the attack destroyed the unit",
                 off="a unit discarded during the attack can't Retaliate")
        reg.bind("retaliate_during_attack",
                 rid("faq:according-rules-activated-abilities-two-units-intercept-retaliate"),
                 does="Intercept doesn't make a new attack: a unit that used Retaliate while attacked still "
                      "does its damage when the attack ends, wherever the attack has moved",
                 off="only the unit attacked when the attack ends retaliates")
        reg.bind("once_per_attack",
                 rid("faq:according-rules-activated-abilities-two-units-intercept-retaliate:example-1"),
                 does="one attack is one opportunity: each unit's Intercept and Retaliate can be used once",
                 off="Intercept and Retaliate can be used again in the same attack")
        reg.bind("overload_at_end", rid("ruling:overload-1"), rid("ruling:triggered-abilities-1"),
                 rid("keyword:overload"),
                 does="Overload's self-damage is set up to happen later: it waits until the attack ends",
                 off="Overload's self-damage is done at once, when the power bonus is taken")
        reg.bind("overload_bonus_attack", rid("ruling:overload-3"),
                 does="Overload's power bonus lasts only until the attack ends",
                 off="Overload's power bonus lasts until the end of the battle phase")
        reg.bind("overload_every_attack", rid("ruling:overload-4"),
                 does="each time the unit attacks, Overload can be used again (bonus and self-damage again)",
                 off="Overload can be used once per turn")
        reg.bind("overkill_remaining_health", rid("clarification:overkill"),
                 does="Overkill's excess hits are those above the defending unit's remaining health",
                 off="excess hits are those above the defending unit's health, ignoring its damage")
        reg.bind("overkill_divides_hits", rid("faq:happens-apply-overkill-hoth-battle-plains-battle-droid"),
                 does="Overkill divides the hits; damage-doubling applies only when the damage resolves",
                 off="the doubled damage is divided (doubling first, then Overkill)")
        reg.bind("activated_not_attack", rid("ruling:activated-abilities-1"), rid("ruling:activated-abilities-2"),
                 does="an activated ability used when the unit would attack is not an attack: no 'attacks' "
                      "triggers, and 'can't attack' / 'can't be attacked' don't stop it",
                 off="using such an ability counts as attacking")
        reg.bind("no_abilities_partially_built", rid("ruling:abilities-1"),
                 does="a partially built card's abilities can't be used (or pay Upkeep) until it is deployed",
                 off="a partially built card's abilities work in the build zone")
        reg.bind("discard_from_hand", rid("clarification:discard"),
                 does="a card that is discarded (e.g. to pay 'Discard a card') comes from your hand",
                 off="any of your cards out of play (hand or build zone) may be discarded")
        reg.bind("bounty_next_build_step", rid("faq:earn-bounty"), rid("faq:try-pay-upkeep-before-earning-bounty"),
                 does="a bounty earned is received at the start of the next turn's build step, as a "
                      "triggered ability (Dark Side first; with Upkeep, in the order the player chooses)",
                 off="a bounty is received as soon as it is earned")
        reg.bind("upkeep_must_pay", rid("ruling:upkeep-1"),
                 does="if you can pay Upkeep, you must pay it",
                 off="you may choose not to pay Upkeep (and discard the unit)")
        reg.bind("upkeep_everywhere", rid("ruling:upkeep-2"),
                 does="a unit's Upkeep is paid even if it retreated, is part of a stack or pilots a unit",
                 off="only units in the arenas pay Upkeep")
        # -- pilots -------------------------------------------------------------------------
        reg.bind("lethal_damage_check", rid("ruling:piloting-units-5"))
        reg.bind("pilot_moves_with_unit", rid("ruling:pilots-7"),
                 does="if a piloted unit moves (discarded, returned to hand, build zone), its Pilot moves with it",
                 off="the Pilot stays behind in the Character arena")
        reg.bind("unit_stays_without_pilot", rid("ruling:pilots-6"),
                 does="if the Pilot is moved or discarded, the unit stays where it is",
                 off="the unit follows its Pilot")
        reg.bind("pilot_not_attackable", rid("ruling:piloting-units-2"),
                 does="a Pilot on a unit can't be attacked; only units can",
                 off="a Pilot on a unit may be attacked like a unit")
        reg.bind("pilot_not_unit", rid("ruling:piloting-units-1"), rid("ruling:piloting-units-3"),
                 does="a Pilot on a unit isn't a unit (effects on units don't affect it; it can't attack) but "
                      "is still a Character with its subtypes",
                 off="a Pilot on a unit still counts as a unit")
        reg.bind("pilot_stats_ignored", rid("ruling:piloting-units-4"),
                 does="a Pilot's speed and power don't matter while it is on a unit",
                 off="the Pilot's speed and power add to the unit's")
        reg.bind("separate_damage", rid("ruling:piloting-units-6"),
                 does="damage on the Pilot doesn't count against the unit's health, and vice versa",
                 off="the Pilot's and the unit's damage count together against the unit's health")
        reg.bind("pilot_unit_abilities", rid("ruling:piloting-units-7"),
                 does="a Pilot on a unit can use its normal abilities that still apply, but not ones that "
                      "affect 'this unit' (it isn't a unit)",
                 off="a Pilot on a unit can use its 'this unit' abilities too")
        reg.bind("pilot_onto_unit", rid("ruling:pilots-1"),
                 does="Characters with the Pilot ability can move onto your Space or Ground units, giving "
                      "them their Pilot bonuses",
                 off="Pilots stay in the Character arena")
        reg.bind("pilot_type_match", rid("ruling:pilots-2"), rid("ruling:pilots-2:example-1"),
                 does="a Pilot goes only on a unit of the type before the word 'Pilot', and only 1 Pilot per unit",
                 off="a Pilot may go on any of your Space or Ground units, however many Pilots it has")
        reg.bind("no_pilot_on_droid", rid("ruling:pilots-3"),
                 does="a Pilot can't go on a unit with the Droid subtype",
                 off="Droid units may be piloted")
        reg.bind("pilot_text_only_on_unit", rid("ruling:pilots-4"), rid("ruling:pilots-4:example-1"),
                 does="none of the abilities after 'Pilot' work while the Pilot is in the Character arena",
                 off="a Pilot in the Character arena gets its own Pilot bonuses")
        reg.bind("pilot_move_once", rid("ruling:pilots-during-the-build-step-1"),
                 does="during your build step you can move each of your Pilots once",
                 off="a Pilot may be moved any number of times in a build step")
        reg.bind("pilot_from_build_zone", rid("ruling:pilots-during-the-build-step-2"),
                 does="a Pilot moves onto a unit from the build zone or from the Character arena",
                 off="a Pilot moves onto a unit only from the Character arena")
        reg.bind("pilot_to_unit_anywhere", rid("ruling:pilots-during-the-build-step-3"),
                 does="a Pilot moved from one unit to another may go to a unit of the right type in any "
                      "arena or in the build zone",
                 off="the other unit must be in the Space or Ground arena")
        reg.bind("pilot_move_off", rid("ruling:pilots-during-the-build-step-4"),
                 does="a Pilot may be moved off its unit to the Character arena or the build zone",
                 off="a Pilot can't be moved off its unit")
        reg.bind("no_pilots_at_setup", rid("clarification:pilots-during-setup"),
                 does="Pilots can't go on units during setup (they go to the Character arena)",
                 off="Pilots may be put on units during setup")
        reg.bind("pilot_untaps", rid("clarification:pilots-during-the-ready-phase"),
                 does="a tapped Pilot on a unit untaps normally during the ready phase",
                 off="only units untap (a Pilot on a unit isn't a unit)")
        reg.bind("retreat_with_pilot", rid("clarification:pilots-during-the-retreat-step"),
                 does="a unit with a Pilot retreats only if both are untapped; both tap. The Pilot may "
                      "retreat alone",
                 off="only the unit needs to be untapped and it alone taps")
        reg.bind("restack_pilot_fit", rid("keyword:unique-pilots"), rid("keyword:unique-pilots:example-1"),
                 does="a Pilot stack rearranged on a unit must have a top card that can go on that unit, "
                      "else the Pilot moves (another unit, the Character arena or the build zone)",
                 off="the new top card stays on the unit whatever its Pilot type")

    def register_handlers(self) -> None:
        self.actions.update({"attack": _attack, "begin": _begin, "end": _end, "pilot": _pilot,
                             "unpilot": _unpilot, "retreat": _retreat, "restack": _restack})
        self.steps.update({"reroll": _step_reroll, "still": _step_still, "damage": _step_damage,
                           "dice_damage": _step_dice_damage, "prevent": _step_prevent,
                           "upkeep": _step_upkeep, "discard_card": _step_discard_card,
                           "can:discard_card": _can_discard_card, "pay_force": _step_pay_force,
                           "can:pay_force": _can_pay_force})
        self.functions.update({
            "piloted": piloted,
            "is_unit": is_unit,
            "keyword": lambda eng, obj, name: keyword_value(eng, obj, name) if hasattr(obj, "oid") else 0,
        })

    # -- setup and attributes ---------------------------------------------------------------
    def setup(self, engine, spec: dict) -> None:
        """Pilots listed with ``attached_to`` are on that unit (they sit in its arena); cards in
        the ``stacked`` zone with ``attached_to`` are under that card's stack."""
        sw = _sw(engine)
        for obj in list(engine.state.objects.values()):
            if obj.attached_to and obj.card.type == "character" and obj.zone != "stacked":
                host = engine.state.objects[obj.attached_to]
                obj.attached_to = None
                if host.zone != obj.zone:
                    engine.state.zones[obj.where].remove(obj.oid)
                    obj.zone = host.zone
                    engine.state.zones.setdefault(obj.where, []).append(obj.oid)
                sw["pilots"][obj.label] = {"pilot": obj.oid, "host": host.oid, "host_label": host.label}
            elif obj.attached_to and obj.zone == "stacked":
                top = engine.state.objects[obj.attached_to]
                obj.attached_to = None
                sw.setdefault("stacks", {}).setdefault(top.label, []).append(obj.label)
        _wrap_engine(engine)
        engine.touch()

    def obj_attr(self, engine, obj, name: str) -> Any:
        if name == "hp":
            return engine.obj_attr(obj, "health")
        if name in ("lucky", "accuracy", "stun", "deflect", "evade", "retaliate", "critical hit"):
            return keyword_value(engine, obj, name)
        if name == "piloting":
            host = _host(engine, obj)
            return host.label if host else None
        if name == "pilot":
            p = _pilot_of(engine, obj)
            return p.label if p else None
        if name == "is_unit":
            return is_unit(engine, obj)
        return NOT_MINE

    def adjust_attr(self, engine, obj, name: str, value: Any) -> Any:
        if name in ("power", "speed") and obj.card.type in UNIT_ARENAS and obj.zone in UNIT_ARENAS:
            p = _pilot_of(engine, obj)
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
        changed = _pilot_checks(engine)
        changed = _shared_damage_check(engine) or changed
        changed = _hold_triggers(engine) or changed
        return changed


# -- engine wrappers (effect depth, using abilities in the build zone) ----------------------------

def _wrap_engine(eng) -> None:
    sw = _sw(eng)
    orig_item, orig_trigger, orig_use = eng.resolve_item, eng.resolve_trigger, eng.use

    def resolve_item(item):
        sw["depth"] += 1
        try:
            return orig_item(item)
        finally:
            sw["depth"] -= 1

    def resolve_trigger(p):
        sw["depth"] += 1
        try:
            return orig_trigger(p)
        finally:
            sw["depth"] -= 1

    def use(player, label, action):
        obj = eng.obj(label)
        if obj is not None and obj.zone == "build":
            if "partial" in obj.flags:
                if eng.on("no_abilities_partially_built"):
                    eng.fire("no_abilities_partially_built")
                    eng.fail(f"{obj.label} is partially built: deploy it before using its abilities")
                abilities = [a for a in obj.card.abilities if a.kind == "action"]
                if abilities and obj.controller == player:
                    return eng._announce(player, obj, abilities[0], action, card=False)
            eng.fail(f"{obj.label} is not in an arena")
        return orig_use(player, label, action)

    eng.resolve_item, eng.resolve_trigger, eng.use = resolve_item, resolve_trigger, use


# -- held triggered abilities ----------------------------------------------------------------------

def _hold_triggers(eng) -> bool:
    sw = _sw(eng)
    if sw["resolving_now"] or not eng.pending:
        return False
    chance = sw["chance"]
    keep = []
    for p in eng.pending:
        kind = _trigger_kind(p.ability)
        if kind and eng.on(KIND_KEY[kind]):
            if chance != kind:
                sw["held"].append(p)
                eng.fire(KIND_KEY[kind])
                eng.log("held", source=p.source_label, until=f"a chance to {kind}")
                continue
        keep.append(p)
    eng.pending = keep
    special = [p for p in keep if _trigger_kind(p.ability) and eng.on(KIND_KEY[_trigger_kind(p.ability)])]
    normal = [p for p in keep if p not in special]
    if not normal or (not chance and effect_depth(eng) == 0):
        return False
    key = "no_other_triggers_in_chance" if chance else "held_during_effects"
    if eng.on(key):
        eng.fire(key)
        return False
    eng.pending = special
    _resolve_now(eng, normal)
    return True


def _resolve_now(eng, items: list) -> None:
    sw = _sw(eng)
    was = sw["resolving_now"]
    sw["resolving_now"] = True
    try:
        for p in eng._order_pending(items):
            eng.resolve_trigger(p)
    finally:
        sw["resolving_now"] = was


def _release(eng, kind: str) -> bool:
    """In a chance of ``kind``: the held (and newly triggered) abilities of that kind take effect."""
    sw = _sw(eng)
    if not eng.on(KIND_KEY[kind]):
        return False
    did = False
    for _ in range(50):
        items = [p for p in sw["held"] + eng.pending if _trigger_kind(p.ability) == kind
                 and (kind != "prevent" or p.source == (sw["prevent"] or {}).get("unit"))]
        if not items:
            return did
        sw["held"] = [p for p in sw["held"] if p not in items]
        eng.pending = [p for p in eng.pending if p not in items]
        eng.fire(KIND_KEY[kind])
        _resolve_now(eng, items)
        did = True
    return did


def _open_chance(eng, kind: str) -> str | None:
    sw = _sw(eng)
    before = sw["chance"]
    sw["chance"] = kind
    _hold_triggers(eng)
    return before


def _close_chance(eng, before) -> None:
    sw = _sw(eng)
    sw["chance"] = before
    if before is None and effect_depth(eng) == 0:
        eng.settle()


# -- state checks --------------------------------------------------------------------------------

def _pilot_checks(engine) -> bool:
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
                if host.zone in UNIT_ARENAS or host.zone == "build":
                    new = engine.move(pilot, host.zone, side=host.controller, controller=host.controller,
                                      cause="pilot_moves") if pilot.zone != host.zone else pilot
                    if new is not None:
                        sw["pilots"][plabel] = {"pilot": new.oid, "host": host.oid, "host_label": host.label}
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


def _shared_damage_check(eng) -> bool:
    """With 'separate damage' switched off, a Pilot's damage counts against its unit's health."""
    if eng.on("separate_damage"):
        for link in _sw(eng)["pilots"].values():
            p = eng.state.objects.get(link["pilot"])
            h = eng.state.objects.get(link["host"])
            if p is not None and h is not None and (p.damage or h.damage):
                eng.fire("separate_damage")
        return False
    for link in list(_sw(eng)["pilots"].values()):
        p = eng.state.objects.get(link["pilot"])
        h = eng.state.objects.get(link["host"])
        if p is None or h is None or not eng.is_in_play(h):
            continue
        if h.damage + p.damage >= (eng.obj_attr(h, "health") or 0) and h.damage < (eng.obj_attr(h, "health") or 0):
            eng.move(h, "discard", cause="discard")
            return True
    return False


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
    """{reroll: all | N}: reroll the dice being rolled (only during a chance to reroll dice)."""
    sw = _sw(eng)
    roll = sw["roll"]
    if sw["chance"] != "reroll" or not roll or not roll.get("dice"):
        eng.log("nothing_to_reroll", source=getattr(b.get("this"), "label", None))
        return False
    n = len(roll["dice"])
    want = st["reroll"]
    if want == "all":
        positions = list(range(n))
    else:
        positions = _pick_dice(eng, b.get("you"), n, min(n, int(eng.eval(want, b))), "which die to reroll")
    _reroll(eng, roll, positions, b.get("you"))
    return True


def _step_prevent(eng, st, b) -> bool:
    """{prevent: REF, amount: N}: prevent damage about to be done to that unit (only during its
    chance to prevent damage)."""
    ctx = _sw(eng)["prevent"]
    objs = eng.resolve_ref(st["prevent"], b)
    if _sw(eng)["chance"] != "prevent" or not ctx or not objs or objs[0].oid != ctx["unit"]:
        eng.log("nothing_to_prevent", source=getattr(b.get("this"), "label", None))
        return False
    amount = min(ctx["damage"], int(eng.eval(st.get("amount", 1), b)))
    ctx["damage"] -= amount
    eng.log("damage_prevented", card=objs[0].label, by=getattr(b.get("this"), "label", None), amount=amount)
    return amount > 0


def _step_damage(eng, st, b) -> bool:
    """{damage: REF, amount: N}: each unit in turn gets its chance to prevent damage, then the damage
    is done (by the source of the ability)."""
    objs = eng.resolve_ref(st["damage"], b)
    if not objs:
        return False
    src = b.get("this")
    src = src if hasattr(src, "oid") else None
    for o in objs:
        amount = eng.eval(st.get("amount", 1), {**b, "it": o})
        _damage(eng, src, o, amount, attack=False)
    return True


def _step_dice_damage(eng, st, b) -> bool:
    """{dice_damage: REF, dice: N}: roll N dice (a chance to reroll them), each 4+ is a hit, then the
    hits are done as damage (with the chance to prevent it)."""
    objs = eng.resolve_ref(st["dice_damage"], b)
    if not objs:
        return False
    n = int(eng.eval(st.get("dice", 1), b))
    roll = {"dice": [eng.roll() for _ in range(n)], "accuracy": 0}
    eng.log("damage_dice", dice=list(roll["dice"]), source=getattr(b.get("this"), "label", None))
    _reroll_chance_for(eng, roll, None)
    hits = _hits(roll["dice"])
    src = b.get("this") if hasattr(b.get("this"), "oid") else None
    _damage(eng, src, objs[0], hits, attack=False)
    return True


def _step_upkeep(eng, st, b) -> bool:
    """{upkeep: N}: pay N Force or discard this unit; if you can pay, you must."""
    unit = b.get("this")
    player = b["you"]
    n = int(eng.eval(st["upkeep"], b))
    data = eng.state.player_data.setdefault(player, {})
    if unit is None or not hasattr(unit, "oid") or unit.oid not in eng.state.objects:
        return False
    if data.get("force", 0) >= n:
        must = eng.on("upkeep_must_pay")

        def check(v):
            return "you can pay Upkeep, so you must pay it" if (must and v is False) else None

        pay = eng.decide_checked(player, "yesno", ["yes", "no"], f"whether to pay {unit.label}'s Upkeep {n}", check)
        if must:
            eng.fire("upkeep_must_pay")
        if pay:
            data["force"] -= n
            eng.log("upkeep_paid", player=player, card=unit.label, amount=n)
            return True
    eng.log("upkeep_unpaid", player=player, card=unit.label)
    eng.move(unit, "discard", cause="upkeep")
    return False


def _own_cards_out_of_play(eng, player) -> list:
    zones = ("hand",) if eng.on("discard_from_hand") else ("hand", "build")
    return [o for z in zones for o in eng.zone_objs(player, z)]


def _can_discard_card(eng, st, b) -> bool:
    return len(eng.zone_objs(b["you"], "hand")) >= int(eng.eval(st["discard_card"], b))


def _step_discard_card(eng, st, b) -> bool:
    """{discard_card: N}: discard N of your cards -- from your hand."""
    player = b["you"]
    n = int(eng.eval(st["discard_card"], b))
    for _ in range(n):
        pool = [o.label for z in ("hand", "build") for o in eng.zone_objs(player, z)]
        allowed = {o.label for o in _own_cards_out_of_play(eng, player)}

        def check(v):
            if v not in allowed:
                eng.fire("discard_from_hand")
                return f"{v} is not in your hand: a discarded card must come from your hand"
            return None

        pick = eng.decide_checked(player, "pick", pool, "a card to discard", check)
        eng.move(eng.obj(pick), "discard", cause="discard")
    return True


def _can_pay_force(eng, st, b) -> bool:
    return eng.state.player_data.get(b["you"], {}).get("force", 0) >= int(eng.eval(st["pay_force"], b))


def _step_pay_force(eng, st, b) -> bool:
    data = eng.state.player_data.setdefault(b["you"], {})
    n = int(eng.eval(st["pay_force"], b))
    if data.get("force", 0) < n:
        eng.fail(f"{b['you']} cannot pay {n} Force")
    data["force"] -= n
    eng.log("force_paid", player=b["you"], amount=n)
    return True


# -- actions -------------------------------------------------------------------------------------

def _begin(eng, player, act) -> None:
    """{begin: battle | build | ready | retreat | turn}: a phase (or step) starts."""
    phase = act["begin"]
    if phase == "turn":
        eng.state.vars["turn"] = (eng.state.vars.get("turn") or 1) + 1
        eng.state.vars["active"] = player or eng.state.opponent(eng.state.vars.get("active"))
        _sw(eng).pop("moved_pilots", None)
        eng.log("turn_begins", turn=eng.state.vars["turn"], player=eng.state.vars["active"])
        return
    eng.state.vars["phase"] = phase
    active = eng.state.vars.get("active")
    if phase == "ready":
        for o in list(eng.in_play()):
            if o.controller != active or not o.exhausted:
                continue
            if is_pilot_on_unit(eng, o) and not is_unit(eng, o):
                if not eng.on("pilot_untaps"):
                    continue
                eng.fire("pilot_untaps")
            eng.set_exhausted(o, False)
    if phase == "build":
        _sw(eng).pop("moved_pilots", None)
        _build_step_triggers(eng, active)
    eng.emit([{"type": "phase_begins", "phase": phase, "player": active}])


def _build_step_triggers(eng, active) -> None:
    """At the start of the build step: the active player's Upkeep, and every bounty earned last turn."""
    sw = _sw(eng)
    ev = {"type": "phase_begins", "phase": "build", "player": active}
    zones = ARENAS + ("build", "stacked")
    for o in list(eng.state.objects.values()):
        if o.controller != active or o.zone not in zones:
            continue
        vals = keyword_values(eng, o, "upkeep") if o.zone in ARENAS else [
            v for n, v in (parse_keyword(k) for k in o.card.keywords) if n == "upkeep"]
        if not vals:
            continue
        amount = (vals[0] or [1])[0]
        elsewhere = o.zone in ("build", "stacked") or is_pilot_on_unit(eng, o)
        if elsewhere:
            if not eng.on("upkeep_everywhere"):
                continue
            eng.fire("upkeep_everywhere")
        if "partial" in o.flags:
            if eng.on("no_abilities_partially_built"):
                eng.fire("no_abilities_partially_built")
                continue
        ab = Ability(-1, "trigger", {"name": "upkeep", "steps": [{"upkeep": amount}]})
        eng.pending.append(Pending(o.oid, o.label, o.controller, ab, ev, o.timestamp))
    turn = eng.state.vars.get("turn") or 1
    for bounty in [x for x in sw["bounties"] if x["turn"] < turn]:
        sw["bounties"].remove(bounty)
        eng.fire("bounty_next_build_step")
        ab = Ability(-1, "trigger", {"name": "bounty",
                                     "steps": [{"player_counter": "force", "amount": bounty["amount"]}]})
        eng.pending.append(Pending(bounty["oid"], bounty["label"], bounty["player"], ab, ev, bounty["ts"]))


def _earn_bounty(eng, unit) -> None:
    for vals in keyword_values(eng, unit, "bounty"):
        amount = vals[0] if vals else 1
        eng.log("bounty_earned", player=unit.controller, card=unit.label, amount=amount)
        if eng.on("bounty_next_build_step"):
            _sw(eng)["bounties"].append({"player": unit.controller, "label": unit.label, "oid": unit.oid,
                                         "amount": amount, "turn": eng.state.vars.get("turn") or 1,
                                         "ts": eng.state.tick()})
        else:
            data = eng.state.player_data.setdefault(unit.controller, {})
            data["force"] = data.get("force", 0) + amount
            eng.log("player_counter", player=unit.controller, counter="force", amount=amount)


def _end(eng, player, act) -> None:
    """{end: battle}: 'until end of battle' effects end."""
    phase = act["end"]
    eng.expire(phase)
    eng.log("phase_ended", phase=phase)


def _pilot(eng, player, act) -> None:
    """{player: light, pilot: PILOT, targets: [UNIT]} -- during your build step, move a Pilot onto
    one of your units (from the Character arena, the build zone, or another unit)."""
    pilot = eng.obj(act["pilot"])
    targets = act.get("targets") or []
    unit = eng.obj(targets[0]) if targets else None
    if pilot is None or pilot.controller != player or pilot.zone not in ("character", "build") + UNIT_ARENAS:
        eng.fail(f"{act['pilot']} is not a Character {player} controls in an arena or the build zone")
    vtype = _pilot_type(eng, pilot)
    if vtype is None:
        eng.fail(f"{pilot.label} has no Pilot ability")
    if not eng.on("pilot_onto_unit"):
        eng.fail("Characters stay in the Character arena")
    eng.fire("pilot_onto_unit")
    phase = eng.state.vars.get("phase")
    if phase == "setup":
        if eng.on("no_pilots_at_setup"):
            eng.fire("no_pilots_at_setup")
            eng.fail("Pilots can't be put on units during setup: they go to the Character arena")
    elif phase != "build" or eng.state.vars.get("active") != player:
        eng.fail("Pilots are moved during their controller's build step")
    sw = _sw(eng)
    on_unit = _link(eng, pilot) is not None
    if pilot.zone == "build" and not on_unit:
        if not eng.on("pilot_from_build_zone"):
            eng.fail(f"{pilot.label} must be in the Character arena to move onto a unit")
        eng.fire("pilot_from_build_zone")
    if unit is None or unit.controller != player or unit.card.type not in UNIT_ARENAS:
        eng.fail(f"{targets[0] if targets else '(none)'} is not one of {player}'s Space or Ground units")
    if unit.zone not in UNIT_ARENAS:
        if unit.zone == "build" and on_unit and eng.on("pilot_to_unit_anywhere"):
            eng.fire("pilot_to_unit_anywhere")
        else:
            eng.fail(f"{unit.label} is not in the Space or Ground arena")
    moved = _moved_pilots(eng, pilot)
    _check_pilot_fits(eng, pilot, unit, vtype)
    sw["pilots"].pop(pilot.label, None)
    new = pilot if pilot.zone == unit.zone else eng.move(pilot, unit.zone, side=player, controller=player,
                                                         cause="pilot")
    sw["pilots"][new.label] = {"pilot": new.oid, "host": unit.oid, "host_label": unit.label}
    moved.add(new.label)
    eng.touch()
    eng.log("piloting", card=new.label, unit=unit.label)


def _moved_pilots(eng, pilot) -> set:
    """The Pilots moved this build step; fails if ``pilot`` is one of them (moved once only)."""
    moved = _sw(eng).setdefault("moved_pilots", set())
    if pilot.label in moved and eng.on("pilot_move_once"):
        eng.fire("pilot_move_once")
        eng.fail(f"{pilot.label} has already been moved this build step")
    return moved


def _check_pilot_fits(eng, pilot, unit, vtype) -> None:
    traits = {t.lower() for t in eng.obj_attr(unit, "traits") or []}
    if "droid" in traits and eng.on("no_pilot_on_droid"):
        eng.fire("no_pilot_on_droid")
        eng.fail(f"{unit.label} is a Droid: there's no room for a Pilot")
    if eng.on("pilot_type_match"):
        if vtype not in traits:
            eng.fire("pilot_type_match")
            eng.fail(f"a {vtype.title()} Pilot goes only on a {vtype.title()}; {unit.label} is not one")
        other = _pilot_of(eng, unit)
        if other is not None and other.label != pilot.label:
            eng.fire("pilot_type_match")
            eng.fail(f"{unit.label} already has a Pilot")
        eng.fire("pilot_type_match")


def _unpilot(eng, player, act) -> None:
    """{player: light, unpilot: PILOT, to: character | build} -- during your build step, move a
    Pilot off its unit."""
    pilot = eng.obj(act["unpilot"])
    to = act.get("to", "character")
    sw = _sw(eng)
    if pilot is None or pilot.controller != player or _link(eng, pilot) is None:
        eng.fail(f"{act['unpilot']} is not a Pilot on one of {player}'s units")
    if eng.state.vars.get("phase") != "build" or eng.state.vars.get("active") != player:
        eng.fail("Pilots are moved during their controller's build step")
    if to not in ("character", "build"):
        eng.fail("a Pilot moved off its unit goes to the Character arena or the build zone")
    if not eng.on("pilot_move_off"):
        eng.fail("a Pilot can't be moved off its unit")
    eng.fire("pilot_move_off")
    moved = _moved_pilots(eng, pilot)
    del sw["pilots"][pilot.label]
    eng.move(pilot, to, side=player, controller=player, cause="pilot_off")
    moved.add(pilot.label)
    eng.log("pilot_moved_off", card=pilot.label, to=to)


def _retreat(eng, player, act) -> None:
    """{player: light, retreat: CARD} -- in the retreat step, tap an untapped unit (and its Pilot)
    and move it to the build zone; or retreat a Pilot alone, leaving its unit."""
    obj = eng.obj(act["retreat"])
    if obj is None or obj.controller != player or obj.zone not in ARENAS:
        eng.fail(f"{act['retreat']} is not a card {player} controls in an arena")
    if eng.state.vars.get("phase") != "retreat":
        eng.fail("units retreat during the retreat step")
    if obj.exhausted:
        eng.fail(f"{obj.label} is tapped and can't retreat")
    sw = _sw(eng)
    if is_pilot_on_unit(eng, obj):  # the Pilot retreats alone; its unit stays
        eng.fire("retreat_with_pilot")
        del sw["pilots"][obj.label]
        eng.set_exhausted(obj, True)
        new = eng.move(obj, "build", cause="retreat")
        if new is not None:
            new.exhausted = True
        eng.log("retreated", card=obj.label)
        return
    pilot = _pilot_of(eng, obj)
    with_pilot = pilot is not None and eng.on("retreat_with_pilot")
    if with_pilot:
        eng.fire("retreat_with_pilot")
        if pilot.exhausted:
            eng.fail(f"{obj.label}'s Pilot {pilot.label} is tapped: both must be untapped to retreat")
        eng.set_exhausted(pilot, True)
    eng.set_exhausted(obj, True)
    new = eng.move(obj, "build", cause="retreat")
    if new is not None:
        new.exhausted = True
    eng.settle_state()
    if with_pilot:
        p = eng.obj(pilot.label)
        if p is not None:
            p.exhausted = True
    eng.log("retreated", card=obj.label)


def _restack(eng, player, act) -> None:
    """{player: light, restack: TOP, with: CARD, to: UNIT | character | build} -- rearrange a unique
    Pilot's stack: CARD (under TOP) comes to the top. On a unit, the new top must fit that unit, or
    the Pilot moves (``to``)."""
    top = eng.obj(act["restack"])
    sw = _sw(eng)
    stack = sw.setdefault("stacks", {}).get(top.label if top else None) or []
    new_label = act.get("with")
    if top is None or top.controller != player or new_label not in stack:
        eng.fail(f"{new_label} is not under {act['restack']}'s stack")
    if eng.state.vars.get("phase") != "build" or eng.state.vars.get("active") != player:
        eng.fail("stacks are rearranged during your build step")
    under = eng.obj(new_label)
    host = _host(eng, top)
    dest = act.get("to")
    vtype = _pilot_type(eng, under)
    if host is not None and dest is None:
        if eng.on("restack_pilot_fit"):
            traits = {t.lower() for t in eng.obj_attr(host, "traits") or []}
            if vtype is None or vtype not in traits:
                eng.fire("restack_pilot_fit")
                eng.fail(f"{under.label} can't go on {host.label}: move the Pilot to a matching unit, "
                         "the Character arena or the build zone")
            eng.fire("restack_pilot_fit")
        dest = host.label
    place = dest or top.zone
    unit = eng.obj(place) if place not in ("character", "build") else None
    if unit is not None and eng.on("restack_pilot_fit"):
        eng.fire("restack_pilot_fit")
        _check_pilot_fits(eng, under, unit, vtype or "")
    zone = unit.zone if unit is not None else place
    sw["pilots"].pop(top.label, None)
    stack.remove(new_label)
    old_top = eng.move(top, "stacked", cause="restack")
    new_top = eng.move(under, zone, side=player, controller=player, cause="restack")
    sw["stacks"][new_top.label] = stack + [old_top.label]
    sw["stacks"].pop(top.label, None)
    if unit is not None:
        sw["pilots"][new_top.label] = {"pilot": new_top.oid, "host": unit.oid, "host_label": unit.label}
    eng.touch()
    eng.log("restacked", top=new_top.label, zone=zone, unit=unit.label if unit else None)


# -- dice ------------------------------------------------------------------------------------------

def _reroll(eng, roll: dict, positions: list[int], player: str | None) -> None:
    for i in positions:
        old = roll["dice"][i]
        new = eng.roll()
        roll["dice"][i] = new
        eng.log("die_rerolled", player=player, position=i + 1, old=old, new=new)


def _pick_dice(eng, player: str | None, n: int, k: int, what: str) -> list[int]:
    """The player picks k of the n dice, one at a time: their positions (0-based)."""
    positions: list[int] = []
    for _ in range(k):
        opts = [f"die {i + 1}" for i in range(n) if i not in positions]
        positions.append(int(eng.decide(player, "pick", opts, what).split()[1]) - 1)
    return positions


def _hits(dice: list[int], accuracy: int = 0) -> int:
    return sum(1 for d in dice if d + accuracy >= HIT)


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
            positions = _pick_dice(eng, player, n, x, f"which die {unit.label}'s Lucky rerolls")
        else:
            if any((d + atk["accuracy"] >= HIT) == (side == "attacker") for d in atk["dice"]):
                eng.fire("lucky_reroll_exact")
            positions = list(range(n))
    else:
        wanted = [i for i, d in enumerate(atk["dice"]) if (d + atk["accuracy"] >= HIT) != (side == "attacker")]
        positions = wanted[:x]
    eng.log("lucky_used", player=player, card=unit.label, value=x, rerolls=len(positions))
    _reroll(eng, atk, positions, player)
    eng.emit([{"type": "dice_rerolled", "obj": unit, "player": player, "count": len(positions)}])
    return True


def _reroll_chance_for(eng, roll: dict, atk: dict | None) -> None:
    """A chance to reroll dice: triggered reroll abilities first, then (for attack dice) the
    'play or pass' chance; other triggered abilities are held until it is over."""
    sw = _sw(eng)
    prev_roll = sw["roll"]
    sw["roll"] = roll
    before = _open_chance(eng, "reroll")
    try:
        # ablated: triggered rerolls wait until the play-or-pass chance is over
        if eng.on("triggered_rerolls_first") and _release(eng, "reroll"):
            eng.fire("triggered_rerolls_first")
        if atk is not None:
            _play_or_pass_rerolls(eng, atk)
        _release(eng, "reroll")
    finally:
        sw["roll"] = prev_roll
        _close_chance(eng, before)


def _play_or_pass_rerolls(eng, atk: dict) -> None:
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
            _hold_triggers(eng)
            _release(eng, "reroll")
        else:
            passes += 1


# -- damage ------------------------------------------------------------------------------------------

def _prevention_applies(eng, attack: bool) -> bool:
    if attack:
        return True
    if not eng.on("prevention_any_damage"):
        return False
    if effect_depth(eng) > 0 and not eng.on("chances_mid_effect"):
        return False
    return True


def _damage(eng, source, target, amount: int, *, attack: bool, stun_from=None) -> int:
    """A chance to prevent damage for the unit, then the damage is done; then Stun of the unit
    that did it; deflected damage is done by the deflecting unit."""
    if target is None or target.oid not in eng.state.objects or not eng.is_in_play(target):
        return 0
    tried = amount
    deflects: list = []
    if amount > 0 and _prevention_applies(eng, attack):
        amount, deflects = _prevention_chance(eng, target, amount, attack)
    done = 0
    if amount > 0 and eng.is_in_play(target):
        done = eng.deal_damage(source, {target.oid: amount}, combat=attack).get(target.oid, 0)
    _stun(eng, stun_from if stun_from is not None else source, target, done, attack=attack, tried=tried)
    for to, amt in deflects:
        if eng.on("deflect_source"):
            eng.fire("deflect_source")
            src = eng.obj(target.label) or target
        else:
            src = stun_from if stun_from is not None else source
        eng.log("damage_deflected", by=target.label, to=to.label, amount=amt)
        _damage(eng, src, to, amt, attack=False)
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


def _prevention_chance(eng, unit, damage: int, attack: bool) -> tuple[int, list]:
    """The chance to prevent damage to ``unit``: its controller may use each Evade / Deflect once;
    triggered prevention abilities take effect in it."""
    sw = _sw(eng)
    has_abilities = has_keyword(eng, unit, "evade") or has_keyword(eng, unit, "deflect")
    waiting = [p for p in sw["held"] + eng.pending if _trigger_kind(p.ability) == "prevent" and p.source == unit.oid]
    if not has_abilities and not waiting:
        return damage, []
    prev_ctx = sw["prevent"]
    ctx = {"unit": unit.oid, "damage": damage}
    sw["prevent"] = ctx
    if not attack and eng.on("prevention_any_damage"):
        eng.fire("prevention_any_damage")
        if effect_depth(eng) > 0:
            eng.fire("chances_mid_effect")
    before = _open_chance(eng, "prevent")
    deflects = []
    used: set[str] = set()
    try:
        _release(eng, "prevent")
        player = unit.controller
        while ctx["damage"] > 0:
            opts = []
            for kw in ("evade", "deflect"):
                for i, val in enumerate(keyword_instances(eng, unit, kw)):
                    name = f"{kw} {unit.label}" + (f" ({i + 1})" if i else "")
                    if name not in used:
                        opts.append((name, kw, val))
            if not opts:
                break
            pick = eng.decide(player, "pick", [o[0] for o in opts] + ["pass"],
                              "a damage-prevention ability (or pass)", forced_single=False)
            if pick == "pass":
                break
            name, kw, val = next(o for o in opts if o[0] == pick)
            used.add(name)
            if len(used) > 1:
                eng.fire("keyword_values_stack")
            prevented = min(ctx["damage"], val)
            ctx["damage"] -= prevented
            eng.emit([{"type": "damage_prevented", "obj": unit, "by": kw, "amount": prevented}])
            if kw == "deflect" and prevented:
                others = [o for o in eng.in_play() if is_unit(eng, o) and o.zone == unit.zone and o.oid != unit.oid]
                if others:
                    to = eng.decide(player, "pick", [o.label for o in others], f"the unit {unit.label} deflects to")
                    deflects.append((eng.obj(to), prevented))
            _hold_triggers(eng)
            _release(eng, "prevent")
    finally:
        sw["prevent"] = prev_ctx
        _close_chance(eng, before)
    return ctx["damage"], deflects


# -- attacks ---------------------------------------------------------------------------------------

def _can_be_attacked_by(eng, attacker, unit) -> bool:
    return (unit.zone == attacker.zone and is_unit(eng, unit)
            and not has_keyword(eng, unit, "can't be attacked"))


def _attack(eng, player, act) -> None:
    """{player: dark, attack: UNIT, target: UNIT} -- one whole attack (see the module docstring)."""
    attacker = eng.obj(act["attack"])
    target_label = act.get("to") or (act.get("targets") or [None])[0]
    defender = eng.obj(target_label) if target_label else None
    if attacker is None or attacker.controller != player or not is_unit(eng, attacker):
        eng.fail(f"{act['attack']} is not a unit {player} controls in an arena")
    if attacker.exhausted:
        eng.fail(f"{attacker.label} is tapped and can't attack")
    if has_keyword(eng, attacker, "can't attack"):
        eng.fail(f"{attacker.label} can't attack")
    if defender is None or defender.controller == player:
        eng.fail(f"{target_label} is not an opposing card in play")
    if defender.zone != attacker.zone:
        eng.fail(f"{defender.label} is not in the same arena as {attacker.label}")
    if is_pilot_on_unit(eng, defender):
        if eng.on("pilot_not_attackable"):
            eng.fire("pilot_not_attackable")
            eng.fail(f"{defender.label} is a Pilot on a unit: only the unit can be attacked")
    if has_keyword(eng, defender, "can't be attacked"):
        eng.fail(f"{defender.label} can't be attacked")
    sw = _sw(eng)
    atk = {"attacker": attacker.oid, "defender": defender.oid, "attacker_label": attacker.label,
           "defender_label": defender.label, "dice": [], "accuracy": 0, "overload": [],
           "retaliators": [], "used": set()}
    sw["attack"] = atk
    eng.set_exhausted(attacker, True)
    eng.log("attack_declared", attacker=attacker.label, defender=defender.label)
    eng.emit([{"type": "attacks", "obj": attacker, "target": defender, "player": player}])
    eng.emit([{"type": "attacked", "obj": defender, "by": attacker, "player": defender.controller}])
    # Overload: "When this unit attacks, you may give it +X power for that attack. If you do, when
    # the attack ends, that unit does Y damage to itself."
    for vals in keyword_values(eng, attacker, "overload"):
        bonus, self_dmg = (vals + [0, 0])[:2]
        if attacker.label in sw["overloaded"]:
            if not eng.on("overload_every_attack"):
                eng.log("overload_unavailable", card=attacker.label, reason="once per turn")
                continue
            eng.fire("overload_every_attack")
        if eng.decide(player, "yesno", ["yes", "no"], f"whether {attacker.label} overloads"):
            sw["overloaded"].add(attacker.label)
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
    _defense_chance(eng, atk, attacker)
    defender = eng.state.objects.get(atk["defender"])
    # roll
    power = eng.obj_attr(attacker, "power") or 0
    atk["dice"] = [eng.roll() for _ in range(power)]
    if eng.on("accuracy"):
        atk["accuracy"] = keyword_value(eng, attacker, "accuracy")
        if atk["accuracy"]:
            eng.fire("accuracy")
    eng.log("attack_dice", attacker=attacker.label, dice=list(atk["dice"]), accuracy=atk["accuracy"])
    eng.emit([{"type": "attack_dice_rolled", "obj": attacker, "target": defender, "player": player}])
    _reroll_chance_for(eng, atk, atk)
    # hits and Critical Hit
    hits = _hits(atk["dice"], atk["accuracy"])
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
    if defender is not None and eng.is_in_play(defender):
        if has_keyword(eng, attacker, "overkill") and damage > 0:
            _overkill(eng, attacker, defender, damage)
        else:
            _damage(eng, attacker, defender, damage, attack=True)
    eng.settle_state()
    if defender is not None and not eng.is_in_play(defender) and has_keyword(eng, attacker, "bounty"):
        _earn_bounty(eng, attacker)
    eng.settle()
    _attack_ends(eng, atk, defender)


def _overkill(eng, attacker, defender, hits: int) -> None:
    """Overkill: hits in excess of the defending unit's remaining health may be divided between it
    and another unit in the same arena. Damage modifiers (doubling) apply when damage resolves."""
    health = eng.obj_attr(defender, "health") or 0
    if eng.on("overkill_remaining_health"):
        room = max(0, health - defender.damage)
        if defender.damage:
            eng.fire("overkill_remaining_health")
    else:
        room = health
    divide = eng.on("overkill_divides_hits")
    total = hits if divide else eng._assignment_modifiers(defender, hits, attacker, True)
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
        _damage(eng, attacker, defender, first_amt, attack=True)
        if second is not None:
            _damage(eng, attacker, second, excess, attack=True)
        return
    for unit, amt in ((defender, first_amt), (second, excess if second else 0)):
        if unit is not None and amt > 0 and eng.is_in_play(unit):
            eng.emit([{"type": "damage_applied", "obj": unit, "amount": amt, "source": attacker,
                       "source_label": attacker.label, "combat": True}])


def _defense_chance(eng, atk: dict, attacker) -> None:
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

        def reason(name):
            kind, o = options[name]
            if once and (kind, o.oid) in atk["used"]:
                eng.fire("once_per_attack")
                return f"{o.label} has already used {kind.title()} in this attack (one attack, one opportunity)"
            if kind == "intercept" and o.oid == defender.oid:
                return f"{o.label} is already the attacked unit"
            if kind == "retaliate" and o.oid != defender.oid:
                return f"{o.label} is not being attacked"
            return None

        legal = [n for n in options if reason(n) is None]
        if not legal:
            return
        pick = eng.decide_checked(player, "pick", list(options) + ["pass"],
                                  "Intercept or Retaliate (or pass)",
                                  lambda v: None if v == "pass" else reason(v))
        if pick == "pass":
            return
        kind, unit = options[pick]
        atk["used"].add((kind, unit.oid))
        if kind == "retaliate":
            eng.log("retaliate_used", card=unit.label, attacker=attacker.label)
            atk["retaliators"].append(unit)
            continue
        eng.log("intercept_used", card=unit.label, attack_on=defender.label)
        if not _can_be_attacked_by(eng, attacker, unit):
            eng.log("intercept_no_effect", card=unit.label, reason="the attacking unit can't attack it")
            continue
        if eng.on("intercept"):
            eng.fire("intercept")
            atk["defender"], atk["defender_label"] = unit.oid, unit.label
            eng.log("defender_changed", attacker=attacker.label, defender=unit.label)


def _retaliate(eng, unit, attacker) -> None:
    eng.fire("retaliate")
    x = keyword_value(eng, unit, "retaliate")
    dice = [eng.roll() for _ in range(x)]
    hits = _hits(dice)
    eng.log("retaliate", card=unit.label, dice=dice, damage=hits)
    _damage(eng, unit, attacker, hits, attack=False)
    eng.settle_state()


def _attack_ends(eng, atk: dict, defender) -> None:
    if eng.on("retaliate"):
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
            _retaliate(eng, unit, attacker)
        # the attacked unit may still Retaliate when the attack ends, even if the attack destroyed it
        defender = eng.state.objects.get(atk["defender"]) or defender
        attacker = eng.state.objects.get(atk["attacker"])
        if (defender is not None and defender.oid not in done and has_keyword(eng, defender, "retaliate")
                and ("retaliate", defender.oid) not in atk["used"]):
            alive = eng.is_in_play(defender)
            allowed = alive or eng.on("retaliate_when_destroyed")
            if allowed and attacker is not None and eng.is_in_play(attacker):
                if eng.decide(defender.controller, "yesno", ["yes", "no"], f"whether {defender.label} retaliates"):
                    if not alive:
                        eng.fire("retaliate_when_destroyed")
                    _retaliate(eng, defender, attacker)
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
