"""Corruption: corrupting a card (a corrupted unit can't attack or defend, combat.py), restoring it;
a card entering play corrupted has not become corrupted (no 'corrupted' event)."""
from __future__ import annotations

from judge.engine.steps import repeated


def register(game) -> None:
    game.steps.update({"corrupt": _corrupt, "can:corrupt": _can_corrupt, "restore": _restore,
                       "perform:corrupted": _perform_corrupted})


def _corrupt(eng, st, b) -> bool:
    """{corrupt: REF}: the cards become corrupted together (one batch of simultaneous events), each as
    its event is performed (``_perform_corrupted``): a replacement can replace it, a trigger sees the
    card as it was just before."""
    objs = eng.resolve_ref(st["corrupt"], b)
    ok = False  # one card at least became corrupted ('each': done as fully as possible)
    events = []
    for o in objs:
        if "corrupted" in o.flags:
            continue  # already corrupted: this one does not become so
        if st.get("entering") and eng.eval(st["entering"], b) and eng.applies("enters_in_state"):
            # enters play corrupted: no change of state (Fellblade FAQ)
            o.flags.add("corrupted")
            eng.touch()
            eng.log("entered_corrupted", card=o.label)
            ok = True
            continue
        events.append({"type": "corrupted", "obj": o})
    if events:
        ok = bool(eng.emit(events)) or ok
    return ok


def _perform_corrupted(eng, ev) -> None:
    o = ev["obj"]
    if o.oid not in eng.state.objects or not eng.is_in_play(o):
        ev["failed"] = True  # it left play before its turn came (a card out of play is no corrupt card)
        return
    o.flags.add("corrupted")
    eng.touch()
    eng.log("corrupted", card=o.label)


def _can_corrupt(eng, st, b) -> bool:
    objs = eng.resolve_ref(st["corrupt"], b)
    # a card becomes corrupted once: 'corrupt this unit' twice in a row (a cost) cannot be done in full
    return bool(objs) and not repeated(b) and all("corrupted" not in o.flags for o in objs)


def _restore(eng, st, b) -> bool:
    """{restore: REF}: the corrupted cards are restored (the kingdom phase's 'restore one corrupt card' and
    card effects such as Rat Ogres' alike)."""
    objs = [o for o in eng.resolve_ref(st["restore"], b) if "corrupted" in o.flags]
    for o in objs:
        o.flags.discard("corrupted")
        eng.touch()
        eng.log("restored", card=o.label)
    return bool(objs)
