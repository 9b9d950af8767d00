"""Moving characters: the formation step, 'move' effects (512.3), relocating to another
area, row or player's side (control follows the row, equipment falls off)."""
from __future__ import annotations

from .terms import AREAS, ROWS


def _position(obj) -> str:
    return f"{obj.zone} {'support' if 'support' in obj.flags else 'front'}"


def formation(eng, player: str, act: dict) -> None:
    """{player: A, formation: true, choose: [positions...]} -- the formation step (405.3): the player
    moves each character he controls; each stays in its kind of area (405.5)."""
    for o in [o for o in eng.in_play() if o.controller == player and o.card.type == "character"]:
        _move_one(eng, o, player, None, None)


def move_char(eng, st: dict, b: dict) -> bool:
    """{move_char: ref, area: hidden|visible|either (omitted: the same kind of area), row: front|support,
    by: player told to move (default: you)} -- 512.3."""
    objs = [o for o in eng.resolve_ref(st["move_char"], b) if eng.is_in_play(o)]
    ok = bool(objs)
    if st.get("from_area") and not can_move_char(eng, st, b):
        return False
    for o in objs:
        mover = eng.eval(st["by"], {**b, "it": o}) if st.get("by") else b["you"]
        ok = _move_one(eng, o, mover, st.get("area"), st.get("row")) and ok
    return ok


def can_move_char(eng, st: dict, b: dict) -> bool:
    """A move 'from your hidden area to your visible area' (a cost, say) needs a character in that area."""
    objs = [o for o in eng.resolve_ref(st["move_char"], b) if eng.is_in_play(o)]
    if not objs:
        return False
    want = st.get("from_area")
    if want and any(o.zone != want for o in objs):
        if eng.applies("move_from_area"):
            return False
    return True


def _move_one(eng, obj, mover: str, area: str | None, row: str | None) -> bool:
    if area in AREAS and obj.zone == area and obj.side == mover:
        if not eng.on("move_to_named_area"):
            eng.log("move_failed", card=obj.label, reason=f"already in the {area} area")
            return False
        eng.fire("move_to_named_area")
    if area in AREAS:
        areas = [area]
    elif area == "either":
        areas = list(AREAS)
    elif eng.applies("move_same_area"):
        areas = [obj.zone]
    else:
        areas = list(AREAS)
    rows = [row] if row in ROWS else list(ROWS)
    here = _position(obj) if obj.side == mover else None
    allowed = [f"{a} {r}" for a in areas for r in rows]
    if here in allowed:
        if not eng.applies("move_same_position_legal"):
            allowed.remove(here)
    if not allowed:
        eng.log("move_failed", card=obj.label, reason="no legal position")
        return False
    everything = [f"{a} {r}" for a in AREAS for r in ROWS]
    if len(allowed) == 1:
        dest = allowed[0]
    else:
        def check(value):
            if value in allowed:
                return None
            if value == here:
                return "a move must change the character's position"
            return f"{obj.label} can only be moved to {', '.join(allowed)}"

        dest = eng.decide_checked(mover, "pick", everything, f"where {obj.label} moves", check)
    to_area, to_row = dest.split()
    return relocate(eng, obj, mover, to_area, to_row) is not None


def relocate(eng, obj, side: str, area: str, row: str):
    """Put an in-play character at a position of ``side``'s areas (212.5a, 302.9, control)."""
    from_area, from_side = obj.zone, obj.side
    controller = obj.controller
    if side != obj.controller:
        if eng.applies("control_follows_row"):
            controller = side
    gear = [o for o in eng.state.objects.values() if o.attached_to == obj.oid]
    if from_area != area and gear:
        if eng.applies("equipment_falls_off"):
            for g in gear:
                g.attached_to = None
                eng.move(g, "kod", cause="equipment_fell_off")
    if from_area != area or side != from_side:
        if eng.on("areas_same_zone") or from_area == area:
            if from_area != area:
                eng.fire("areas_same_zone")
            eng.place(obj, zone=area, side=side, controller=controller)
            new = obj
        else:
            new = eng.move(obj, area, side=side, controller=controller, cause="move")
            if new is None:
                return None
            for g in [o for o in eng.state.objects.values() if o.attached_to == obj.oid]:
                g.attached_to = new.oid
    else:
        new = obj
    new.flags.discard("support")
    if row == "support":
        new.flags.add("support")
    eng.touch()
    eng.log("moved", card=new.label, to=f"{new.side}.{area} {row}", **{"from": f"{from_side}.{from_area}"})
    eng.emit([{"type": "moved", "obj": new, "from_area": from_area, "to_area": area}])
    return new


def register(game) -> None:
    game.actions["formation"] = formation
    game.steps.update({"move_char": move_char, "can:move_char": can_move_char})
