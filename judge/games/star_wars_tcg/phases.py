"""Phases and turns (the ``begin`` / ``end`` fixture verbs): the ready phase untaps (Pilots too),
the build step (each player's, build_step.py) starts Upkeep and Bounty, and a battle phase ends
(its 'until end of battle' effects with it) at {end: battle} or when a later turn, ready phase or
build step begins."""
from __future__ import annotations

from .build_step import build_step_players
from .memory import memory
from .pilots import host_of, is_pilot_on_unit, is_unit
from .upkeep import build_step_triggers


#: what {begin: ...} may start: the turn, its phases and the build and retreat steps
PHASES = ("turn", "ready", "build", "retreat", "battle")


def begin(eng, player, act) -> None:
    """{begin: battle | build | ready | retreat | turn}: a phase (or step) starts."""
    phase = act["begin"]
    if phase not in PHASES:  # a misspelt phase would start a phase no rule knows, silently
        eng.fail(f"unknown phase {phase!r} (begin: {' | '.join(PHASES)})")
    if phase in BATTLE_OVER_BY and _battle_open(eng):
        # a later turn (or its ready phase or build step) means the battle phase has ended, whether
        # or not the script said {end: battle}, and whatever step came after it (a retreat step):
        # its 'until end of battle' effects end first, and what its end triggered resolves before the
        # next turn (phase) begins
        _end_battle(eng)
        eng.settle()
    if phase == "turn":
        expire_through(eng, "turn")  # 'until end of turn' effects end as the next turn begins
        eng.state.vars["turn"] = (eng.state.vars.get("turn") or 1) + 1
        eng.state.vars["active"] = player or eng.state.opponent(eng.state.vars.get("active"))
        eng.vars_changed()  # conditions that read the turn or its player ('until your next turn') are read again
        eng.next_turn_begins(eng.state.vars["active"])  # effects 'until your next turn' end as it begins
        memory(eng).pop("moved_pilots", None)
        memory(eng)["overloaded"] = set()  # (overload-4 off: Overload once per turn -- a new turn, again)
        # an event, as a phase's start is: a card's "When your turn begins" can see it (event_names.py)
        eng.emit([{"type": "turn_begins", "turn": eng.state.vars["turn"], "player": eng.state.vars["active"]}])
        return
    if phase == "battle":
        memory(eng)["battle_open"] = True  # open until {end: battle} or a later turn / phase ends it
    elif "battle_open" not in memory(eng):
        # the fixture started in its battle phase (the default) and moves on: that battle is still
        # open until something above ends it, whatever step (the retreat step) comes in between
        memory(eng)["battle_open"] = _battle_open(eng)
    eng.state.vars["phase"] = phase
    eng.vars_changed()  # conditions that read the phase ('while' ...) are read again
    active = eng.state.vars.get("active")
    if phase == "ready":
        # the phase begins, then its units untap (the log reads in the order things happen)
        eng.emit([{"type": "phase_begins", "phase": phase, "player": active}])
        # the Pilots on units in the build zone too (a retreated unit's): 'If a Pilot on a unit is tapped,
        # the Pilot untaps normally' says nothing of where the unit is; the units there the text leaves alone
        built = [o for o in eng.zone_objs(active, "build") if host_of(eng, o) is not None]
        for o in list(eng.in_play()) + built:
            if o.controller != active or not o.exhausted:
                continue
            if o in built or (is_pilot_on_unit(eng, o) and not is_unit(eng, o)):
                if not eng.on("pilot_untaps"):
                    continue
                eng.fire("pilot_untaps")
            eng.set_exhausted(o, False)
        return
    if phase == "build":
        memory(eng).pop("moved_pilots", None)
        memory(eng)["overloaded"] = set()  # (overload-4 off: Overload once per turn -- a new turn, again)
        players = build_step_players(eng)
        build_step_triggers(eng, players)
        # each player's build step starts (one event each, Dark's first): a card's "When your build
        # step starts" triggers for its controller whichever player is active
        waiting = len(eng.pending)
        eng.emit([{"type": "phase_begins", "phase": phase, "player": p} for p in players])
        if any(p.event.get("player") != active for p in eng.pending[waiting:]):
            eng.fire("build_step_each_player")
        return
    eng.emit([{"type": "phase_begins", "phase": phase, "player": active}])


# Phases that never fall inside a battle phase: beginning one after a battle means a new turn has
# begun. The retreat step is left out: the document does not say where it falls in the turn.
BATTLE_OVER_BY = ("turn", "ready", "build")


def _battle_open(eng) -> bool:
    """A battle phase has begun and not ended. Kept apart from the current phase: a step that
    begins after the battle (the retreat step) does not end it, and must not hide it either."""
    if "battle_open" in memory(eng):
        return memory(eng)["battle_open"]
    return eng.state.vars.get("phase") == "battle"  # the fixture starts in a battle phase


def expire_through(eng, period: str) -> None:
    """``period`` ends, and with it the periods inside it (the game's ``durations``, inner first: an attack
    is made in a battle phase, a battle phase is in a turn). An effect 'for this attack' made during an
    attack ends as the attack does (attack.end_attack); the documents say nothing of one made outside an
    attack (a Battle card played in the battle phase before any attack), which would otherwise never end:
    it ends at the latest with the battle phase it was made in, and with the turn (review 43L). One made
    before the first attack of a battle is still running during it, and ends as that attack ends. A period
    that is no duration (a build phase) ends alone."""
    periods = eng.game.durations
    for inner in periods[:periods.index(period) + 1] if period in periods else (period,):
        eng.expire(inner)


def _end_battle(eng) -> None:
    expire_through(eng, "battle")
    memory(eng)["battle_open"] = False
    _phase_ended(eng, "battle")


def _phase_ended(eng, phase: str) -> None:
    """A phase's end is an event as its start is (``phase_begins``): a card's "When the battle phase
    ends" triggers on it (``on: {event: phase_ended, filter: "event.phase == 'battle'"}``)."""
    eng.emit([{"type": "phase_ended", "phase": phase, "player": eng.state.vars.get("active")}])


def end(eng, player, act) -> None:
    """{end: battle}: 'until end of battle' effects end."""
    phase = act["end"]
    if phase == "battle":
        _end_battle(eng)
        return
    expire_through(eng, phase)
    _phase_ended(eng, phase)


def register(game) -> None:
    game.actions.update({"begin": begin, "end": end})
