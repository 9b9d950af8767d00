"""Action windows of the phases: 'Actions may be taken by either player' (the kingdom, quest, capital and
battlefield phase clarifications, each of its own). The non-active player may play a tactic or trigger an
Action in every action window of the active player's phases, not only in response to him. Each phase is
its own mechanic, bound to its own clarification, so switching one phase's entry off refuses the
non-active player's Actions in that phase only (off: only the active player takes Actions there).

Units, supports and quests are not Actions: their own timing (non_tactic_timing) keeps them to their
owner's capital phase whatever this says; phase 0 (the beginning of the turn) has its own window
(beginning_action_window, timing.py)."""
from __future__ import annotations

#: phase -> the mechanic saying either player takes Actions in that phase's windows (literal keys:
#: judge/engine/bindings.py finds the keys a game asks for by scanning its code)
PHASE_WINDOWS = {
    "kingdom": "actions_either_player_kingdom",
    "quest": "actions_either_player_quest",
    "capital": "actions_either_player_capital",
    "battlefield": "actions_either_player_battlefield",
}


def _is_action_taken(obj, ability) -> bool:
    """Is this play or use an Action? A tactic played (ability None), or a card's Action ability."""
    if ability is None:
        return obj.card.type == "tactic"
    return ability.kind == "action"


def non_active_action(eng, player, obj, ability=None) -> str | None:
    """Why the non-active player may not take this Action now (its phase's window rule switched off), or
    None. Traced when the permission decides: the non-active player takes an Action in that phase."""
    phase = eng.state.vars.get("phase")
    key = PHASE_WINDOWS.get(phase)
    if key is None or player == eng.state.vars.get("active") or not _is_action_taken(obj, ability):
        return None
    if eng.applies(key):
        return None
    return f"only the active player takes Actions in the {phase} phase"
