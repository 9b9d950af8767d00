"""Priority to start an action chain (Detailed Timing B-2 / B-4, mechanic priority_alternates).

'players alternate turns when taking actions that start action chains, so the first player has priority first
during each Action Window, and then after he passes or a chain is completed priority to take an action passes
to the next player' (B-4); 'Players have the opportunity to play actions (starting with the player who has
priority ...)' (B-2); '... until both players have passed consecutively' (B-2), 'Action Window closes when
neither player wants to take any additional actions' (B-4).

The scripted model: a script orders the players' actions, and a player who does not act when it is his turn
has passed. So with nothing on the chain:
- a player who starts a chain without priority comes after the priority holder's (unscripted) pass: allowed,
  nothing else changes (the holder's pass is not traced: a pass and an action are not consecutive passes);
- a single scripted pass by the player WITHOUT priority comes after the holder's unscripted pass: the two
  passes are consecutive, the Action Window closes (what waits for it happens: triggered Actions lapse,
  assigned combat damage is applied);
- a player who passed with priority (it went to the other player) and then acts again, with no action of the
  other in between: the other player's unscripted pass came between, the window closed before the action
  (which is then the next window's).
The holder's pass is then traced (event ``passed``, after a ``passes_without_acting`` note) and counted like
a scripted one. Passes while something is on the chain (responses) have no priority: the core's consecutive
passes rule decides when the chain resolves. ``pass: all`` is every player's pass, whoever's turn it was.

A window opens with the active player (the first player) holding priority: after a game action (a phase or
step of the turn, an attack, defenders, combat damage assigned ...) and after a window closed. Off: no turns;
a player's pass counts only as his own: the window closes once every player has passed (in any order) with
nothing on the chain, never because a player did not act when it was his turn. Priority never refuses an
action in this model: whoever acts, the player whose turn it was has passed before him."""
from __future__ import annotations

#: this mechanic's replay memory (engine.memory "whi.priority"), as a window opens: ``holder`` None is the
#: active player; ``passed``: who passed (with priority, nothing on the chain) since the last action;
#: ``trying``: (player, event index) of a play or use begun with nothing on the chain (it starts a chain if it
#: is taken); ``starter``: who started the chain now on the chain
_MEMORY = {"holder": None, "passed": [], "trying": None, "starter": None}


def _mem(eng) -> dict:
    return eng.memory("whi.priority", _MEMORY)


def _next(eng, player: str) -> str:
    order = list(eng.state.players)
    return order[(order.index(player) + 1) % len(order)]


def _holder(eng, mem: dict) -> str:
    return mem["holder"] or eng.state.vars.get("active")


def _note_chains(eng, mem: dict) -> None:
    """Catch up with the chain: a play or use begun with nothing on the chain that was taken started a chain
    (its 'played' / 'used' record); a chain that has left nothing on the chain is completed, and priority
    passes to the player after the one who started it."""
    trying = mem["trying"]
    if trying is not None:
        mem["trying"] = None
        who, since = trying
        if any(r.get("event") in ("played", "used") and r.get("player") == who for r in eng.events[since:]):
            mem["starter"] = who
    if mem["starter"] is not None and not eng.state.chain:
        mem["holder"] = _next(eng, mem["starter"])
        mem["starter"] = None
        mem["passed"] = []


def taking_action(eng, player: str, verb: str) -> None:
    """Before a scripted play, use or single pass: whose turn it is (module docstring)."""
    if not eng.on("priority_alternates"):
        return
    mem = _mem(eng)
    _note_chains(eng, mem)
    if eng.state.chain:
        return  # a response: the consecutive passes rule, not priority
    holder = _holder(eng, mem)
    if player == holder:
        if verb == "pass":
            mem["holder"] = _next(eng, player)
            mem["passed"].append(player)
        else:
            mem["passed"] = []
            mem["trying"] = (player, len(eng.events))
        return
    # not his turn: the holder did not act, he passed
    if verb == "pass" or player in mem["passed"]:
        # the holder's pass and his (this one, or his earlier one the holder's came after) are consecutive:
        # the window closes -- with this pass (the core counts both), or before this action
        eng.fire("priority_alternates")
        eng.log("passes_without_acting", player=holder, had="priority")
        eng.pass_priority(holder)
        if mem is not _mem(eng):  # it closed (before this action, or before a second pass of his): a new window
            if verb != "pass":
                eng.settle()  # what closing the window triggered, as after a scripted pass
            taking_action(eng, player, verb)
        return
    mem["holder"] = player  # he starts a chain after the holder's pass, not consecutive with another
    mem["passed"] = []
    mem["trying"] = (player, len(eng.events))


def action_window_closes(eng, why: str) -> bool:
    """A window closed (the players passed, the game moved on, the script ended): the next one opens with the
    first player holding priority. Nothing else changes: False."""
    eng.state.memory.pop("whi.priority", None)
    return False
