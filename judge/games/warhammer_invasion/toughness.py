"""Toughness X: a damage cancellation keyword. The corpus names it four times without quoting a card:
it cancels damage after the damage is assigned but right before it is applied (clarification:
cancelling-damage, mechanic ``damage_cancel``); several instances on one unit add up, unlike "the next X
damage" effects (faq:redirecting-damage-cumulative-like-counterstrike-toughness, ``toughness_cumulative``);
what it takes to destroy a unit includes it (indirect-damage cap, lethal damage to defenders:
damage.max_damage); moved damage bypasses it (damage.move_damage). It acts on each application of
damage to the unit, and never on uncancellable damage (Counterstrike's)."""
from __future__ import annotations

from .common import keyword_values

#: the replacement a unit with Toughness has on damage being applied to it (built here, not read from a card)
_DATA = {"replaces": {"event": "damage_applied", "filter": "event.obj == this"},
         "instead": [{"toughness_cancel": "this"}]}


def register(game) -> None:
    game.steps["toughness_cancel"] = _cancel


def value(eng, obj) -> int:
    """How much damage Toughness cancels on ``obj`` each time damage is applied to it (0: none, or
    cancelling switched off). Instances add up; with that switched off only the largest counts."""
    if obj is None or not eng.on("damage_cancel"):
        return 0
    vals = keyword_values(eng, obj, "toughness")
    if not vals:
        return 0
    if len(vals) > 1 and eng.applies("toughness_cumulative"):
        return sum(vals)
    return max(vals)


def replacement_candidates(eng, candidates: list, events: list[dict]) -> list:
    """(hook) Adds a replacement candidate for each unit with Toughness that cancellable damage in this
    batch is being applied to (the core's tuple: key, source, controller, data, timestamp, bindings)."""
    if not any(ev.get("type") == "damage_applied" for ev in events):
        return candidates
    out, seen = list(candidates), set()
    for ev in events:
        obj = ev.get("obj")
        if ev.get("type") != "damage_applied" or not ev.get("cancellable", True) or obj is None:
            continue
        if obj.oid in seen or obj.oid not in eng.state.objects or not value(eng, obj):
            continue
        seen.add(obj.oid)
        out.append((("toughness", obj.oid), obj, obj.controller, _DATA, obj.timestamp, {}))
    return out


def _cancel(eng, st, b) -> bool:
    """{toughness_cancel: this}: cancel up to the unit's Toughness of the damage being applied to it;
    the rest is applied (fully cancelled damage is not dealt: clarification:dealt-damage)."""
    ev = b.get("event") or {}
    amount = int(ev.get("amount") or 0)
    gone = min(amount, value(eng, ev.get("obj"))) if ev.get("cancellable", True) else 0
    if gone:
        eng.fire("damage_cancel")
        eng.log("damage_cancelled", card=ev["obj"].label, amount=gone)
    if amount - gone > 0:
        eng.emit([{**ev, "amount": amount - gone}])
    elif eng.applies("dealt_after_cancellation"):  # all of it cancelled: no damage is dealt
        pass
    else:  # off, as the core's own cancelling: fully cancelled damage still counts as dealt (0 applied)
        eng.emit([{**ev, "amount": 0}])
    return gone > 0
