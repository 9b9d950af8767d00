"""Attacks (the ``attack`` and ``strike`` fixture verbs): proposing a defender or attacking
directly, hidden characters, 'becomes the defender', combat damage, and what the rules
remember about this turn's attacks ('your first attack this turn'). Powers the strike's stuns trigger
go on the chain (triggers_on_chain): the players may respond, and the attack ends after they resolve."""
from __future__ import annotations

from .phases import TURN_ORDER, end_attack as _end_attack, phase_words
from .stun import emit_stuns, unstunnable
from .terms import CAN_ATTACK_HIDDEN, has_keyword


def _combatants(eng) -> dict:
    return eng.state.vars.get("combat") or {}


def attack(eng, player: str, act: dict) -> None:
    """{player: A, attack: <character or player>, with: [attackers]} -- propose a defender (or attack
    the player directly) with one attacker or a team. Only in the combat phase (its attack steps, not its
    formation step): game structure, naming no rule -- the corpus ('Use this power only during the
    combat phase', 'At the start of your attack step') has no rule saying when attacks are made. Either
    player may attack, whoever's turn it is (``active``): the corpus speaks of 'your first attack this turn
    in which you control an attacker' (the Advance Recon errata) and of each player's attack step
    (Mephisto), and of no turn belonging to one player."""
    opp = eng.state.opponent(player)
    named = act.get("with") or []
    twice = sorted({str(x) for x in named if named.count(x) > 1})
    if twice:
        # a malformed list, refused by no rule: a character is one attacker (it was taken as two, its ATK
        # counted twice); refused rather than read as one, as a doubled 'any number' pick is (choices.py)
        eng.fail(f"'with' names {', '.join(twice)} more than once: name each attacker once", kind="bad_choice")
    attackers = []
    for label in named:
        o = eng.obj(label)
        if o is None or not eng.is_in_play(o) or o.controller != player:
            eng.fail(f"{label} cannot attack: {player} does not control it in play")
        if "stunned" in o.flags or o.exhausted:
            eng.fail(f"{label} cannot attack: it is stunned or exhausted")
        if has_keyword(eng, o, "cannot attack"):
            # the text granting it says for how long ('this turn', Suicide's 'this phase')
            eng.fail(f"{label} cannot attack (a card's text forbids it)", text=eng.text_granting(o, "cannot attack"))
        attackers.append(o)
    if not attackers:
        eng.fail("an attack needs at least one attacker (with: [...])", kind="missing_choice")
    # after the attackers' own restrictions (a card's 'cannot attack this phase' names its card)
    _refuse_out_of_combat(eng, player)
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
            # recorded only when it refuses: against attackers that can all attack hidden characters
            # ("unless a card says so") the rule changes nothing
            blocked = [a.label for a in attackers if not _can_attack_hidden(eng, a)]
            if blocked:
                eng.fire("hidden_not_defender")
                eng.fail(f"{target} is hidden and cannot be proposed as a defender "
                         f"({', '.join(blocked)} cannot attack hidden characters)")
    for a in attackers:
        a.flags.add("attacking")
        a.exhausted = True
    if defender is not None:
        defender.flags.add("defending")
    attacks = list(eng.state.vars.get("attacks") or [])
    attacks.append({"player": player, "controllers": sorted({a.controller for a in attackers})})
    eng.state.vars["attacks"] = attacks
    eng.state.vars["combat"] = {"player": player, "attackers": [a.oid for a in attackers],
                                "defender": defender.oid if defender else None, "target": opp,
                                "direct": defender is None, "index": len(attacks) - 1}
    eng.touch()
    eng.log("attack_declared", player=player, attackers=[a.label for a in attackers],
            defender=defender.label if defender else opp)
    if defender is not None:
        _becomes_defender(eng, defender, attackers)


def _refuse_out_of_combat(eng, player: str) -> None:
    phase = eng.state.vars.get("phase")
    if phase == "combat":
        return
    past = TURN_ORDER.get(phase, 0) > TURN_ORDER["combat"]  # the turn has passed its combat phase
    eng.fail(f"{player} cannot attack {phase_words(phase)}: attacks are made in the combat phase"
             + (" (after the formation step)" if phase == "formation" else "")
             + (" -- this turn's is over: write {begin: turn} then {begin: combat} before the attack" if past
                else " -- write {begin: combat} before the attack"))


def _becomes_defender(eng, defender, attackers: list) -> None:
    """The event 'becomes a defender' ('whenever X becomes a defender' triggers on it): once per attack,
    even when team attacked (ruling:becomes-a-defender); off, once per attacker. Declared as the
    defender, or made the new defender by a card (ruling:changing-defenders)."""
    if eng.on("becomes_defender_once"):
        if len(attackers) > 1:
            eng.fire("becomes_defender_once")
        eng.emit([{"type": "becomes_defender", "obj": defender, "attackers": [a.label for a in attackers]}])
    else:
        for a in attackers:
            eng.emit([{"type": "becomes_defender", "obj": defender, "attackers": [a.label]}])


def _can_attack_hidden(eng, attacker) -> bool:
    if not has_keyword(eng, attacker, CAN_ATTACK_HIDDEN):
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
    hidden = [o for o in chars if o.zone == "hidden"]
    if hidden:
        # an unstunned hidden character does not stop a direct attack because it cannot be attacked
        # (601.3e); were hidden characters attackable, it would stop it like a visible one
        if not eng.on("hidden_not_defender"):
            return f"{target} controls an unstunned character ({', '.join(o.label for o in hidden)})"
        eng.fire("hidden_not_defender")
    return None


def strike(eng, player, act) -> None:
    """{strike: attack} -- combat damage: attackers' total ATK against the defender's DEF (or the
    defending player's endurance); the defender's ATK against one attacker's DEF."""
    combat = _combatants(eng)
    if not combat:
        eng.fail("there is no attack in progress")
    attackers = [eng.state.objects[o] for o in combat["attackers"] if o in eng.state.objects]
    defender = eng.state.objects.get(combat["defender"]) if combat.get("defender") else None
    atk = sum(eng.obj_attr(a, "atk") or 0 for a in attackers)
    stuns = []
    if defender is None and not _direct(combat) and eng.applies("direct_only_as_declared"):
        # the defender has left play: the attack was proposed against a character, not made against
        # the player directly -- a player is attacked directly only when his characters allow it
        # (ruling:can-attack-hidden-characters), as the attack is made -- so the attackers strike nothing
        eng.log("no_defender", player=combat["target"], attackers=[a.label for a in attackers])
    elif defender is None:
        eng.emit([{"type": "breakthrough", "player": combat["target"], "amount": atk,
                   "controllers": sorted({a.controller for a in attackers})}])
    else:
        if atk >= (eng.obj_attr(defender, "def") or 0):
            stuns.append((defender, attackers))
        if attackers:
            victim = eng.obj(eng.decide(defender.controller, "pick", [a.label for a in attackers],
                                        f"the attacker {defender.label} strikes"))
            if (eng.obj_attr(defender, "atk") or 0) >= (eng.obj_attr(victim, "def") or 0):
                stuns.append((victim, [defender]))
    stuns = [(obj, by) for obj, by in stuns if not unstunnable(eng, obj)]
    if stuns:
        emit_stuns(eng, stuns)
        eng.settle()
        if eng.state.chain and eng.triggers_use_chain():
            # the powers the stuns triggered wait on the chain (triggers_on_chain): the players may
            # respond to them, and the attack ends once they have resolved (_end_attack_when_done)
            combat["ending"] = True
            eng.touch()
            return
        eng.pass_until_empty()
    _end_attack(eng)


def _direct(combat: dict) -> bool:
    """Was the attack made against the player directly (no defender proposed)?"""
    return combat.get("direct", combat.get("defender") is None)


def _end_attack_when_done(eng) -> bool:
    """An attack whose strike triggered powers ends when they (and what answered them) have resolved:
    the chain is empty and nothing waits to go on it."""
    combat = _combatants(eng)
    if not combat or not combat.get("ending") or eng.state.chain or eng.pending:
        return False
    _end_attack(eng)
    return True


def after_resolve(eng, thing) -> None:
    _end_attack_when_done(eng)


def action_window_closes(eng, why: str) -> bool:
    return _end_attack_when_done(eng)


def become_defender(eng, st: dict, b: dict) -> bool:
    """{become_defender: REF} -- 'Remove all defenders from this attack. X becomes the defender.'"""
    combat = _combatants(eng)
    objs = [o for o in eng.resolve_ref(st["become_defender"], b) if eng.is_in_play(o)]
    if not combat or not objs:
        return False
    new = objs[0]
    attackers = [eng.state.objects[o] for o in combat["attackers"] if o in eng.state.objects]
    # the recheck would refuse only a hidden defender that some attacker cannot attack: only then
    # does "the game does not recheck the legality of the attack" make a difference (and is recorded)
    if new.zone == "hidden" and any(not _can_attack_hidden(eng, a) for a in attackers):
        if not eng.applies("new_defender_no_recheck"):
            eng.log("defender_change_failed", card=new.label, reason="hidden")
            return False
    for o in eng.in_play():
        if "defending" in o.flags:
            o.flags.discard("defending")
            eng.log("removed_from_attack", card=o.label)
    new.flags.add("defending")
    combat["defender"] = new.oid
    eng.touch()
    eng.log("became_defender", card=new.label)
    _becomes_defender(eng, new, attackers)  # it becomes a defender too: its 'whenever ...' triggers
    return True


def fighting(eng, me, other) -> bool:
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


def _current_attack(eng) -> dict | None:
    combat = _combatants(eng)
    attacks = eng.state.vars.get("attacks") or []
    if not combat or combat.get("index") is None or combat["index"] >= len(attacks):
        return None
    return attacks[combat["index"]]


def controls_attacker(eng, player) -> bool:
    combat = _combatants(eng)
    return bool(combat) and any(eng.state.objects[o].controller == player for o in combat["attackers"]
                                if o in eng.state.objects)


def first_attack(eng, player) -> bool:
    """'During your first attack this turn': an attack this player declared, the first he declared."""
    cur = _current_attack(eng)
    if cur is None or cur["player"] != player:
        return False
    mine = [a for a in eng.state.vars.get("attacks") or [] if a["player"] == player]
    return mine[0] is cur


def first_attack_with_attacker(eng, player) -> bool:
    """'During your first attack this turn in which you control an attacker'."""
    cur = _current_attack(eng)
    if cur is None or not controls_attacker(eng, player):
        return False
    earlier = (eng.state.vars.get("attacks") or [])[:_combatants(eng)["index"]]
    return not any(player in a.get("controllers", []) for a in earlier)


def note_attackers(eng) -> None:
    """Remember, for each attack, every player who controlled an attacker during it."""
    cur = _current_attack(eng)
    if cur is None:
        return
    for oid in _combatants(eng)["attackers"]:
        o = eng.state.objects.get(oid)
        if o is not None and o.controller not in cur["controllers"]:
            cur["controllers"] = sorted(set(cur["controllers"]) | {o.controller})


def attack_restrictions(eng) -> bool:
    """'Cannot attack' and the attack in progress."""
    combat = _combatants(eng)
    if not combat:
        return False
    barred = [eng.state.objects[o] for o in combat["attackers"]
              if o in eng.state.objects and has_keyword(eng, eng.state.objects[o], "cannot attack")]
    if not barred:
        return False
    if eng.on("attack_restriction_at_declaration"):
        if not combat.get("_noted_restriction"):
            combat["_noted_restriction"] = True
            eng.fire("attack_restriction_at_declaration")
        return False
    for o in barred:
        combat["attackers"].remove(o.oid)
        o.flags.discard("attacking")
        eng.log("removed_from_attack", card=o.label)
    eng.touch()
    return True


def register(game) -> None:
    game.actions.update({"attack": attack, "strike": strike})
    game.steps["become_defender"] = become_defender
    game.functions.update({"fighting": fighting, "first_attack": first_attack,
                           "first_attack_with_attacker": first_attack_with_attacker})
