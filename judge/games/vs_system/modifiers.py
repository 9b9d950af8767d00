"""Modifiers: 'cannot gain' a keyword this turn."""
from __future__ import annotations


def cannot_gain(eng, st: dict, b: dict) -> bool:
    """{cannot_gain: REF, keyword: K} -- 'cannot gain K this turn' (general vocabulary): K cannot be
    gained afterwards this turn; a character that already has K keeps it (what 'gain' means)."""
    kw = st["keyword"]
    objs = eng.resolve_ref(st["cannot_gain"], b)
    for o in objs:
        had = kw in (eng.obj_attr(o, "keywords") or [])
        o.memory.setdefault("cannot_gain", {})[kw] = (had, eng.state.vars.get("turn"))
        eng.touch()
        eng.log("cannot_gain", card=o.label, keyword=kw)
    return bool(objs)


def adjust_attr(engine, obj, name: str, value):
    """'Cannot gain K this turn': K is taken out of the keywords it gained this turn."""
    if name != "keywords" or not obj.memory.get("cannot_gain") or not isinstance(value, list):
        return value
    turn = engine.state.vars.get("turn")
    out = list(value)
    for kw, (had, when) in obj.memory["cannot_gain"].items():
        if when != turn or kw not in out:
            continue
        if had:
            continue
        out.remove(kw)
    return out


def register(game) -> None:
    game.steps["cannot_gain"] = cannot_gain
