"""Warhammer: Invasion: legends, fulcrums (Cataclysm), attacks beyond the ordinary zone attack,
and what happens after combat (Raider, Scout, surviving combat).

Legends. A legend card is in play in its controller's ``legend`` area (next to the capital, in no
capital zone). Its card gives power icons per zone (stats ``kingdom_icons``, ``quest_icons``,
``battlefield_icons``) and hit points. For card effects its power is the icons of its weakest zone
(clarification: legends); attacked through a zone it deals combat damage equal to its icons in that
zone (example). A legend may be declared as an attacker (its combat damage: its battlefield icons --
the corpus does not say; the battlefield is where attacks come from). An attack on a legend:
``{player: A, attack: legend, to: LEGEND, zone: kingdom, with: [..]}``; units in the zone it is
attacked through may defend, the attacked legend is declared as a defender automatically (unless
corrupted), and no damage may go to the zone (FAQ). A legend defends a capital zone only if a card
effect grants it (keyword ``defends zones``: Descendant of Gods).

Fulcrums (Cataclysm). A fulcrum (card type ``fulcrum``) is either in the common play area (zone
``common``, listed under either player: no player controls it for the attack rules) or in a zone of
the player who controls it. The fulcrum attack of a battlefield phase:
``{player: A, attack: fulcrum, to: FULCRUM, with: [..]}``. An attack on a fulcrum a player
controls is an attack on the zone that contains it (that player defends with that zone's units);
an attack on a fulcrum in the common play area has no defending player. Combat damage in a fulcrum
attack is assigned to defending units or to the fulcrum (its Cataclysm consequences -- control,
dominance -- are not in the corpus and are not modelled). A fulcrum leaves play only by an effect
that targets it.

After combat (once combat damage is applied): every participating unit or legend still in play has
survived combat (``survived_combat`` event); Raider X gives the attacking player resources, Scout
makes the opponent discard a card. Effects based on attacking, defending, participating in or
surviving combat happen in every attack of a phase (both attacks of a Cataclysm battlefield phase).

Attacks outside the battlefield phase: a card effect allows one (step ``{allow_attack: you}``, or a
unit with ``attacks_from_quest``); it follows all the battlefield phase's steps (defenders too), but
cannot target a fulcrum. Mulligan: ``{player: A, mulligan: true}`` shuffles back only the hand.

The ``attack`` action chain (each module wraps the one registered before it, in EXTENSIONS order):
this module (last) -> _whi_errata_a ('cannot be declared as an attacker') -> _whi_develop (units a
card lets attack from the quest zone) -> warhammer_invasion (zone attacks). An ordinary zone attack
goes down the whole chain; a legend or fulcrum attack, or one with a legend among the attackers, is
declared here (the 'cannot be declared' check of _whi_errata_a applies here too, and its ordinary
units are checked by _whi_develop.check_attacker, the same check as the quest-zone attack path).
``defend`` and ``assign`` wrap the core actions directly.
"""
from __future__ import annotations

from typing import Any

from judge.engine.game import NOT_MINE
from judge.games import _whi_develop as D
from judge.games import _whi_faq as F
from judge.games import _whi_rules as W
from judge.games._whi_rules import SECTIONS, rid

try:
    from judge.games import _whi_errata_a as _errata_a
except ModuleNotFoundError:  # the errata module is optional (warhammer_invasion.EXTENSIONS)
    _errata_a = None

ICONS = {z: f"{z}_icons" for z in SECTIONS}
COMBAT_EVENTS = ("declared_attacker", "declared_defender", "dealt_combat_damage", "survived_combat")


LEGENDS = rid("clarification:legends")
LEGENDS_EX = rid("clarification:legends:example-1")
OUTSIDE = rid("clarification:attacks-made-outside-of-the-battlefield-phase")
FAQ_EXCESS = rid("faq:assign-excess-damage-capital-attacking-legend")
FAQ_FULCRUM_CAPITAL = rid("faq:attack-fulcrum-attack-battlefield-attack-players-capital-such")
FAQ_FULCRUM_OUTSIDE = rid("faq:attack-fulcrum-attack-made-outside-battlefield-phase-like")
FAQ_CORRUPTED = rid("faq:exact-consequences-legend-being-corrupted-relation-combat")
FAQ_FULCRUM_EFFECTS = rid("faq:fulcrums-affected-card-effects-like-beastman-incursion-cac")
FAQ_LEGEND_ATTACKS_FULCRUM = rid("faq:legends-attack-fulcrums")
FAQ_LEGEND_DEFENDS_FULCRUM = rid("faq:legends-defend-fulcrums-descendant-gods-attached")
FAQ_SCOUT_RAIDER = rid("faq:scout-raider-trigger-after-attack-fulcrum")
FAQ_TWO_ATTACKS = rid("faq:effects-based-attacking-defending-participating-surviving-combat-triggered")


def bind(reg) -> None:
    reg.bind("legend_power_weakest", LEGENDS, LEGENDS_EX,
             does="for card effects a legend's power is the number of power icons in its weakest zone",
             off="a legend's power is the total of its power icons in all zones")
    reg.bind("legend_zone_icons_in_combat", LEGENDS_EX,
             does="a legend attacked through a zone deals combat damage equal to its power icons in that zone",
             off="a legend deals combat damage equal to its power (the icons of its weakest zone)")
    reg.bind("legend_auto_defends", LEGENDS,
             does="when the defending player declares defenders, an attacked legend that is not corrupted is "
                  "declared as a defender automatically",
             off="an attacked legend defends only if its controller declares it")
    reg.bind("legend_no_zone_defense", LEGENDS, FAQ_LEGEND_DEFENDS_FULCRUM,
             does="a legend cannot defend a capital zone or a fulcrum unless a card effect lets it "
                  "(Descendant of Gods: keyword 'defends zones')",
             off="a legend may be declared as a defender of any attacked zone or fulcrum of its controller")
    reg.bind("legend_corrupted_no_combat", LEGENDS, FAQ_CORRUPTED,
             does="a corrupted legend cannot be declared as an attacker or defender, nor is it declared "
                  "automatically; attacked, it can be dealt combat damage but deals none and is not "
                  "participating in combat",
             off="a corrupted legend may attack and defend (and is declared automatically when attacked)")
    reg.bind("legend_can_attack", LEGENDS, FAQ_LEGEND_ATTACKS_FULCRUM,
             does="a legend may be declared as an attacker (in a zone, legend or fulcrum attack)",
             off="only units in the battlefield may be declared as attackers")
    reg.bind("legend_excess_ignored", FAQ_EXCESS,
             does="when a legend is attacked, all combat damage is assigned to the legend or defending units; "
                  "none can go to the zone (damage left over from destroying the legend is ignored)",
             off="damage beyond what destroys the legend may be assigned to the zone it is attacked through")
    reg.bind("fulcrum_attack_in_battlefield_phase", FAQ_FULCRUM_OUTSIDE,
             does="a fulcrum can only be attacked by the fulcrum attack of the battlefield phase (Cataclysm "
                  "rules), not by an attack a card effect allows outside the battlefield phase",
             off="any attack, also one made outside the battlefield phase, may target a fulcrum")
    reg.bind("fulcrum_attack_is_zone_attack", FAQ_FULCRUM_CAPITAL,
             does="an attack on a fulcrum controlled by a player is also an attack on the zone of his capital "
                  "that contains the fulcrum",
             off="an attack on a fulcrum is not an attack on the player's capital")
    reg.bind("fulcrum_leaves_only_targeted", FAQ_FULCRUM_EFFECTS,
             does="a fulcrum is not affected by card effects that do not target it: it leaves play only by an "
                  "effect that specifically targets it",
             off="a fulcrum leaves play like any other card (group effects too)")
    reg.bind("after_combat_needs_defending_player", FAQ_SCOUT_RAIDER,
             does="Scout and Raider have no effect after an attack on a fulcrum in the common play area (no "
                  "defending player); after an attack on a fulcrum a player controls they resolve as normal",
             off="Scout and Raider resolve after every attack")
    reg.bind("every_attack_is_a_combat", FAQ_TWO_ATTACKS,
             does="every attack follows all steps of combat (the fulcrum attack of a Cataclysm battlefield phase, "
                  "an attack made outside the battlefield phase): effects based on attacking, defending, "
                  "participating in or surviving combat happen in each",
             off="such effects happen only in the first combat of a phase")
    reg.bind("outside_attack_all_steps", OUTSIDE,
             does="an attack a card effect allows outside the battlefield phase follows all steps of the battlefield "
                  "phase: the defending player declares defenders, damage is assigned and applied as in combat",
             off="an attack outside the battlefield phase has no declare-defenders step")
    reg.bind("mulligan_hand_only", rid("ruling:undead-and-wood-elf-capital-boards"),
             does="a mulligan shuffles only the hand back into the deck; cards the capital board discarded or "
                  "placed as developments at setup stay",
             off="a mulligan also shuffles those discarded cards and developments back into the deck")
    # "Undead player decides the order of the discarded cards": the owner orders cards entering his
    # discard pile together (mechanic bound in _whi_rules to the entering-the-discard-pile clarification).
    reg.bind("discard_order_owner", rid("ruling:undead-and-wood-elf-capital-boards"))
    reg.bind("raider", rid("keyword:raider-x"),
             does="after combat damage is applied, the attacking player gains resources equal to the combined "
                  "Raider X of his attacking units that survived combat (instances add up)",
             off="Raider does nothing")
    reg.bind("scout_without_damage", rid("keyword:scout"),
             does="Scout triggers after combat when its unit participated and survived, even if no damage was "
                  "dealt in combat",
             off="Scout triggers only if damage was dealt in combat")


def register(game) -> None:
    attack, defend, assign = game.actions["attack"], game.actions["defend"], game.actions["assign"]
    game.actions.update({
        "attack": lambda eng, player, act: _attack(eng, player, act, attack),
        "defend": lambda eng, player, act: _defend(eng, player, act, defend),
        "assign": lambda eng, player, act: _assign(eng, player, act, assign),
        "mulligan": _mulligan,
    })
    for verb in ("destroy", "sacrifice", "return_to_hand", "move"):
        game.steps[verb] = _guard_fulcrum(verb, game.steps.get(verb))
    game.functions["capital_attacked"] = _capital_attacked
    game.steps["allow_attack"] = _allow_attack


# -- bookkeeping --------------------------------------------------------------------------------

def _mem(eng) -> dict:
    m = getattr(eng, "_whi_legends", None)
    if m is None:
        m = {"combats": {}, "outside": set()}
        eng._whi_legends = m
    return m


def _phase_key(eng) -> tuple:
    return (eng.state.vars.get("turn"), eng.state.vars.get("phase"))


def _combat_number(eng) -> int:
    """Which attack of the current phase is being resolved (1 = the first)."""
    return _mem(eng)["combats"].get(_phase_key(eng), 0)


def _later_combat_counts(eng) -> bool:
    """In the second (or later) combat of a phase: do combat effects happen?"""
    if _combat_number(eng) <= 1:
        return True
    if eng.on("every_attack_is_a_combat"):
        eng.fire("every_attack_is_a_combat")
        return True
    return False


def is_legend(obj) -> bool:
    return obj is not None and obj.card.type == "legend"


def is_fulcrum(obj) -> bool:
    return obj is not None and obj.card.type == "fulcrum"


def _icons(eng, obj, zone: str) -> int:
    return int(eng.obj_attr(obj, ICONS[zone]) or 0)


# -- hooks ----------------------------------------------------------------------------------------

def obj_attr(eng, obj, name: str) -> Any:
    if name == "power" and is_legend(obj):
        icons = [int(obj.card.stats.get(ICONS[z]) or 0) for z in SECTIONS]
        if eng.on("legend_power_weakest"):
            if sum(icons) != min(icons):
                eng.fire("legend_power_weakest")
            return min(icons)
        return sum(icons)
    return NOT_MINE


def combat_power(eng, obj, combat) -> int | None:
    """The combat damage a legend adds to its side's pool: attacking, its battlefield icons; defending
    (attacked through a zone, or defending a zone), its icons in that zone."""
    if not is_legend(obj):
        return None
    if "defending" not in obj.flags:
        return _icons(eng, obj, "battlefield")
    power = int(eng.obj_attr(obj, "power") or 0)
    if not eng.on("legend_zone_icons_in_combat"):
        return power
    n = _icons(eng, obj, combat.get("zone") if combat.get("zone") in SECTIONS else "battlefield")
    if n != power:
        eng.fire("legend_zone_icons_in_combat")
    return n


def combat_foes(eng, combat, player) -> list:
    """Objects the attacker may assign combat damage to besides defending units: the attacked legend
    (also when corrupted: it can be dealt combat damage), the attacked fulcrum."""
    if player != combat.get("attacker") or not combat.get("target_oid"):
        return []
    o = eng.state.objects.get(combat["target_oid"])
    return [o] if o is not None and eng.is_in_play(o) else []


def keep_pending(eng, p) -> bool:
    ev = p.event or {}
    if ev.get("type") in COMBAT_EVENTS:
        if not _later_combat_counts(eng):
            eng.log("trigger_lost", source=p.source_label, reason="not the first combat of the phase")
            return False
    return True


# -- expression function ------------------------------------------------------------------------------

def _capital_attacked(eng, player) -> bool:
    """Is a zone of ``player``'s capital being attacked? (an ordinary zone attack, or an attack on a
    fulcrum he controls: the zone that contains it)"""
    combat = eng.state.vars.get("combat")
    if not combat or combat.get("defender") != player or combat.get("zone") not in SECTIONS:
        return False  # (no defending player: a fulcrum in the common play area)
    if combat.get("target") == "fulcrum":
        if not eng.on("fulcrum_attack_is_zone_attack"):
            return False
        eng.fire("fulcrum_attack_is_zone_attack")
    return combat.get("target") != "legend"


# -- attacks ----------------------------------------------------------------------------------------

def _attack(eng, player, act, orig) -> None:
    target = act["attack"]
    labels = list(act.get("with") or act.get("targets") or [])
    objs = [eng.obj(lbl) for lbl in labels]
    if target not in ("legend", "fulcrum") and not any(is_legend(o) for o in objs):
        n = _combat_number(eng)
        _mem(eng)["combats"][_phase_key(eng)] = n + 1  # before: 'when this unit attacks' triggers read it
        outside = _made_outside(eng, player, objs)
        try:
            orig(eng, player, act)
        except Exception:
            _mem(eng)["combats"][_phase_key(eng)] = n  # a rejected declaration is no attack
            raise
        combat = eng.state.vars.get("combat")
        if combat is not None and outside:
            combat["phase"] = eng.state.vars.get("phase")
        return
    opp = eng.state.opponent(player)
    if W.skipped(eng, "battlefield"):
        eng.fail("the battlefield phase has been skipped this turn")
    if target == "legend":
        legend = eng.obj(act.get("to") or "")
        if not is_legend(legend) or legend.controller != opp or not eng.is_in_play(legend):
            eng.fail(f"{act.get('to')} is not a legend of {opp}'s in play")
        zone = act.get("zone")
        if zone not in SECTIONS:
            eng.fail(f"a legend is attacked through a zone ({', '.join(SECTIONS)}), got {zone!r}")
        combat = {"attacker": player, "defender": opp, "zone": zone, "assign": {}, "target": "legend",
                  "target_oid": legend.oid}
    elif target == "fulcrum":
        fulcrum = eng.obj(act.get("to") or "")
        if not is_fulcrum(fulcrum) or not eng.is_in_play(fulcrum):
            eng.fail(f"{act.get('to')} is not a fulcrum in play")
        if eng.state.vars.get("phase") != "battlefield" or eng.state.vars.get("active") != player:
            if eng.on("fulcrum_attack_in_battlefield_phase"):
                eng.fire("fulcrum_attack_in_battlefield_phase")
                eng.fail("a fulcrum can only be attacked by the fulcrum attack of the active player's battlefield "
                         "phase (Cataclysm rules), not by an attack made outside the battlefield phase")
        if fulcrum.zone == "common":  # no defending player; "an attack on a fulcrum is an attack on the battlefield"
            defender, zone = None, "battlefield"
        else:
            if fulcrum.controller == player:
                eng.fail(f"{fulcrum.label} is controlled by {player}")
            defender, zone = fulcrum.controller, fulcrum.zone
        combat = {"attacker": player, "defender": defender, "zone": zone, "assign": {}, "target": "fulcrum",
                  "target_oid": fulcrum.oid}
    else:
        if target not in SECTIONS:
            eng.fail(f"cannot attack {target!r}: zones are {', '.join(SECTIONS)}, or a legend / fulcrum")
        combat = {"attacker": player, "defender": opp, "zone": target, "assign": {}, "target": "zone"}
    if _errata_a is not None:  # 'cannot be declared as an attacker' holds for these attacks too
        _errata_a.refuse_undeclarable(eng, labels)
    attackers = []
    for label, o in zip(labels, objs):
        if is_legend(o) and o.controller == player and eng.is_in_play(o):
            if not eng.on("legend_can_attack"):
                eng.fail(f"{label} cannot attack: only units in {player}'s battlefield attack")
            eng.fire("legend_can_attack")
            if "corrupted" in o.flags and eng.on("legend_corrupted_no_combat"):
                eng.fire("legend_corrupted_no_combat")
                eng.fail(f"{label} is a corrupted legend and cannot be declared as an attacker")
        else:
            D.check_attacker(eng, player, label, o)
        attackers.append(o)
    _mem(eng)["combats"][_phase_key(eng)] = _combat_number(eng) + 1
    if _made_outside(eng, player, attackers):
        combat["phase"] = eng.state.vars.get("phase")
    eng.state.vars["combat"] = combat
    eng.touch()
    eng.log("attack_declared", player=player, target=target,
            card=eng.state.objects[combat["target_oid"]].label if combat.get("target_oid") else None,
            zone=combat["zone"])
    F.declare(eng, attackers, "attacking", "declared_attacker", player)


def _made_outside(eng, player, attackers) -> bool:
    """Is this an attack a card effect allows outside the battlefield phase (``allow_attack`` this
    phase, or an attacker that attacks from outside the battlefield)?"""
    return eng.state.vars.get("phase") != "battlefield" and (
        (_phase_key(eng), player) in _mem(eng)["outside"]
        or any(D.attacks_from_elsewhere(eng, player, o) for o in attackers))


def _allow_attack(eng, st, b) -> bool:
    """{allow_attack: PLAYER}: that player may make an attack this phase (outside the battlefield phase)."""
    player = eng.eval(st["allow_attack"], b)
    _mem(eng)["outside"].add((_phase_key(eng), player))
    eng.log("attack_allowed", player=player, phase=eng.state.vars.get("phase"))
    return True


def _defend(eng, player, act, orig) -> None:
    combat = eng.state.vars.get("combat")
    labels = list(act.get("defend") or [])
    if not combat or combat.get("defender") != player:
        orig(eng, player, act)  # the core says why this player is not defending
        return
    if combat.get("phase") not in (None, "battlefield"):  # an attack a card effect allows outside the battlefield phase
        if not eng.on("outside_attack_all_steps"):
            eng.fail("an attack made outside the battlefield phase has no declare-defenders step")
        eng.fire("outside_attack_all_steps")
    attacked = eng.state.objects.get(combat.get("target_oid")) if combat.get("target") == "legend" else None
    legends, units = [], []
    for label in labels:
        o = eng.obj(label)
        if attacked is not None and o is attacked:
            continue  # declared automatically below
        (legends if is_legend(o) else units).append(label)
    for label in legends:
        o = eng.obj(label)
        if o.controller != player or not eng.is_in_play(o):
            eng.fail(f"{label} is not {player}'s legend in play")
        if "corrupted" in o.flags and eng.on("legend_corrupted_no_combat"):
            eng.fire("legend_corrupted_no_combat")
            eng.fail(f"{label} is a corrupted legend and cannot be declared as a defender")
        if eng.on("legend_no_zone_defense"):
            eng.fire("legend_no_zone_defense")
            if "defends zones" not in (eng.obj_attr(o, "keywords") or []):
                what = "a fulcrum" if combat.get("target") == "fulcrum" else "a capital zone"
                eng.fail(f"{label} is a legend: it cannot defend {what} unless a card effect allows it")
    orig(eng, player, {**act, "defend": units})
    declared = [eng.obj(lbl) for lbl in legends]
    if attacked is not None and eng.is_in_play(attacked) and "defending" not in attacked.flags:
        if eng.on("legend_auto_defends"):
            if "corrupted" in attacked.flags and eng.on("legend_corrupted_no_combat"):
                eng.fire("legend_corrupted_no_combat")
                eng.log("not_declared", card=attacked.label, reason="a corrupted legend cannot defend")
            else:
                eng.fire("legend_auto_defends")
                declared.append(attacked)
        else:
            eng.log("not_declared", card=attacked.label, reason="not declared by its controller")
    if declared:
        F.declare(eng, declared, "defending", "declared_defender", player)


def _assign(eng, player, act, orig) -> None:
    combat = eng.state.vars.get("combat")
    if not combat:
        orig(eng, player, act)  # the core says there is no combat
        return
    if "capital" in (act.get("assign") or {}) and player == combat.get("attacker"):
        if combat.get("target") == "legend" and eng.on("legend_excess_ignored"):
            eng.fire("legend_excess_ignored")
            eng.fail("a legend is being attacked: all combat damage goes to the legend or defending units, none "
                     "to the zone")
        if combat.get("target") == "fulcrum":
            eng.fail("in a fulcrum attack combat damage is assigned to defending units or the fulcrum")
    before = dict(combat)
    participants = [(o.label, o.controller, "attacking" if "attacking" in o.flags else "defending")
                    for o in eng.in_play() if ("attacking" in o.flags or "defending" in o.flags)
                    and "corrupted" not in o.flags]
    start = len(eng.events)
    orig(eng, player, act)
    if eng.state.vars.get("combat") is None:
        _after_combat(eng, before, participants, start)


def _damage_dealt_since(eng, start: int) -> bool:
    return any(e.get("event") == "damage_dealt" and e.get("combat") and e.get("amount") for e in eng.events[start:])


def _after_combat(eng, combat: dict, participants: list, start) -> None:
    """Combat damage has been applied: survivors, Raider, Scout."""
    survivors = []
    for label, ctrl, role in participants:
        o = eng.obj(label)
        if o is not None and eng.is_in_play(o):
            survivors.append((o, ctrl, role))
    if not survivors or not _later_combat_counts(eng):
        return
    eng.emit([{"type": "survived_combat", "obj": o, "player": ctrl, "role": role} for o, ctrl, role in survivors])
    no_defender = combat.get("defender") is None
    attacker = combat["attacker"]
    raid = sum(W.keyword_value(eng, o, "raider") for o, ctrl, role in survivors if role == "attacking")
    if raid and eng.on("raider"):
        eng.fire("raider")
        if no_defender and eng.on("after_combat_needs_defending_player"):
            eng.fire("after_combat_needs_defending_player")
            eng.log("no_effect", keyword="raider", reason="attack on a fulcrum in the common play area")
        else:
            data = eng.state.player_data[attacker]
            data["resources"] = (data.get("resources") or 0) + raid
            eng.touch()
            eng.log("raider", player=attacker, amount=raid)
    for o, ctrl, role in survivors:
        if not W.keyword_value(eng, o, "scout"):
            continue
        if not _damage_dealt_since(eng, start):
            if not eng.on("scout_without_damage"):
                eng.log("no_effect", keyword="scout", card=o.label, reason="no damage dealt in combat")
                continue
            eng.fire("scout_without_damage")
        if no_defender and eng.on("after_combat_needs_defending_player"):
            eng.fire("after_combat_needs_defending_player")
            eng.log("no_effect", keyword="scout", card=o.label, reason="attack on a fulcrum in the common play area")
            continue
        opp = eng.state.opponent(ctrl)
        eng.log("scout", card=o.label, player=opp)
        eng.run_step({"discard_hand": 1, "player": "opponent"}, eng.bindings_for(o, ctrl))
    eng.settle()


# -- fulcrums are not affected by effects that do not target them -------------------------------------

def _target_names(b: dict) -> set:
    src = b.get("this")
    card = getattr(src, "card", None)
    if card is None:
        return set()
    return {spec.get("name") for ab in card.abilities for spec in (ab.get("targets") or [])}


def _guard_fulcrum(verb: str, inner):
    def step(eng, st, b) -> bool:
        ref = st[verb]
        objs = eng.resolve_ref(ref, b)
        shielded = [o for o in objs if is_fulcrum(o) and eng.is_in_play(o)
                    and not (isinstance(ref, str) and ref in _target_names(b))]
        if shielded and eng.on("fulcrum_leaves_only_targeted"):
            eng.fire("fulcrum_leaves_only_targeted")
            for o in shielded:
                eng.log("not_affected", card=o.label, reason="a fulcrum leaves play only by an effect targeting it")
            rest = [o for o in objs if o not in shielded]
            if not rest:
                return False
            st = {**st, verb: rest}
        if inner is not None:
            return inner(eng, st, b)
        if verb in eng.game.leave_verbs:
            return eng.step_leave(verb, st, b)
        return getattr(eng, "step_" + verb)(st, b)
    return step


# -- mulligan (capital boards) -------------------------------------------------------------------------

def _mulligan(eng, player, act) -> None:
    """{player: A, mulligan: true}: the player shuffles his hand into his deck and draws that many
    cards again. Cards his capital board discarded or placed as developments at setup stay where
    they are (Undead and Wood Elf capital boards ruling). The engine has no random order: the
    shuffled cards go to the bottom of the deck, so the cards drawn are the deck's top ones."""
    back = eng.zone_objs(player, "hand")
    n = len(back)
    setup = eng.zone_objs(player, "discard") + [o for o in eng.in_play()
                                                if o.owner == player and "development" in o.flags]
    if not eng.on("mulligan_hand_only"):
        back += setup
    elif setup:
        eng.fire("mulligan_hand_only")
    for o in back:
        eng.move(o, "deck", cause="mulligan", position="bottom")
    eng.log("shuffled", player=player)
    eng.log("mulligan", player=player, returned=len(back))
    F.draw_cards(eng, player, n)
