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
    ab = next((a for a in equipment.card.abilities if a.kind == "play"), None)
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
    if host is None or not eng.is_in_play(host):
        return "it is not in play"
    if host.card.type != "character" and eng.on("equip_characters_only"):
        # 302.3a's first case: "it must have type character" (an equipment in play is an object too)
        eng.fire("equip_characters_only")
        return "equipment attaches only to characters"
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
    """{transfer: equipment, to: character} -- 512.4: legal to attach, and never across areas."""
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
    # 512.4: "as part of transferring ... its controller must check whether it is legal to attach the
    # equipment" -- 302.3a says what is legal, this clause is what makes a transfer (not only a recruit,
    # 302.3) ask it; off, a transfer just moves the equipment (the cross-area clause above still applies)
    reason = None if eng.is_in_play(host) else "it is not in play"
    if reason is None and eng.on("transfer_checks_attach"):
        reason = attach_problem(eng, g, host, g.controller)
        if reason:
            eng.fire("transfer_checks_attach")
    if reason:
        eng.log("transfer_failed", card=g.label, to=host.label, reason=reason)
        return False
    g.attached_to = host.oid
    if g.zone != host.zone:
        eng.place(g, zone=host.zone)
    eng.touch()
    eng.log("transferred", card=g.label, to=host.label)
    return True


def register(game) -> None:
    game.steps["transfer"] = transfer
