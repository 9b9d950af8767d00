"""Leaving play: a player sacrifices only cards he controls, and a sacrificed card is not destroyed;
the replacement effects of cards leaving play together with what they protect; fulcrums leave play
only by an effect that targets them (legends.py)."""
from __future__ import annotations

from .common import SECTIONS


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


def replacement_candidates(eng, candidates: list, events: list[dict]) -> list:
    leaving = {e["obj"].oid for e in events if e.get("type") == "zone_change" and e.get("obj") is not None
               and eng.is_in_play(e["obj"]) and e.get("to") not in SECTIONS}
    if not leaving:
        return candidates
    out = []
    for cand in candidates:
        src = cand[1]
        if src is not None and getattr(src, "oid", None) in leaving:
            if not eng.on("replacement_of_card_leaving_together"):
                continue
            eng.fire("replacement_of_card_leaving_together")
        out.append(cand)
    return out
