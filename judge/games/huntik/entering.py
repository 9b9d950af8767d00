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

'Come into play exhausted / with counters' are processed as the card enters play (hook entering_play:
after the core's own processing of a played card, before the powers that trigger on its entering play
look at the state just after the event, 705.1d, 702.4): they see it exhausted, with its counters.
'[do something] or eliminate me' -- a choice, steps, perhaps a card leaving play -- is processed at the
next state check, before any triggered power resolves: the powers that trigger on the card's entering
play have already triggered (so they still do if it is eliminated)."""
from __future__ import annotations

_MARK = "_huntik_entering"  # Obj.memory key: the 'or eliminate me' modifiers still to process as it entered
_CORE = "enter"  # the cause of the core's enter_play, which processed the card's own exhausted / counters
#: Obj.memory key: the controller a card had as it entered play (for a card the scenario starts with, the one
#: the state lists: setup) -- what 708.2 switched off reads instead of the current one
_ENTERED_UNDER = "_huntik_entered_under"


def setup(engine, spec) -> None:
    """The cards a scenario starts with in play entered under the controller it lists (708.2 switched off
    reads that one, _given), even if control changes before anything else enters play."""
    for o in engine.in_play():
        o.memory[_ENTERED_UNDER] = o.controller


def entering_play(engine, events) -> None:
    """705.1b as each card enters play: its 'come into play exhausted / with counters' modifiers, its
    own (unless the core processed them) and those other cards give it, cumulatively; its 'or eliminate
    me' modifiers are kept for the state check."""
    changed = False
    for ev in events:
        new = ev.get("new")
        if new is not None:
            new.memory[_ENTERED_UNDER] = new.controller
        if new is None or not engine.on("come_into_play_modifiers"):
            continue
        mods = _modifiers(engine, new, ev.get("cause"))
        if mods:
            engine.fire("come_into_play_modifiers")
            _exhaust_and_count(engine, new, mods)
            changed = True
        or_eliminate = [m["or_eliminate"] for m in mods if m.get("or_eliminate")]
        if or_eliminate:
            new.memory[_MARK] = or_eliminate
    if changed:
        engine.touch()


def state_checks(engine) -> bool:
    entering = [o for o in engine.in_play() if _MARK in o.memory]
    for o in entering:
        for steps in o.memory.pop(_MARK):
            if not _done_or_eliminated(engine, o, steps):
                break
    if entering:
        engine.touch()
    return bool(entering)


def _given(engine, obj) -> list[dict]:
    """'come into play' modifiers the always-on powers of other cards in play give ``obj``. 708.2: an
    indefinite modifier "always uses information from the current game state" -- 'enemy heroes' are enemies
    of the source's controller now (indefinite_current_state; off: of the controller it had as it entered
    play, as the core's always-on modifiers read their first state: current_state.py)."""
    out = []
    for src in engine.in_play():
        if src is obj or engine.hooks.text_blank(engine, src):
            continue
        for ab in src.card.continuous:
            if ab.get("enters") and not ab.about_itself:
                now = engine.eval(ab.get("applies_to"), engine.bindings_for(src, src.controller, {"it": obj}))
                then_controller = src.memory.get(_ENTERED_UNDER, src.controller)
                if then_controller != src.controller:
                    then = engine.eval(ab.get("applies_to"), engine.bindings_for(src, then_controller, {"it": obj}))
                    if bool(then) != bool(now):  # the current state decides: recorded only then
                        if engine.on("indefinite_current_state"):
                            engine.fire("indefinite_current_state")
                        else:
                            now = then
                if now:
                    out.append(ab.get("enters"))
    return out


def _modifiers(engine, obj, cause: str) -> list[dict]:
    """The 'come into play' modifiers processed as ``obj`` enters: its own (its 'or eliminate me' only,
    when the core processed the rest as it played the card) and those other cards give it."""
    own = list(obj.card.own_enters)
    if cause == _CORE:  # the core already processed a played card's own exhausted / counters
        own = [e for e in own if e.get("or_eliminate")]
    return own + _given(engine, obj)


def _exhaust_and_count(engine, obj, mods: list[dict]) -> None:
    if any(m.get("exhausted") for m in mods) and not obj.exhausted:
        obj.exhausted = True  # it enters exhausted: it never was ready (no 'exhausted' event)
        engine.log("enters_exhausted", card=obj.label)
    for m in mods:
        for kind, n in (m.get("counters") or {}).items():
            obj.counters[kind] = obj.counters.get(kind, 0) + n  # cumulatively with the card's own
            engine.log("enters_with_counters", card=obj.label, kind=kind, amount=n)


def _done_or_eliminated(engine, obj, steps: list) -> bool:
    """'come into play [steps] or eliminate me': its controller may do the steps when they can be done
    in full; otherwise, or if he declines, the card is eliminated. True if it stays in play."""
    b = engine.bindings_for(obj, obj.controller)
    if engine.can_do_all(steps, b) and engine.decide(
            obj.controller, "yesno", ["yes", "no"], f"whether {obj.label} comes into play doing what it says "
                                                    f"(else it is eliminated)"):
        engine.run_steps(steps, b)
        return True
    engine.run_step({"eliminate": "this"}, b)
    return False
