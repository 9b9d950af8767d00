"""'Lower the cost of the next <card> you play this turn' (Runefang of Solland, We'z Bigga!): the effects
waiting for that card, and the card that uses one up -- played from hand by the player (costs.py), or by an
effect, or put into play while put_into_play_not_played is off (playing.py). Its own module so that both
read it without importing each other."""
from __future__ import annotations


def register(game) -> None:
    game.steps["lower_next_cost"] = lower_next_cost


def _mem(eng) -> list:
    """The 'next card' lowerings still waiting (engine.memory "whi.next_cost")."""
    return eng.memory("whi.next_cost", {"waiting": []})["waiting"]


def next_card_lowering(eng, player, obj) -> dict | None:
    """The 'lower the cost of the next <card> you play this turn' effect ``obj`` uses up when ``player``
    plays it (the first matching one still lasting), removed from those waiting; None if there is none."""
    pending = _mem(eng)
    for entry in list(pending):
        if entry["player"] != player or not eng.eval(entry["filter"], {**entry["bindings"], "it": obj}):
            continue
        if entry["period"] != eng.game.limit_period(eng, entry["per"]):
            # a conditional action ('the next ... this turn') lasts until its condition is met or the
            # turn ends, whichever is first
            if entry["per"] != "turn" or eng.on("turn_effects_expire"):
                if entry["per"] == "turn":
                    eng.fire("turn_effects_expire")
                continue
        pending.remove(entry)
        return entry
    return None


def lower_next_cost(eng, st, b) -> bool:
    """{lower_next_cost: PLAYER, to: N | by: N, filter: EXPR, per: turn}: the cost of the next card matching
    ``filter`` that PLAYER plays this ``per`` is lowered to N (Runefang of Solland) or by N (We'z Bigga!)."""
    per = st.get("per", "turn")
    _mem(eng).append({
        "player": eng.eval(st["lower_next_cost"], b), "to": eng.eval(st.get("to", 0), b),
        "by": eng.eval(st["by"], b) if "by" in st else None,
        "filter": st.get("filter", "true"), "per": per, "period": eng.game.limit_period(eng, per),
        "bindings": {k: v for k, v in b.items() if k in ("you", "opponent")},
        "source": getattr(b.get("this"), "label", "?")})
    eng.log("effect_created", source=getattr(b.get("this"), "label", "?"), kind="lower_next_cost")
    return True
