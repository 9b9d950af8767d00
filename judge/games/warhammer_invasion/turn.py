"""The turn: its phases (beginning / phase 0, kingdom, quest, capital, battlefield), what each
phase does as it begins (kingdom: income and one restore; quest: draw), effects lasting a phase or
the turn expiring, skipped phases, additional battlefield phases, the end of the turn.

Fixture verbs: ``{begin: turn | PHASE}`` (``{player: A, begin: turn}`` makes A active) and
``{end: turn}``. Step verbs: ``skip``, ``additional_phase``."""
from __future__ import annotations

from . import capital, decks, keywords, timing, triggered

#: this mechanic's replay memory (engine.memory "whi.turn"), as it starts
_MEMORY = {"skip": set(), "bf_phases": {},
           "phase_over": False,  # no phase under way: a phase ended and none begun yet (the turn ended, or
           # an attack with no attackers skipped to its end)
           "skipped_to_end": None}  # the turn an attack with no attackers skipped to its end


def register(game) -> None:
    game.actions.update({"begin": begin, "end": end})
    game.steps.update({"skip": _skip, "additional_phase": _additional_phase})


def _mem(eng) -> dict:
    return eng.memory("whi.turn", _MEMORY)


# -- actions --------------------------------------------------------------------------------------

def begin(eng, player, act) -> None:
    """{begin: turn | PHASE}. The turn's phases come in the order of the turn sequence (phases_in_turn_order);
    a granted additional battlefield phase follows the battlefield phase: the next phase begun is that
    battlefield phase (the turn cannot move on before it is taken). A turn has one battlefield phase (the
    turn sequence): another one is begun only when an effect granted it."""
    ph, what = _phases(eng), act.get("begin")
    if what != "turn" and what not in TURN_SEQUENCE:  # a misspelt phase stopped the replay with a ValueError
        eng.fail(f"unknown phase {what!r} (begin: turn, or a phase: {', '.join(TURN_SEQUENCE)})")
    eng.refuse_moving_on_with_chain()
    if what == "battlefield":
        additional = ph["taken"] >= 1
        if additional and not ph["pending"]:
            refuse_passed_phase(eng, what, "this turn's battlefield phase has been taken: no additional"
                                " battlefield phase was granted")
        phase_ends(eng)  # the phase under way ends as the battlefield phase it was (its own phase number)
        ph["taken"] += 1  # before the new phase begins: what it does and forces as it begins is in THIS phase
        if additional and ph["pending"]:
            ph["pending"] -= 1
            ph["extra"] += 1
            eng.log("additional_phase_taken", phase="battlefield", number=ph["taken"])
        _start(eng, player, what, ended=True)
        return
    if ph["pending"]:
        eng.fail(f"an additional battlefield phase was granted: it follows this battlefield phase, "
                 f"before the {what} phase")
    if what != "turn":
        refuse_passed_phase(eng, what, f"the turn has passed the {what} phase")
    _start(eng, player, what)
    if what == "turn":  # a new turn: no battlefield phase taken yet
        ph.update(taken=0, extra=0, pending=0)


#: the turn sequence (Updated Turn Sequence Diagram, errata:core-rulebook-page-14): phase 0 (the beginning
#: of the turn) to phase 5 (its end, then the next turn begins)
TURN_SEQUENCE = ("beginning", "kingdom", "quest", "capital", "battlefield", "end")


def refuse_passed_phase(eng, phase: str, why: str) -> None:
    """A phase is begun only after the phases before it in the turn sequence and before those after it:
    one the turn has already reached or passed is not begun again ('5. End of Turn ... Proceed to the
    beginning of the next turn'); after an attack declared with no attackers the players have skipped to
    the End of Turn (no_attackers_skip_to_end). Mechanic off: any phase may be begun at any time."""
    now = eng.state.vars.get("phase")
    if now not in TURN_SEQUENCE or TURN_SEQUENCE.index(now) < TURN_SEQUENCE.index(phase):
        return
    if now == "end" and _mem(eng).get("skipped_to_end") == eng.state.vars.get("turn"):
        eng.fail(f"{why}: an attack with no attackers skipped to the end of the turn", rule="no_attackers_skip_to_end")
    if eng.applies("phases_in_turn_order"):
        eng.fail(f"{why} (the turn sequence: phases 0-5 in order)", rule="phases_in_turn_order")


def skip_to_end_of_turn(eng) -> None:
    """No attackers declared: 'players immediately skip to the End of Turn' -- the phase under way ends
    (its 'at the end of the phase' effects, 'this phase' effects expire) and the turn is at its end."""
    phase_ends(eng)
    mem = _mem(eng)
    mem["phase_over"] = True  # no phase under way: ending the turn ends no phase again
    mem["skipped_to_end"] = eng.state.vars.get("turn")
    eng.state.vars["phase"] = "end"
    eng.vars_changed()  # conditions that read the phase ('while' ...) are read again


def _start(eng, player, what: str, ended: bool = False) -> None:
    """The turn (phase 0) or a phase begins: 'this phase' effects end (unless the caller ended the phase
    before), then the phase's own steps, then the action window before it closes, then the 'begins' event."""
    if not ended:
        phase_ends(eng)
    _mem(eng)["phase_over"] = False
    if what == "turn":
        eng.state.vars["phase"] = "beginning"
        eng.vars_changed()  # conditions that read the phase ('while' ...) are read again
        if player and player != eng.state.vars.get("active"):
            eng.state.vars["active"] = player
            # another player's turn begins ({end: turn} begins the next player's: {begin: turn} after it is
            # the turn that began): their effects 'until your next turn' end
            eng.next_turn_begins(player)
        for data in eng.state.player_data.values():
            data["limited_played"] = 0  # Limited: one per turn
        _window_closes(eng, "turn")
        if turn_begins_now(eng):
            eng.emit([{"type": "turn_begins", "player": eng.state.vars["active"]}])
    else:
        eng.state.vars["phase"] = what
        eng.vars_changed()  # conditions that read the phase ('while' ...) are read again
        _phase_steps(eng, what)
        after_phase_start(eng, what)
        _window_closes(eng, what)
        eng.emit([{"type": "phase_begins", "phase": what, "player": eng.state.vars["active"]}])


def _window_closes(eng, phase: str) -> None:
    eng.touch()  # continuous effects that last only during a phase ('during your quest phase') re-check
    timing.forget_paying(eng)
    # conditions met as this phase begins (its own steps) belong to its Action Window
    triggered.expire(eng, "triggered_action_window", f"the action window closed ({phase} begins)", earlier_only=True)


def end(eng, player, act) -> None:
    """{end: turn}: 'at the end of the turn' effects, then effects lasting until the end of the turn expire
    (triggered Actions not used this turn too); the other player becomes the active player. A granted
    additional battlefield phase not yet taken stops the turn from ending."""
    if act.get("end") != "turn":  # {end: battlefield} ended the turn
        eng.fail(f"unknown end {act.get('end')!r}: {{end: turn}} ends the turn ({{begin: PHASE}} moves to a phase)")
    eng.refuse_moving_on_with_chain()
    if _phases(eng)["pending"]:
        eng.fail("the turn cannot end: an additional battlefield phase was granted and has not been taken",
                 rule="later_grant_waits")  # the rule that kept the grant waiting for its time
    phase_ends(eng)  # the last phase of the turn ends before the end of the turn (phase 5)
    _mem(eng)["phase_over"] = True
    active = eng.state.vars.get("active")
    eng.emit([{"type": "turn_ends", "player": active}])
    eng.settle()
    keywords.necromancy_end_of_turn(eng)
    eng.settle()
    if eng.on("turn_effects_expire"):
        if any(e.duration == "turn" for e in eng.state.effects):
            eng.fire("turn_effects_expire")
        eng.expire("turn")
    eng.state.vars["active"] = eng.state.opponent(active)
    eng.state.vars["turn"] = (eng.state.vars.get("turn") or 1) + 1
    eng.state.vars["phase"] = "beginning"
    eng.vars_changed()  # conditions that read the phase ('while' ...) are read again
    eng.next_turn_begins(eng.state.vars["active"])  # effects 'until your next turn' end as it begins
    for data in eng.state.player_data.values():
        data["limited_played"] = 0  # Limited: one per turn -- the next turn has begun, {begin: turn} or not
    eng.log("turn_ended", player=active)
    triggered.expire(eng, "triggered_action_this_turn", "the turn ended")


# -- phases -----------------------------------------------------------------------------------------

def turn_begins_now(eng) -> bool:
    """'At the beginning of the turn' effects happen in phase 0 (before the kingdom phase)."""
    if eng.on("beginning_before_kingdom"):
        if _listened(eng, "turn_begins"):  # the rule decides when something happens at the beginning of the turn
            eng.fire("beginning_before_kingdom")
        return True
    eng.state.vars["turn_begins_waiting"] = True
    return False


def _listened(eng, event: str) -> bool:
    """A card in play has an ability that triggers on the game event (its `on` or triggered Action timing)."""
    for o in eng.in_play():
        for ab in o.card.abilities:
            spec = ab.get("on") or ab.get("timing")
            if isinstance(spec, dict) and spec.get("event") == event:
                return True
    return False


def after_phase_start(eng, phase: str) -> None:
    """Ablated 'beginning of turn first': the waiting effects happen after the kingdom phase steps."""
    if phase == "kingdom" and eng.state.vars.pop("turn_begins_waiting", False):
        eng.emit([{"type": "turn_begins", "player": eng.state.vars.get("active")}])


def phase_ends(eng) -> None:
    """The phase under way ends (a new phase begins, or the turn ends): E of the timing structure --
    'at the end of the phase' triggered Constant / Forced effects resolve (event ``phase_ends``), then
    effects lasting 'this phase' end. Nothing ends when no phase is under way (between two turns)."""
    mem = _mem(eng)
    if mem.get("phase_over"):
        return
    # a combat not yet carried out to its end is, before the phase ends (combat_damage.py, through the game
    # hook: combat_damage imports combat, which imports this module)
    eng.game.hooks.call("open_combat_at_phase_end", eng)
    if eng.on("phase_end_effects"):
        eng.emit([{"type": "phase_ends", "phase": eng.state.vars.get("phase"), "player": eng.state.vars.get("active")}])
        if eng.pending:  # an effect triggered at the end of the phase: the rule gave it that moment
            eng.fire("phase_end_effects")
        eng.settle()
    # what lasts 'this phase': effects, and control taken for the phase (it goes back: blind round 49)
    if not eng.control_leased_for("phase") and not any(e.duration == "phase" for e in eng.state.effects):
        return
    if eng.applies("phase_effects_expire"):
        eng.expire("phase")


def _phase_steps(eng, phase: str) -> None:
    """Kingdom phase: unspent resources go back, one corrupted card may be restored, resources equal to the
    kingdom's power. Quest phase: draw cards equal to the quest zone's power."""
    p = eng.state.vars.get("active")
    if phase == "kingdom" and eng.applies("kingdom_income"):
        corrupted = [o.label for o in eng.in_play() if o.controller == p and "corrupted" in o.flags]
        if corrupted:
            pick = eng.decide(p, "pick", corrupted + ["none"], "a corrupted card to restore (or none)",
                              forced_single=False, refusing="kingdom_income")  # one of HIS corrupted cards
            if pick != "none":  # the rules' own restore (corruption.py), the step cards use too
                eng.run_step({"restore": pick}, eng.bindings_for(None, p))
        power = sum(eng.obj_attr(o, "power") or 0 for o in eng.zone_objs(p, "kingdom"))
        power = power if capital.zone_functions(eng, p, "kingdom") else 0
        eng.state.player_data[p]["resources"] = power
        eng.log("resources_gained", player=p, amount=power, unspent_returned=True)
    if phase == "quest" and eng.applies("quest_draw"):
        n = sum(eng.obj_attr(o, "power") or 0 for o in eng.zone_objs(p, "quest"))
        n = n if capital.zone_functions(eng, p, "quest") else 0
        drawn = min(n, len(eng.zone_objs(p, "deck")))
        eng.run_step({"draw": n, "player": "you"}, eng.bindings_for(None, p))
        if decks.drew_cards(eng, p, drawn):  # 'draws cards for his quest phase' only when he drew some
            eng.emit([{"type": "quest_draw", "player": p, "amount": drawn}])


# -- skipping phases --------------------------------------------------------------------------------

def skipped(eng, phase: str) -> bool:
    """The phase now under way (this one instance of it) is skipped."""
    key, done = _skip_key(eng, phase), _mem(eng)["skip"]
    if key not in done and key[2] > 1 and key[:2] + (1,) in done:
        eng.fire("skip_this_phase_only")  # an earlier battlefield phase of the turn was skipped, not this one
    return key in done


def phase_number(eng, phase: str) -> int:
    """Which of the turn's battlefield phases is under way (1, 2 with Bash 'Em! ...); 1 for other phases."""
    return max(_phases(eng)["taken"], 1) if phase == "battlefield" else 1


def phase_period(eng) -> tuple:
    """The current phase as a period of 'limit once per phase': the turn, the phase, and which of the turn's
    battlefield phases (an additional battlefield phase is another phase)."""
    phase = eng.state.vars.get("phase")
    return ("phase", eng.state.vars.get("turn"), phase, phase_number(eng, phase))


def _skip_key(eng, phase: str, turn=None, number=None) -> tuple:
    """A skip bypasses one phase: the phase of this turn and, for a battlefield phase, which one of the
    turn's battlefield phases (clarification:the-word-skip: 'skip the remainder of this battlefield
    phase'). Mechanic off (skip_this_phase_only): every battlefield phase of the turn is that phase."""
    turn = eng.state.vars.get("turn") if turn is None else turn
    if number is None:
        number = phase_number(eng, phase)
    if number > 1 and not eng.on("skip_this_phase_only"):
        number = 1  # off: an additional battlefield phase counts as the phase already skipped
    return (turn, phase, max(number, 1))


def _skip(eng, st, b) -> bool:
    """{skip: PHASE}: the phase is bypassed (this one; 'skip the rest of your battlefield phase': the
    battlefield phase under way). A phase skipped again stays one skipped phase (skip_once_per_phase off:
    the extra skip carries to the same player's next turn's such phase)."""
    turn, phase = eng.state.vars.get("turn"), st["skip"]
    if eng.on("skip_phase") and skipped(eng, phase):
        if not eng.applies("skip_once_per_phase"):
            _mem(eng)["skip"].add(_skip_key(eng, phase, (turn or 1) + 2, 1))
    if not eng.on("skip_phase"):
        return True
    eng.fire("skip_phase")
    key = _skip_key(eng, phase)
    _mem(eng)["skip"].add(key)
    eng.log("phase_skipped", phase=phase, turn=key[0], number=key[2])
    return True


# -- additional battlefield phases (Bash 'Em!) ------------------------------------------------------

def _phases(eng) -> dict:
    """This turn's battlefield phases: ``taken`` (begun, the first included), ``extra`` (additional ones
    begun), ``pending`` (granted, not yet begun)."""
    m = _mem(eng)["bf_phases"]
    turn = eng.state.vars.get("turn")
    if turn not in m:
        m.clear()
        m[turn] = {"taken": 1 if eng.state.vars.get("phase") == "battlefield" else 0, "extra": 0, "pending": 0}
    return m[turn]


def _additional_phase(eng, st, b) -> bool:
    """{additional_phase: battlefield}: after this battlefield phase, take an additional battlefield phase."""
    if st["additional_phase"] != "battlefield":
        eng.fail("only additional battlefield phases are modelled")
    if not eng.applies("later_grant_waits"):
        eng.log("additional_phase_lost", phase="battlefield", player=b.get("you"),
                reason="a grant for a later time does nothing now")
        return False
    ph = _phases(eng)
    ph["pending"] += 1  # every grant adds one more, however many were granted or taken this turn
    eng.log("additional_phase_granted", phase="battlefield", player=b.get("you"), pending=ph["pending"])
    return True
