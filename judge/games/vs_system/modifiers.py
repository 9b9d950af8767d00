"""Modifiers: 'cannot gain' a keyword this turn; '+N ATK / +M DEF' counters."""
from __future__ import annotations

import re

# A counter named for what it does ("put a +1 ATK / +1 DEF counter": kind "+1/+1") changes the
# character's ATK and DEF by those amounts for as long as it is on the character.
_STAT_COUNTER = re.compile(r"^([+-]\d+)/([+-]\d+)$")


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
    """'+N ATK / +M DEF' counters add to ATK and DEF; 'cannot gain K this turn': K is taken out of
    the keywords it gained this turn."""
    if name in ("atk", "def") and obj.counters and isinstance(value, int):
        return value + counter_bonus(obj, name)
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


def counter_bonus(obj, name: str) -> int:
    """What the character's '+N ATK / +M DEF' counters add to its ATK (name 'atk') or DEF ('def')."""
    total = 0
    for kind, n in obj.counters.items():
        m = _STAT_COUNTER.match(kind.replace(" ", ""))
        if m and n:
            total += n * int(m.group(1 if name == "atk" else 2))
    return total


def register(game) -> None:
    game.steps["cannot_gain"] = cannot_gain
