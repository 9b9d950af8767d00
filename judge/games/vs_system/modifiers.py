"""Modifiers: a 'while' bonus applies once, 'cannot gain' a keyword this turn, an Ongoing plot
twist's modifiers and its play restriction."""
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


def modify(eng, st: dict, b: dict) -> bool:
    """The core 'modify' step; an Ongoing plot twist's modifiers do not depend on its play restriction."""
    this = b.get("this")
    ab = next((a for a in this.card.abilities if a.kind == "play"), None) if hasattr(this, "card") else None
    if ab is not None and ab.get("condition") and "ongoing" in this.card.keywords and b.get("_resolving"):
        if not eng.applies("restriction_not_scope"):
            st = {**st, "modify": {**st["modify"], "while": ab.get("condition")}}
    return eng.step_modify(st, b)


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
    game.steps.update({"cannot_gain": cannot_gain, "modify": modify})
    game.functions["once"] = once
