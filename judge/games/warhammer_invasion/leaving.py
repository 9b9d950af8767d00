"""Leaving play: a player sacrifices only cards he controls, and a sacrificed card is not destroyed; a
card leaving play goes to its owner's out-of-play zone (destroyed or sacrificed: his discard pile);
fulcrums leave play only by an effect that targets them (legends.py)."""
from __future__ import annotations

from judge.engine.steps import repeated


def register(game) -> None:
    game.steps["can:sacrifice"] = _can_sacrifice  # the step itself: legends.guarded_leave_steps(game, sacrifice)


def sacrifice(eng, st, b) -> bool:
    """{sacrifice: REF, player: P}: only cards P controls can be sacrificed; sacrificing is not destroying."""
    player = eng.eval(st.get("player", "you"), b)
    objs = [o for o in eng.resolve_ref(st["sacrifice"], b) if eng.is_in_play(o)]
    if eng.on("sacrifice_own_only"):
        mine = [o for o in objs if o.controller == player]
        for o in objs:
            if o not in mine:
                eng.fire("sacrifice_own_only")
                eng.log("cannot_sacrifice", player=player, card=o.label)
        objs = mine
    if not objs:
        return False
    cause = "sacrifice"
    if not eng.on("sacrifice_not_destroy"):
        cause = "destroy"
    else:
        eng.fire("sacrifice_not_destroy")
    done = eng.emit([{"type": "zone_change", "obj": o, "from": o.zone, "to": "discard", "side": None,
                      "cause": cause, "position": "top", "controller": None, "source": b.get("this"),
                      "sacrificed": True} for o in objs])  # sacrificed even when treated as destroyed
    return len(done) == len(objs)


def _can_sacrifice(eng, st, b) -> bool:
    """Can the step (a cost, as a card effect is triggered) be done: a card in play to sacrifice, and --
    'Sacrifice means to remove a card you control from play'; 'a player cannot pay costs with cards ... he
    does not control' (clarification:triggering-a-card-effect) -- one the player controls."""
    objs = [o for o in eng.resolve_ref(st["sacrifice"], b) if eng.is_in_play(o)]
    if objs and eng.on("sacrifice_own_only"):
        player = eng.eval(st.get("player", "you"), b)
        if not any(o.controller == player for o in objs):
            eng.fire("sacrifice_own_only")  # traced where it refuses: a card he controls reads the same off
            return False
    return bool(objs) and not repeated(b)  # a card is sacrificed once: the same step twice cannot be done


# -- where a card leaving play goes: its owner's out-of-play zone ----------------------------------

#: the cause of a zone change -> the mechanic placing the card in its owner's zone (the destroy and the
#: sacrifice clarifications each say it of their own act; the out-of-play one of every other way)
_OWNERS_ZONE = {"destroy": "destroyed_to_owners_discard", "sacrifice": "sacrificed_to_owners_discard"}


def owners_out_of_play_zone(eng, events: list[dict]) -> None:
    """A card that left play goes to its OWNER's out-of-play zone (discard pile, hand, deck), whoever
    controlled it (the core puts it there). Traced only when the two differ (a card of the opponent's the
    player controlled); switched off, the card goes to the zone of the player who controlled it when it
    left play."""
    for ev in events:
        obj, new = ev.get("obj"), ev.get("new")
        if (ev.get("type") != "zone_change" or not ev.get("leaves_play") or new is None or obj is None
                or new.oid not in eng.state.objects or new.zone in eng.game.play_zones or new.zone == "stack"):
            continue
        controller = obj.controller if new is not obj else _controller_when_left(eng, new)
        if controller == obj.owner:
            continue
        key = _OWNERS_ZONE.get("sacrifice" if ev.get("sacrificed") else ev.get("cause"), "owners_out_of_play_zone")
        if eng.applies(key):
            continue
        eng.place(new, side=controller, controller=controller)
        eng.touch()
        eng.log("placed_in_controllers_zone", card=new.label, zone=new.where)


def _controller_when_left(eng, obj) -> str:
    """The player who controlled a card that kept its object as it left play (new_object_on_zone_change
    off: the core rewrote its controller): the side it left, as the zone change logged it (a card in play
    is on its controller's side)."""
    for rec in reversed(eng.step.events):
        if rec.get("event") == "zone_change" and rec.get("card") == obj.label:
            return str(rec.get("from") or "").split(".")[0] or obj.owner
    return obj.owner
