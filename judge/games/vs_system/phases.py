"""Phases and turns (the ``begin`` fixture verb): the normal draw, powers that trigger during
the wrap-up waiting for the next draw phase.

The normal two-card draw goes on the chain as the draw phase starts, before the powers that trigger
at its start, so they resolve before it: mechanic ``draw_phase_powers_first``, bound to the Gravesite
answer, which states it for every such power (rules_corpus/vs-system/states-rule.yaml; the Suicide
answer says the same of his held power). A triggered power goes on the chain (the core's
``triggers_on_chain``, bound to the same answer): the players may respond to it -- a card played then goes
above it and resolves first -- and the normal draw beneath it comes once the chain is empty
(``after_resolve``; with nothing on the chain the draw is made at once).
That a power triggering during the wrap-up waits for the
start of the next draw phase is stated only in the Suicide answer, about his power alone: game
structure, with no off switch.

The order of a turn's phases is game structure too, refused naming no rule: the corpus names the phases
(the draw, build, combat and recovery phases, the formation step, 'the wrap-up part of the recovery
phase', after which comes 'the next turn's draw phase' -- the Suicide answer) but no numbered rule or
rule-stating entry gives their order. A phase is begun only after the phases before it in the turn (start,
draw, build, combat, recovery, wrap-up): an earlier one is begun only in a new turn, ``{begin: turn}``. The
formation step and the combat phase count as one place in that order (405.3's formation step is placed
nowhere by the corpus): either may be begun after the other."""
from __future__ import annotations


#: what {begin: ...} may start: the turn and its phases (the formation step and the wrap-up included)
PHASES = ("turn", "draw", "build", "combat", "formation", "recovery", "wrapup")

#: the place of each phase in the turn ("start": the turn has begun, its draw phase not yet); the
#: formation step shares the combat phase's place (module docstring)
TURN_ORDER = {"start": 0, "draw": 1, "build": 2, "combat": 3, "formation": 3, "recovery": 4, "wrapup": 5}


def begin(eng, player, act) -> None:
    """{begin: build} -- the start of a phase (draw, build, combat, recovery, wrapup ...), never one the
    turn has passed (TURN_ORDER); {begin: turn} ends the turn (effects 'this turn' end, characters and
    resource-row cards ready) and starts the next one at its start, before its draw phase ({begin: turn,
    active: B}: B's turn); {begin: draw, no_draw: true} skips the normal two-card draw."""
    phase = act["begin"]
    if phase not in PHASES:  # a misspelt phase would start a phase no rule knows, silently
        eng.fail(f"unknown phase {phase!r} (begin: {' | '.join(PHASES)})")
    if phase == "turn":
        _end_attack_with_phase(eng)
        for d in ("attack", "phase", "turn"):
            eng.expire(d)
        eng.state.vars["turn"] = (eng.state.vars.get("turn") or 1) + 1
        eng.state.vars["phase"] = "start"  # the new turn has begun, its draw phase not yet
        eng.state.vars["attacks"] = []
        if act.get("active"):
            eng.state.vars["active"] = act["active"]
        eng.vars_changed()  # conditions that read the phase or the turn's player are read again
        eng.next_turn_begins(eng.state.vars["active"])  # effects 'until your next turn' end as it begins
        # exhausted cards ready as the turn begins: characters, and the cards of the resource row that
        # an 'Activate' cost exhausted (a location such as Geraci Family Estate: its power is used once a
        # turn, not once a game)
        for o in [*eng.in_play(), *(o for o in eng.state.objects.values() if o.zone == "resource")]:
            o.exhausted = False
        eng.touch()
        eng.log("turn_started", turn=eng.state.vars["turn"])
        return
    _refuse_going_back(eng, phase)
    if eng.state.vars.get("phase") != phase:
        # an attack never outlasts its phase: one under way that never struck ends here (its attackers
        # are no longer 'attacking'), and an effect 'this attack' created when no attack was under way
        # (a plot twist played in the build phase) ends with the phase too
        _end_attack_with_phase(eng)
        eng.expire("attack")
        eng.expire("phase")
    eng.state.vars["phase"] = phase
    eng.vars_changed()  # conditions that read the phase ('while' ...) are read again
    eng.log("phase_started", phase=phase)
    normal_draw = phase == "draw" and not act.get("no_draw")
    if phase == "draw":
        held = _held(eng)
        eng.pending.extend(held)
        held.clear()
    eng.emit([{"type": "phase_begins", "phase": phase, "player": eng.state.vars.get("active")}])
    if normal_draw:
        # the normal draw went on the chain first: the start-of-draw-phase powers go on it above the draw
        # and the players may respond before they resolve (triggers_on_chain); the draw is made when the
        # chain is empty (after_resolve)
        if eng.pending and eng.on("draw_phase_powers_first"):
            eng.fire("draw_phase_powers_first")
            eng.settle()
            if eng.state.chain:
                _draw_owed(eng)["owed"] = True
                return
        _normal_draw(eng)


def end_attack(eng) -> None:
    """The attack under way ends: no character is attacking or defending any more, and the effects
    'this attack' end (after its strike, or with its phase)."""
    for o in eng.in_play():
        o.flags -= {"attacking", "defending"}
    eng.state.vars["combat"] = None
    eng.touch()
    eng.expire("attack")
    eng.log("attack_ended")


def _end_attack_with_phase(eng) -> None:
    """An attack never outlasts its phase (game structure: attacks are made in the combat phase)."""
    if eng.state.vars.get("combat"):
        end_attack(eng)


def phase_words(phase: str | None) -> str:
    """How a message names the point of the turn a phase value stands for."""
    return {"start": "at the start of the turn, before its draw phase", "formation": "in the formation step",
            "wrapup": "in the wrap-up of the recovery phase"}.get(phase, f"in the {phase} phase")


def _refuse_going_back(eng, phase: str) -> None:
    """A phase the turn has passed is not begun again in that turn: the script would run the turn
    backwards (a second normal draw after the wrap-up). Game structure, naming no rule (module docstring)."""
    now = eng.state.vars.get("phase")
    if TURN_ORDER.get(now, 0) > TURN_ORDER[phase]:
        eng.fail(f"cannot begin the {phase} phase: the turn has passed it, it is {phase_words(now)} (a turn "
                 f"runs draw, build, combat with its formation step, recovery, wrap-up); an earlier phase "
                 f"comes in a new turn: {{begin: turn}} first (a scene that starts just before a draw phase "
                 f"starts at phase: start; without a phase: line it starts in the build phase)")


def after_resolve(eng, thing) -> None:
    """The normal draw owed beneath the start-of-draw-phase powers: made once the chain is empty and no
    triggered power waits to go on it."""
    owed = _draw_owed(eng)
    if owed["owed"] and not eng.state.chain and not eng.pending:
        owed["owed"] = False
        _normal_draw(eng)


def _draw_owed(eng) -> dict:
    return eng.memory("vs-system.draw", {"owed": False})


def _normal_draw(eng) -> None:
    for p in eng.turn_order():
        eng.log("normal_draw", player=p)
        eng.run_step({"draw": 2}, eng.bindings_for(None, p))


def hold_wrapup_triggers(eng) -> None:
    """Powers that trigger during the wrap-up wait for the start of the next draw phase."""
    if eng.state.vars.get("phase") != "wrapup" or not eng.pending:
        return
    for p in eng.pending:
        eng.log("trigger_held", source=p.source_label, until="draw phase")
    _held(eng).extend(eng.pending)
    eng.pending.clear()


def register(game) -> None:
    game.actions["begin"] = begin


def _held(eng) -> list:
    """Triggered powers held from the wrap-up until the next draw phase."""
    return eng.memory("vs-system.wrapup", {"held": []})["held"]
