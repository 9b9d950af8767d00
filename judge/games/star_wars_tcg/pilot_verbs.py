"""Two Pilot verbs of their own steps: retreating a unit with its Pilot, or a Pilot alone (the retreat
step), and rearranging a unique Pilot's stack (the build step). Kept apart from pilots.py (the Pilot
itself: on a unit or not, its text, its state checks) for size."""
from __future__ import annotations

from .build_step import in_your_build_step
from .memory import memory
from .pilots import (ARENAS, UNIT_ARENAS, _check_pilot_fits, _matches_type, _new_link, _stack_differs, _stack_follows_top,
                     host_of, is_pilot_on_unit, pilot_of, pilot_type)


def retreat(eng, player, act) -> None:
    """{player: light, retreat: CARD} -- in the retreat step, tap an untapped unit (and its Pilot)
    and move it to the build zone; or retreat a Pilot alone, leaving its unit."""
    obj = eng.obj(act["retreat"])
    if obj is None or obj.controller != player or obj.zone not in ARENAS:
        eng.fail(f"{act['retreat']} is not a card {player} controls in an arena")
    if eng.state.vars.get("phase") != "retreat":
        eng.fail("units retreat during the retreat step")
    if is_pilot_on_unit(eng, obj):  # the Pilot retreats alone; its unit stays
        # pilots-during-the-retreat-step is the only text that lets a Pilot retreat alone ("You can also
        # retreat the Pilot without retreating the unit"), and retreating taps it, so it must be untapped.
        # Off: units retreat, and a Pilot on a unit is not a unit -- it does not retreat alone
        if not eng.on("retreat_with_pilot"):
            eng.fail(f"{obj.label} is a Pilot on a unit: only units retreat")
        eng.fire("retreat_with_pilot")
        if obj.exhausted:
            eng.fail(f"{obj.label} is tapped: a Pilot retreating (alone or with its unit) must be untapped",
                     rule="retreat_with_pilot")
        eng.set_exhausted(obj, True)
        tapped = obj.exhausted
        new = eng.move(obj, "build", cause="retreat")
        if new is not None:
            new.exhausted = tapped
        eng.settle_state()  # pilot_checks: the Pilot moved, its unit stays where it is (pilots-6)
        eng.log("retreated", card=obj.label)
        return
    if obj.exhausted:
        # no rule named: the Pilot clarification's "off" (only the unit needs to be untapped) refuses a tapped
        # unit all the same
        eng.fail(f"{obj.label} is tapped and can't retreat")
    pilot = pilot_of(eng, obj)
    with_pilot = pilot is not None and eng.on("retreat_with_pilot")
    if with_pilot:
        eng.fire("retreat_with_pilot")
        if pilot.exhausted:
            eng.fail(f"{obj.label}'s Pilot {pilot.label} is tapped: both must be untapped to retreat")
        eng.set_exhausted(pilot, True)
    eng.set_exhausted(obj, True)
    new = eng.move(obj, "build", cause="retreat")
    if new is not None:
        new.exhausted = True
    eng.settle_state()
    if with_pilot:
        p = eng.obj(pilot.label)
        if p is not None:
            p.exhausted = True
    eng.log("retreated", card=obj.label)


def restack(eng, player, act) -> None:
    """{player: light, restack: TOP, with: CARD, to: UNIT | character | build} -- rearrange a unique
    Pilot's stack: CARD (under TOP) comes to the top. On a unit, the new top must fit that unit, or
    the Pilot moves (``to``)."""
    top = eng.obj(act["restack"])
    sw = memory(eng)
    stack = sw.setdefault("stacks", {}).get(top.label if top else None) or []
    new_label = act.get("with")
    if top is None or top.controller != player or new_label not in stack:
        eng.fail(f"{new_label} is not under {act['restack']}'s stack")
    if not in_your_build_step(eng, player):
        eng.fail("stacks are rearranged during your build step")
    under = eng.obj(new_label)
    host = host_of(eng, top)
    dest = act.get("to")
    vtype = pilot_type(eng, under)
    if host is not None and dest is None:
        if eng.on("restack_pilot_fit"):
            # the new top must be able to go on the Pilot's current unit: its type or a subtype
            if vtype is None or not _matches_type(eng, host, vtype):
                eng.fire("restack_pilot_fit")
                eng.fail(f"{under.label} can't go on {host.label}: move the Pilot to a matching unit, "
                         "the Character arena or the build zone")
            eng.fire("restack_pilot_fit")
        dest = host.label
    place = dest or top.zone
    unit = eng.obj(place) if place not in ("character", "build") else None
    if unit is not None and eng.on("restack_pilot_fit"):
        eng.fire("restack_pilot_fit")
        # the new top replaces the old one: on the Pilot's current unit it is still its one Pilot
        _check_pilot_fits(eng, under, unit, vtype or "", replacing=top)
    zone = unit.zone if unit is not None else place
    sw["pilots"].pop(top.label, None)
    stack.remove(new_label)
    old_top = eng.move(top, "stacked", cause="restack")
    new_top = eng.move(under, zone, side=player, controller=player, cause="restack")
    sw["stacks"][new_top.label] = stack + [old_top.label]
    sw["stacks"].pop(top.label, None)
    if unit is not None:
        sw["pilots"][new_top.label] = _new_link(new_top, unit)
        # the stack put back under its top out of the arenas is its owner's (zones.py): on a unit in an
        # arena it is part of that unit, its controller's (piloting-units-1)
        if (unit.zone in UNIT_ARENAS and _stack_differs(eng, new_top, new_top.controller)
                and eng.applies("pilot_control_with_unit")):
            _stack_follows_top(eng, new_top)
    eng.touch()
    eng.log("restacked", top=new_top.label, zone=zone, unit=unit.label if unit else None)


def register(game) -> None:
    game.actions.update({"retreat": retreat, "restack": restack})
