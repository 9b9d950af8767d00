"""Tactics whose Action has a trigger condition ("Action: When your opponent declares at least 1 defender
against your attack, ...": Reckless Attack).

The triggered Actions clarification: "Triggered Actions are a subset of Actions that contain a trigger
condition", and the trigger conditions clarification: "A trigger condition is anything that must happen
before a certain card ability can be triggered." A tactic's text is an Action like any other: when it has a
trigger condition (its play ability has ``timing: {event: TYPE, filter: EXPR}``), the tactic can be played
from hand only once that condition has been met -- since the last action window, at the first opportunity,
once per time it is met -- exactly as an Action on a card in play (triggered.py keeps the conditions met
and their lapsing; this module only feeds it the tactics in hand and asks it at the play).

Rules (mechanics of triggered.py): trigger_condition_first (clarification:trigger-conditions),
triggered_action_once, triggered_action_first_opportunity, triggered_action_next_chain and the lapsing ones. A tactic whose play ability has no
trigger condition ("Action: Deal 1 damage ...") is played whenever the timing rules allow: untouched."""
from __future__ import annotations

from . import triggered
from .triggered import timed_play


def why_not_play(eng, player, obj, action) -> str | None:
    """Why a tactic with a trigger condition cannot be played now (its condition not met since ...,
    lapsed, used up), or None -- the checks of a triggered Action on a card in play."""
    ab = timed_play(obj)
    if ab is None:
        return None
    # the checks before this one (the timing rules, a non-active player's action window) let the play
    # through: a refusal from here on is this rule's, not theirs (a permissive rule that fired is no refusal)
    eng.begin_check()
    return triggered.first_opportunity_passed(eng, obj, ab, player) or triggered.why_not_use(eng, player, obj, ab, action)


def play_use_costs(eng, player, obj, action) -> list[dict]:
    """Playing it uses up the time its condition was met (as a triggered Action's use does)."""
    ab = timed_play(obj)
    return triggered.trigger_use_costs(eng, player, obj, ab, action) if ab is not None else []
