"""Equipment: when it can be attached (302.3a) and transferred (512.4)."""
from __future__ import annotations


def attach_problem(eng, equipment, host, player: str) -> str | None:
    """302.3a: why ``equipment`` cannot be attached to ``host`` by ``player`` (None: it can)."""
    if host is None or not eng.is_in_play(host):
        return "it is not in play"
    if host.card.type != "character" and eng.on("equip_characters_only"):
        # 302.3a's first case: "it must have type character" (an equipment in play is an object too)
        eng.fire("equip_characters_only")
        return "equipment attaches only to characters"
    if host.zone != "visible" and eng.on("equip_visible_only"):
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
    reason = attach_problem(eng, g, host, g.controller)
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
