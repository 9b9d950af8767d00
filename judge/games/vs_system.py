"""Vs. System (Marvel Knights FAQ): visible and hidden areas of the in-play zone, rows, concealed,
attacking (proposed defenders, direct attacks, team attacks, "becomes a defender"), stunning,
equipment (attaching, falling off when its character changes area, transfers), moving
characters (within an area, to a named area, to another player's row and control), endurance,
resources, and the detection of a mandatory infinite loop (the game is a draw).

Every mechanic is bound to the rule, note or ruling entry of vs-system/marvel-knights-faq.txt
that states it; see ``bind_rules``. Nothing here looks at a card's name: cards are data
(rules_corpus/vs-system/cards.yaml).
"""
from __future__ import annotations

from typing import Any

from judge.engine.game import NOT_MINE, GameModule
from judge.engine.rules import Registry

G = "vs-system"
AREAS = ("visible", "hidden")
ROWS = ("front", "support")
CAN_ATTACK_HIDDEN = "can attack hidden characters"
#: flag of a KO'd-pile card that may be recruited as though it were in its owner's hand
RECRUIT_FROM_KOD = "recruit from kod"
#: flag of a character that cannot be the target of plot twist, payment or triggered effects this turn
UNTARGETABLE = "untargetable"


def rid(local: str) -> str:
    return f"{G}:{local}"


def _position(obj) -> str:
    return f"{obj.zone} {'support' if 'support' in obj.flags else 'front'}"


class VsSystem(GameModule):
    id = G
    name = "Vs. System"
    zones = ("deck", "hand", "kod", "resource", "visible", "hidden", "stack")
    play_zones = AREAS
    hidden_zones = ("deck", "hand")
    permanent_types = ("character", "equipment", "location")
    leave_verbs = {"ko": ("kod", "ko")}
    object_flags = ("stunned", "attacking", "defending", "support")
    player_fields = ("endurance",)
    state_vars = {"active": "A", "phase": "build", "turn": 1, "initiative": "A"}
    played_event_timing = "resolve"

    # -- rule registry ---------------------------------------------------------------------
    def bind_rules(self, reg: Registry) -> None:
        reg.bind("concealed", rid("707.9"), rid("212.5e"),
                 does="a character with concealed comes into play in its controller's hidden area; "
                      "every other character in the visible area",
                 off="concealed is ignored: every character comes into play in the visible area")
        reg.bind("areas_same_zone", rid("212.5a"),
                 does="moving a character between its controller's visible and hidden areas does not change "
                      "its zone: it stays the same object (modifiers and counters stay)",
                 off="moving between areas puts the character into play anew as a new object")
        reg.bind("hidden_not_defender", rid("601.3e"), rid("701.17"), rid("601.3e:note-1"), rid("701.17:note-1"),
                 does="a hidden character cannot be proposed as a defender (cannot be attacked) unless "
                      "every attacker can attack hidden characters",
                 off="hidden characters can be attacked like visible ones")
        reg.bind("can_attack_hidden", rid("ruling:can-attack-hidden-characters"),
                 does="a character that 'can attack hidden characters' may propose a hidden defender",
                 off="'can attack hidden characters' grants nothing")
        reg.bind("direct_attack", rid("ruling:can-attack-hidden-characters"),
                 does="a player can be attacked directly if he controls no unstunned visible character; an "
                      "attacker that can attack hidden characters only if he controls no unstunned character at all",
                 off="a player can be attacked directly only if he controls no unstunned character, "
                     "hidden or visible, whatever the attacker")
        reg.bind("equip_visible_only", rid("302.3a"), rid("302.3a:note-1"),
                 does="equipment can only be attached to an unstunned visible character its player controls",
                 off="equipment may also be attached to a hidden character")
        reg.bind("equipment_falls_off", rid("302.9"), rid("302.9:note-1"),
                 does="an equipped character that moves between hidden and visible areas loses its equipment "
                      "(put into its owner's KO'd pile)",
                 off="the equipment stays attached when its character changes area")
        reg.bind("no_cross_area_transfer", rid("512.4"), rid("512.4:note-1"),
                 does="equipment cannot be transferred between a visible and a hidden character; it stays where it is",
                 off="equipment may be transferred across areas")
        reg.bind("move_same_area", rid("512.3"), rid("405.5"), rid("405.5:note-1"), rid("512.3:example-1"),
                 does="a move that names no area keeps the character in the same kind of area (visible or hidden) "
                      "of the moving player",
                 off="a move that names no area may put the character in either area")
        reg.bind("move_same_position_legal", rid("512.3"), rid("ruling:blackout-master-of-darkness"),
                 rid("ruling:death-stalker-phillip-sterling"),
                 does="moving a character to the position it already occupies is legal",
                 off="a move must put the character in a different position")
        reg.bind("move_from_area", rid("ruling:mr-code-masked-malcontent"), rid("ruling:the-rose-shadowy-lieutenant"),
                 does="'move X from your hidden area to your visible area' can be done only if X is hidden "
                      "(a character already visible cannot pay such a cost)",
                 off="a visible character pays it by moving within the visible area")
        reg.bind("control_follows_row", rid("ruling:lilith-daughter-of-dracula"), rid("ruling:owl-leland-owlsley"),
                 rid("ruling:professor-x-mental-master"), rid("ruling:dracula-vlad-dracula"),
                 does="a character moved into a player's front or support row comes under that player's control",
                 off="the moved character keeps its controller")
        reg.bind("becomes_defender_once", rid("ruling:becomes-a-defender"),
                 does="a character becomes a defender once per attack, even when several characters team attack it",
                 off="the defender 'becomes a defender' once for each attacker")
        reg.bind("while_once", rid("ruling:shang-chi-master-of-kung-fu"),
                 does="a 'while attacking / defending against' bonus applies once or not at all, however many "
                      "opposing characters meet the condition",
                 off="the bonus applies once for each opposing character that meets the condition")
        reg.bind("for_each_all_or_none", rid("ruling:gin-genie-beckah-parker"),
                 does="'you may do X for each Y' is done either not at all or exactly once for each Y",
                 off="any number from zero to the number of Y may be chosen")
        reg.bind("self_is_yours", rid("ruling:reaper-vampire-armageddon"),
                 does="'a character you control' includes the source itself (a lone Reaper KOs himself)",
                 off="the source is not counted among 'a character you control'")
        reg.bind("loop_draw", rid("errata:stilt-man-wilbur-day"),
                 does="a loop of mandatory triggered powers that can never end is detected: the game is a draw",
                 off="loops are not detected (the replay never settles)")
        reg.bind("trigger_if_condition", rid("errata:stilt-man-wilbur-day"), rid("errata:daredevil-guardian-devil"))
        reg.bind("move_to_named_area", rid("512.3:example-2"), rid("ruling:daredevil-matt-murdock"),
                 rid("ruling:valeria-richards-daughter-of-doom"), rid("ruling:dr-strange-stephen-strange"),
                 does="a move 'to your hidden (or visible) area' applies whichever area the character is in: one "
                      "already there moves within it",
                 off="a character already in the named area cannot be moved by it (the move fails)")
        reg.bind("new_defender_no_recheck", rid("ruling:changing-defenders"), rid("ruling:changing-defenders:example-1"),
                 does="when a card removes the defenders and makes a character the defender, the legality of the "
                      "attack is not checked again (a hidden character can become the defender)",
                 off="the new defender must be one the attackers could legally attack, else it does not become "
                     "the defender")
        reg.bind("attack_restriction_at_declaration", rid("ruling:cannot-attack-this-turn"),
                 does="'cannot attack' stops characters from being declared as attackers; an attack in progress "
                      "concludes as normal with its current attackers",
                 off="a current attacker that can no longer attack is removed from the attack in progress")
        reg.bind("unless_optional", rid("ruling:geraci-family-estate"),
                 does="'X unless a player does Y': that player may choose not to do Y even if he could; X then happens",
                 off="a player who can do Y must do it (X happens only when Y is impossible)")
        reg.bind("lose_not_pay", rid("ruling:bring-the-pain"),
                 does="'lose N endurance' in an effect is not a payment: it needs no endurance (a player at 0 or "
                      "below can play the card) and it happens only when the effect resolves (a negated card "
                      "loses nothing); paying endurance needs that much endurance",
                 off="'lose N endurance' of a played card is paid as a cost when it is played: it needs N endurance "
                     "and stays paid if the card is negated")
        reg.bind("any_number_zero", rid("ruling:brother-voodoo-jericho-drumm"), rid("ruling:dr-strange-stephen-strange-2"),
                 does="'any number' of cards or characters may be zero",
                 off="'any number' means at least one")
        reg.bind("that_many_effect_only", rid("ruling:brother-voodoo-jericho-drumm"),
                 does="'then draw that many' counts only the cards the effect itself put away, not a card "
                      "discarded to pay the power's cost",
                 off="the cards discarded for the cost are counted too")
        reg.bind("draw_after_triggers", rid("ruling:gravesite"),
                 does="the draw phase's normal two-card draw goes on the chain before the powers that trigger at "
                      "the start of the draw phase, so they resolve (draws, discards) before it",
                 off="the normal two-card draw happens before the start-of-draw-phase powers resolve")
        reg.bind("wrapup_delay", rid("ruling:suicide-chris-daniels"),
                 does="a power that triggers during the wrap-up of the recovery phase goes onto the chain at the "
                      "start of the next turn's draw phase (before the normal draw)",
                 off="it resolves at once during the wrap-up")
        reg.bind("cannot_gain_keeps", rid("ruling:good-night-sweet-prince"),
                 does="'cannot gain K' stops a character from gaining K later; it keeps K if it already has it",
                 off="'cannot gain K' also takes away K the character already has")
        reg.bind("simultaneous_stun_lookback", rid("ruling:dracula-lord-of-the-damned"),
                 does="powers triggered by a batch of simultaneous stuns look back at the moment before it: a "
                      "character stunned in the same batch still gets its 'whenever it stuns' power (a stunned "
                      "character's powers do not otherwise trigger)",
                 off="a character stunned in the same batch is already stunned when its power would trigger: "
                     "it does not trigger")
        reg.bind("new_object_on_zone_change", rid("ruling:witching-hour-2"))
        reg.bind("recruit_from_kod", rid("ruling:witching-hour"),
                 does="a card chosen to be recruited 'as though it were in your hand' can be recruited from the "
                      "KO'd pile (paying 2 endurance rather than its recruit cost) during that turn",
                 off="characters are recruited only from the hand")
        reg.bind("state_trigger", rid("errata:daredevil-guardian-devil"),
                 does="a state-triggered power ('When you have 10 or less endurance, if ...') triggers whenever "
                      "its condition is true and it is not already waiting to resolve",
                 off="state-triggered powers never trigger")
        reg.bind("cannot_be_stunned", rid("errata:blackheart-son-of-mephisto"),
                 does="a character that 'cannot be stunned' is not stunned (by combat or by an effect)",
                 off="'cannot be stunned' is ignored")
        reg.bind("alternate_victory", rid("errata:mephisto-father-of-lies"),
                 does="an alternate victory condition ('you win the game') ends the game with that player's win, "
                      "unless a character his opponent controls says his opponents cannot win the game",
                 off="alternate victory conditions are ignored")
        reg.bind("restriction_not_scope", rid("ruling:honor-among-thieves"),
                 does="a 'Play X only if you control ...' restriction only limits when the card can be played: its "
                      "Ongoing effects apply to whatever they name, whether or not the restriction still holds",
                 off="the Ongoing effects of a card with a play restriction apply only while that restriction holds")
        reg.bind("any_character_chosen", rid("ruling:untouchable"),
                 does="'each player chooses a character' (no 'you control') lets a player choose any player's "
                      "character",
                 off="a player may only choose a character he controls")

    def register_handlers(self) -> None:
        self.actions.update({"recruit": _recruit, "attack": _attack, "strike": _strike, "begin": _begin,
                             "formation": _formation})
        self.steps.update({
            "move_char": _move_char, "transfer": _transfer, "stun": _stun,
            "lose_endurance": _lose_endurance, "gain_endurance": _gain_endurance,
            "pay_endurance": _lose_endurance, "can:pay_endurance": _can_pay_endurance,
            "discard_card": _discard_card, "can:discard_card": _can_discard,
            "reveal": _reveal, "can:reveal": _can_reveal, "search": _search,
            "may_for_each": _may_for_each, "replace_resource": _replace_resource,
            "ko_one": _ko_one, "can:move_char": _can_move_char,
            "unless": _unless, "recover": _recover, "choose_any": _choose_any, "put_from_hand": _put_from_hand,
            "put_into_play": _put_into_play, "become_defender": _become_defender, "cannot_gain": _cannot_gain,
            "modify": _modify, "win_game": _win_game, "each_chooses": _each_chooses, "mill": _mill, "put_from_kod": _put_from_kod,
            "can:put_from_kod": lambda eng, st, b: any(eng.eval(st["put_from_kod"], {**b, "it": o})
                                                       for o in eng.zone_objs(b["you"], "kod")),
            "perform:breakthrough": _perform_breakthrough, "perform:stunned": _perform_stunned,
        })
        self.functions.update({"fighting": _fighting, "once": _once, "can_pay": lambda eng, *a: True,
                               "first_attack": _first_attack, "controls_attacker": _controls_attacker,
                               "first_attack_with_attacker": _first_attack_with_attacker, "named": _named})

    # -- attributes ----------------------------------------------------------------------------
    def obj_attr(self, engine, obj, name: str) -> Any:
        if name == "hidden":
            return obj.zone == "hidden"
        if name == "visible":
            return obj.zone == "visible"
        if name == "row":
            return "support" if "support" in obj.flags else "front"
        if name == "names":
            return _names(obj)
        return NOT_MINE


    def adjust_attr(self, engine, obj, name: str, value: Any) -> Any:
        if name != "keywords" or not obj.memory.get("cannot_gain") or not isinstance(value, list):
            return value
        turn = engine.state.vars.get("turn")
        out = list(value)
        for kw, (had, when) in obj.memory["cannot_gain"].items():
            if when != turn or kw not in out:
                continue
            if had and engine.on("cannot_gain_keeps"):
                engine.fire("cannot_gain_keeps")
                continue
            out.remove(kw)
        return out

    def player_attr(self, engine, player: str, name: str) -> Any:
        if name == "resources":
            return len(engine.state.zones.get(f"{player}.resource", []))
        return NOT_MINE

    # -- playing --------------------------------------------------------------------------------
    def can_play(self, engine, player, obj, action) -> str | None:
        if obj.card.type in ("character", "equipment"):
            return "characters and equipment are recruited (use the 'recruit' action)"
        return None

    def play_costs(self, engine, player, obj, action) -> list[dict]:
        """Ablated 'lose_not_pay': a played card's 'lose N endurance' is paid as a cost on play."""
        if engine.on("lose_not_pay"):
            return []
        ab = next((a for a in obj.card.abilities if a.kind == "play"), None)
        return [{"pay_endurance": st["lose_endurance"]} for st in (ab.get("steps") if ab else None) or []
                if "lose_endurance" in st and st.get("player", "you") == "you"]

    def resolve_played_card(self, engine, item, obj) -> None:
        if "ongoing" in obj.card.keywords:  # an Ongoing plot twist stays face up in the resource row
            engine.move(obj, "resource", cause="ongoing")
            return
        engine.move(obj, "kod", cause="resolved")

    def can_target(self, engine, spec, obj, bindings) -> bool:
        """A character chosen with Untouchable cannot be the target of plot twist, payment or triggered
        effects (every targeting effect of Vs. System) for the rest of that turn."""
        when = (obj.memory.get("flag_turn") or {}).get(UNTARGETABLE)
        return not (UNTARGETABLE in obj.flags and when == engine.state.vars.get("turn"))

    def keep_pending(self, engine, pending) -> bool:
        """A stunned character's triggered powers do not trigger -- except on the batch of simultaneous
        stuns that stunned it (look back: Dracula, Lord of the Damned)."""
        src = engine.state.objects.get(pending.source)
        if src is None or "stunned" not in src.flags or pending.ability.get("on", {}).get("event") == "state":
            return True
        batch = pending.event.get("batch") if isinstance(pending.event, dict) else None
        if batch is not None and src.memory.get("stunned_batch") == batch:
            if engine.on("simultaneous_stun_lookback"):
                engine.fire("simultaneous_stun_lookback")
                return True
        engine.log("trigger_ignored", source=src.label, reason="stunned")
        return False

    def state_checks(self, engine) -> bool:
        changed = _loop_check(engine)
        if engine.state.vars.get("game_over"):
            return changed
        _note_attackers(engine)
        changed = _attack_restrictions(engine) or changed
        changed = _state_triggers(engine) or changed
        _hold_wrapup_triggers(engine)
        return changed


# -- helpers ------------------------------------------------------------------------------------

def _names(obj) -> list[str]:
    """A card's names: "Scarlet Spider <> Spider-Man" has both."""
    return [n.strip() for n in obj.card.name.split("<>")]


def _has(eng, obj, keyword: str) -> bool:
    return keyword in (eng.obj_attr(obj, "keywords") or [])


def attach_problem(eng, equipment, host, player: str) -> str | None:
    """302.3a: why ``equipment`` cannot be attached to ``host`` by ``player`` (None: it can)."""
    if host is None or not eng.is_in_play(host):
        return "it is not in play"
    if host.card.type != "character":
        return "equipment attaches only to characters"
    if host.zone != "visible" and eng.on("equip_visible_only"):
        eng.fire("equip_visible_only")
        return f"{host.label} is hidden: equipment can only be attached to a visible character"
    if "stunned" in host.flags:
        return f"{host.label} is stunned"
    if host.controller != player:
        return f"{host.label} is not controlled by {player}"
    return None


def _enter_area(eng, obj) -> str:
    if obj.card.type != "character":
        return "visible"
    if "concealed" in obj.card.keywords:  # functions in any zone (707.9): read from the card itself
        if eng.on("concealed"):
            eng.fire("concealed")
            return "hidden"
        return "visible"
    eng.fire("concealed")
    return "visible"


def _recruit(eng, player: str, act: dict) -> None:
    """{player: A, recruit: Card, with: [boost], targets: [host]} -- put a character (concealed: into the
    hidden area) or an equipment (attached to a character) into play from the hand."""
    label = act["recruit"]
    obj = eng.obj(label)
    from_kod = obj is not None and obj.where == f"{player}.kod" and RECRUIT_FROM_KOD in obj.flags
    if from_kod:
        if not eng.on("recruit_from_kod"):
            eng.fail(f"{player} cannot recruit {label}: it is not in {player}'s hand")
        eng.fire("recruit_from_kod")
    elif obj is None or obj.where != f"{player}.hand":
        eng.fail(f"{player} cannot recruit {label}: it is not in {player}'s hand")
    if "endurance" in (act.get("with") or []):  # "you may pay 2 endurance rather than its recruit cost"
        if not from_kod:
            eng.fail(f"{label}: nothing lets {player} pay endurance rather than its recruit cost")
        if not _can_pay_endurance(eng, {"pay_endurance": 2}, {"you": player}):
            eng.fail(f"{player} cannot pay 2 endurance")
        _change_endurance(eng, player, -2, "pay_endurance")
    boosted = "boost" in (act.get("with") or [])
    if obj.card.type == "equipment":
        hosts = act.get("targets") or []
        if len(hosts) != 1:
            eng.fail(f"{label}: name the character to attach it to (targets: [character])", kind="missing_choice")
        host = eng.obj(hosts[0])
        reason = attach_problem(eng, obj, host, player)
        if reason:
            eng.fail(f"{player} cannot attach {label} to {hosts[0]}: {reason}")
        new = eng.move(obj, host.zone, side=player, controller=player, cause="recruit")
        if new is not None:
            new.attached_to = host.oid
            eng.touch()
            eng.log("attached", card=new.label, to=host.label)
        return
    area = _enter_area(eng, obj)
    ev = {"type": "zone_change", "obj": obj, "from": obj.zone, "to": area, "side": player, "cause": "recruit",
          "position": "top", "controller": player, "source": None, "boosted": boosted}
    eng.emit([ev])


def _begin(eng, player, act) -> None:
    """{begin: build} -- the start of a phase (draw, build, combat, recovery, wrapup ...); {begin: turn}
    ends the turn (effects 'this turn' end, characters ready) and starts the next one."""
    phase = act["begin"]
    if phase == "turn":
        for d in ("attack", "phase", "turn"):
            eng.expire(d)
        eng.state.vars["turn"] = (eng.state.vars.get("turn") or 1) + 1
        eng.state.vars["attacks"] = []
        if act.get("active"):
            eng.state.vars["active"] = act["active"]
        for o in eng.in_play():
            o.exhausted = False
        eng.touch()
        eng.log("turn_started", turn=eng.state.vars["turn"])
        return
    if eng.state.vars.get("phase") != phase:
        eng.expire("phase")
    eng.state.vars["phase"] = phase
    eng.log("phase_started", phase=phase)
    normal_draw = phase == "draw" and not act.get("no_draw")
    if normal_draw and not eng.on("draw_after_triggers"):
        _normal_draw(eng)
        normal_draw = False
    if phase == "draw":
        held = eng.state.vars.get("_held") or []
        eng.state.vars["_held"] = []
        eng.pending.extend(held)
    eng.emit([{"type": "phase_begins", "phase": phase, "player": eng.state.vars.get("active")}])
    if normal_draw:
        # the normal draw went on the chain first: the start-of-draw-phase powers resolve before it
        if eng.pending:
            eng.fire("draw_after_triggers")
        eng.settle()
        _normal_draw(eng)


def _normal_draw(eng) -> None:
    active = eng.state.vars.get("active")
    for p in [active] + [q for q in eng.state.players if q != active]:
        eng.log("normal_draw", player=p)
        eng.run_step({"draw": 2}, eng.bindings_for(None, p))


def _formation(eng, player: str, act: dict) -> None:
    """{player: A, formation: true, choose: [positions...]} -- the formation step (405.3): the player
    moves each character he controls; each stays in its kind of area (405.5)."""
    for o in [o for o in eng.in_play() if o.controller == player and o.card.type == "character"]:
        _move_one(eng, o, player, None, None)


def _combatants(eng) -> dict:
    return eng.state.vars.get("combat") or {}


def _attack(eng, player: str, act: dict) -> None:
    """{player: A, attack: <character or player>, with: [attackers]} -- propose a defender (or attack
    the player directly) with one attacker or a team."""
    opp = eng.state.opponent(player)
    attackers = []
    for label in act.get("with") or []:
        o = eng.obj(label)
        if o is None or not eng.is_in_play(o) or o.controller != player:
            eng.fail(f"{label} cannot attack: {player} does not control it in play")
        if "stunned" in o.flags or o.exhausted:
            eng.fail(f"{label} cannot attack: it is stunned or exhausted")
        if _has(eng, o, "cannot attack"):
            eng.fail(f"{label} cannot attack this turn")
        attackers.append(o)
    if not attackers:
        eng.fail("an attack needs at least one attacker (with: [...])", kind="missing_choice")
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
            eng.fire("hidden_not_defender")
            blocked = [a.label for a in attackers if not _can_attack_hidden(eng, a)]
            if blocked:
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
                                "index": len(attacks) - 1}
    eng.touch()
    eng.log("attack_declared", player=player, attackers=[a.label for a in attackers],
            defender=defender.label if defender else opp)
    if defender is not None:
        if eng.on("becomes_defender_once"):
            if len(attackers) > 1:
                eng.fire("becomes_defender_once")
            eng.emit([{"type": "becomes_defender", "obj": defender, "attackers": [a.label for a in attackers]}])
        else:
            for a in attackers:
                eng.emit([{"type": "becomes_defender", "obj": defender, "attackers": [a.label]}])


def _can_attack_hidden(eng, attacker) -> bool:
    if not _has(eng, attacker, CAN_ATTACK_HIDDEN):
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
    return None


def _strike(eng, player, act) -> None:
    """{strike: attack} -- combat damage: attackers' total ATK against the defender's DEF (or the
    defending player's endurance); the defender's ATK against one attacker's DEF."""
    combat = _combatants(eng)
    if not combat:
        eng.fail("there is no attack in progress")
    attackers = [eng.state.objects[o] for o in combat["attackers"] if o in eng.state.objects]
    defender = eng.state.objects.get(combat["defender"]) if combat.get("defender") else None
    atk = sum(eng.obj_attr(a, "atk") or 0 for a in attackers)
    stuns = []
    if defender is None:
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
    stuns = [(obj, by) for obj, by in stuns if not _unstunnable(eng, obj)]
    if stuns:
        _emit_stuns(eng, stuns)
        eng.settle()
    for o in eng.in_play():
        o.flags -= {"attacking", "defending"}
    eng.state.vars["combat"] = None
    eng.touch()
    eng.expire("attack")
    eng.log("attack_ended")


# -- steps ---------------------------------------------------------------------------------------

def _move_char(eng, st: dict, b: dict) -> bool:
    """{move_char: ref, area: hidden|visible|either (omitted: the same kind of area), row: front|support,
    by: player told to move (default: you)} -- 512.3."""
    objs = [o for o in eng.resolve_ref(st["move_char"], b) if eng.is_in_play(o)]
    ok = bool(objs)
    if st.get("from_area") and not _can_move_char(eng, st, b):
        return False
    for o in objs:
        mover = eng.eval(st["by"], {**b, "it": o}) if st.get("by") else b["you"]
        ok = _move_one(eng, o, mover, st.get("area"), st.get("row")) and ok
    return ok


def _can_move_char(eng, st: dict, b: dict) -> bool:
    """A move 'from your hidden area to your visible area' (a cost, say) needs a character in that area."""
    objs = [o for o in eng.resolve_ref(st["move_char"], b) if eng.is_in_play(o)]
    if not objs:
        return False
    want = st.get("from_area")
    if want and any(o.zone != want for o in objs):
        if eng.on("move_from_area"):
            eng.fire("move_from_area")
            return False
    return True


def _move_one(eng, obj, mover: str, area: str | None, row: str | None) -> bool:
    if area in AREAS and obj.zone == area and obj.side == mover:
        if not eng.on("move_to_named_area"):
            eng.log("move_failed", card=obj.label, reason=f"already in the {area} area")
            return False
        eng.fire("move_to_named_area")
    if area in AREAS:
        areas = [area]
    elif area == "either":
        areas = list(AREAS)
    elif eng.on("move_same_area"):
        eng.fire("move_same_area")
        areas = [obj.zone]
    else:
        areas = list(AREAS)
    rows = [row] if row in ROWS else list(ROWS)
    here = _position(obj) if obj.side == mover else None
    allowed = [f"{a} {r}" for a in areas for r in rows]
    if here in allowed:
        if eng.on("move_same_position_legal"):
            eng.fire("move_same_position_legal")
        else:
            allowed.remove(here)
    if not allowed:
        eng.log("move_failed", card=obj.label, reason="no legal position")
        return False
    everything = [f"{a} {r}" for a in AREAS for r in ROWS]
    if len(allowed) == 1:
        dest = allowed[0]
    else:
        def check(value):
            if value in allowed:
                return None
            if value == here:
                return "a move must change the character's position"
            return f"{obj.label} can only be moved to {', '.join(allowed)}"

        dest = eng.decide_checked(mover, "pick", everything, f"where {obj.label} moves", check)
    to_area, to_row = dest.split()
    return relocate(eng, obj, mover, to_area, to_row) is not None


def relocate(eng, obj, side: str, area: str, row: str):
    """Put an in-play character at a position of ``side``'s areas (212.5a, 302.9, control)."""
    from_area, from_side = obj.zone, obj.side
    controller = obj.controller
    if side != obj.controller:
        if eng.on("control_follows_row"):
            eng.fire("control_follows_row")
            controller = side
    gear = [o for o in eng.state.objects.values() if o.attached_to == obj.oid]
    if from_area != area and gear:
        if eng.on("equipment_falls_off"):
            eng.fire("equipment_falls_off")
            for g in gear:
                g.attached_to = None
                eng.move(g, "kod", cause="equipment_fell_off")
    if from_area != area or side != from_side:
        if eng.on("areas_same_zone") or from_area == area:
            if from_area != area:
                eng.fire("areas_same_zone")
            eng.state.zones[obj.where].remove(obj.oid)
            obj.zone, obj.side, obj.controller = area, side, controller
            eng.state.zones.setdefault(obj.where, []).append(obj.oid)
            new = obj
        else:
            new = eng.move(obj, area, side=side, controller=controller, cause="move")
            if new is None:
                return None
            for g in [o for o in eng.state.objects.values() if o.attached_to == obj.oid]:
                g.attached_to = new.oid
    else:
        new = obj
    new.flags.discard("support")
    if row == "support":
        new.flags.add("support")
    eng.touch()
    eng.log("moved", card=new.label, to=f"{new.side}.{area} {row}", **{"from": f"{from_side}.{from_area}"})
    eng.emit([{"type": "moved", "obj": new, "from_area": from_area, "to_area": area}])
    return new


def _transfer(eng, st: dict, b: dict) -> bool:
    """{transfer: equipment, to: character} -- 512.4: legal to attach, and never across areas."""
    gear = eng.resolve_ref(st["transfer"], b)
    hosts = eng.resolve_ref(st["to"], b)
    if not gear or not hosts:
        return False
    g, host = gear[0], hosts[0]
    old = eng.state.objects.get(g.attached_to) if g.attached_to else None
    if old is not None and old.zone != host.zone and eng.on("no_cross_area_transfer"):
        eng.fire("no_cross_area_transfer")
        eng.log("transfer_failed", card=g.label, to=host.label, reason="across_areas")
        return False
    reason = attach_problem(eng, g, host, g.controller)
    if reason:
        eng.log("transfer_failed", card=g.label, to=host.label, reason=reason)
        return False
    g.attached_to = host.oid
    if g.zone != host.zone:
        eng.state.zones[g.where].remove(g.oid)
        g.zone = host.zone
        eng.state.zones.setdefault(g.where, []).append(g.oid)
    eng.touch()
    eng.log("transferred", card=g.label, to=host.label)
    return True


def _stun(eng, st: dict, b: dict) -> bool:
    objs = [o for o in eng.resolve_ref(st["stun"], b) if "stunned" not in o.flags and not _unstunnable(eng, o)]
    if objs:
        src = b.get("this")
        _emit_stuns(eng, [(o, [src] if isinstance(src, type(o)) else []) for o in objs])
    return bool(objs)


def _unstunnable(eng, obj) -> bool:
    if not _has(eng, obj, "cannot be stunned") or not eng.on("cannot_be_stunned"):
        return False
    eng.fire("cannot_be_stunned")
    eng.log("stun_prevented", card=obj.label)
    return True


def _emit_stuns(eng, stuns: list) -> None:
    """One batch of simultaneous stuns. The flags are set as the batch is performed, so powers that
    trigger on it look at the moment before (a character stunned in the batch still triggers)."""
    batch = eng.state.tick()
    lookback = eng.on("simultaneous_stun_lookback")
    if not lookback:  # ablated: everyone in the batch is stunned before any power looks
        for obj, _by in stuns:
            obj.flags.add("stunned")
            obj.memory["stunned_batch"] = batch
        eng.touch()
    eng.emit([{"type": "stunned", "obj": obj, "by": by, "by_labels": [x.label for x in by], "batch": batch}
              for obj, by in stuns])


def _perform_stunned(eng, ev: dict) -> None:
    obj = ev["obj"]
    if obj.oid not in eng.state.objects:
        ev["failed"] = True
        return
    obj.flags.add("stunned")
    obj.memory["stunned_batch"] = ev.get("batch")
    eng.touch()
    eng.log("stunned", card=obj.label, by=ev.get("by_labels"))


def _perform_breakthrough(eng, ev: dict) -> None:
    _change_endurance(eng, ev["player"], -ev["amount"], "breakthrough")


def _can_pay_endurance(eng, st: dict, b: dict) -> bool:
    """Paying endurance needs that much endurance (losing it does not: ruling on Bring the Pain)."""
    amount = eng.eval(st["pay_endurance"], b)
    player = eng.eval(st.get("player", "you"), b)
    return (eng.state.player_data.get(player, {}).get("endurance", 0) or 0) >= amount


def _change_endurance(eng, player: str, delta: int, cause: str) -> None:
    data = eng.state.player_data.setdefault(player, {})
    data["endurance"] = data.get("endurance", 0) + delta
    eng.log("endurance_changed", player=player, amount=delta, cause=cause)
    if delta < 0:
        eng.emit([{"type": "endurance_lost", "player": player, "amount": -delta}])


def _lose_endurance(eng, st: dict, b: dict) -> bool:
    verb = "lose_endurance" if "lose_endurance" in st else "pay_endurance"
    if verb == "lose_endurance":
        this = b.get("this")
        if b.get("_resolving") and getattr(this, "zone", None) == "stack" and st.get("player", "you") == "you":
            if not eng.on("lose_not_pay"):
                return True  # (ablated) it was paid as a cost when the card was played
            eng.fire("lose_not_pay")
    amount = eng.eval(st[verb], b)
    players = eng.eval(st.get("player", "you"), b)
    for p in players if isinstance(players, list) else [players]:
        _change_endurance(eng, p, -amount, verb)
    return True


def _gain_endurance(eng, st: dict, b: dict) -> bool:
    amount = eng.eval(st["gain_endurance"], b)
    _change_endurance(eng, eng.eval(st.get("player", "you"), b), amount, "gain")
    return True


def _hand_matching(eng, player: str, flt: str, b: dict) -> list:
    return [o for o in eng.zone_objs(player, "hand") if eng.eval(flt, {**b, "it": o})]


def _discard_card(eng, st: dict, b: dict) -> bool:
    n = eng.eval(st["discard_card"], b)
    done = []
    for _ in range(n):
        hand = [o for o in _hand_matching(eng, b["you"], st.get("filter", "true"), b) if o.label not in done]
        if not hand:
            return False
        pick = eng.decide(b["you"], "pick", [o.label for o in hand], "a card to discard")
        eng.move(eng.obj(pick), "kod", cause="discard")
        done.append(pick)
        eng.log("discarded", player=b["you"], card=pick)
    if st.get("as"):
        b[st["as"]] = eng.obj(done[0]) if n == 1 else [eng.obj(x) for x in done]
    this = b.get("this")
    if not b.get("_resolving") and hasattr(this, "memory"):  # paid as a cost: the source remembers it
        this.memory["cost_discards"] = this.memory.get("cost_discards", 0) + len(done)
    return True


def _can_discard(eng, st: dict, b: dict) -> bool:
    return len(_hand_matching(eng, b["you"], st.get("filter", "true"), b)) >= eng.eval(st["discard_card"], b)


def _reveal(eng, st: dict, b: dict) -> bool:
    hand = _hand_matching(eng, b["you"], st["reveal"], b)
    if not hand:
        return False
    pick = eng.decide(b["you"], "pick", [o.label for o in hand], "a card to reveal")
    eng.log("revealed", player=b["you"], card=pick)
    return True


def _can_reveal(eng, st: dict, b: dict) -> bool:
    return bool(_hand_matching(eng, b["you"], st["reveal"], b))


def _search(eng, st: dict, b: dict) -> bool:
    """{search: deck, filter: ...} -- find a matching card in your deck, reveal it, put it into your hand."""
    found = [o for o in eng.zone_objs(b["you"], "deck") if eng.eval(st.get("filter", "true"), {**b, "it": o})]
    if not found:
        eng.log("search_failed", player=b["you"])
        eng.log("deck_shuffled", player=b["you"])
        return False
    pick = eng.decide(b["you"], "pick", [o.label for o in found], "a card")
    eng.log("revealed", player=b["you"], card=pick)
    eng.move(eng.obj(pick), st.get("to", "hand"), cause="search")
    eng.log("deck_shuffled", player=b["you"])
    return True


def _may_for_each(eng, st: dict, b: dict) -> bool:
    """{may_for_each: count, do: [steps]} -- 'you may do X for each Y': none, or once per Y."""
    n = int(eng.eval(st["may_for_each"], b))
    if eng.on("for_each_all_or_none"):
        options = [0, n]
    else:
        options = list(range(n + 1))

    def check(value):
        if value in options:
            return None
        eng.fire("for_each_all_or_none")
        return f"choose either 0 or exactly {n}"

    value = eng.decide_checked(b["you"], "number", list(range(n + 1)), f"how many times (0 or {n})", check)
    if eng.on("for_each_all_or_none"):
        eng.fire("for_each_all_or_none")
    eng.log("chosen_times", player=b["you"], times=value)
    ok = True
    for _ in range(value):
        ok = eng.run_steps(st.get("do") or [], b) and ok
    return value > 0 and ok


def _replace_resource(eng, st: dict, b: dict) -> bool:
    """Replace a resource: put it on the bottom of its owner's deck, then put the top card of that deck
    face down into the resource row."""
    player = eng.eval(st["replace_resource"], b)
    done = b.setdefault("_replaced", [])
    left = [o for o in eng.zone_objs(player, "resource") if o.label not in done]
    if st.get("card"):
        wanted = {o.oid for o in eng.resolve_ref(st["card"], b)}
        left = [o for o in left if o.oid in wanted]
    if not left:
        return False
    res = left[0]
    eng.move(res, "deck", cause="replace", position="bottom")
    deck = eng.zone_objs(player, "deck")
    top = deck[-1] if deck else None
    new = eng.move(top, "resource", cause="replace") if top is not None and top.label != res.label else None
    done.append(res.label)
    if new is not None:
        done.append(new.label)
    eng.log("resource_replaced", player=player, card=res.label, by=new.label if new else None)
    return True


def _ko_one(eng, st: dict, b: dict) -> bool:
    """{ko_one: filter} -- 'KO a character you control': the controller picks one (the source counts)."""
    src = b.get("this")
    if st.get("zone"):  # 'KO a resource you control': from the resource row
        pool = [o for o in eng.zone_objs(b["you"], st["zone"]) if eng.eval(st["ko_one"], {**b, "it": o})]
        if not pool:
            return False
        pick = eng.decide(b["you"], "pick", [o.label for o in pool], "a card to KO")
        return eng.move(eng.obj(pick), "kod", cause="ko") is not None
    pool = [o for o in eng.in_play() if eng.eval(st["ko_one"], {**b, "it": o})]
    if src in pool:
        if eng.on("self_is_yours"):
            eng.fire("self_is_yours")
        else:
            pool = [o for o in pool if o is not src]
    if not pool:
        eng.log("nothing_to_ko", player=b["you"])
        return False
    pick = eng.decide(b["you"], "pick", [o.label for o in pool], "a character to KO")
    return eng.run_step({"ko": pick}, b)


# -- expression functions --------------------------------------------------------------------------

def _fighting(eng, me, other) -> bool:
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


def _once(eng, n) -> int:
    """A 'while' condition met by n opposing characters: the bonus applies once (or, ablated, n times)."""
    n = int(n or 0)
    if eng.on("while_once"):
        if n > 1:
            eng.fire("while_once")
        return min(n, 1)
    return n


# -- loop detection ---------------------------------------------------------------------------------

LOOP_REPEATS = 5


def _loop_check(eng) -> bool:
    """A run of mandatory triggered powers repeating the same cycle again and again within one action
    can never end: the game is a draw (the reason for the Stilt-Man errata)."""
    if eng.state.vars.get("game_over"):
        if eng.pending:
            eng.pending.clear()
        return False
    if not eng.on("loop_draw"):
        return False
    seq = []
    for st in reversed(eng.trace):
        seq = [(e.get("source"), e.get("ability")) for e in st.events if e["event"] == "triggered"] + seq
        if st.index == eng.action_index:
            break
    for period in range(1, 5):
        need = period * LOOP_REPEATS
        if len(seq) < need:
            break
        tail = seq[-need:]
        if all(tail[i] == tail[i % period] for i in range(need)):
            sources = sorted({s for s, _ in tail[:period]})
            mandatory = all(not p.ability.get("optional") for p in eng.pending)
            if not mandatory:
                return False
            eng.fire("loop_draw")
            eng.log("loop_detected", cards=sources, period=period)
            eng.log("game_drawn", reason="infinite_loop")
            eng.state.vars["game_over"] = "draw"
            eng.pending.clear()
            return True
    return False


GAME = VsSystem


# -- more steps ----------------------------------------------------------------------------------

def _unless(eng, st: dict, b: dict) -> bool:
    """{unless: [steps], player: EXPR, do: [steps]} -- 'do X unless <player> does Y': the player may do
    Y (if he can do it in full); if he does not, X happens."""
    who = eng.eval(st.get("player", "you"), b)
    pb = {**b, "you": who, "opponent": eng.state.opponent(who)}
    can = all(eng.can_do(x, pb) for x in st["unless"])
    if can:
        if eng.on("unless_optional"):
            eng.fire("unless_optional")
            does = eng.decide(who, "yesno", ["yes", "no"], st.get("text") or "whether to prevent it")
        else:
            does = True
        if does:
            eng.log("unless_done", player=who)
            eng.run_steps(st["unless"], pb)
            return False
    eng.log("unless_declined", player=who)
    return eng.run_steps(st.get("do") or [], b)


def _recover(eng, st: dict, b: dict) -> bool:
    objs = [o for o in eng.resolve_ref(st["recover"], b) if "stunned" in o.flags]
    for o in objs:
        o.flags.discard("stunned")
        eng.touch()
        eng.log("recovered", card=o.label)
    if objs:
        eng.emit([{"type": "recovers", "obj": o} for o in objs])
    return bool(objs)


def _any_number(eng, who: str, options: list, what: str) -> list:
    """A scripted list of labels (possibly empty) for 'any number of ...'."""
    def check(value):
        if not isinstance(value, list) or any(v not in options for v in value) or len(set(value)) != len(value):
            return f"choose a list of distinct cards among {', '.join(options) or 'none'}"
        if not value:
            if not eng.on("any_number_zero"):
                return "'any number' must be at least one"
            eng.fire("any_number_zero")
        return None

    return eng.decide_checked(who, "any", options, what, check)


def _choose_any(eng, st: dict, b: dict) -> bool:
    """{choose_any: {filter, by, zones}, as: name} -- choose any number of cards (in play, or in zones)."""
    spec = st["choose_any"]
    who = eng.eval(spec.get("by", "you"), b)
    zones = spec.get("zones")
    pool = [o for o in (eng.in_play() if not zones else
                        [o for o in eng.state.objects.values() if o.zone in zones])
            if eng.eval(spec.get("filter", "true"), {**b, "it": o})]
    picks = _any_number(eng, who, [o.label for o in pool], spec.get("what", "any number of cards"))
    b[st["as"]] = [eng.obj(x) for x in picks]
    eng.log("chosen", player=who, cards=list(picks))
    return True


def _put_from_hand(eng, st: dict, b: dict) -> bool:
    """{put_from_hand: any, to: deck_bottom | kod, as: n} -- put any number of cards from your hand
    on the bottom of your deck / into your KO'd pile (discard); n = how many."""
    hand = [o.label for o in eng.zone_objs(b["you"], "hand")]
    picks = _any_number(eng, b["you"], hand, "any number of cards from your hand")
    for lbl in picks:
        o = eng.obj(lbl)
        if st.get("to") == "deck_bottom":
            eng.move(o, "deck", cause="put", position="bottom")
        else:
            eng.move(o, "kod", cause="discard")
            eng.log("discarded", player=b["you"], card=lbl)
    n = len(picks)
    this = b.get("this")
    paid = this.memory.pop("cost_discards", 0) if hasattr(this, "memory") else 0
    if paid:
        if eng.on("that_many_effect_only"):
            eng.fire("that_many_effect_only")
        else:
            n += paid
    b[st.get("as", "n")] = n
    eng.log("put_from_hand", player=b["you"], count=len(picks))
    return True


def _put_into_play(eng, st: dict, b: dict) -> bool:
    """{put_into_play: REF, row: front} -- put a card from a zone into its owner's row (its area)."""
    objs = [o for o in eng.resolve_ref(st["put_into_play"], b) if not eng.is_in_play(o)]
    ok = bool(objs)
    for o in objs:
        new = eng.emit([{"type": "zone_change", "obj": o, "from": o.zone, "to": _enter_area(eng, o),
                         "side": b["you"], "cause": "put_into_play", "position": "top", "controller": b["you"],
                         "source": None}])
        if new and new[0].get("new") is not None:
            if st.get("row") == "support":
                new[0]["new"].flags.add("support")
            if st.get("as"):
                b[st["as"]] = new[0]["new"]
        ok = ok and bool(new)
    return ok


def _mill(eng, st: dict, b: dict) -> bool:
    """{mill: N} -- put the top N cards of your deck into your KO'd pile."""
    deck = eng.zone_objs(b["you"], "deck")
    n = eng.eval(st["mill"], b)
    for o in list(reversed(deck))[:n]:
        eng.move(o, "kod", cause="mill")
    return len(deck) >= n


def _put_from_kod(eng, st: dict, b: dict) -> bool:
    """{put_from_kod: FILTER} -- put a matching card from your KO'd pile on the bottom of your deck."""
    pool = [o for o in eng.zone_objs(b["you"], "kod") if eng.eval(st["put_from_kod"], {**b, "it": o})]
    if not pool:
        return False
    pick = eng.decide(b["you"], "pick", [o.label for o in pool], "a card")
    return eng.move(eng.obj(pick), "deck", cause="put", position="bottom") is not None


def _become_defender(eng, st: dict, b: dict) -> bool:
    """{become_defender: REF} -- 'Remove all defenders from this attack. X becomes the defender.'"""
    combat = _combatants(eng)
    objs = [o for o in eng.resolve_ref(st["become_defender"], b) if eng.is_in_play(o)]
    if not combat or not objs:
        return False
    new = objs[0]
    attackers = [eng.state.objects[o] for o in combat["attackers"] if o in eng.state.objects]
    if eng.on("new_defender_no_recheck"):
        eng.fire("new_defender_no_recheck")
    elif new.zone == "hidden" and any(not _can_attack_hidden(eng, a) for a in attackers):
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
    return True


def _cannot_gain(eng, st: dict, b: dict) -> bool:
    """{cannot_gain: REF, keyword: K} -- 'cannot gain K this turn'."""
    kw = st["keyword"]
    objs = eng.resolve_ref(st["cannot_gain"], b)
    for o in objs:
        had = kw in (eng.obj_attr(o, "keywords") or [])
        o.memory.setdefault("cannot_gain", {})[kw] = (had, eng.state.vars.get("turn"))
        eng.touch()
        eng.log("cannot_gain", card=o.label, keyword=kw)
    return bool(objs)


def _win_game(eng, st: dict, b: dict) -> bool:
    """{win_game: PLAYER} -- an alternate victory: that player wins unless a card says he cannot
    ('your opponents cannot win the game' on a character his opponent controls)."""
    who = eng.eval(st["win_game"], b)
    if not eng.on("alternate_victory"):
        return False
    eng.fire("alternate_victory")
    stoppers = [o for o in eng.in_play() if o.controller != who and _has(eng, o, "opponents cannot win")]
    if stoppers:
        eng.log("win_prevented", player=who, by=[o.label for o in stoppers])
        return False
    eng.log("game_won", player=who)
    eng.state.vars["game_over"] = who
    return True


def _each_chooses(eng, st: dict, b: dict) -> bool:
    """{each_chooses: FILTER, as: name, flag: F} -- each player, the active one first, chooses a
    character (any player's, as the text does not say 'you control') and it gets flag F."""
    active = eng.state.vars.get("active")
    chosen = []
    for p in [active] + [q for q in eng.state.players if q != active]:
        pool = [o for o in eng.in_play() if o.card.type == "character"
                and eng.eval(st["each_chooses"], {**b, "it": o, "you": p})]
        if not eng.on("any_character_chosen"):
            pool = [o for o in pool if o.controller == p]
        elif any(o.controller != p for o in pool):
            eng.fire("any_character_chosen")
        if not pool:
            continue
        pick = eng.decide(p, "pick", [o.label for o in pool], "a character")
        chosen.append(eng.obj(pick))
        eng.log("chosen", player=p, cards=[pick])
    for o in chosen:
        if st.get("flag"):
            o.flags.add(st["flag"])
            o.memory.setdefault("flag_turn", {})[st["flag"]] = eng.state.vars.get("turn")
    eng.touch()
    b[st.get("as", "chosen")] = chosen
    return bool(chosen)


# -- attacks this turn -----------------------------------------------------------------------------

def _current_attack(eng) -> dict | None:
    combat = _combatants(eng)
    attacks = eng.state.vars.get("attacks") or []
    if not combat or combat.get("index") is None or combat["index"] >= len(attacks):
        return None
    return attacks[combat["index"]]


def _controls_attacker(eng, player) -> bool:
    combat = _combatants(eng)
    return bool(combat) and any(eng.state.objects[o].controller == player for o in combat["attackers"]
                                if o in eng.state.objects)


def _first_attack(eng, player) -> bool:
    """'During your first attack this turn': an attack this player declared, the first he declared."""
    cur = _current_attack(eng)
    if cur is None or cur["player"] != player:
        return False
    mine = [a for a in eng.state.vars.get("attacks") or [] if a["player"] == player]
    return mine[0] is cur


def _first_attack_with_attacker(eng, player) -> bool:
    """'During your first attack this turn in which you control an attacker'."""
    cur = _current_attack(eng)
    if cur is None or not _controls_attacker(eng, player):
        return False
    earlier = (eng.state.vars.get("attacks") or [])[:_combatants(eng)["index"]]
    return not any(player in a.get("controllers", []) for a in earlier)


def _named(eng, obj, name) -> bool:
    return obj is not None and hasattr(obj, "card") and name in _names(obj)


def _note_attackers(eng) -> None:
    """Remember, for each attack, every player who controlled an attacker during it."""
    cur = _current_attack(eng)
    if cur is None:
        return
    for oid in _combatants(eng)["attackers"]:
        o = eng.state.objects.get(oid)
        if o is not None and o.controller not in cur["controllers"]:
            cur["controllers"] = sorted(set(cur["controllers"]) | {o.controller})


def _attack_restrictions(eng) -> bool:
    """'Cannot attack' and the attack in progress."""
    combat = _combatants(eng)
    if not combat:
        return False
    barred = [eng.state.objects[o] for o in combat["attackers"]
              if o in eng.state.objects and _has(eng, eng.state.objects[o], "cannot attack")]
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


def _state_triggers(eng) -> bool:
    """State-triggered powers (`on: {event: state}`, condition in `if`): they trigger whenever the
    condition is true and the power is not already waiting to resolve."""
    waiting = {(p.source, p.ability.index) for p in eng.pending}
    for o in eng.in_play():
        for ab in o.card.abilities:
            if ab.kind != "trigger" or (ab.get("on") or {}).get("event") != "state":
                continue
            if (o.oid, ab.index) in waiting:
                continue
            b = eng.bindings_for(o, o.controller)
            if not eng.eval(ab.get("if", "true"), b):
                continue
            if not eng.on("state_trigger"):
                continue
            eng.fire("state_trigger")
            from judge.engine.engine import Pending
            eng.pending.append(Pending(o.oid, o.label, o.controller, ab, {"type": "state"}, o.timestamp,
                                       None, {"event": {"type": "state"}}))
    return False  # the new pending powers resolve in this same settle


def _hold_wrapup_triggers(eng) -> None:
    """Powers that trigger during the wrap-up wait for the start of the next draw phase."""
    if eng.state.vars.get("phase") != "wrapup" or not eng.pending:
        return
    if not eng.on("wrapup_delay"):
        return
    eng.fire("wrapup_delay")
    held = list(eng.state.vars.get("_held") or [])
    for p in eng.pending:
        eng.log("trigger_held", source=p.source_label, until="draw phase")
    eng.state.vars["_held"] = held + list(eng.pending)
    eng.pending.clear()


def _modify(eng, st: dict, b: dict) -> bool:
    """The core 'modify' step; an Ongoing plot twist's modifiers do not depend on its play restriction."""
    this = b.get("this")
    ab = next((a for a in this.card.abilities if a.kind == "play"), None) if hasattr(this, "card") else None
    if ab is not None and ab.get("condition") and "ongoing" in this.card.keywords and b.get("_resolving"):
        if eng.on("restriction_not_scope"):
            eng.fire("restriction_not_scope")
        else:
            st = {**st, "modify": {**st["modify"], "while": ab.get("condition")}}
    return eng.step_modify(st, b)
