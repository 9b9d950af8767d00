"""When a card's on-play ('kijátszáskori') ability may be used: as the card is played, not later.

A card's text "Kijátszáskor, aktiválás: ..." (Próba őrtorony) says when: "kijátszáskor", as it is played.
Chapter 8 names these abilities (8.6.1 "kijátszáskori aktiválást kívánó képességeik") but gives no window
of its own, so the card's words set it: the play is over -- and the ability can no longer be used -- once
anything else has been played or used, or anything other than the card's own abilities has resolved, or
the phase is over. What the card's play itself brings about (its own on-play triggered ability, +1 VP)
is part of the play and leaves the window open; what waited on the chain under the card when it was
played has not resolved yet, so the window is open until it does (review 43 -hh2 #1: the turn and phase
alone let the shot wait through other plays, even at a creature that came into play later)."""
from __future__ import annotations


def _open(engine) -> dict:
    """str(oid) of a card whose on-play window is open -> how many chain items were below it then."""
    return engine.memory("hatalom-kartyai.on-play-window", {})


def mark_played(engine, obj) -> None:
    """``obj`` was played and has just come into play: its on-play window opens (as its play resolves --
    the play's own chain item has already started to resolve, so it does not close it)."""
    obj.memory["played_turn"] = engine.state.vars.get("turn")
    obj.memory["played_phase"] = engine.state.vars.get("phase")
    chain = engine.state.chain
    _open(engine)[str(obj.oid)] = len(chain)
    if chain and any(ab.get("timing") == "on_play" for ab in obj.card.abilities):
        # played while something waits below it (in its own main phase): the chain stops before that
        # resolves, so the player has the moment of the play to use the ability (pass: all goes on)
        chain[-1].window = True


def played_now(engine, obj) -> bool:
    """``obj`` is being played now: its play's window is still open -- in this turn and phase, nothing
    else resolved since (before_resolve) and nothing else is on the chain above what waited under it."""
    if (obj.memory.get("played_turn") != engine.state.vars.get("turn")
            or obj.memory.get("played_phase") != engine.state.vars.get("phase")):
        return False
    below = _open(engine).get(str(obj.oid))
    if below is None:
        return False
    # a play or a use announced since (a response to the card, another card played): the play is over
    return all(item.source == obj.oid for item in engine.state.chain[below:])


def before_resolve(engine, thing) -> None:
    """Something resolves (a chain item or a triggered ability): the window of every card whose play is
    over closes -- each but the card it comes from (its own on-play triggered ability is its play)."""
    windows = _open(engine)
    if not windows:
        return
    source = str(getattr(thing, "source", None))
    for oid in [k for k in windows if k != source]:
        del windows[oid]
