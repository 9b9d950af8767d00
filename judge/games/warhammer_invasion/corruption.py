"""Corruption: corrupting a card (a corrupted unit can't attack or defend, combat.py), restoring it;
a card entering play corrupted has not become corrupted (no 'corrupted' event)."""
from __future__ import annotations


def register(game) -> None:
    game.steps.update({"corrupt": _corrupt, "can:corrupt": _can_corrupt, "restore": _restore})


def _corrupt(eng, st, b) -> bool:
    objs = eng.resolve_ref(st["corrupt"], b)
    ok = bool(objs)
    for o in objs:
        if "corrupted" in o.flags:
            ok = False
            continue
        if st.get("entering") and eng.eval(st["entering"], b) and eng.applies("enters_in_state"):
            # enters play corrupted: no change of state (Fellblade FAQ)
            o.flags.add("corrupted")
            eng.touch()
            eng.log("entered_corrupted", card=o.label)
            continue
        o.flags.add("corrupted")
        eng.touch()
        eng.emit([{"type": "corrupted", "obj": o}])
    return ok


def _can_corrupt(eng, st, b) -> bool:
    objs = eng.resolve_ref(st["corrupt"], b)
    return bool(objs) and all("corrupted" not in o.flags for o in objs)


def _restore(eng, st, b) -> bool:
    """{restore: REF}: the corrupted cards are restored (the kingdom phase's 'restore one corrupt card' and
    card effects such as Rat Ogres' alike)."""
    objs = [o for o in eng.resolve_ref(st["restore"], b) if "corrupted" in o.flags]
    for o in objs:
        o.flags.discard("corrupted")
        eng.touch()
        eng.log("restored", card=o.label)
    return bool(objs)
