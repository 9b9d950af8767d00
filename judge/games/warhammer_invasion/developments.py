"""Developments: cards played face down under a zone (the ``develop`` and ``play_development``
fixture verbs; one per capital phase), cards turned face down or face up in play, units that become
developments and developments that become units.

A card played face down is a development from the moment it enters play (an effect that makes
developments units applies only once it is in play); a development (face down, or face up and only a
development) has no text box, power, cost, loyalty, faction, traits or hit points; a card that becomes
a face-up development loses its damage and resource tokens but keeps its title, its corruption and
its place in play; a card turned face down (or face up) changes type in place -- it neither leaves
nor enters play; a card turned into a development is controlled by the player whose zone it occupies
(an attachment occupies its host's zone); a development controlled by a player who doesn't own it
is discarded; a unit that becomes a development stops questing; cards enter the discard pile as
their printed type."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Any

from judge.engine.cards import Ability
from judge.engine.characteristics import NOT_COMPUTED

from .common import SECTIONS, is_a, stop_questing
from .playing import card_item

BLANK = {"power": 0, "cost": 0, "loyalty": 0, "icons": 0, "traits": [], "keywords": [], "hp": None,
         "remaining_hp": None}  # icons: its loyalty icons (costs.loyalty_shortfall)
#: the attributes ``facedown_blank`` and ``development_view`` can change (the game's adjust_attr
#: runs them for these only)
FACEDOWN_CHANGES = ("type", *BLANK)
VIEW_CHANGES = ("type", "development", *BLANK)

#: this mechanic's replay memory (engine.memory "whi.developments"), as it starts
_MEMORY = {"entering": None, "busy": False, "played": {}}


def register(game) -> None:
    game.actions.update({"develop": develop, "play_development": play_development})
    game.steps.update({"turn_facedown": _turn_facedown, "turn_faceup": _turn_faceup,
                       "perform:turned_faceup": _perform_turned_faceup,
                       "can:turn_facedown": _can_turn_facedown,
                       "enter_development": _enter_development})
    game.functions.update({
        "discard_type": _discard_type, "is_a": is_a,
        "developments": _count_developments,
    })


def _count_developments(eng, side, zone) -> int:
    """developments(side, zone): the developments in that zone -- face down, and face up (a card an effect
    made a faceup development, e.g. Judgement of Loec's host, is a development: clarification:developments)."""
    return sum(1 for o in eng.zone_objs(side, zone) if "development" in o.flags
               or (eng.is_in_play(o) and _faceup(eng, o) and eng.applies("faceup_is_development")))


def _mem(eng) -> dict:
    return eng.memory("whi.developments", _MEMORY)


def _entering(eng, obj) -> bool:
    """The card being played face down, while its entering-play event happens."""
    return _mem(eng)["entering"] == obj.label and obj.zone in SECTIONS and "development" not in obj.flags


def _faceup(eng, obj) -> bool:
    """Made a faceup development by a continuous effect (``set: {faceup_development: true}``)."""
    if "development" in obj.flags:
        return False
    return bool(_set_by_modifiers(eng, obj, "faceup_development"))


def _set_by_modifiers(eng, obj, name: str) -> Any:
    """``faceup_development`` or ``also_types``: attributes only continuous modifiers set (a type change).
    Read from the characteristics already worked out for this state or, while other modifiers' conditions
    and amounts are worked out, from the view they read (``set_attr``: the type change applies there once
    its modifier has, and the dependency order applies it before the modifiers that read a type); what
    modified_attr would return, without its fallbacks for an attribute the card does not have (a fifth of
    a Warhammer replay's attribute reads ask this)."""
    got = eng.set_attr(obj, name)
    return _guarded(eng, obj, name) if got is NOT_COMPUTED else got


def _guarded(eng, obj, name: str) -> Any:
    """An attribute read from inside adjust_attr when ``set_attr`` has no view to read it from: not
    again while continuous effects are being computed from such a read (a fallback: their conditions
    and amounts read their view, see _set_by_modifiers). Only ``faceup_development`` and ``also_types``
    are read so, and no part of the game's adjust_attr changes them: they are read as the modifiers
    set them (``modified_attr``), without running adjust_attr again for each read (a third of the
    attribute reads in a replay)."""
    m = _mem(eng)
    if m.get("busy"):
        return None
    m["busy"] = True
    try:
        return eng.modified_attr(obj, name)
    finally:
        m["busy"] = False


def is_development(eng, obj) -> bool:
    return eng.is_in_play(obj) and ("development" in obj.flags or _entering(eng, obj) or _faceup(eng, obj))


def no_text_box(eng, obj) -> bool:
    """'Faceup developments are considered to have no text box' (clarification:developments), nor
    has a face-down card: a development in play -- face down, being played face down, or a card a continuous
    effect made a faceup development (Judgement of Loec, whose own text says so too: 'considered to have a
    blank text box'; Tree Kin) -- has no text box (mechanic development_no_text), so its constant effects
    apply to no card, as its triggered effects and Actions work no more (keep_trigger, why_not_use).
    A development an effect makes also a unit (Kairos Fateweaver) is still a development: no text box comes
    back with the added type. Asked through the game's text_blank hook; while the characteristics are
    worked out, a faceup development is read in the view being worked out (the core then leaves out the
    modifiers of a card the view makes one: judge/engine/blanking.py)."""
    if not obj.card.abilities and not obj.card.keywords:
        return False  # no text to lose (most cards a continuous effect is asked about)
    if not is_development(eng, obj) or not eng.on("development_no_text"):
        return False
    eng.fire("development_no_text")
    return True


def _also_unit(eng, obj) -> bool:
    """A continuous effect says this development is also a unit (``set: {also_types: ['unit']}``, e.g.
    Kairos Fateweaver: 'each development you control is also considered to be a unit')."""
    return "unit" in (_set_by_modifiers(eng, obj, "also_types") or [])


def _also_unit_as_it_left(eng, old) -> bool:
    """Was the development ``old`` (just gone out of play) also a unit: does a continuous ``also_types``
    of a card still in play apply to it as it was?"""
    for src in eng.in_play():
        if "development" in src.flags or eng.hooks.text_blank(eng, src):
            continue
        for ab in src.card.continuous:
            if "also_types" not in (ab.get("set") or {}):
                continue
            b = eng.bindings_for(src, src.controller, {"it": old})
            if ab.get("while") is not None and not eng.eval(ab.get("while"), b):
                continue
            if eng.eval(ab.get("applies_to") or "it == this", b) and "unit" in eng.eval(ab.get("set")["also_types"], b):
                return True
    return False


@contextmanager
def entering(eng, label: str):
    """While the card ``label`` is played face down and enters play, it is a development."""
    m = _mem(eng)
    m["entering"] = label
    try:
        yield
    finally:
        m["entering"] = None


def faceup_attr(obj):
    """Attribute ``faceup``: not a face-down development."""
    return "development" not in obj.flags


# -- attributes (the game module chains them: facedown_blank, development_view, as_unit, no_faction) --

def facedown_blank(eng, obj, name: str, value: Any) -> Any:
    if "development" in obj.flags and eng.is_in_play(obj):
        if name == "type":
            return "development"
        if name in BLANK:  # a fresh list each time: a caller may change the one it gets
            blank = BLANK[name]
            return list(blank) if isinstance(blank, list) else blank
    return value


def development_view(eng, obj, name: str, value: Any) -> Any:
    if name in ("faceup_development", "also_types", "label", "name", "zone", "controller", "owner", "side"):
        return value
    if not eng.is_in_play(obj):
        if obj.zone == "stack" and obj.memory.get("played_as") == "development":
            return _being_played_as_development(eng, name, value)
        if name == "type" and "type_in_play" in obj.memory and obj.zone == "discard":
            if eng.on("discard_printed_type"):
                if obj.memory["type_in_play"] != value:
                    eng.fire("discard_printed_type")
            else:
                return obj.memory["type_in_play"]
        return value
    if name not in BLANK and name not in ("development", "type"):
        return value  # nothing below changes any other attribute
    entering = _entering(eng, obj)
    faceup = not entering and "development" not in obj.flags and _faceup(eng, obj)
    if name == "development":
        return value or entering or (faceup and eng.applies("faceup_is_development"))
    if entering and name in BLANK:
        return BLANK[name]
    if faceup and name in BLANK:
        if eng.applies("faceup_development_blank"):
            return BLANK[name]
        return value
    if name == "type" and (entering or faceup or "development" in obj.flags):
        if _also_unit(eng, obj):
            if entering and eng.applies("enters_as_development"):
                return "development"
            return "unit"
        return "development"
    return value


def _being_played_as_development(eng, name: str, value: Any) -> Any:
    """A card played face down as a development is played AS a development (clarification:capital-phase):
    while its play is on the action chain its type is development, with no power, cost, traits or hit
    points -- an effect on a 'unit or support card just played' does not see it (mechanic
    played_as_development; off: it has its printed type and characteristics until it enters play)."""
    want = {"type": "development", **BLANK}
    if name not in want or not eng.on("played_as_development"):
        return value
    if value != want[name]:
        eng.fire("played_as_development")
    return want[name]


def no_faction(eng, obj, name: str, value: Any) -> Any:
    if name == "faction" and "development" in obj.flags and eng.is_in_play(obj):
        if eng.on("development_no_faction"):
            if value is not None:
                eng.fire("development_no_faction")
            return None
    return value


# -- no text box --

def keep_trigger(eng, p) -> bool:
    src = eng.state.objects.get(p.source)
    if src is not None and is_development(eng, src) and eng.applies("development_no_text"):
        eng.log("trigger_lost", source=p.source_label, reason="a development has no text box")
        return False
    return True


def why_not_use(eng, player, obj, ab, action) -> str | None:
    if is_development(eng, obj) and eng.applies("development_no_text"):
        return "a development has no text box"
    return None


def note_discarded_type(eng, events: list[dict]) -> None:
    """Remember the type a development had in play as it enters the discard pile (discard_printed_type off)."""
    for ev in events:
        if ev["type"] == "zone_change" and ev.get("to") == "discard" and ev.get("new") is not None:
            new, old = ev["new"], ev["obj"]
            if "development" in old.flags or old.memory.get("faceup_seen"):
                new.memory["type_in_play"] = "unit" if _also_unit_as_it_left(eng, old) else "development"


def faceup_changes(eng) -> bool:
    changed = False
    for o in list(eng.in_play()):
        dev = "development" in o.flags or _faceup(eng, o)
        if not dev:
            if o.memory.pop("faceup_seen", None):
                eng.log("no_longer_development", card=o.label, corrupted="corrupted" in o.flags)
            continue
        if "questing" in o.flags and eng.applies("development_stops_questing"):
            stop_questing(o)
            eng.touch()
            eng.log("removed_from_quest", card=o.label, zone=o.where)
            changed = True
        if "development" in o.flags or o.memory.get("faceup_seen"):
            continue
        o.memory["faceup_seen"] = True
        eng.touch()
        changed = True
        eng.log("became_faceup_development", card=o.label)
        if (o.damage or o.counters.get("resource")) and _only_development(eng, o) \
                and eng.applies("faceup_development_clears_tokens"):
            eng.log("tokens_removed", card=o.label, damage=o.damage, resource=o.counters.get("resource", 0))
            o.damage = 0
            o.counters.pop("resource", None)
        if "corrupted" in o.flags:
            if not eng.applies("development_keeps_corruption"):
                o.flags.discard("corrupted")
                eng.log("restored", card=o.label)
    return changed


def _only_development(eng, o) -> bool:
    """clarification:developments: "If a card becomes a faceup development (and is only a development), remove
    all damage and resource tokens from it" -- one another effect makes also a unit (Kairos Fateweaver) is not
    only a development: it keeps them (faceup_only_development_clears; off: it loses them too)."""
    if not _also_unit(eng, o):
        return True
    if eng.on("faceup_only_development_clears"):
        if o.damage or o.counters.get("resource"):
            eng.fire("faceup_only_development_clears")
        return False
    return True


def owner_only(eng) -> bool:
    """State check: a development controlled by a player who doesn't own it is discarded -- a facedown one,
    or a card that became a faceup development (a stolen unit made a development)."""
    changed = False
    for o in list(eng.in_play()):
        if o.controller != o.owner and ("development" in o.flags
                                        or (_faceup(eng, o) and eng.applies("faceup_is_development"))) \
                and eng.applies("development_owner_only"):
            eng.move(o, "discard", cause="development_not_owned")
            changed = True
    return changed


def _discard_type(eng, event) -> Any:
    """The card type a card has as it enters the discard pile (for triggers checked just before)."""
    obj = event.get("obj") if isinstance(event, dict) else None
    if obj is None:
        return None
    now = eng.obj_attr(obj, "type")
    if eng.on("discard_printed_type"):
        if now != obj.card.type:
            eng.fire("discard_printed_type")
        return obj.card.type
    return now


# -- playing a development --

def start_development(eng, player, label: str):
    """Checks of playing ``label`` from hand as a development (in hand, its owner's capital phase, one
    development per turn), counting it; the card to play."""
    o = eng.obj(label)
    if o is None or o.where != f"{player}.hand":
        eng.fail(f"{label} is not in {player}'s hand")
    if eng.state.chain and eng.on("non_tactic_timing"):
        # clarification:playing-non-tactic-cards: playing a development from hand is an action with the
        # restrictions built in that a unit's play has: never in response to anything
        eng.fire("non_tactic_timing")
        eng.fail("a development cannot be played in response (playing non-tactic cards)", rule="non_tactic_timing")
    if eng.state.vars.get("phase") != "capital" or eng.state.vars.get("active") != player:
        eng.fail("developments are played in their owner's capital phase")
    turn = eng.state.vars.get("turn")
    dev = _mem(eng)["played"]
    if dev.get((turn, player)) and eng.applies("one_development_per_turn"):
        eng.fail(f"{player} has already played a development this turn")
    dev[(turn, player)] = dev.get((turn, player), 0) + 1
    return o


def develop(eng, player, act) -> None:
    """{player: A, develop: CARD, zone: kingdom}: play a card from hand face down as a development (all
    players passing at once); the card is a development while it enters play."""
    with entering(eng, act.get("develop")):
        o = start_development(eng, player, act["develop"])
        new = eng.move(o, act.get("zone") or "kingdom", side=player, controller=player, cause="develop")
        if new is not None:
            new.flags.add("development")
            eng.touch()
            eng.log("developed", player=player, card=new.label)


def play_development(eng, player, act) -> None:
    """{player: A, play_development: CARD, zone: Z}: play a card from hand face down as a development,
    on an action chain the players may respond to (the ``develop`` action is that play with every player
    passing at once). The card is being played, not in play, while the chain is open; the event
    ``development_played`` happens as it is played; it enters play as a development when the chain
    resolves. Ablated: it enters play at once, as it is played."""
    label = act["play_development"]
    if not eng.on("play_effects_during_play"):
        develop(eng, player, {**act, "develop": label})  # in play at once (timing and one-per-turn checked)
        new = eng.obj(label)
        eng.emit([{"type": "development_played", "obj": new, "player": player, "from": "hand"}])
        return
    o = start_development(eng, player, label)
    eng.fire("play_effects_during_play")
    zone = act.get("zone") or "kingdom"
    new = eng.move(o, "stack", side=player, cause="play")
    new.memory["played_as"] = "development"
    ab = Ability(-1, "play", {"name": "play as a development", "steps": [{"enter_development": "this", "zone": zone}]})
    item = card_item(eng, player, new, ab)
    item.bindings["_played_emitted"] = True  # played face down: not played as its printed type
    eng.state.chain.append(item)
    eng.log("played", player=player, card=new.label, ability=ab.name, as_development=True, targets=[])
    eng.emit([{"type": "development_played", "obj": new, "player": player, "from": "hand"}])
    eng.passes.clear()


def _enter_development(eng, st, b) -> bool:
    """{enter_development: this, zone: Z}: the development's play resolves: it enters play face down."""
    o = b.get("this")
    if o is None or o.oid not in eng.state.objects:
        return False
    player = b["you"]
    with entering(eng, o.label):
        new = eng.move(o, st.get("zone") or "kingdom", side=player, controller=player, cause="develop")
    if new is None:
        return False
    new.flags.add("development")
    eng.touch()
    eng.log("developed", player=player, card=new.label)
    return True


# -- turning cards face down and face up --

def _facedown_candidates(eng, st, b) -> list:
    return [o for o in eng.resolve_ref(st["turn_facedown"], b) if eng.is_in_play(o) and "development" not in o.flags]


def _turn_facedown(eng, st, b) -> bool:
    """{turn_facedown: REF}: the card in play becomes a face-down development where it is ('turn target
    support card facedown into a development', Rodrik's Raiders; 'this unit becomes a facedown
    development', Mage of Loec): no longer attacking, defending or questing, its damage gone (a development
    has no hit points), an attachment left in its host's zone (controlled by that zone's player)."""
    objs = _facedown_candidates(eng, st, b)
    for o in objs:
        host = eng.state.objects.get(o.attached_to) if o.attached_to else None
        side = host.side if host is not None else o.side
        o.flags.add("development")
        o.flags -= {"attacking", "defending"}
        stop_questing(o)
        o.attached_to = None
        o.damage = 0
        eng.touch()
        eng.log("turned_facedown", card=o.label, zone=f"{side}.{o.zone if host is None else host.zone}")
        if side != o.controller:
            if eng.applies("development_zone_control"):
                eng.log("development_in_zone_of", card=o.label, player=side)
                o.controller = side
    return bool(objs)


def _can_turn_facedown(eng, st, b) -> bool:
    return bool(_facedown_candidates(eng, st, b))


def _turn_faceup(eng, st, b) -> bool:
    """{turn_faceup: REF}: a face-down development is turned face up: it is its printed card type
    again, in place."""
    objs = [o for o in eng.resolve_ref(st["turn_faceup"], b) if eng.is_in_play(o) and "development" in o.flags]
    if not objs:
        return False
    evs = []
    for o in objs:
        ev = {"type": "turned_faceup", "obj": o}
        if o.card.type != "development":
            if not eng.applies("type_change_in_place"):
                ev.update({"new": o, "enters_play": True})
        evs.append(ev)
    eng.emit(evs)
    return True


def _perform_turned_faceup(eng, ev) -> None:
    o = ev["obj"]
    if o.oid not in eng.state.objects:
        ev["failed"] = True
        return
    o.flags.discard("development")
    eng.touch()
    eng.log("turned_faceup", card=o.label, type=o.card.type, zone=o.where, enters_play=bool(ev.get("enters_play")))


