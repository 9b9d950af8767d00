"""Moving characters: the formation step, 'move' effects (512.3), relocating to another
area, row or player's side (control follows the row, equipment falls off).

Positions (405.3, 512.3): a character stands at a position ``<area> <row> <n>`` of its side, ``n``
numbering the positions of that row (1, 2 ...). A choice of position may name the row only
(``visible front``: the character's own position if it is in that row, else the row's first empty
one) or the position itself (``visible front 2``); ``column front`` / ``column support`` name the
empty column dividing the visible area from the hidden one (212.5c), where no character may stand.
A character whose position was never chosen (placed by the scenario, or put into play) takes the
first empty position of its row in the order it came there, and keeps it (written down at setup and
as it comes into play) until it is moved: another character leaving play shifts nobody."""
from __future__ import annotations

from judge.engine.state import TextReason

from .equipment import attached
from .recruiting import enter_area
from .terms import AREAS, ROWS

#: the column dividing a player's visible area from his hidden area (212.5c, 405.3)
COLUMN = "column"


def _position(obj) -> str:
    return f"{obj.zone} {_row(obj)}"


def _row(obj) -> str:
    return "support" if "support" in obj.flags else "front"


def _characters(eng, side: str) -> list:
    # printed type here and in this game's other 'character' reads: no Vs. System effect sets a card's type
    return [o for a in AREAS for o in eng.zone_objs(side, a) if o.card.type == "character"]


def positions(eng, side: str) -> dict:
    """oid -> (area, row, n) of every character on ``side``'s areas (see the module docstring)."""
    out, taken = {}, set()
    chars = _characters(eng, side)
    for o in chars:
        n = o.memory.get("column")
        if n is not None:
            out[o.oid] = (o.zone, _row(o), n)
            taken.add(out[o.oid])
    for o in chars:
        if o.oid not in out:
            n = next(i for i in range(1, len(chars) + 2) if (o.zone, _row(o), i) not in taken)
            out[o.oid] = (o.zone, _row(o), n)
            taken.add(out[o.oid])
    return out


def position_text(eng, obj) -> str | None:
    """``visible front 2`` (``column front`` for a character standing in the dividing column)."""
    if obj.zone not in AREAS or obj.card.type != "character":
        return None
    area, row, n = positions(eng, obj.side)[obj.oid]
    return f"{COLUMN} {row}" if n == 0 else f"{area} {row} {n}"


def _freeze(eng, side: str) -> None:
    """Write down every character's position before some of them move, so that moving one never
    shifts another."""
    for oid, (_a, _r, n) in positions(eng, side).items():
        eng.state.objects[oid].memory["column"] = n


def _settle_positions(eng) -> None:
    """Give every character in play that has no written position the one it stands at now (its row's
    first empty position): a character keeps its position until it is moved (512.3 moves a character
    by picking it up and placing it), so another leaving play never shifts it."""
    sides = {o.side for o in eng.in_play() if o.card.type == "character" and o.memory.get("column") is None}
    for side in sorted(sides):
        _freeze(eng, side)


def setup(eng, spec) -> None:
    _settle_positions(eng)


def observe(eng, events) -> None:
    """A character that came into play takes its position as it comes."""
    if any(e.get("type") == "zone_change" for e in events):
        _settle_positions(eng)


def _parse(value) -> tuple | None:
    parts = str(value).split()
    if len(parts) == 2 and parts[0] in (*AREAS, COLUMN) and parts[1] in ROWS:
        return parts[0], parts[1], None
    if len(parts) == 3 and parts[0] in AREAS and parts[1] in ROWS and parts[2].isdigit() and int(parts[2]) > 0:
        return parts[0], parts[1], int(parts[2])
    return None


def _position_options(eng, side: str) -> list[str]:
    """Every position a choice may name: the rows first (so that a default choice is a row's first
    empty position), then each numbered position, then the dividing column."""
    most = len(_characters(eng, side)) + 1
    rows = [f"{a} {r}" for a in AREAS for r in ROWS]
    return rows + [f"{x} {n}" for x in rows for n in range(1, most + 1)] + [f"{COLUMN} {r}" for r in ROWS]


def _position_scripted(eng, player: str, rows_allowed: list) -> bool:
    """Does the player's next scripted choice name a position in the one row the character may go to?
    A move to that row still places it in an empty position of the player's choosing (512.3): when the
    script names one (``visible front 2``, or the row itself), it is taken there and checked like any
    other; a tentative ``{try: ...}`` position is taken too, so that the rule refusing it is recorded.
    Otherwise the character takes its own position in that row, else the row's first empty one, without
    asking; a position of another row is left for a later decision."""
    nxt = eng.next_choice(player)
    if nxt is None:
        return False
    value, tentative = nxt
    pos = _parse(value) if isinstance(value, (str, dict)) else None
    return pos is not None and (tentative or f"{pos[0]} {pos[1]}" in rows_allowed)


def formation(eng, player: str, act: dict) -> None:
    """{player: A, formation: true, choose: [positions...]} -- the formation step: the player
    rearranges each character he controls, in the order of the game's objects (the starting state's
    characters in listing order -- a taken one where its owner's list has it --, then those that came
    into play during the script, in the order they came); each stays in its kind of
    area (405.5) and, when he is done, each has a position of its own, none in the dividing column
    (405.3). While he rearranges, a character may be put where another stood before it was picked
    up (two characters may swap positions): only the positions chosen in this formation count."""
    _freeze(eng, player)
    chosen: set = set()
    for o in [o for o in eng.in_play() if o.controller == player and o.card.type == "character"]:
        _move_one(eng, o, player, None, None, formation=chosen)


def move_char(eng, st: dict, b: dict) -> bool:
    """{move_char: ref, area: hidden|visible|either (omitted: the same kind of area), row: front|support,
    by: player told to move (default: you), elsewhere: true ('to a different position': the exception
    512.3 makes with "unless otherwise specified")} -- 512.3."""
    objs = [o for o in eng.resolve_ref(st["move_char"], b) if eng.is_in_play(o)]
    ok = bool(objs)
    if st.get("from_area") and not can_move_char(eng, st, b):
        return False
    for o in objs:
        mover = eng.eval(st["by"], {**b, "it": o}) if st.get("by") else b["you"]
        ok = _move_one(eng, o, mover, st.get("area"), st.get("row"), elsewhere=bool(st.get("elsewhere")),
                       by_text=eng.card_name(b.get("this"))) and ok
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


def _move_one(eng, obj, mover: str, area: str | None, row: str | None, formation: set | None = None,
              elsewhere: bool = False, by_text: str | None = None) -> bool:
    """Move one character for ``mover``; ``formation``: the positions already chosen in the
    formation step under way (None: a move effect, 512.3); ``elsewhere``: the move specifies a different
    position, so the one it stands at is not legal (512.3: "... is legal, unless otherwise specified")."""
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
    rows_allowed = [f"{a} {r}" for a in areas for r in rows]
    same_position_ok = True
    if elsewhere:
        same_position_ok = False  # the card's own text: the rule's default does not decide (no trace)
    elif here in rows_allowed:
        same_position_ok = eng.applies("move_same_position_legal")
    # a different position may still be in the same row: only the exact position is refused then
    allowed = [x for x in rows_allowed if same_position_ok or elsewhere or x != here]
    if not allowed:
        eng.log("move_failed", card=obj.label, reason="no legal position")
        return False
    if formation is None:
        _freeze(eng, mover)
        if obj.side != mover:
            _freeze(eng, obj.side)
    now = positions(eng, mover).get(obj.oid) if obj.side == mover else None
    taken = set(formation) if formation is not None else {
        p for oid, p in positions(eng, mover).items() if oid != obj.oid}

    def spot(a: str, r: str, n: int | None) -> tuple:
        """The position a choice names: a row alone is the character's own position in it, else
        the row's first empty position."""
        if n is not None:
            return a, r, n
        if now is not None and now[:2] == (a, r) and now not in taken:
            return now
        return a, r, next(i for i in range(1, len(taken) + 2) if (a, r, i) not in taken)

    def check(value):
        pos = _parse(value)
        if pos is None:
            return f"{value!r} is not a position"
        a, r, n = pos
        if a == COLUMN:
            if formation is None:
                # 212.5c: "Objects can't occupy this column" -- a move effect places the character in a
                # position of an area, never in the column between the areas
                if eng.applies("no_column"):
                    return "objects can't occupy the column dividing the visible area from the hidden area"
                return None
            # 405.3: when the formation is done no character may stand in the dividing column
            if eng.applies("unique_positions"):
                return "no character may be in the column dividing the visible area from the hidden area"
            return None
        if f"{a} {r}" not in rows_allowed:
            if area is None and a != obj.zone and a in AREAS:
                eng.fire("move_same_area")  # the refusal names the rule that keeps it in its area
            # an area or a row the moving card's own text names ('to your hidden area', 'to your front row':
            # 512.3, the restrictions a move states "to which rows") refuses by that card's text (by_text)
            named = (area in AREAS and a != area) or (row in ROWS and r != row)
            return TextReason(f"{obj.label} can only be moved to {', '.join(allowed)}", by_text if named else None)
        dest = spot(a, r, n)
        if dest == now and not same_position_ok:
            # 'to a different position' is the moving card's own text (by_text); else the rule, switched off
            return TextReason("a move must change the character's position", by_text if elsewhere else None)
        if dest in taken:
            if formation is not None:
                # 405.3: each character must have a unique position; none on top of another
                if eng.applies("unique_positions"):
                    return f"another character already stands at {a} {r} {dest[2]}"
            elif eng.applies("empty_position"):  # 512.3: the object is placed in an empty position
                return f"{a} {r} {dest[2]} is not an empty position"
        return None

    if len(allowed) == 1 and not _position_scripted(eng, mover, allowed):
        # one row allowed and no position named for it: the character takes its position in that row
        a, r = allowed[0].split()
        dest = spot(a, r, None)
        if elsewhere and dest == now:  # its row's first empty position other than its own
            dest = a, r, next(i for i in range(1, len(taken) + 3) if (a, r, i) not in taken and (a, r, i) != now)
    else:
        value = eng.decide_checked(mover, "pick", _position_options(eng, mover), f"where {obj.label} moves",
                                   check)
        a, r, n = _parse(value)
        # the column (allowed only with its rule switched off) stands next to the area the move names
        dest = ((obj.zone if obj.zone in areas else areas[0]), r, 0) if a == COLUMN else spot(a, r, n)
    if formation is not None:
        formation.add(dest)
    return relocate(eng, obj, mover, *dest) is not None


def relocate(eng, obj, side: str, area: str, row: str, column: int | None = None):
    """Put an in-play character at a position of ``side``'s areas (212.5a, 302.9, control);
    ``column``: which position of the row (None: its first empty one)."""
    from_area, from_side = obj.zone, obj.side
    controller = obj.controller
    if side != obj.controller:
        if eng.applies("control_follows_row"):
            controller = side
    gear = attached(eng, obj)
    if from_area != area and gear:
        if eng.applies("equipment_falls_off"):
            for g in gear:
                g.attached_to = None
                eng.move(g, "kod", cause="equipment_fell_off")
    if from_area != area or side != from_side:
        # 212.5a: moving between areas of the in-play zone -- a player's own two areas, or into another
        # player's area -- does not change zones, leave play or come into play
        if eng.on("areas_same_zone"):
            eng.fire("areas_same_zone")
            if controller != obj.controller:
                # gaining control by the move is a change of control like any other: an event the log,
                # the triggers and the replacements see, as the core gain_control step emits it
                eng.emit([{"type": "control_changed", "obj": obj, "from": obj.controller, "to": controller}])
                if obj.controller != controller:  # the change did not happen (replaced, or the card left)
                    return None
            eng.place(obj, zone=area, side=side, controller=controller)
            new = obj
        else:
            # switched off, moving between areas is leaving play and coming into play anew, and a
            # character comes into play where 212.5e puts it (concealed: the hidden area)
            if obj.card.type == "character":
                area = enter_area(eng, obj)
            new = eng.move(obj, area, side=side, controller=controller, cause="move")
            if new is None:
                return None
            for g in attached(eng, obj):
                g.attached_to = new.oid
    else:
        new = obj
    # equipment still attached is with its character (212.5e: attached to a character in an area), so it
    # follows it into another player's area or, with 302.9 switched off, into the other kind of area
    for g in attached(eng, new):
        if (g.zone, g.side) != (new.zone, new.side):
            eng.place(g, zone=new.zone, side=new.side)
    new.flags.discard("support")
    if row == "support":
        new.flags.add("support")
    if column is None:
        new.memory.pop("column", None)  # the row's first empty position (positions())
    else:
        new.memory["column"] = column
    eng.touch()
    eng.log("moved", card=new.label, to=f"{new.side}.{area} {row}", **{"from": f"{from_side}.{from_area}"})
    eng.emit([{"type": "moved", "obj": new, "from_area": from_area, "to_area": area}])
    return new


def register(game) -> None:
    game.actions["formation"] = formation
    game.steps.update({"move_char": move_char, "can:move_char": can_move_char})
