"""The end of the game: a mandatory infinite loop is a draw; alternate victories.

Neither is a mechanic with an off switch: the corpus states no rule for them (the loop draw is
mentioned only in the reason for the Stilt-Man errata, and "you win the game" / "your opponents
cannot win the game" are card text), so they are game structure and effect vocabulary."""
from __future__ import annotations

from .terms import has_keyword


LOOP_REPEATS = 5


def loop_check(eng) -> bool:
    """A run of mandatory triggered powers repeating the same cycle again and again within one action
    can never end: the game is a draw (the reason for the Stilt-Man errata)."""
    if eng.game_over:
        if eng.pending:
            eng.pending.clear()
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
