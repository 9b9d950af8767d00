"""Endurance: losing (not paying) it, paying it as a cost, gaining it, breakthrough damage."""
from __future__ import annotations


def perform_breakthrough(eng, ev: dict) -> None:
    # logged as itself (GUIDE: `{event: breakthrough}`), then as the endurance change it causes
    eng.log("breakthrough", player=ev["player"], amount=ev["amount"])
    change_endurance(eng, ev["player"], -ev["amount"], "breakthrough")


def can_pay_endurance(eng, st: dict, b: dict) -> bool:
    """Paying endurance needs that much endurance (losing it does not: ruling on Bring the Pain)."""
    amount = eng.eval(st["pay_endurance"], b) * b.get("_times", 1)
    player = eng.eval(st.get("player", "you"), b)
    # no rule is named where it is refused: the ruling's "off" (losing paid as a cost) needs the endurance too
    return (eng.state.player_data.get(player, {}).get("endurance", 0) or 0) >= amount


def change_endurance(eng, player: str, delta: int, cause: str) -> None:
    """A gain is made at once; a loss is an event, performed as it happens (perform_loss), so an effect
    that says what happens 'instead' when a player would lose endurance replaces it before it is lost (a
    replacement of the event after the loss was made saw the triggers stop and the endurance gone)."""
    if delta < 0:
        eng.emit([{"type": "endurance_lost", "player": player, "amount": -delta, "_cause": cause}])
    elif delta > 0:  # a gain is an event too ('Whenever you gain endurance, ...', 'If you would gain ... instead')
        eng.emit([{"type": "endurance_gained", "player": player, "amount": delta, "_cause": cause}])
    else:
        _change(eng, player, delta, cause)


def _change(eng, player: str, delta: int, cause: str) -> None:
    data = eng.state.player_data.setdefault(player, {})
    data["endurance"] = data.get("endurance", 0) + delta
    eng.log("endurance_changed", player=player, amount=delta, cause=cause)


def perform_loss(eng, ev: dict) -> None:
    """An endurance_lost event not replaced: the endurance goes (logged as the change, then as the loss)."""
    _change(eng, ev["player"], -ev["amount"], ev.get("_cause"))
    eng.log("endurance_lost", player=ev["player"], amount=ev["amount"])


def perform_gain(eng, ev: dict) -> None:
    """An endurance_gained event not replaced: the endurance comes (logged as the change, then as the gain)."""
    _change(eng, ev["player"], ev["amount"], ev.get("_cause"))
    eng.log("endurance_gained", player=ev["player"], amount=ev["amount"])


def lose_endurance(eng, st: dict, b: dict) -> bool:
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
        change_endurance(eng, p, -amount, verb)
    return True


def gain_endurance(eng, st: dict, b: dict) -> bool:
    amount = eng.eval(st["gain_endurance"], b)
    change_endurance(eng, eng.eval(st.get("player", "you"), b), amount, "gain")
    return True


def play_costs(engine, player, obj, action) -> list[dict]:
    """Ablated 'lose_not_pay': a played card's 'lose N endurance' is paid as a cost on play."""
    if engine.on("lose_not_pay"):
        return []
    ab = obj.card.play_ability
    return [{"pay_endurance": st["lose_endurance"]} for st in (ab.get("steps") if ab else None) or []
            if "lose_endurance" in st and st.get("player", "you") == "you"]


def register(game) -> None:
    game.steps.update({"lose_endurance": lose_endurance, "gain_endurance": gain_endurance,
                       "pay_endurance": lose_endurance, "can:pay_endurance": can_pay_endurance,
                       "perform:breakthrough": perform_breakthrough, "perform:endurance_lost": perform_loss,
                       "perform:endurance_gained": perform_gain})
