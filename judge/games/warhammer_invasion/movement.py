"""Moving cards within play: a card effect moves a card only between in-play zones, to a different
zone, and never into the opponent's zones; a moved card stays the same object (event ``moved``); a unit
moved out of the battlefield / defended zone stops attacking / defending, one moved off its zone stops
questing; no move ends in a zone a card closes ('units cannot move into ...'): a chosen move picks another
zone, a forced move that can't happen sacrifices the unit; control given by a constant effect moves
the card to its new controller's zone (and back when the effect ends)."""
from __future__ import annotations

from judge.engine.state import TextReason

from . import card_scripts
from .common import SECTIONS, stop_questing, taking_control
from .playing import hero_blocked


def register(game) -> None:
    game.steps.update({"move_to_zone": _move_to_zone, "move": _move, "perform:moved": _perform_moved})


def _move(eng, st, b) -> bool:
    """The core {move: REF, to: ZONE} where every card is in play and ZONE is a zone of the play area: a
    unit moved between zones, under the rules of moving -- a zone a card closes ('units cannot move
    into'), 'Limit one Hero per zone', the moved event -- as ``move_to_zone`` moves it to that zone of its
    controller's (blind round 31: the core verb knew none of them). Any other move is the core's."""
    zone = st.get("to")
    objs = eng.resolve_ref(st["move"], b) if zone in SECTIONS else []
    if not objs or not all(eng.is_in_play(o) for o in objs):
        return eng.step_move(st, b)  # the core verb
    ok = False
    for o in objs:
        ok = _forced_move(eng, {"move_to_zone": o, "to": zone}, b, side=o.controller) or ok
    return ok


def may_affect(eng, verb: str, obj) -> bool:
    """Hook ``may_affect``: 'You control all cards you own ... unless a card effect specifically changes
    who controls the card' (faq:cards-control, control_changed_by_effect). Off: every player controls
    exactly the cards he owns -- a step that gives a card to another player (Soul Stealer's constant
    effect, Veteran Sellswords, a second Soul Stealer giving it back) changes nothing."""
    return verb != "gain_control" or eng.on("control_changed_by_effect")


def note_control_changed(eng, events: list[dict]) -> None:
    """Trace the rule where an effect made a player control a card he does not own: he takes it
    (``control_changed``) or it enters play under his control (put into play 'under your control',
    common.taking_control). A card given back to its owner is where clause 1 alone puts it."""
    for ev in events:
        if ev["type"] == "control_changed":
            obj, player = ev["obj"], ev.get("to")
        elif ev["type"] == "zone_change" and ev.get("enters_play") and ev.get("new") is not None:
            obj, player = ev["new"], ev["new"].controller
        else:
            continue
        if player != obj.owner:
            eng.fire("control_changed_by_effect")
            return


def leaves_combat(eng, obj, to_zone: str, other_side: bool = False) -> None:
    """A unit moved to another zone: no longer attacking out of the battlefield, defending out of the
    defended zone, or questing (clarification:moving-cards); the resource tokens on the quest it quested on
    then have no unit questing on them and are removed (quests.tokens_need_quester). ``other_side``: it
    moved to another player's zone (its control changed): out of the battlefield it attacked from and of
    the zone it defended, whatever the zone's name."""
    combat = eng.state.vars.get("combat")
    if "attacking" in obj.flags and (to_zone != "battlefield" or other_side) or (
            "defending" in obj.flags and combat and (to_zone != combat["zone"] or other_side)) or "questing" in obj.flags:
        if eng.applies("moved_unit_leaves_combat"):
            stop_questing(obj)
            eng.touch()
            if not other_side and _attacks_from_new_location(eng, obj, to_zone):
                obj.flags -= {"defending"}
                return
            obj.flags -= {"attacking", "defending"}
            eng.log("no_longer_in_combat", card=obj.label)


def _attacks_from_new_location(eng, obj, to_zone: str) -> bool:
    """'Any effect that would allow a unit to attack ... from its new location creates an exception'
    (clarification:moving-cards; Greyseer Thanquol: 'This unit may attack from any zone'): an attacker
    moved to a zone of its side it may still attack from keeps attacking. Read once it has stopped
    questing, so a permission given only to the unit questing on a quest (Wolves of the North) is gone."""
    if "attacking" not in obj.flags or to_zone not in SECTIONS or not eng.obj_attr(obj, "attacks_from_quest"):
        return False
    return eng.applies("attack_from_new_location")


def event_kinds(eng, ev) -> list[str]:
    """'enters this zone' (trigger ``on: {event: enters_zone}``; ``event.entered`` is the card, ``event.to``
    the zone): a card entering play enters the zone it is put into; a unit moved from one zone to another
    is considered to have entered the new zone, though not to have entered play (clarification:moving-cards,
    moved_unit_enters_zone; off: only entering play enters a zone)."""
    if ev["type"] == "zone_change" and ev.get("enters_play") and ev.get("new") is not None:
        ev["entered"] = ev["new"]
        return ["enters_zone"]
    if ev["type"] == "moved" and _unit_in_zone(eng, ev["obj"], ev.get("to")) and eng.on("moved_unit_enters_zone"):
        ev["entered"] = ev["obj"]
        return ["enters_zone"]
    return []


def _unit_in_zone(eng, obj, zone) -> bool:
    """A unit arriving in one of a capital's zones: what can 'enter a zone' without entering play."""
    return zone in SECTIONS and eng.obj_attr(obj, "type") == "unit"


def control_leaves_combat(eng, events: list[dict]) -> None:
    """A unit whose control changes goes to its new controller's corresponding zone (Soul Stealer's FAQ):
    an attacking or defending unit has moved out of the battlefield it attacked from or the zone it
    defended, and no longer attacks or defends (clarification:moving-cards). Questing: quests.control_moved."""
    for ev in events:
        o = ev.get("obj") if ev["type"] == "control_changed" and ev.get("from") != ev.get("to") else None
        if o is not None and {"attacking", "defending"} & o.flags and eng.is_in_play(o):
            leaves_combat(eng, o, o.zone, other_side=True)


def control_entered_zone(eng, events: list[dict]) -> None:
    """A unit whose control changes goes to its new controller's corresponding zone (Soul Stealer's FAQ:
    'moving it to their corresponding zone'): it has entered that zone, though not play
    (clarification:moving-cards, moved_unit_enters_zone): an ``enters_zone`` event follows. Not for the
    control a scenario's starting state lists (setup: no action yet)."""
    if eng.action_index is None:
        return
    entered = [ev["obj"] for ev in events if ev["type"] == "control_changed" and ev.get("from") != ev.get("to")
               and eng.is_in_play(ev["obj"]) and _unit_in_zone(eng, ev["obj"], ev["obj"].zone)]
    if entered and eng.on("moved_unit_enters_zone"):
        eng.emit([{"type": "enters_zone", "obj": o, "entered": o, "to": o.zone, "side": o.side, "by": "control"}
                  for o in entered])
        if any((ab.get("on") or {}).get("event") == "enters_zone" for c in eng.in_play() for ab in c.card.abilities):
            eng.fire("moved_unit_enters_zone")  # a card that sees units entering a zone is in play


def note_entered_zone(eng, events: list[dict]) -> None:
    """Trace the rule where a move triggered an 'enters this zone' ability (a card's Forced effect or
    trigger now waiting, or a triggered Action whose condition the move met)."""
    moves = [ev for ev in events if ev["type"] == "moved" and "enters_zone" in (ev.get("_kinds") or ())]
    if moves and (any(ev.get("_met_as_kind") for ev in moves) or any(
            any(p.event is ev for ev in moves) and (p.ability.get("on") or {}).get("event") == "enters_zone"
            for p in eng.pending)):
        eng.fire("moved_unit_enters_zone")


def _perform_moved(eng, ev) -> None:
    """A ``moved`` event: the card changes zone in place (remembering where it came from)."""
    ev.setdefault("from", ev["obj"].zone)
    o, to = ev["obj"], ev["to"]
    if o.oid not in eng.state.objects:
        ev["failed"] = True
        return
    frm = o.where
    eng.place(o, zone=to)
    eng.touch()
    eng.log("zone_change", card=o.label, **{"from": frm, "to": o.where}, cause="move")


def _move_to_zone(eng, st, b) -> bool:
    """{move_to_zone: REF, by: P, side: S, to: ZONE | same}: move a unit to another zone (the one verb for
    'move ... to another zone', 'to another of your zones', 'moves it to his corresponding zone').

    Without ``to``, P (default you) chooses where it moves: with ``side`` given, one of S's zones (a zone
    name: 'another of your zones', Pistoliers); without, any player's zone (``A.kingdom``: Sigmar's
    Brilliance, Wilhelm, Red Arrow Coach). The rules refuse a choice out of play (move_in_play_only), the
    zone it is in (move_to_other_zone), an opponent's zone (no_move_to_opponent_zone), a zone a card
    closes ('units cannot move into ...') and a second Hero. With ``to`` (``same``: its own zone's name)
    the unit must move to S's zone (default you): a forced move -- control passes to S; when a card
    closes that zone the game state is illegal and the unit is sacrificed (Veteran Sellswords)."""
    if st.get("to"):
        return _forced_move(eng, st, b)
    objs = [o for o in eng.resolve_ref(st["move_to_zone"], b) if eng.is_in_play(o)]
    if not objs:
        return False
    o = objs[0]
    by = eng.eval(st.get("by", "you"), b)
    own = eng.eval(st["side"], b) if st.get("side") else None
    zones = list(SECTIONS) + (["hand", "discard", "deck"] if own else [])
    options = zones if own else [f"{p}.{z}" for p in eng.state.players for z in zones]

    def check(where: str) -> str | None:
        side, zone = (own, where) if own else where.split(".")
        if zone not in SECTIONS:
            if eng.applies("move_in_play_only"):
                return f"a card effect moves a card only between in-play zones, not to the {zone}"
            return None
        if side == o.side and zone == o.zone and eng.applies("move_to_other_zone"):
            return "a moved card must end the move in a different zone than it began"
        if side != o.controller and eng.applies("no_move_to_opponent_zone"):
            return "a player may not move units into his opponent's zones"
        return closed_to(eng, side, zone) or hero_blocked(eng, side, o, zone)

    # the options' form is in the question, so a missing or refused choice says how to name a zone: 'another
    # of your zones' offers the player's own by name, 'another zone' every player's with its player
    if own:
        where = eng.decide_checked(by, "option", options, f"the zone {o.label} moves to (one of {own}'s zones, "
                                   f"named alone: {options[0]})", check)
    else:
        where = eng.decide_checked(by, "pick", options, f"where {o.label} moves (a zone of any player, named "
                                   f"with its player: {options[0]})", check)
    zone = where if own else where.split(".")[1]
    if zone not in SECTIONS:
        eng.move(o, zone, cause="move")
        return True
    leaves_combat(eng, o, zone)
    eng.emit([{"type": "moved", "obj": o, "to": zone}])
    return True


def _forced_move(eng, st, b, side: str | None = None) -> bool:
    """A forced move (``to`` given): the unit must move to that zone of ``side``'s; if it is unable to
    (a card closes the zone, or a Hero would join a Hero there), the game state is illegal and the unit
    is sacrificed."""
    side = side or eng.eval(st.get("side", "you"), b)
    zone = st.get("to")
    ok = False  # one unit at least moved or came under ``side``'s control ('each': as fully as possible)
    for o in [o for o in eng.resolve_ref(st["move_to_zone"], b) if eng.is_in_play(o)]:
        if taking_control(eng, o, side) != side:
            continue  # control_changed_by_effect off: no effect gives a card to a player who does not own it
        zone_here = o.zone if zone == "same" else zone
        blockers = card_scripts.collected("moving_in_blockers", eng, side, zone_here)
        hero = None if blockers else hero_blocked(eng, side, o, zone_here)  # 'Limit one Hero per zone'
        if blockers or hero:
            eng.log("move_impossible", card=o.label, to=f"{side}.{zone_here}",
                    because=blockers[0].label if blockers else hero)
            _sacrificed_when_stuck(eng, o, b.get("this"))
            continue
        if o.controller != side:
            ok = eng.run_step({"gain_control": o, "player": side}, b) or ok
        if o.zone != zone_here:
            leaves_combat(eng, o, zone_here)
            eng.emit([{"type": "moved", "obj": o, "to": zone_here}])
            ok = True
    return ok


def _cannot_move_in(eng, o, side: str, blocked: str | None) -> bool:
    """Control of ``o`` passes to ``side`` (a constant effect gives it, or ends and control returns): the
    card must move to ``side``'s corresponding zone. When it is unable to (a zone a card closes -- 'units
    cannot move into ...' --, or ``blocked``: a Hero returning into a zone of its owner's that has a Hero),
    the game state is illegal and it is sacrificed, as a unit whose forced move is impossible
    (forced_move_impossible_sacrifice; off: it stays where it is, under the control it had)."""
    blocked = blocked or closed_to(eng, side, o.zone)
    if not blocked:
        return False
    if o.memory.get("move_impossible") != side:  # logged once (the control effect is retried at each check)
        o.memory["move_impossible"] = side
        eng.log("move_impossible", card=o.label, to=f"{side}.{o.zone}", because=blocked)
    _sacrificed_when_stuck(eng, o, None)
    return True


def _sacrificed_when_stuck(eng, o, source) -> None:
    """A unit that must move and is unable to: the game state is illegal and it is sacrificed
    (forced_move_impossible_sacrifice; off: it stays where it is)."""
    if eng.applies("forced_move_impossible_sacrifice"):
        eng.move(o, "discard", cause="sacrifice", source=source)


def closed_to(eng, side, zone) -> str | None:
    """Why a unit cannot be moved into side.zone by a chosen move ('units cannot move into ...'), or None."""
    blockers = card_scripts.collected("moving_in_blockers", eng, side, zone)
    return TextReason(f"units cannot move into {side}'s {zone} ({blockers[0].label})",
                      eng.card_name(blockers[0])) if blockers else None


def effect_control(eng, obj, name: str, value):
    """Attribute ``controller`` (adjust_attr): a constant effect that sets who controls a card (Soul
    Stealer's 'You control attached unit') is a card effect changing control (faq:cards-control,
    control_changed_by_effect). Off, no card effect changes who controls a card: the card's controller is
    the one the rules give it (its owner, or the player in whose zone a facedown development lies), not the
    one the effect sets -- 'your units' of a card effect reads it so."""
    if name == "controller" and value is not None and value != obj.controller and eng.is_in_play(obj):
        if not eng.on("control_changed_by_effect"):
            return obj.controller
    return value


def hero_control(eng, obj, name: str, value):
    """Attribute ``controller`` (adjust_attr): a control effect that would bring a Hero into a zone
    of a player's that has a Hero does not apply ('Limit one Hero per zone')."""
    if name == "controller" and value is not None and value != obj.controller and eng.is_in_play(obj):
        if hero_blocked(eng, value, obj, obj.zone):
            return obj.controller
    return value


def _control_effects(objs) -> bool:
    """Does a card in play set control by a constant effect, or has one had its control set so? A state
    check asks this of every state (most have none): one plain walk of the cards in play."""
    for o in objs:
        if "base_controller" in o.memory:
            return True
        for ab in o.card.continuous:
            if "controller" in (ab.get("set") or {}):
                return True
    return False


def control_sync(eng) -> bool:
    """Control set by a constant effect (``set: {controller: ..}``): the card moves to its new
    controller's corresponding zone; when the effect ends, control returns to whoever had it."""
    if not _control_effects(eng.in_play()) or not eng.on("control_changed_by_effect"):
        return False  # off: no effect changes control (may_affect); nothing to retry at each check
    chars = eng.characteristics()
    changed = False
    for o in list(eng.in_play()):
        want = chars.get(o.oid, {}).get("controller")
        if want is not None:
            o.memory.setdefault("base_controller", o.controller)
        elif "base_controller" in o.memory:
            base = o.memory.pop("base_controller")
            if not eng.on("control_by_constant_effect"):
                continue
            eng.fire("control_by_constant_effect")
            if base != o.controller and _cannot_move_in(eng, o, base, hero_blocked(eng, base, o, o.zone)):
                changed = True  # sacrificed, or (ablated) left under the control it had
                continue
            want = base
        if want is not None and want != o.controller:
            # 'Limit one Hero per zone': no player takes (or is given) control of a Hero into a zone
            # of his that has a Hero; the control effect then has no effect on it
            blocked = hero_blocked(eng, want, o, o.zone)
            if not blocked and _cannot_move_in(eng, o, want, None):
                changed = changed or not eng.is_in_play(o)  # ablated: it stays, the effect retried each check
                continue
            if blocked:
                if o.memory.get("control_blocked") != want:
                    o.memory["control_blocked"] = want
                    eng.log("control_blocked", card=o.label, player=want, reason=blocked)
                continue
            o.memory.pop("control_blocked", None)
            eng.run_step({"gain_control": o, "player": want}, {})
            changed = True
    return changed
