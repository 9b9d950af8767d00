"""Leaving play: a player sacrifices only cards he controls, and a sacrificed card is not destroyed;
fulcrums leave play only by an effect that targets them (legends.py)."""
from __future__ import annotations


def register(game) -> None:
    game.steps["can:sacrifice"] = _can_sacrifice  # the step itself: legends.guarded_leave_steps(game, sacrifice)


def sacrifice(eng, st, b) -> bool:
    """{sacrifice: REF, player: P}: only cards P controls can be sacrificed; sacrificing is not destroying."""
    player = eng.eval(st.get("player", "you"), b)
    objs = [o for o in eng.resolve_ref(st["sacrifice"], b) if eng.is_in_play(o)]
    if eng.on("sacrifice_own_only"):
        mine = [o for o in objs if o.controller == player]
        for o in objs:
            if o not in mine:
                eng.fire("sacrifice_own_only")
                eng.log("cannot_sacrifice", player=player, card=o.label)
        objs = mine
    if not objs:
        return False
    cause = "sacrifice"
    if not eng.on("sacrifice_not_destroy"):
        cause = "destroy"
    else:
        eng.fire("sacrifice_not_destroy")
    done = eng.emit([{"type": "zone_change", "obj": o, "from": o.zone, "to": "discard", "side": None,
                      "cause": cause, "position": "top", "controller": None, "source": b.get("this")} for o in objs])
    return len(done) == len(objs)


def _can_sacrifice(eng, st, b) -> bool:
    return bool([o for o in eng.resolve_ref(st["sacrifice"], b) if eng.is_in_play(o)])
