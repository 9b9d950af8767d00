"""Huntik 705.1b: the 'come into play ...' modifiers processed as a card enters play -- 'come into play
exhausted', 'come into play with counters' and 'come into play [do something] or eliminate me' --
cumulatively, whichever card's power creates them.

The core processes a played card's own 'exhausted' / 'counters' modifiers (``enters`` on its
always-on powers) as it enters. This module adds what the rule names besides:
  * those an always-on power of another card gives the cards entering play ('Friendly heroes come
    into play with a +1 DEF counter': ``enters`` with an ``applies_to`` naming other cards);
  * 'come into play [do something] or eliminate me' (``enters: {or_eliminate: [steps]}``): the card's
    controller may do it when it can be done in full, else the card is eliminated;
  * a card's own modifiers when it is put into play otherwise than by being played (moved from the
    discard pile by an effect): 705.1, a card enters play as it comes into the play area.

An entering card is marked as its zone change is observed and processed at the next state check, after
the core's own processing of a played card and before any triggered power resolves (705.1d)."""
from __future__ import annotations

_MARK = "_huntik_entering"  # Obj.memory key: the cause of the zone change that put the card into play
_CORE = "enter"  # the cause of the core's enter_play, which processed the card's own exhausted / counters


def observe(engine, events) -> None:
    for ev in events:
        new = ev.get("new")
        if ev.get("type") == "zone_change" and ev.get("enters_play") and new is not None:
            new.memory[_MARK] = ev.get("cause")


def state_checks(engine) -> bool:
    entering = [o for o in engine.in_play() if _MARK in o.memory]
    for o in entering:
        cause = o.memory.pop(_MARK)
        if engine.on("come_into_play_modifiers"):
            _process(engine, o, cause)
    if entering:
        engine.touch()
    return bool(entering)


def _given(engine, obj) -> list[dict]:
    """'come into play' modifiers the always-on powers of other cards in play give ``obj``."""
    out = []
    for src in engine.in_play():
        if src is obj or engine.hooks.text_blank(engine, src):
            continue
        for ab in src.card.continuous:
            if ab.get("enters") and not ab.about_itself:
                if engine.eval(ab.get("applies_to"), engine.bindings_for(src, src.controller, {"it": obj})):
                    out.append(ab.get("enters"))
    return out


def _process(engine, obj, cause: str) -> None:
    own = [] if cause == _CORE else list(obj.card.own_enters)  # the core already processed a played card's own
    given = _given(engine, obj)
    kept_or = [e for e in obj.card.own_enters if e.get("or_eliminate")] if cause == _CORE else []
    mods = own + given + kept_or
    if not mods:
        return
    engine.fire("come_into_play_modifiers")
    if any(m.get("exhausted") for m in mods) and not obj.exhausted:
        obj.exhausted = True  # it enters exhausted: it never was ready (no 'exhausted' event)
        engine.log("enters_exhausted", card=obj.label)
    for m in mods:
        for kind, n in (m.get("counters") or {}).items():
            obj.counters[kind] = obj.counters.get(kind, 0) + n  # cumulatively with the card's own
            engine.log("enters_with_counters", card=obj.label, kind=kind, amount=n)
    for m in mods:
        if m.get("or_eliminate") and not _done_or_eliminated(engine, obj, m["or_eliminate"]):
            return


def _done_or_eliminated(engine, obj, steps: list) -> bool:
    """'come into play [steps] or eliminate me': its controller may do the steps when they can be done
    in full; otherwise, or if he declines, the card is eliminated. True if it stays in play."""
    b = engine.bindings_for(obj, obj.controller)
    if all(engine.can_do(st, b) for st in steps) and engine.decide(
            obj.controller, "yesno", ["yes", "no"], f"whether {obj.label} comes into play doing what it says "
                                                    f"(else it is eliminated)"):
        engine.run_steps(steps, b)
        return True
    engine.run_step({"eliminate": "this"}, b)
    return False
