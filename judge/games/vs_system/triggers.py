"""State-triggered powers: they trigger whenever their condition is true."""
from __future__ import annotations

from judge.engine.state import Pending


def state_triggers(eng) -> bool:
    """State-triggered powers (`on: {event: state}`, condition in `if`): they trigger whenever the
    condition is true and the power is not already waiting to resolve."""
    # waiting: in the pool, or on the chain (triggers_on_chain) until it resolves
    waiting = {(p.source, p.ability.index) for p in eng.pending}
    waiting |= {(i.pending.source, i.pending.ability.index) for i in eng.state.chain if i.pending is not None}
    for o in eng.in_play():
        for ab in o.card.triggers:
            if (ab.get("on") or {}).get("event") != "state":
                continue
            if (o.oid, ab.index) in waiting:
                continue
            b = eng.bindings_for(o, o.controller)
            if not eng.eval(ab.get("if", "true"), b):
                continue
            eng.pending.append(Pending(o.oid, o.label, o.controller, ab, {"type": "state"}, o.timestamp,
                                       None, {"event": {"type": "state"}}))
    return False  # the new pending powers resolve in this same settle
