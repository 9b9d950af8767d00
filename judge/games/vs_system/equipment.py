"""Equipment: when it can be attached (302.3a) and transferred (512.4).

302.3a's six cases, each checked by ``attach_problem`` when an equipment is recruited, when its recruit
resolves and when it is transferred: type character (equip_characters_only); visible unless otherwise
specified (equip_visible_only; the equipment's text specifies otherwise by naming the hidden area among
the zones of its recruiting's target); not stunned, and controlled by the player controlling the effect
(equip_unstunned_controlled); not already at its maximum number of equipment (equip_max_number); and the
equipment's own restriction on what it attaches to, the filter of that target (equip_restrictions)."""
from __future__ import annotations

#: 302.3a: a character "can't already have its maximum allowed number of equipment equipped to it". The
#: corpus names the maximum but not its number; one is the number chosen (a character's ``max_equipment``
#: characteristic, set by a card that says otherwise, replaces it)
MAX_EQUIPMENT = 1


def _own_target(equipment) -> dict | None:
    """What the equipment's own text says of the character it goes on: the target its recruiting takes
    (302.3), written as the card's play target ('Equip only to a Marvel Knights character' is its
    ``filter``; 'can be attached to a hidden character' names the hidden area in its ``zones``)."""
    ab = equipment.card.play_ability
    return next(iter(ab.get("targets") or []), None) if ab is not None else None


def _restriction(eng, equipment, host, player: str) -> bool:
    """The equipment's own restriction on what it may be attached to. True: met (or none)."""
    spec = _own_target(equipment)
    if not spec or not spec.get("filter"):
        return True
    return bool(eng.eval(spec["filter"], {"this": equipment, "you": player, "it": host}))


def _allows_hidden(equipment) -> bool:
    """302.3a: 'must be visible unless otherwise specified' -- the equipment's text specifies otherwise."""
    spec = _own_target(equipment)
    return bool(spec) and "hidden" in (spec.get("zones") or [])


def attached(eng, obj) -> list:
    """The cards attached to ``obj`` (its equipment), wherever they are."""
    return [o for o in eng.state.objects.values() if o.attached_to == obj.oid]


def _equipped(eng, host, equipment) -> list:
    """The equipment attached to ``host`` other than ``equipment`` itself (a transfer counts the others)."""
    return [o for o in attached(eng, host) if o is not equipment and eng.is_in_play(o)]


def attach_problem(eng, equipment, host, player: str) -> str | None:
    """302.3a: why ``equipment`` cannot be attached to ``host`` by ``player`` (None: it can)."""
    if host is None:
        return "it is not in play"
    if host.card.type != "character" and eng.on("equip_characters_only"):
        # 302.3a's first case: "it must have type character" (an equipment in play is an object too; a
        # location in the resource row is no character either, wherever it is)
        eng.fire("equip_characters_only")
        return "equipment attaches only to characters"
    if not eng.is_in_play(host):
        return "it is not in play"
    if host.zone != "visible" and not (host.zone == "hidden" and _allows_hidden(equipment)) \
            and eng.on("equip_visible_only"):
        eng.fire("equip_visible_only")
        return f"{host.label} is hidden: equipment can only be attached to a visible character"
    problem = None
    if "stunned" in host.flags:
        problem = f"{host.label} is stunned"
    elif host.controller != player:
        problem = f"{host.label} is not controlled by {player}"
    if problem and eng.on("equip_unstunned_controlled"):
        eng.fire("equip_unstunned_controlled")
        return problem
    limit = eng.obj_attr(host, "max_equipment")
    limit = MAX_EQUIPMENT if limit is None else limit
    if len(_equipped(eng, host, equipment)) >= limit and eng.on("equip_max_number"):
        # 302.3a's fourth case: "can't already have its maximum allowed number of equipment equipped to it"
        eng.fire("equip_max_number")
        return f"{host.label} already has its maximum number of equipment ({limit})"
    if not _restriction(eng, equipment, host, player) and eng.on("equip_restrictions"):
        # 302.3a's fifth case: "any existing restrictions on attaching equipment to it must be satisfied"
        eng.fire("equip_restrictions")
        return f"{equipment.label}'s restriction on attaching it does not allow {host.label}"
    return None


def transfer(eng, st: dict, b: dict) -> bool:
    """{transfer: equipment, to: character} -- 512.4: legal to attach, never across areas, and one act.

    512.4: "Transferring equipment simultaneously removes equipment from the character it was equipped to
    and equips it to another" (transfer_simultaneous): the check comes first, then one ``transferred`` event
    (a kind of ``equipped``: it becomes attached to another object) moves it -- there is no moment at which
    it is equipped to nothing, so no ``unequipped`` event, and a refused transfer leaves it where it was.
    Switched off, transferring is removing, then equipping: an ``unequipped`` event first (the equipment is
    attached to nothing, and the triggers that look at it see so), then the check and an ``equipped``
    event; a refused one leaves it attached to nothing."""
    gear = eng.resolve_ref(st["transfer"], b)
    hosts = eng.resolve_ref(st["to"], b)
    if not gear or not hosts:
        return False
    g, host = gear[0], hosts[0]
    old = eng.state.objects.get(g.attached_to) if g.attached_to else None
    if old is not None and old.zone != host.zone and eng.on("no_cross_area_transfer"):
        eng.fire("no_cross_area_transfer")
        eng.log("transfer_failed", card=g.label, to=host.label, reason="across_areas")
        return False
    if not eng.is_in_play(host):  # no other object to transfer it to: nothing happens, whatever the rules
        eng.log("transfer_failed", card=g.label, to=host.label, reason="it is not in play")
        return False
    together = old is None or eng.on("transfer_simultaneous")
    if not together:  # the rule off: removed from its character first, as an act of its own
        eng.emit([{"type": "unequipped", "obj": g, "from": old}])
    # 512.4: "as part of transferring ... its controller must check whether it is legal to attach the
    # equipment" -- 302.3a says what is legal, this clause is what makes a transfer (not only a recruit,
    # 302.3) ask it; off, a transfer just moves the equipment (the cross-area clause above still applies)
    reason = None
    if eng.on("transfer_checks_attach"):
        # 302.3a: the new character must be "controlled by the player controlling the effect whose
        # modifier will attach the equipment" -- the transferring effect's controller, not the equipment's
        reason = attach_problem(eng, g, host, b.get("you") or g.controller)
        if reason:
            eng.fire("transfer_checks_attach")
    if reason:
        if old is not None and together:
            eng.fire("transfer_simultaneous")  # nothing was removed: it stays on its character
        eng.log("transfer_failed", card=g.label, to=host.label, reason=reason)
        return False
    if old is not None and together:
        if eng.watches("unequipped"):  # the rule decides what a power watching the removal sees
            eng.fire("transfer_simultaneous")
        done = eng.emit([{"type": "transferred", "obj": g, "from": old, "to": host}])
    else:
        # the rule off (or nothing to remove it from): the second act, a transfer all the same (logged so)
        done = eng.emit([{"type": "equipped", "obj": g, "to": host, "from": None, "_transfer": old or True}])
    return bool(done)


def _perform_attach(eng, ev: dict) -> None:
    """A ``transferred`` or ``equipped`` event performed: the equipment is attached to its new character
    (and put in that character's area: attached equipment is with its character, 212.5e)."""
    g, host = ev["obj"], ev["to"]
    if g.oid not in eng.state.objects or not eng.is_in_play(g) or not eng.is_in_play(host):
        ev["failed"] = True
        return
    g.attached_to = host.oid
    if g.zone != host.zone:
        eng.place(g, zone=host.zone)
    eng.touch()
    source = ev["from"] if ev["type"] == "transferred" else ev.get("_transfer")
    if source is not None:
        eng.log("transferred", card=g.label, to=host.label,
                **({"from": source.label} if source is not True else {}))
    else:
        eng.log("attached", card=g.label, to=host.label)


def _perform_unequipped(eng, ev: dict) -> None:
    """An ``unequipped`` event performed (a transfer with 512.4's simultaneity off): attached to nothing."""
    g = ev["obj"]
    if g.oid not in eng.state.objects:
        ev["failed"] = True
        return
    g.attached_to = None
    eng.touch()
    eng.log("unequipped", card=g.label, **{"from": ev["from"].label})


def event_kinds(eng, ev: dict) -> list[str]:
    """512.4: "Transferring equipment causes it to become attached to another object": a transfer is also
    the equipment being equipped (a trigger on ``equipped`` sees recruits and transfers alike)."""
    return ["equipped"] if ev["type"] == "transferred" else []


def register(game) -> None:
    game.steps["transfer"] = transfer
    game.steps.update({"perform:transferred": _perform_attach, "perform:equipped": _perform_attach,
                       "perform:unequipped": _perform_unequipped})
