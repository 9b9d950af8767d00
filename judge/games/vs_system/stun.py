"""Stunning: simultaneous stuns (looked back on by powers that trigger on them), 'cannot be
stunned', recovering."""
from __future__ import annotations

from judge.engine.steps import repeated

from .terms import has_keyword


def stun(eng, st: dict, b: dict) -> bool:
    objs = [o for o in eng.resolve_ref(st["stun"], b) if "stunned" not in o.flags and not unstunnable(eng, o)]
    if objs:
        src = b.get("this")
        emit_stuns(eng, [(o, [src] if isinstance(src, type(o)) else []) for o in objs])
    return bool(objs)


def can_stun(eng, st: dict, b: dict) -> bool:
    """Could the stun be done (a cost 'Stun X >>>' paid)? Only if something it names can be stunned: a
    character already stunned, or one that cannot be stunned, is not stunned by it, so a stun of nothing
    else pays no cost. (A name an earlier cost step will choose is not known yet: the chooser's filter
    says which characters can pay it.)"""
    objs = eng.resolve_ref(st["stun"], b)
    # a character is stunned once: 'stun X' twice in a row (repeated) cannot be done in full
    return not repeated(b) and any("stunned" not in o.flags and not has_keyword(eng, o, "cannot be stunned")
                                   for o in objs)


def unstunnable(eng, obj) -> bool:
    """'X cannot be stunned' (card text, granted as a keyword): a stun does not happen to it."""
    if not has_keyword(eng, obj, "cannot be stunned"):
        return False
    eng.log("stun_prevented", card=obj.label)
    return True


def emit_stuns(eng, stuns: list) -> None:
    """One batch of simultaneous stuns. The flags are set as the batch is performed, so powers that
    trigger on it look at the moment before (a character stunned in the batch still triggers)."""
    batch = eng.state.tick()
    eng.emit([{"type": "stunned", "obj": obj, "by": by, "by_labels": [x.label for x in by], "batch": batch}
              for obj, by in stuns])


def perform_stunned(eng, ev: dict) -> None:
    obj = ev["obj"]
    if obj.oid not in eng.state.objects:
        ev["failed"] = True
        return
    obj.flags.add("stunned")
    obj.memory["stunned_batch"] = ev.get("batch")
    eng.touch()
    eng.log("stunned", card=obj.label, by=ev.get("by_labels"))


def recover(eng, st: dict, b: dict) -> bool:
    objs = [o for o in eng.resolve_ref(st["recover"], b) if "stunned" in o.flags]
    for o in objs:
        o.flags.discard("stunned")
        eng.touch()
        eng.log("recovered", card=o.label)
    if objs:
        eng.emit([{"type": "recovers", "obj": o} for o in objs])
    return bool(objs)


def keep_pending(engine, pending) -> bool:
    """A stunned character's triggered powers do not trigger -- except on the batch of simultaneous
    stuns that stunned it (look back: Dracula, Lord of the Damned)."""
    src = engine.state.objects.get(pending.source)
    if src is None or "stunned" not in src.flags or pending.ability.get("on", {}).get("event") == "state":
        return True
    batch = pending.event.get("batch") if isinstance(pending.event, dict) else None
    if batch is not None and src.memory.get("stunned_batch") == batch:
        return True
    engine.log("trigger_ignored", source=src.label, reason="stunned")
    return False


def register(game) -> None:
    game.steps.update({"stun": stun, "can:stun": can_stun, "recover": recover, "perform:stunned": perform_stunned})
