"""The end of the game: a mandatory infinite loop is a draw; alternate victories.

Neither is a mechanic with an off switch: the corpus states no rule for them (the loop draw is
mentioned only in the reason for the Stilt-Man errata, and "you win the game" / "your opponents
cannot win the game" are card text), so they are game structure and effect vocabulary."""
from __future__ import annotations

from .terms import has_keyword


LOOP_REPEATS = 5


def _waiting(eng) -> list:
    """The triggered powers waiting now: in the pool, in the batch resolving, and on the chain."""
    return list(eng.pending) + list(eng.batch_waiting) + [c.pending for c in eng.state.chain if c.pending]


def _first_seen(mem: dict, p) -> int:
    return next(n for q, n in mem["seen"] if q is p)


def loop_check(eng) -> bool:
    """A run of mandatory triggered powers repeating the same cycle within one action that keeps
    renewing itself can never end: the game is a draw (the reason for the Stilt-Man errata: "an
    infinite loop"). A run that merely repeats -- five powers one event batch triggered, resolving one
    after the other -- is finite: the loop needs the cycle's next power to be waiting now, triggered
    after the repeating run began (it did not wait from before it), and none of the cycle's powers to
    be optional (a 'may' lets its controller stop the loop)."""
    if eng.game_over:
        if eng.pending:
            eng.pending.clear()
        return False
    seq = []
    for st in reversed(eng.trace):
        seq = [(e.get("source"), e.get("ability")) for e in st.events if e["event"] == "triggered"] + seq
        if st.index == eng.action_index:
            break
    # when each waiting power was first seen waiting: the number of resolutions of the action then
    # (kept by identity, not id(): a state snapshot copies the memory with the chain it points into)
    mem = eng.memory("vs_loop", {"action": None, "seen": []})
    waiting = _waiting(eng)
    if mem["action"] != eng.action_index:  # powers waiting from an earlier action waited before any run of this one
        kept = [(q, -1) for q, _ in mem["seen"] if any(q is p for p in waiting)]
        mem["action"], mem["seen"] = eng.action_index, kept
    for p in waiting:
        if not any(q is p for q, _ in mem["seen"]):
            mem["seen"].append((p, len(seq)))
    for period in range(1, 5):
        need = period * LOOP_REPEATS
        if len(seq) < need:
            break
        tail = seq[-need:]
        if all(tail[i] == tail[i % period] for i in range(need)):
            cycle = set(tail[:period])
            start = len(seq) - need
            renewed = [p for p in _waiting(eng) if (p.source_label, p.ability.get("name")) == tail[0]
                       and _first_seen(mem, p) > start]
            if not renewed:
                continue
            powers = [p for p, _ in mem["seen"] if (p.source_label, p.ability.get("name")) in cycle]
            if any(p.ability.get("optional") for p in powers):
                return False
            sources = sorted({s for s, _ in tail[:period]})
            eng.log("loop_detected", cards=sources, period=period)
            eng.end_game("draw")  # (the game has not ended: checked above)
            eng.log("game_drawn", reason="infinite_loop")
            return True
    return False


def win_game(eng, st: dict, b: dict) -> bool:
    """{win_game: PLAYER} -- 'you win the game' (an alternate victory; general vocabulary): that player
    wins unless a card says he cannot ('your opponents cannot win the game' on a character his
    opponent controls). A game that has already ended (won, or drawn by a loop) is not won: its first
    result stands (engine.end_game) -- the step does nothing and fails."""
    if eng.game_over:
        return False
    who = eng.eval(st["win_game"], b)
    stoppers = [o for o in eng.in_play() if o.controller != who and has_keyword(eng, o, "opponents cannot win")]
    if stoppers:
        eng.log("win_prevented", player=who, by=[o.label for o in stoppers])
        return False
    eng.end_game(who)
    eng.log("game_won", player=who)
    return True


def register(game) -> None:
    game.steps["win_game"] = win_game
