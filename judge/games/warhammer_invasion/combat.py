"""Declaring attacks and defences: the ``attack`` and ``defend`` fixture verbs.

``attack`` (``{player: A, attack: ZONE, with: [units]}``; legend and fulcrum attacks:
``{attack: legend | fulcrum, to: CARD, zone: ZONE}``, see legends.py) runs these checks in this
order: the attack is counted among the phase's attacks (combat effects of a later attack may not
happen); units that 'cannot be declared as an attacker' are refused; units a card lets attack from
outside the battlefield (``attacks_from_quest``) declare the attack from where they are; otherwise
the ordinary zone attack: only uncorrupted units in the attacker's battlefield. Attackers (and
defenders) are declared all at once. An attack a card effect allows outside the battlefield phase
(``allow_attack``) remembers its phase. Counterstrike strikes as defenders are declared
(keywords.py); combat damage: combat_damage.py."""
from __future__ import annotations

from typing import Any

from judge.engine.game import NOT_MINE

from . import defending, keywords, legends, triggered
from .common import SECTIONS
from .playing import entry_blocked
from .turn import phase_number, skip_to_end_of_turn, skipped

COMBAT_EVENTS = ("declared_attacker", "declared_defender", "dealt_combat_damage", "survived_combat")

#: this mechanic's replay memory (engine.memory "whi.combat"), as it starts
_MEMORY = {"combats": {}, "attacks": {}, "grants": {}, "outside": set(), "declaration_only_seen": set(), "must_defend": set(),
           "ambushed": [], "ambush_step": None, "held": [], "list_goes_on": False,
           "no_attack_turn": None,  # the turn an attack declared with no attackers skipped to its end
           "attacked": {}}  # phase key -> oids of the units declared as attackers in that phase


def register(game) -> None:
    game.actions.update({"attack": attack, "defend": defend, "ambush": ambush})
    game.steps.update({"allow_attack": _allow_attack, "enter_attacking": _enter_attacking})


def _mem(eng) -> dict:
    return eng.memory("whi.combat", _MEMORY)


def _phase_key(eng) -> tuple:
    """This phase: the turn, the phase, and which of the turn's battlefield phases (an additional one is
    another phase)."""
    phase = eng.state.vars.get("phase")
    return (eng.state.vars.get("turn"), phase, phase_number(eng, phase))


def note_attackers(eng, events: list[dict]) -> None:
    """Remember the units declared as attackers in this phase (also those put into play declared as an
    attacker), for every attack whatever cards are in play: a unit 'attacked' in a phase when it was
    declared as an attacker in it (clarification:battlefield-phase: 'Active player simultaneously declares
    all attackers'), and stays so once moved out of the battlefield (no longer attacking: moving cards
    clarification) or after combat has ended (no longer attacking: end of combat). No corpus entry defines
    the phrase 'attacked this phase' itself; Reckless Attack is the card of the corpus that reads it."""
    for e in events:
        if e["type"] == "declared_attacker" and e.get("obj") is not None:
            _mem(eng)["attacked"].setdefault(_phase_key(eng), set()).add(e["obj"].oid)


def attacked_this_phase(eng, obj) -> bool:
    """Attribute ``attacked_this_phase`` (game state, set by no card): ``obj`` was declared as an attacker in
    the current phase -- an additional battlefield phase is another phase (the same card in play: a card that
    left play and came back is a new card, out-of-play clarification)."""
    return obj.oid in _mem(eng)["attacked"].get(_phase_key(eng), ())


def _combat_number(eng) -> int:
    """Which attack of the current phase is being resolved (1 = the first)."""
    return _mem(eng)["combats"].get(_phase_key(eng), 0)


def later_combat_counts(eng) -> bool:
    """In the second (or later) combat of a phase: do combat effects happen?"""
    if _combat_number(eng) <= 1:
        return True
    if eng.applies("every_attack_is_a_combat"):
        return True
    return False


def keep_combat_trigger(eng, p) -> bool:
    """Effects of attacking, defending, dealing damage in or surviving combat: in every attack of a phase."""
    ev = p.event or {}
    if ev.get("type") in COMBAT_EVENTS:
        if not later_combat_counts(eng):
            eng.log("trigger_lost", source=p.source_label, reason="not the first combat of the phase")
            return False
    return True


def attacking_zone(eng, obj) -> Any:
    """The zone of an attacker that attacks from outside the battlefield: the battlefield (unless
    attack_not_in_battlefield); NOT_MINE for other cards."""
    if "attacking" in obj.flags and obj.zone != "battlefield" and eng.is_in_play(obj):
        if not eng.on("attack_not_in_battlefield"):
            return "battlefield"
        eng.fire("attack_not_in_battlefield")
    return NOT_MINE


# -- attack -------------------------------------------------------------------------------------------

def attack(eng, player, act) -> None:
    """{player: A, attack: ZONE | legend | fulcrum, with: [units]}: declare an attack (order: module docstring).
    Declaring it ends the action window before it -- once the declaration is made: a refused one changes
    nothing (conditions met by the declaration itself belong to the window after it)."""
    attacker_is_active(eng, player)
    _declare_attack(eng, player, act)
    step_closes_window(eng, "the attack is declared")


def _declare_attack(eng, player, act) -> None:
    target = act["attack"]
    labels = list(act.get("with") or act.get("targets") or [])
    defending.named_once(eng, labels, "with" if act.get("with") else "targets")
    objs = [eng.obj(lbl) for lbl in labels]
    outside = _made_outside(eng, player, objs)
    counted = target != "fulcrum"  # the phase's own attack (or the one a card allows), not the fulcrum attack
    # whether an attack may be declared now comes first: an attack with no attackers is a declaration too
    if counted:
        attack_phase_allowed(eng, player, outside)
        one_attack_per_phase(eng, player)
    else:
        one_fulcrum_attack_per_phase(eng)
    if not labels and no_attackers_ends_phase(eng, player):
        return
    if skipped(eng, "battlefield"):  # clarification:the-word-skip: no attack of the phase bypassed, from anywhere
        eng.fail("the battlefield phase has been skipped this turn", rule="skip_phase")
    if target in ("legend", "fulcrum") or any(legends.is_legend(o) for o in objs):
        _attack_with_legends(eng, player, act, target, labels, objs)
        _count_attack(eng, counted)
        return
    n = _combat_number(eng)
    _mem(eng)["combats"][_phase_key(eng)] = n + 1  # before: 'when this unit attacks' triggers read it
    try:
        refuse_undeclarable(eng, labels)
        if any(attacks_from_elsewhere(eng, player, o) for o in objs) and target in SECTIONS:
            _attack_from_elsewhere(eng, player, target, labels, objs)
        else:
            _zone_attack(eng, player, target, labels)
    except Exception:
        _mem(eng)["combats"][_phase_key(eng)] = n  # a rejected declaration is no attack
        raise
    combat = eng.state.vars.get("combat")
    if combat is not None and outside:
        combat["phase"] = eng.state.vars.get("phase")
    _count_attack(eng, counted)


def _count_attack(eng, counted: bool) -> None:
    """A declared attack is this phase's attack, or its fulcrum attack."""
    key = _phase_key(eng) if counted else _phase_key(eng) + ("fulcrum",)
    attacks = _mem(eng)["attacks"]
    attacks[key] = attacks.get(key, 0) + 1


def one_fulcrum_attack_per_phase(eng) -> None:
    """A Cataclysm battlefield phase has two attacks (faq:effects-based-...: 'since you have two attacks'):
    its own and THE fulcrum attack the Cataclysm rules grant -- one fulcrum attack a battlefield phase.
    Mechanic off: any number of fulcrum attacks."""
    if _mem(eng)["attacks"].get(_phase_key(eng) + ("fulcrum",)) and eng.applies("one_fulcrum_attack_per_phase"):
        eng.fail("the fulcrum attack of this battlefield phase has already been made", rule="one_fulcrum_attack_per_phase")


def step_closes_window(eng, step: str) -> None:
    """A step of the battlefield phase (declaring the attack, the defenders, assigning combat damage) ends
    the action window before it: a Triggered Action whose condition was met earlier and not used then has
    lapsed (ruling:b-action-window-1: at its first opportunity, or not at all). Conditions met by the step
    itself ('when this unit attacks') belong to the window after it."""
    triggered.expire(eng, "triggered_action_window", f"the action window closed ({step})", earlier_only=True)


def attack_phase_allowed(eng, player, outside: bool) -> None:
    """Attacks are made in the battlefield phase; in another phase only when a card effect allows one (an
    ``allow_attack`` grant, a unit a card lets attack during this phase: Wolves of the North 'overrides the
    restriction that you can attack from your battlefield during the battlefield phase'). Mechanic off: an
    attack may be declared in any phase."""
    phase = eng.state.vars.get("phase")
    if phase != "battlefield" and not outside and eng.applies("attacks_in_battlefield_phase"):
        eng.fail(f"attacks are made in the battlefield phase: no card effect allows {player} an attack"
                 f" in the {phase} phase", rule="attacks_in_battlefield_phase")


def one_attack_per_phase(eng, player) -> None:
    """clarification:battlefield-phase: 'Active player declares the target of his attack, if any' -- one
    attack in a battlefield phase (a further attack needs another battlefield phase, Bash 'Em!; the Cataclysm
    fulcrum attack is not that attack); an attack a card allows outside the battlefield phase follows all the
    battlefield phase's steps (clarification:attacks-made-outside-of-the-battlefield-phase): one attack for
    each such grant in that phase. Mechanic off: any number of attacks in a phase."""
    key = _phase_key(eng)
    allowed = max(1, _mem(eng)["grants"].get((key, player), 0))
    if _mem(eng)["attacks"].get(key, 0) >= allowed and eng.applies("one_attack_per_phase"):
        eng.fail("the attack of this phase has already been made: one attack per battlefield phase (or per attack"
                 " a card allows)", rule="one_attack_per_phase")


def attacker_is_active(eng, player) -> None:
    """Only the active player declares an attack (clarification:battlefield-phase: 'Active player declares
    the target of his attack'); an attack a card effect allows a player (``allow_attack``) is his to make.
    Mechanic off: either player may declare one."""
    if player == eng.state.vars.get("active") or (_phase_key(eng), player) in _mem(eng)["outside"]:
        return
    if eng.applies("active_player_declares_attack"):
        eng.fail(f"{player} is not the active player: only the active player declares an attack",
                 rule="active_player_declares_attack")


def no_attackers_ends_phase(eng, player) -> bool:
    """An attack declared with no attackers: there is no combat and players skip at once to the end of the
    turn (clarification:battlefield-phase) -- nothing is attacked, nobody defends, no damage. Mechanic off:
    the attack goes on with no attackers (the target is attacked, defenders may be declared)."""
    if not eng.applies("no_attackers_skip_to_end"):
        return False
    eng.state.vars.pop("combat", None)
    _mem(eng)["no_attack_turn"] = eng.state.vars.get("turn")
    skip_to_end_of_turn(eng)  # the phase ends (its end-of-phase effects), the turn is at its end
    eng.touch()
    eng.log("no_attackers_declared", player=player, skipped_to="end of turn")
    return True


def _zone_attack(eng, player, zone, labels) -> None:
    """The ordinary attack: a zone of the opponent's capital, with uncorrupted units from the battlefield."""
    opp = eng.state.opponent(player)
    if zone not in SECTIONS:
        eng.fail(f"cannot attack {zone!r}: zones are {', '.join(SECTIONS)}")
    section = eng.obj(f"{opp} capital {zone}")
    if section is not None and "burning" in section.flags:  # a burning zone functions normally
        if not eng.on("attack_burning_zone"):
            eng.fail(f"{opp}'s {zone} is burning: it cannot be attacked")
        eng.fire("attack_burning_zone")
    attackers = []
    for label in labels:
        o = eng.obj(label)
        if o is None or o.where != f"{player}.battlefield":
            eng.fail(f"{label} cannot attack: only units in {player}'s battlefield attack")
        refuse_non_unit(eng, label, o, "an attacker")
        refuse_corrupted(eng, label, o)
        attackers.append(o)
    eng.state.vars["combat"] = combat = {"attacker": player, "defender": opp, "zone": zone, "assign": {}}
    _log_attack(eng, player, zone, combat)
    declare(eng, attackers, "attacking", "declared_attacker", player)


def _attack_from_elsewhere(eng, player, zone, labels, objs) -> None:
    """An attack with units a card lets attack from outside the battlefield (attribute
    ``attacks_from_quest``: Wolves of the North, Sack Tor Aendris); a corrupted unit still cannot be
    declared as an attacker."""
    for lbl, o in zip(labels, objs):
        if o is None or not eng.is_in_play(o) or o.controller != player:
            eng.fail(f"{lbl} is not a unit {player} controls in play")
        check_attacker(eng, player, lbl, o)
    eng.state.vars["combat"] = combat = {"attacker": player, "defender": eng.state.opponent(player), "zone": zone,
                                         "assign": {}, "phase": eng.state.vars.get("phase")}
    eng.touch()
    _log_attack(eng, player, zone, combat)
    declare(eng, objs, "attacking", "declared_attacker", player)


def _attack_with_legends(eng, player, act, target, labels, objs) -> None:
    """An attack on a legend or a fulcrum, or one with a legend among the attackers."""
    opp = eng.state.opponent(player)
    if target == "legend":
        combat = legends.legend_attack(eng, player, act, opp)
    elif target == "fulcrum":
        combat = legends.fulcrum_attack(eng, player, act)
    else:
        if target not in SECTIONS:
            eng.fail(f"cannot attack {target!r}: zones are {', '.join(SECTIONS)}, or a legend / fulcrum")
        combat = {"attacker": player, "defender": opp, "zone": target, "assign": {}, "target": "zone"}
    refuse_undeclarable(eng, labels)  # 'cannot be declared as an attacker' holds for these attacks too
    attackers = []
    for label, o in zip(labels, objs):
        if legends.is_legend(o) and o.controller == player and eng.is_in_play(o):
            legends.check_legend_attacker(eng, player, label, o)
        else:
            check_attacker(eng, player, label, o)
        attackers.append(o)
    _mem(eng)["combats"][_phase_key(eng)] = _combat_number(eng) + 1
    if _made_outside(eng, player, attackers):
        combat["phase"] = eng.state.vars.get("phase")
    eng.state.vars["combat"] = combat
    eng.touch()
    _log_attack(eng, player, target, combat)
    declare(eng, attackers, "attacking", "declared_attacker", player)


def _log_attack(eng, player, target, combat) -> None:
    """Every attack logs what it attacks (``attack_declared``), before its ``declared_attacker`` events (NEWUSER44)."""
    eng.log("attack_declared", player=player, target=target,
            card=eng.state.objects[combat["target_oid"]].label if combat.get("target_oid") else None,
            zone=combat["zone"])


def attacks_from_elsewhere(eng, player, o) -> bool:
    """A unit of ``player``'s in play outside the battlefield that a card effect lets attack from where
    it is (attribute ``attacks_from_quest``: Wolves of the North, Sack Tor Aendris)."""
    return (o is not None and eng.is_in_play(o) and o.controller == player and o.zone in SECTIONS
            and o.zone != "battlefield" and bool(eng.obj_attr(o, "attacks_from_quest")))


def check_attacker(eng, player, label, o) -> None:
    """May unit ``o`` be declared as one of ``player``'s attackers? Only units in his battlefield, or
    one a card lets attack from elsewhere; a corrupted unit never (``refuse_corrupted``)."""
    away = attacks_from_elsewhere(eng, player, o)
    if o is None or (o.where != f"{player}.battlefield" and not away):
        eng.fail(f"{label} cannot attack: only units in {player}'s battlefield attack")
    refuse_non_unit(eng, label, o, "an attacker")
    refuse_corrupted(eng, label, o)


def refuse_non_unit(eng, label, o, role: str) -> None:
    """Only units (and legends, as legends.py allows) are declared as attackers or defenders: a card in the
    zone that is not one -- a development, face down or made a faceup development by an effect (Judgement
    of Loec, Tree Kin) -- is not, whatever its printed type."""
    if eng.obj_attr(o, "type") not in ("unit", "legend"):
        eng.fail(f"{label} cannot be declared as {role}: it is not a unit")


def refuse_corrupted(eng, label, o) -> None:
    """A corrupted unit cannot be declared as an attacker, wherever it attacks from (an effect that
    lets it attack from the quest zone overrides only where and when it may attack). Mechanic off: a
    corrupted unit may be declared as an attacker."""
    if "corrupted" in o.flags and eng.applies("corrupted_cannot_attack"):
        eng.fail(f"{label} is corrupted and cannot be declared as an attacker", rule="corrupted_cannot_attack")


def refuse_undeclarable(eng, labels) -> None:
    """'Cannot be declared as an attacker' (barred from attacking): refused at declaration."""
    for label in labels:
        o = eng.obj(label)
        if o is not None and defending.barred(eng, o, "attack"):
            eng.fail(f"{label} cannot be declared as an attacker", text=eng.text_granting(o, "cannot attack"))


def _made_outside(eng, player, attackers) -> bool:
    """Is this an attack a card effect allows outside the battlefield phase (``allow_attack`` this
    phase, or an attacker that attacks from outside the battlefield)?"""
    return eng.state.vars.get("phase") != "battlefield" and (
        (_phase_key(eng), player) in _mem(eng)["outside"]
        or any(attacks_from_elsewhere(eng, player, o) for o in attackers))


def _allow_attack(eng, st, b) -> bool:
    """{allow_attack: PLAYER}: that player may make an attack this phase (outside the battlefield phase)."""
    player = eng.eval(st["allow_attack"], b)
    _mem(eng)["outside"].add((_phase_key(eng), player))
    grants = _mem(eng)["grants"]
    grants[(_phase_key(eng), player)] = grants.get((_phase_key(eng), player), 0) + 1
    eng.log("attack_allowed", player=player, phase=eng.state.vars.get("phase"))
    return True


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


# -- defend -------------------------------------------------------------------------------------------

def defend(eng, player, act) -> None:
    """{player: B, defend: [units]}: the defending player declares defenders: units in the attacked zone;
    legends only as legends.py allows (an attacked legend defends automatically)."""
    combat = eng.state.vars.get("combat")
    defending.named_once(eng, list(act.get("defend") or []), "defend")
    if not defending.is_defending_player(eng, player):
        _declare_defenders(eng, player, act)  # says why this player is not defending
        return
    if combat.get("phase") not in (None, "battlefield"):  # an attack a card effect allows outside the battlefield phase
        if not eng.on("outside_attack_all_steps"):
            eng.fail("an attack made outside the battlefield phase has no declare-defenders step")
        eng.fire("outside_attack_all_steps")
    if combat.get("defenders_declared") and eng.applies("declare_all_at_once"):
        eng.fail("the defenders of this attack have been declared: defenders are declared all at once",
                 rule="declare_all_at_once")
    mem = _mem(eng)
    if mem["held"] or mem["ambushed"]:
        ambush_texts_resolve(eng)  # declaring defenders ends the ambushing: their texts resolve first
    attacked, legend_labels, units = legends.sort_defenders(eng, player, combat, list(act.get("defend") or []))
    _must_defend(eng, units)
    _declare_defenders(eng, player, {**act, "defend": units})
    combat["defenders_declared"] = True
    step_closes_window(eng, "defenders are declared")  # once they are: a refused declaration changes nothing
    declared = legends.legend_defenders(eng, player, legend_labels, attacked)
    if declared:
        declare(eng, declared, "defending", "declared_defender", player)


def _declare_defenders(eng, player, act) -> None:
    """Units in the attacked zone, uncorrupted and able to defend; Counterstrike strikes as they are declared."""
    combat = eng.state.vars.get("combat")
    if not defending.is_defending_player(eng, player):
        # this turn's attack had no attackers: 'nobody defends' is that rule's (clarification:battlefield-phase)
        skipped_to_end = not combat and _mem(eng)["no_attack_turn"] == eng.state.vars.get("turn")
        eng.fail(f"{player} is not defending", rule="no_attackers_skip_to_end" if skipped_to_end
                 else defending.why_not_defending(eng, player))
    defenders = []
    for label in act["defend"] or []:
        o = eng.obj(label)
        if o is None or o.where != f"{player}.{combat['zone']}":
            eng.fail(f"{label} cannot defend: it is not in the attacked zone")
        refuse_non_unit(eng, label, o, "a defender")
        if "corrupted" in o.flags:  # the game's convention: the corpus says it of attackers and legends only,
            eng.begin_check()  # so no rule is named (not the declaring step's mechanics)
            eng.fail(f"{label} is corrupted and cannot be declared as a defender (the game's convention: no rule)")
        if defending.barred(eng, o, "defend"):
            eng.fail(f"{label} cannot defend this turn", text=eng.text_granting(o, "cannot defend"))
        defenders.append(o)
    declare(eng, defenders, "defending", "declared_defender", player)
    keywords.counterstrike(eng, player, defenders)


# -- Ambush ------------------------------------------------------------------------------------------

def _ambush_cost(card) -> int | None:
    """The Ambush value printed on a card (Ambush X: X; Ambush: 0), None without the keyword. A facedown
    development shows no keywords, but Ambush X is active on it: the printed keywords are read."""
    for kw in card.keywords:
        parts = str(kw).split()
        if parts and parts[0] == "ambush":
            return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0
    return None


def ambush(eng, player, act) -> None:
    """{player: B, ambush: CARD or [CARDS]}: after attackers are declared and before defenders, the defending
    player pays a development's Ambush X to turn it faceup in the defending zone: it is its printed card type
    again; an ambushed unit must be declared as a defender in the next declare-defenders step. The cards'
    game text answers their ambushing only after all cards have ambushed (texts_after_all_ambushed)."""
    labels = act["ambush"] if isinstance(act["ambush"], list) else [act["ambush"]]
    _mem(eng)["ambush_step"] = eng.step.index  # this action's own events do not end the ambushing (ambush_over)
    for i, label in enumerate(labels):
        _mem(eng)["list_goes_on"] = i < len(labels) - 1
        _ambush_one(eng, player, label)
    _mem(eng)["list_goes_on"] = False
    if isinstance(act["ambush"], list) or not _can_still_ambush(eng, player):
        ambush_texts_resolve(eng)


def _ambush_one(eng, player, label: str) -> None:
    o = eng.obj(label)
    combat = eng.state.vars.get("combat")
    if not defending.is_defending_player(eng, player) or combat.get("defenders_declared"):
        # keyword:ambush-x: 'After the Declare Attackers step and before the Declare Defenders step, the
        # defending player can pay the Ambush X value'
        eng.fail("Ambush: only the defending player, after attackers are declared and before defenders are",
                 rule=defending.why_not_defending(eng, player) or "ambush")
    if o is None or _ambush_cost(o.card) is None:
        eng.fail(f"{label} is not a card with Ambush in the defending zone")
    if not defending.in_defending_zone(eng, o):  # keyword: Ambush X is paid 'on a development in the defending zone'
        eng.fail(f"{label} is not a card with Ambush in the defending zone", rule="ambush")
    if not eng.on("ambush"):
        eng.fail("developments cannot ambush", rule="ambush")
    if "development" not in o.flags:  # a faceup development (or a card in play faceup) cannot ambush
        eng.fail(f"{label} is not a facedown development: Ambush may only be triggered on one", rule="ambush")
    x = _ambush_cost(o.card)
    pay = [{"pay": x}]
    if x > (eng.player_attr(player, "resources") or 0):
        # Ambush X is a cost: a player who cannot pay it cannot ambush (as for any play or use; off, the
        # unpayable cost is left out, as the core does)
        if eng.on("costs_paid_in_full"):
            eng.fail(f"{player} cannot pay Ambush {x} for {label}", rule="costs_paid_in_full")
        pay = []
    eng.fire("ambush")
    b = eng.bindings_for(o, player)
    eng.run_steps(pay + [{"turn_faceup": label}], b)
    new = eng.obj(label)
    if new.card.type == "unit":
        _mem(eng)["must_defend"].add(new.oid)
    _mem(eng)["ambushed"].append(new.oid)
    # the card has ambushed now; what its text does in answer waits (hold_ambush_text; off: it resolves now)
    eng.emit([{"type": "ambushed", "obj": new, "player": player, "card_type": new.card.type}])
    eng.settle()


def _can_still_ambush(eng, player) -> bool:
    """Could the defending player ambush another card now (a facedown development with Ambush X in the
    defending zone, X payable)? If not, all cards have ambushed."""
    combat = eng.state.vars.get("combat") or {}
    money = eng.player_attr(player, "resources") or 0
    return any("development" in o.flags and _ambush_cost(o.card) is not None and _ambush_cost(o.card) <= money
               for o in eng.zone_objs(player, combat.get("zone")))


def ambush_texts_resolve(eng, settle: bool = True) -> None:
    """keyword:ambush-x: "After all cards have ambushed, resolve any game text on those cards as separate
    actions": each card's 'ambushed' event in turn, what it triggers resolved before the next. Called once
    the ambushing is over: a list of cards ambushed together, no other card that could ambush, the
    declare-defenders step, or any other action (observe: there the texts' effects wait in the pending pool
    for the next settling, ``settle`` False)."""
    mem = _mem(eng)
    waiting, held = list(mem["ambushed"]), list(mem["held"])
    mem["ambushed"], mem["held"] = [], []
    for oid in waiting:
        mine = [p for p in held if p.event.get("obj") is not None and p.event["obj"].oid == oid]
        if not mine:
            continue
        eng.pending.extend(mine)
        if settle:
            eng.settle()


def hold_ambush_text(eng, pending) -> bool:
    """keep_pending: what a card's game text does in answer to its ambushing waits until all cards have
    ambushed (texts_after_all_ambushed): held here, given back by ambush_texts_resolve. Only the text of
    the card that ambushed ("game text on those cards"): another card's 'when a card ambushes' is not held."""
    ev = pending.event or {}
    mem = _mem(eng)
    if (ev.get("type") != "ambushed" or ev.get("obj") is None or ev["obj"].oid not in mem["ambushed"]
            or pending.source != ev["obj"].oid):
        return True
    if not mem["list_goes_on"] and not _can_still_ambush(eng, ev.get("player")) and not mem["held"]:
        return True  # nothing else can ambush and nothing waits: all cards have ambushed, nothing to hold
    if not eng.applies("texts_after_all_ambushed"):
        return True
    mem["held"].append(pending)
    return False


def action_window_closes(eng, why: str) -> bool:
    """The ambushing is over when the players all pass or the script ends (another action: ambush_over,
    declaring defenders: defend): the held texts resolve, so none is lost."""
    mem = _mem(eng)
    if why == "game_action" or not (mem["held"] or mem["ambushed"]):
        return False
    held = bool(mem["held"])
    ambush_texts_resolve(eng)
    return held


def ambush_over(eng, events: list[dict]) -> None:
    """observe: a batch of events from a later action than the last ambush: the ambushing is over."""
    mem = _mem(eng)
    if mem["held"] and mem["ambush_step"] != eng.step.index:
        ambush_texts_resolve(eng, settle=False)


def _must_defend(eng, units: list) -> None:
    """An ambushed unit must be declared as a defender during the next declare-defenders step."""
    must = {oid for oid in _mem(eng)["must_defend"] if oid in eng.state.objects and eng.is_in_play(eng.state.objects[oid])}
    missing = [eng.state.objects[oid].label for oid in must if eng.state.objects[oid].label not in units]
    if missing:
        eng.fail(f"{', '.join(missing)} ambushed and must be declared as a defender", rule="ambush")
    _mem(eng)["must_defend"].clear()


# -- 'cannot be declared as an attacker or defender' (declaration restrictions) ----------------

def declaration_only(eng) -> bool:
    """State check: 'cannot attack / defend' restricts declaring only: a card already attacking or
    defending stays so (logged once). Changes nothing."""
    seen = _mem(eng)["declaration_only_seen"]
    for o in eng.in_play():
        for flag, role in (("attacking", "attack"), ("defending", "defend")):
            if flag in o.flags and defending.barred(eng, o, role) and (o.oid, flag) not in seen:
                seen.add((o.oid, flag))
                eng.log("status_kept", card=o.label, status=flag)
    return False


def _enter_attacking(eng, st, b) -> bool:
    """{enter_attacking: REF, zone: battlefield, declared: BOOL}: put a card into play in its
    controller's battlefield as an attacker (declared as an attacker when ``declared``)."""
    objs = eng.resolve_ref(st["enter_attacking"], b)
    combat = eng.state.vars.get("combat")
    player = b["you"]
    ok = bool(objs)
    for o in objs:
        reason = entry_blocked(eng, player, o, "battlefield", put=True)
        if reason:
            eng.log("put_into_play_blocked", card=o.label, reason=reason)
            ok = False
            continue
        new = eng.enter_play(o, player, "battlefield")
        if new is None:
            ok = False
            continue
        if not combat or combat.get("attacker") != player:
            continue
        new.flags.add("attacking")
        eng.touch()
        if st.get("declared"):
            eng.emit([{"type": "declared_attacker", "obj": new, "player": player}])
        else:
            eng.log("entered_attacking", card=new.label)
        if st.get("as"):
            b[st["as"]] = new
    return ok
