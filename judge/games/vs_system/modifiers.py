"""Modifiers: a 'while' bonus applies once, 'cannot gain' a keyword this turn, an Ongoing plot
twist's abilities and its play restriction."""
from __future__ import annotations


def once(eng, n) -> int:
    """A 'while' condition met by n opposing characters: the bonus applies once (or, ablated, n times)."""
    n = int(n or 0)
    if eng.on("while_once"):
        if n > 1:
            eng.fire("while_once")
        return min(n, 1)
    return n


def cannot_gain(eng, st: dict, b: dict) -> bool:
    """{cannot_gain: REF, keyword: K} -- 'cannot gain K this turn'."""
    kw = st["keyword"]
    objs = eng.resolve_ref(st["cannot_gain"], b)
    for o in objs:
        had = kw in (eng.obj_attr(o, "keywords") or [])
        o.memory.setdefault("cannot_gain", {})[kw] = (had, eng.state.vars.get("turn"))
        eng.touch()
        eng.log("cannot_gain", card=o.label, keyword=kw)
    return bool(objs)


def text_blank(engine, obj) -> bool:
    """An Ongoing plot twist's abilities function in the resource row whether or not its play
    restriction ('Play X only if you control ...') still holds: the restriction only limits when it
    can be played. Ablated, they function only while it holds (read on the printed characteristics:
    the restriction is what the card asks of the characters, not what the card itself gives them)."""
    if "ongoing" not in obj.card.keywords or obj.zone != "resource":
        return False
    ab = next((a for a in obj.card.abilities if a.kind == "play" and a.get("condition")), None)
    if ab is None or engine.eval(ab.get("condition"), engine.bindings_for(obj, obj.controller), {}):
        return False
    if engine.on("restriction_not_scope"):
        engine.fire("restriction_not_scope")
        return False
    return True


def adjust_attr(engine, obj, name: str, value):
    """'Cannot gain K this turn': K is taken out of the keywords it gained this turn."""
    if name != "keywords" or not obj.memory.get("cannot_gain") or not isinstance(value, list):
        return value
    turn = engine.state.vars.get("turn")
    out = list(value)
    for kw, (had, when) in obj.memory["cannot_gain"].items():
        if when != turn or kw not in out:
            continue
        if had and engine.on("cannot_gain_keeps"):
            engine.fire("cannot_gain_keeps")
            continue
        out.remove(kw)
    return out


def register(game) -> None:
    game.steps["cannot_gain"] = cannot_gain
    game.functions["once"] = once
