"""Pilots: a Character with 'X Pilot' put on a Space or Ground unit (build step, retreat step,
ready phase, unique Pilot stacks) and what happens when either of them moves."""
from __future__ import annotations

from typing import Any

from judge.engine.game import NOT_MINE
from judge.engine.expr import ExprError, parse
from judge.engine.keywords import parse_keyword

from .build_step import in_your_build_step
from .memory import memory


UNIT_ARENAS = ("space", "ground")
ARENAS = ("space", "ground", "character")


def _link(eng, pilot) -> dict | None:
    """The link of a Pilot put on a unit, while it is still that object."""
    link = memory(eng)["pilots"].get(pilot.label) if hasattr(pilot, "oid") else None
    return link if link and link["pilot"] == pilot.oid else None


def host_of(eng, pilot) -> Any:
    """The card a Pilot was put on (wherever it is now), or None."""
    link = _link(eng, pilot)
    return eng.state.objects.get(link["host"]) if link else None


def attached_host(eng, obj) -> Any:
    """Hook: the unit a Pilot is on (what a fixture's ``attached_to`` reads; None: not a Pilot on a unit,
    the core's own ``attached_to`` answers)."""
    return host_of(eng, obj)


def stack_top(eng, obj) -> Any:
    """The top card of the unique Pilot's stack ``obj`` is under (None: it is under no stack)."""
    if not hasattr(obj, "oid") or obj.zone != "stacked":
        return None
    for top_label, under in (memory(eng).get("stacks") or {}).items():
        if obj.label in under:
            return eng.obj(top_label)
    return None


def piloted(eng, pilot) -> Any:
    """The unit a pilot is on, in an arena or the build zone (None when the pilot is in the Character
    arena or elsewhere); for a card under a Pilot's stack, the unit its top card pilots (the stack is
    one Pilot: what its text would give is kept from the unit by stack_top_bonuses_only, powers_barred_by).
    With the "Pilot text only on a unit" rule off, a Pilot in the Character arena gets its own
    Pilot bonuses."""
    if not hasattr(pilot, "oid"):
        return None
    top = stack_top(eng, pilot)
    if top is not None:
        return piloted(eng, top)
    host = host_of(eng, pilot)
    # in the build zone too: a unit moved there keeps its Pilot (pilots-7), whose bonuses stop only
    # in the Character arena (pilots-4) -- out of play only its Upkeep matters (upkeep.py)
    if host is not None and host.zone in UNIT_ARENAS + ("build",):
        # pilots-1: a Pilot on a unit gives it its bonuses (off: it gives none)
        return host if eng.applies("pilot_onto_unit") else None
    if (pilot.oid in eng.state.objects and pilot.zone == "character"
            and any(parse_keyword(k)[0].endswith(" pilot") for k in pilot.card.keywords)):
        if not eng.on("pilot_text_only_on_unit"):
            return pilot
        eng.fire("pilot_text_only_on_unit")  # pilots-4: in the Character arena it gets none of them
    return None


def _names_piloted_this(node) -> bool:
    """Does an expression call ``piloted(this)`` (the unit this Pilot is on)?"""
    if node.op == "call" and node.value == "piloted" and any(a.op == "name" and a.value == "this" for a in node.args):
        return True
    return any(_names_piloted_this(a) for a in node.args if hasattr(a, "op"))


def pilot_text(card) -> list:
    """The card's Pilot text -- "Each Pilot also gives one or more bonuses or abilities to the unit.
    These are listed after or below 'Pilot'" (pilots-4): its always-on abilities that reach the unit it
    pilots (``applies_to`` calling ``piloted(this)``). Whatever the text gives the unit is written there,
    every kind: bonuses (``modify``), keywords (``grant``), and arrow or triggered abilities
    (``grant_powers``: the unit's own, whose ``this`` is the unit)."""
    out = []
    for ab in card.continuous:
        expr = ab.get("applies_to")
        try:
            if isinstance(expr, str) and _names_piloted_this(parse(expr)):
                out.append(ab)
        except ExprError:
            continue
    return out


def use_action(eng, player, obj, action):
    """``{use: PILOT, ability: NAME}`` where NAME is an arrow ability of the Pilot's Pilot text (given to
    the unit by ``grant_powers``), not one of its own: pilots-4, "None of the abilities after or below
    'Pilot' work if the Pilot is in the Character arena" -- refused there; on a unit the ability is the
    unit's ("Each Pilot also gives one or more bonuses or abilities to the unit"), used as the unit's
    (its 'this unit' is the unit). Off (pilot_text_only_on_unit), the Pilot in the Character arena has
    its Pilot text itself (piloted()), so the core finds the ability on it and this hook stays out."""
    wanted = action.get("ability")
    if wanted is None or obj.zone not in ARENAS or pilot_type(eng, obj) is None:
        return None
    own = [a for a in obj.card.abilities if a.kind == "action"]
    own += [a for a in (eng.obj_attr(obj, "powers") or []) if a.kind == "action"]
    if any(a.name == wanted for a in own):
        return None
    given = [pw for ab in pilot_text(obj.card) for pw in ab.get("grant_powers") or []
             if pw.get("kind", "action") == "action" and pw.get("name") == wanted]
    if not given:
        return None
    unit = piloted(eng, obj)
    if unit is not None and unit.oid != obj.oid:
        return eng.use(player, unit.label, action)
    if obj.zone == "character" and eng.applies("pilot_text_only_on_unit"):
        eng.fail(f"{obj.label} is in the Character arena: its {wanted!r} is printed after 'Pilot', an ability it "
                 "gives the unit it pilots, and none of those work there", rule="pilot_text_only_on_unit")
    return None


def is_pilot_on_unit(eng, obj) -> bool:
    """Is ``obj`` a Pilot on a unit in the Space or Ground arena (whatever the rules make of that)?"""
    host = host_of(eng, obj)
    return host is not None and host.zone in UNIT_ARENAS


def not_a_unit(eng, obj, mechanic: str = "pilot_not_unit") -> bool:
    """THE answer to "a Pilot on a unit isn't a unit" (piloting-units-1, -3: mechanic pilot_not_unit),
    asked by every place that needs it -- is_unit (targets, 'each unit', attacks, Intercept, Retaliate,
    the unit deflected to), Stun ("When this unit damages"), the chance to prevent damage (its own
    Evade / Deflect: "prevent N damage done to this unit"), and can_use (its own 'this unit' arrow
    abilities, piloting-units-7: ``mechanic`` pilot_unit_abilities). Fires the mechanic only where it
    decides (the card is a Pilot on a unit); off, the Pilot counts as a unit there."""
    return is_pilot_on_unit(eng, obj) and eng.applies(mechanic)


def is_unit(eng, obj) -> bool:
    """Space, Ground and Character units in play; a pilot on a unit is not a unit."""
    # printed type: a Star Wars unit's type is its arena, which no effect changes
    if not (hasattr(obj, "oid") and obj.oid in eng.state.objects and obj.zone in ARENAS
            and obj.card.type in ARENAS):
        return False
    return not not_a_unit(eng, obj)


def pilot_type(eng, pilot) -> str | None:
    for kw in eng.obj_attr(pilot, "keywords") or []:
        name, _ = parse_keyword(kw)
        if name.endswith(" pilot"):
            return name[: -len(" pilot")]
    return None


def is_pilot(eng, obj) -> bool:
    """'a Pilot' in card text: a Character with a Pilot ability ("{P} [Vehicle] Pilot"), on a unit or
    not -- a card that says "a Pilot" without the word "unit" can affect a Pilot on a unit
    (piloting-units-3); whether it is also a unit is is_unit's question."""
    return (hasattr(obj, "oid") and obj.oid in eng.state.objects and eng.obj_attr(obj, "type") == "character"
            and pilot_type(eng, obj) is not None)


def pilot_of(eng, unit) -> Any:
    for plabel, link in memory(eng)["pilots"].items():
        if link["host"] == unit.oid:
            p = eng.obj(plabel)
            if p is not None and p.oid == link["pilot"]:
                return p
    return None


def pilot_checks(engine) -> bool:
    """Pilots and their units: whichever moves, the rulings say what happens to the other."""
    sw = memory(engine)
    changed = False
    for plabel, link in list(sw["pilots"].items()):
        pilot = engine.obj(plabel)
        host = engine.obj(link["host_label"])
        pilot_same = pilot is not None and pilot.oid == link["pilot"]
        host_same = host is not None and host.oid == link["host"]
        if pilot_same and host_same:
            changed = _control_follows_unit(engine, pilot, host, link) or changed
            continue
        del sw["pilots"][plabel]
        changed = True
        if not host_same and pilot_same and host is not None:
            if engine.applies("pilot_moves_with_unit"):
                if host.zone in UNIT_ARENAS or host.zone == "build":
                    new = engine.move(pilot, host.zone, side=host.controller, controller=host.controller,
                                      cause="pilot_moves") if pilot.zone != host.zone else pilot
                    if new is not None:
                        sw["pilots"][plabel] = _new_link(new, host)
                else:
                    engine.move(pilot, host.zone, cause="pilot_moves_with_unit")
            else:
                engine.move(pilot, "character", side=pilot.controller, controller=pilot.controller,
                            cause="pilot_left_behind")
        elif not pilot_same and host_same and pilot is not None:
            if engine.applies("unit_stays_without_pilot"):
                engine.log("unit_stays", card=host.label, pilot=plabel)
            elif pilot.zone != host.zone:
                engine.move(host, pilot.zone, side=pilot.side if pilot.zone in ARENAS else None,
                            cause="follows_pilot")
    return changed


def _new_link(pilot, unit) -> dict:
    """The link of ``pilot`` put on ``unit``; ``controller``: the unit's controller the Pilot last
    followed (_control_follows_unit)."""
    return {"pilot": pilot.oid, "host": unit.oid, "host_label": unit.label, "controller": unit.controller}


def _control_follows_unit(eng, pilot, unit, link) -> bool:
    """piloting-units-1: "As long as a Pilot is on a unit in the Space or Ground arena ... The Pilot is
    just part of the Space or Ground unit": whoever controls the unit controls its Pilot. When the unit's
    control changes (whatever changed it: a ``gain_control``, any control_changed event), its Pilot
    changes control with it -- a control_changed event of its own, which triggers see -- and so do the
    cards under the Pilot's stack (a unique Pilot's stack is that one Pilot). The new controller uses the
    Pilot's abilities and pays for them, pays its Upkeep (upkeep-2: "even if that unit ... pilots
    another unit"), untaps it in his ready phase and moves it in his build step ("your Pilots": off
    the unit, to his own Character arena or build zone); out of play every card is its owner's
    (zones.py). A change of control of the Pilot alone (an effect on 'a Character', piloting-units-3)
    is not undone: the text speaks of the unit's. Off: the Pilot keeps its controller."""
    if unit.controller == link.get("controller", unit.controller):
        return False
    link["controller"] = unit.controller  # followed once per change of the unit's (no loop if refused)
    if unit.zone not in UNIT_ARENAS or (pilot.controller == unit.controller
                                        and not _stack_differs(eng, pilot, unit.controller)):
        return False
    if not eng.applies("pilot_control_with_unit"):
        return False
    if pilot.controller != unit.controller:
        eng.emit([{"type": "control_changed", "obj": pilot, "from": pilot.controller, "to": unit.controller,
                   "cause": "part_of_unit"}])
    _stack_follows_top(eng, eng.obj(pilot.label) or pilot)
    return True


def _stack_differs(eng, top, controller) -> bool:
    """Is a card under ``top``'s stack controlled by another player than ``controller``?"""
    return any((eng.obj(c) or top).controller != controller
               for c in (memory(eng).get("stacks") or {}).get(top.label) or [])


def _stack_follows_top(eng, top, log: bool = True) -> bool:
    """The cards under ``top``'s stack take its controller (and lie on its side). They are out of the
    arenas: no event, the change is logged. Returns whether one changed."""
    changed = False
    for label in (memory(eng).get("stacks") or {}).get(top.label) or []:
        card = eng.obj(label)
        if card is None or card.zone != "stacked" or card.controller == top.controller:
            continue
        was = card.controller
        eng.place(card, side=top.side, controller=top.controller)
        if log:
            eng.log("control_changed", card=card.label, to=top.controller, **{"from": was}, cause="part_of_unit")
        changed = True
    if changed:
        eng.touch()
    return changed


def shared_damage_check(eng) -> bool:
    """With 'separate damage' switched off, a Pilot's damage counts against its unit's health."""
    if eng.on("separate_damage"):
        for link in memory(eng)["pilots"].values():
            p = eng.state.objects.get(link["pilot"])
            h = eng.state.objects.get(link["host"])
            if p is not None and h is not None and (p.damage or h.damage):
                eng.fire("separate_damage")
        return False
    for link in list(memory(eng)["pilots"].values()):
        p = eng.state.objects.get(link["pilot"])
        h = eng.state.objects.get(link["host"])
        if p is None or h is None or not eng.is_in_play(h):
            continue
        if h.damage + p.damage >= (eng.obj_attr(h, "health") or 0) and h.damage < (eng.obj_attr(h, "health") or 0):
            eng.move(h, "discard", cause="discard")
            return True
    return False


def pilot_onto(eng, player, act) -> None:
    """{player: light, pilot: PILOT, targets: [UNIT]} -- during your build step, move a Pilot onto
    one of your units (from the Character arena, the build zone, or another unit)."""
    pilot = eng.obj(act["pilot"])
    targets = act.get("targets") or []
    unit = eng.obj(targets[0]) if targets else None
    if pilot is None or pilot.controller != player or pilot.zone not in ("character", "build") + UNIT_ARENAS:
        eng.fail(f"{act['pilot']} is not a Character {player} controls in an arena or the build zone")
    vtype = pilot_type(eng, pilot)
    if vtype is None:
        eng.fail(f"{pilot.label} has no Pilot ability")
    if "partial" in pilot.flags and eng.applies("no_abilities_partially_built"):
        # Pilot is one of the card's abilities ("Characters with the Pilot ability", pilots-1), and a
        # partially built card's abilities can't be used until it is deployed (abilities-1)
        eng.fail(f"{pilot.label} is partially built: deploy it before using its Pilot ability",
                 rule="no_abilities_partially_built")
    if not eng.on("pilot_onto_unit"):
        eng.fail("Characters stay in the Character arena")
    eng.fire("pilot_onto_unit")
    phase = eng.state.vars.get("phase")
    if phase == "setup":
        if eng.applies("no_pilots_at_setup"):
            eng.fail("Pilots can't be put on units during setup: they go to the Character arena")
    else:
        _check_build_step(eng, player)
    sw = memory(eng)
    on_unit = _link(eng, pilot) is not None
    if pilot.zone == "build" and not on_unit:
        if not eng.on("pilot_from_build_zone"):
            eng.fail(f"{pilot.label} must be in the Character arena to move onto a unit")
        eng.fire("pilot_from_build_zone")
    if unit is None or unit.controller != player or unit.card.type not in UNIT_ARENAS:
        eng.fail(f"{targets[0] if targets else '(none)'} is not one of {player}'s Space or Ground units")
    if unit.zone not in UNIT_ARENAS:
        if unit.zone == "build" and on_unit and eng.on("pilot_to_unit_anywhere"):
            eng.fire("pilot_to_unit_anywhere")
        else:
            # a Pilot moves 'onto your Space or Ground units' (pilots-1), coming from the Character arena or
            # the build zone 'onto one of your units in the Space or Ground arenas' (build-step-2): both say
            # it; from a unit, build-step-3 widens it (above)
            both = ("pilot_onto_unit", "pilot_from_build_zone")
            eng.fail(f"{unit.label} is not in the Space or Ground arena",
                     rule=None if on_unit else tuple(k for k in both if eng.on(k)) or None)
    moved = _moved_pilots(eng, pilot)
    _check_pilot_fits(eng, pilot, unit, vtype)
    sw["pilots"].pop(pilot.label, None)
    new = pilot if pilot.zone == unit.zone else _move_keeping_tapped(eng, pilot, unit.zone, player, "pilot")
    sw["pilots"][new.label] = _new_link(new, unit)
    moved.add(new.label)
    eng.touch()
    eng.log("piloting", card=new.label, unit=unit.label)


def _check_build_step(eng, player: str) -> None:
    """"During your build step, you can move each of your Pilots once" (pilots-during-the-build-step-1):
    a Pilot is moved onto, off or between units in its controller's build step -- not in another phase,
    nor in a build step that is not his (off: at any time). A turn's build step is each player's
    (build_step.py: the bounty FAQs) unless that reading is switched off."""
    if in_your_build_step(eng, player):
        return
    if eng.applies("pilot_move_build_step"):
        eng.fail("Pilots are moved during their controller's build step", rule="pilot_move_build_step")


def _move_keeping_tapped(eng, pilot, zone: str, player: str, cause: str):
    """Move a Pilot (onto a unit, or off it) in the build step. Moving a card untaps nothing: a
    Pilot tapped by a retreat (clarification:pilots-during-the-retreat-step taps both) stays
    tapped until the ready phase untaps it (clarification:pilots-during-the-ready-phase). Nor does it
    take damage counters off: "If the Pilot is damaged, the Pilot still has damage counters. If the
    Pilot has more damage counters than health, you still discard the card" (piloting-units-5) -- a
    Pilot moved between the Character arena and a unit keeps them (the engine makes the moved card a
    new object, which would start with none)."""
    tapped, damage = pilot.exhausted, pilot.damage
    in_play = pilot.zone in eng.game.play_zones and zone in eng.game.play_zones
    new = eng.move(pilot, zone, side=player, controller=player, cause=cause)
    if new is not None and tapped and not new.exhausted:
        new.exhausted = True
        eng.touch()
    if new is not None and in_play and damage and new.damage != damage:
        if eng.on("pilot_keeps_damage"):
            eng.fire("pilot_keeps_damage")
            new.damage = damage
            eng.touch()
    return new


def _moved_pilots(eng, pilot) -> set:
    """The Pilots moved this build step; fails if ``pilot`` is one of them (moved once only)."""
    moved = memory(eng).setdefault("moved_pilots", set())
    if pilot.label in moved and eng.on("pilot_move_once"):
        eng.fire("pilot_move_once")
        eng.fail(f"{pilot.label} has already been moved this build step")
    return moved


def _matches_type(eng, unit, vtype) -> bool:
    """"a unit that matches the type given after the Pilot symbol" (pilots-2): a unit type (Ground,
    Space) or a subtype (Starfighter, Speeder ...)."""
    kinds = {t.lower() for t in eng.obj_attr(unit, "traits") or []} | {str(eng.obj_attr(unit, "type") or "").lower()}
    return vtype in kinds


def _check_pilot_fits(eng, pilot, unit, vtype, replacing=None) -> None:
    """Can ``pilot`` go on ``unit``? ``replacing``: the top card of the Pilot's stack that ``pilot``
    replaces on that unit (a rearranged stack is still the one Pilot on it, keyword:unique-pilots)."""
    traits = {t.lower() for t in eng.obj_attr(unit, "traits") or []}
    if "droid" in traits and eng.on("no_pilot_on_droid"):
        eng.fire("no_pilot_on_droid")
        eng.fail(f"{unit.label} is a Droid: there's no room for a Pilot")
    if eng.on("pilot_type_match"):
        if not _matches_type(eng, unit, vtype):
            eng.fire("pilot_type_match")
            eng.fail(f"a {vtype.title()} Pilot goes only on a {vtype.title()}; {unit.label} is not one")
        other = pilot_of(eng, unit)
        if other is not None and other.label != pilot.label and (replacing is None or other.label != replacing.label):
            eng.fire("pilot_type_match")
            eng.fail(f"{unit.label} already has a Pilot")
        eng.fire("pilot_type_match")


def unpilot(eng, player, act) -> None:
    """{player: light, unpilot: PILOT, to: character | build} -- during your build step, move a
    Pilot off its unit."""
    pilot = eng.obj(act["unpilot"])
    to = act.get("to", "character")
    if pilot is None or pilot.controller != player or _link(eng, pilot) is None:
        # another player's Pilot on a unit: 'during your build step, you can move each of YOUR Pilots'
        theirs = pilot is not None and _link(eng, pilot) is not None and eng.applies("pilot_move_build_step")
        eng.fail(f"{act['unpilot']} is not a Pilot on one of {player}'s units",
                 rule="pilot_move_build_step" if theirs else None)
    _check_build_step(eng, player)
    if to not in ("character", "build"):  # build-step-4: 'from the unit to the Character arena or build zone'
        eng.fail("a Pilot moved off its unit goes to the Character arena or the build zone",
                 rule="pilot_move_off" if eng.on("pilot_move_off") else None)
    if not eng.on("pilot_move_off"):
        eng.fail("a Pilot can't be moved off its unit")
    eng.fire("pilot_move_off")
    moved = _moved_pilots(eng, pilot)
    _move_keeping_tapped(eng, pilot, to, player, "pilot_off")
    eng.settle_state()  # pilot_checks: the Pilot moved, its unit stays where it is (pilots-6)
    moved.add(pilot.label)
    eng.log("pilot_moved_off", card=pilot.label, to=to)


def setup_links(engine) -> None:
    """Pilots listed with ``attached_to`` are on that unit (they sit in its arena); cards in
    the ``stacked`` zone with ``attached_to`` are under that card's stack."""
    sw = memory(engine)
    for obj in list(engine.state.objects.values()):
        if obj.attached_to and obj.card.type == "character" and obj.zone != "stacked":
            host = engine.state.objects[obj.attached_to]
            obj.attached_to = None
            if host.zone != obj.zone:
                engine.place(obj, zone=host.zone)
            sw["pilots"][obj.label] = _new_link(obj, host)
        elif obj.attached_to and obj.zone == "stacked":
            top = engine.state.objects[obj.attached_to]
            obj.attached_to = None
            sw.setdefault("stacks", {}).setdefault(top.label, []).append(obj.label)
    for link in sw["pilots"].values():
        _listed_control(engine, engine.state.objects[link["pilot"]], engine.state.objects[link["host"]])


def _listed_control(engine, pilot, unit) -> None:
    """A Pilot listed on a unit in an arena that another player controls (``controller:`` on the unit)
    is part of that unit (piloting-units-1): it starts under the unit's controller, on his side, with
    the cards under its stack (no event: it is the starting state). Off: it keeps the controller its
    listing gives it (its owner's unless it says ``controller:``)."""
    if unit.zone not in UNIT_ARENAS:
        return
    if pilot.controller == unit.controller and not _stack_differs(engine, pilot, unit.controller):
        return
    if not engine.applies("pilot_control_with_unit"):
        return
    engine.place(pilot, side=unit.side, controller=unit.controller)
    _stack_follows_top(engine, pilot, log=False)


# -- hooks -----------------------------------------------------------------------------------------

def powers_barred_by(eng, obj):
    """keyword:unique-pilots: "If a Pilot with a stack is on a unit, the unit doesn't get any extra bonuses
    from the Pilot, just the normal ones in the Pilot's text box" -- the top card's. What keeps the text of
    the versions under the stack of a Pilot on a unit from giving the unit anything (off: each gives the unit
    its Pilot bonuses too). A stack not on a unit gives no unit anything: no rule of this one's."""
    if obj.zone == "stacked":
        top = stack_top(eng, obj)
        if top is not None and is_pilot_on_unit(eng, top):
            return "stack_top_bonuses_only"
    return None


def setup(engine, spec: dict) -> None:
    setup_links(engine)
    engine.touch()


def obj_attr(engine, obj, name: str) -> Any:
    if name == "piloting":
        host = host_of(engine, obj)
        return host.label if host else None
    if name == "pilot":
        p = pilot_of(engine, obj)
        return p.label if p else None
    if name == "is_unit":
        return is_unit(engine, obj)
    return NOT_MINE


def adjust_attr(engine, obj, name: str, value: Any) -> Any:
    """A Pilot's speed and power don't matter while it is on a unit (unless that is switched off)."""
    if name in ("power", "speed") and obj.card.type in UNIT_ARENAS and obj.zone in UNIT_ARENAS:
        p = pilot_of(engine, obj)
        if p is not None and p.card.stats.get(name):
            if not engine.applies("pilot_stats_ignored"):
                return (value or 0) + p.card.stats[name]
    return value


#: step fields that never name what a step acts on: who does or controls it, its amounts, when, its
#: conditions (an ``if: "this.power > 2"`` reads the card without acting on it)
_NOT_ACTED_ON = frozenset({"player", "by", "source", "controller", "amount", "duration", "if", "while",
                           "condition", "until", "count", "times"})


def _reaches_this(node) -> bool:
    """Does an expression, read as the cards a step acts on, take in the card itself? ``this`` (a REF),
    ``it == this`` / ``this == it`` (a modifier's ``applies_to``, a group's ``all``), and such a
    comparison in an ``and`` (narrowing it to the card) or an ``or`` (the card among others)."""
    if node.op == "name":
        return node.value == "this"
    if node.op == "==" and len(node.args) == 2:
        names = {a.value for a in node.args if a.op == "name"}
        return names == {"it", "this"}
    if node.op in ("and", "or"):
        return any(_reaches_this(a) for a in node.args)
    return False


def _acts_on_this(value: str) -> bool:
    try:
        return _reaches_this(parse(value))
    except ExprError:
        return False


def _affects_this_unit(steps: Any) -> bool:
    """Does an ability's effect act on its own card ('This unit gets +2 power')? A step whose object
    is the card itself, however it is written: ``{modify: {target: this}}``, ``{damage: this}``,
    ``{modify: {applies_to: "it == this"}}``, ``{damage: {all: "it == this"}}`` ... at any depth
    (inside an ``if``'s ``do`` too). What it acts on is read from each field that names the objects
    a step reaches (not its player, amount, duration or condition: _NOT_ACTED_ON). Only units have
    activated abilities (keyword:activated-abilities), so a card's 'this' is 'this unit'."""
    if isinstance(steps, dict):
        return any(k not in _NOT_ACTED_ON and (isinstance(v, str) and _acts_on_this(v) or _affects_this_unit(v))
                   for k, v in steps.items())
    if isinstance(steps, list):
        return any(_affects_this_unit(s) for s in steps)
    return False


def can_use(engine, player, obj, ability, action) -> str | None:
    # piloting-units-7: its 'this unit' abilities don't apply, "because a Pilot on a unit isn't a unit"
    # (the one answer to that: not_a_unit)
    if _affects_this_unit(ability.get("steps")) and not_a_unit(engine, obj, "pilot_unit_abilities"):
        return "a Pilot on a unit isn't a unit: its 'this unit' abilities don't apply"
    return None


def stack_checks(eng) -> bool:
    """When a unique Pilot's top card leaves play and the build zone -- discarded, or returned to the
    hand with its unit (pilots-7) or alone -- the cards under it go with it, to the same zone.

    A game convention, bound to no rule id and not switchable: no entry of the corpus says it.
    keyword:unique-pilots ("a Pilot with a stack") covers the stack's bonuses and moving the Pilot as
    the stack is rearranged; it is inferred from a stack being one Pilot, so that cards under a top
    card that has gone do not stay behind as a stack of their own (still paying Upkeep, upkeep-2)."""
    stacks = memory(eng).get("stacks") or {}
    changed = False
    for top_label, under in list(stacks.items()):
        top = eng.obj(top_label)
        if top is None or top.zone in ARENAS + ("build", "stacked"):
            continue
        del stacks[top_label]
        for label in under:
            card = eng.obj(label)
            if card is not None and card.zone == "stacked":
                eng.move(card, top.zone, cause="stack_moves_with_top")
        changed = True
    return changed


def state_checks(engine) -> bool:
    changed = pilot_checks(engine)
    changed = stack_checks(engine) or changed
    return shared_damage_check(engine) or changed


def register(game) -> None:
    game.actions.update({"pilot": pilot_onto, "unpilot": unpilot})
    game.functions.update({"piloted": piloted, "is_unit": is_unit, "is_pilot": is_pilot})
