"""Attachments: an Attachment enters play attached to the card it was played on and occupies the zone of
that card, following it when it moves or changes sides; its requirements other than its zone requirement
hold at all times (else it is discarded), the zone requirement only on entry; one that corrupts its host
may still be played on a corrupted unit; 'when the attached unit is dealt damage' does not see damage
already on the unit."""
from __future__ import annotations

from .common import SECTIONS, play_ability
from .targeting import targeted


def resolve_played_card(eng, item, obj) -> None:
    """Hook (after the core has placed the played card): attach it; damage already on its host."""
    attach_played(eng, item, obj)
    damage_before_attaching(eng, item, obj)


def attach_played(eng, item, obj) -> None:
    """An Attachment enters play attached to the card it was played on (its first target): 'Attachments
    are support cards that must be attached to targets that are in play when it enters play'
    (clarification:attachments). Every Attachment's data names that target (its play ability's first
    target: 'Attach to a legend', 'attached unit'); why_not_attach refuses one whose data names none.
    Mechanic attachment_enters_attached; off: a played Attachment enters play unattached."""
    if "Attachment" not in obj.card.traits:
        return
    specs = [s for s in item.ability.get("targets") or [] if not s.get("chain")]
    new = eng.obj(obj.label)
    if not specs or new is None or not eng.is_in_play(new):
        return
    hosts = [eng.state.objects.get(i) for i in item.targets.get(specs[0]["name"], [])]
    hosts = [h for h in hosts if h is not None and eng.is_in_play(h)]
    if hosts:
        if not eng.on("attachment_enters_attached"):
            return
        eng.fire("attachment_enters_attached")
        host = hosts[0]
        new.attached_to = host.oid
        if host.side == new.side and host.zone in SECTIONS and new.zone != host.zone:
            # it enters play attached, so in its unit's zone among its player's zones (the zone the core
            # gave a played support card is no choice of the player's); an opponent's unit's zone is
            # another player's: that is occupy_host_zone's rule
            eng.place(new, zone=host.zone)
        eng.touch()
        eng.log("attached", card=new.label, to=host.label)


def damage_before_attaching(eng, item, obj) -> None:
    """An attachment with a 'when the attached unit is dealt damage' effect, attached to a unit that
    already has damage: that damage was dealt before it was attached and does not count."""
    new = eng.obj(obj.label)
    host = eng.state.objects.get(new.attached_to) if new is not None and new.attached_to else None
    if host is None or not host.damage:
        return
    if not any(ab.kind == "trigger" and (ab.get("on") or {}).get("event") == "damage_applied"
               for ab in new.card.abilities):
        return
    if eng.applies("dealt_after_attached"):
        return
    # off: the damage on the unit counts as dealt to it now (nothing is added)
    eng.emit([{"type": "damage_applied", "obj": host, "amount": 0, "source": None, "source_label": None,
               "combat": False}])


def place_listed(eng) -> None:
    """Setup: an attachment a scenario lists attached to a card is where that card is (whatever zone
    list the scenario wrote it in); nothing happens in the game, so no rule is traced."""
    for o, host in _away_from_host(eng):
        eng.place(o, zone=host.zone, side=host.side)


def _away_from_host(eng):
    """(attachment, host) for each card in play attached to a card in one of the three zones that is not
    where its host is (looked at one by one, as the caller moves them)."""
    for o in list(eng.in_play()):
        host = eng.state.objects.get(o.attached_to) if o.attached_to else None
        if host is not None and host.zone in SECTIONS and eng.is_in_play(host) and o.where != host.where:
            yield o, host


def occupy_host_zone(eng) -> bool:
    """State check: an attachment occupies the zone of the card it is attached to (clarification:attachments:
    if the unit later moves zones the attachment stays attached; developments example 1: an opponent's
    attachment on your character is in 'the current zone it occupies', yours). So it is where its host is:
    played on an opponent's unit it sits in his zone, and it goes along when its host moves to another zone
    or to another player's zone. Its controller does not change (a change of control of the host does not
    exchange control of the attachment). Only hosts in the three zones (a legend's area is no zone).
    Mechanic attachment_occupies_host_zone; off: an attachment stays in the zone it entered play in."""
    changed = False
    for o, host in _away_from_host(eng):
        if not eng.on("attachment_occupies_host_zone"):
            continue
        eng.fire("attachment_occupies_host_zone")
        frm = o.where
        eng.place(o, zone=host.zone, side=host.side)
        eng.touch()
        eng.log("attachment_with_host", card=o.label, host=host.label, **{"from": frm, "to": o.where})
        changed = True
    return changed


def _attach_spec(obj) -> dict | None:
    """The target an attachment is attached to when played (its play ability's first target)."""
    for ab in obj.card.abilities:
        if ab.kind == "play":
            specs = [s for s in ab.get("targets") or [] if not s.get("chain")]
            return specs[0] if specs else None
    return None


def requirements(eng) -> bool:
    """Attachments whose host no longer meets the requirements that hold at all times (``keeps:`` on the
    attachment's target; the rest of its ``filter`` is the zone requirement, met only on entry)."""
    changed = False
    for o in list(eng.in_play()):
        if not o.attached_to or "Attachment" not in o.card.traits:
            continue
        host = eng.state.objects.get(o.attached_to)
        spec = _attach_spec(o)
        if host is None or not eng.is_in_play(host) or spec is None or not spec.get("keeps"):
            continue
        b = eng.bindings_for(o, o.controller, {"it": host})
        if bool(eng.eval(spec["keeps"], b)):
            # the requirements that hold at all times are met: only the zone requirement can fail.
            # Each of the clarification's two clauses decides its own case, so that switching one
            # off shows its own alternative whatever the other does.
            if bool(eng.eval(spec.get("filter", "true"), b)):
                continue
            if eng.on("attachment_zone_on_entry"):
                eng.fire("attachment_zone_on_entry")
                continue
            # off: the zone requirement must be met at all times too
        else:
            if not eng.on("attachment_requirements_always"):
                continue
            eng.fire("attachment_requirements_always")
        eng.log("attachment_requirement_unmet", card=o.label, host=host.label)
        eng.move(o, "discard", cause="requirement_unmet")
        changed = True
    return changed


def why_not_attach(eng, player, obj, action) -> str | None:
    """An Attachment whose data names no target to attach it to cannot be played (mechanic
    attachment_enters_attached). An attachment played on a card an opponent controls: allowed unless its text says it must be
    attached to a card you control (its target filter; mechanic attach_to_opponents_card, off: only on
    a card its player controls). One that corrupts its host, played on a unit already corrupted
    (mechanic attach_despite_failed_part, off: refused)."""
    if "Attachment" not in obj.card.traits:
        return None
    ab = play_ability(obj)
    specs = [s for s in (ab.get("targets") if ab else None) or [] if not s.get("chain")]
    if not specs:
        # it must be attached to a target in play as it enters play: with none to attach it to it
        # cannot enter play (its data says what its text attaches it to; one that names nothing is a
        # card whose text the corpus does not quote, listed under unmodelled:)
        if not eng.on("attachment_enters_attached"):
            return None
        eng.fire("attachment_enters_attached")
        return f"{obj.label} is an Attachment and its card data names nothing to attach it to"
    given = targeted(eng, action)
    if given and given[0].controller != player:
        if not eng.on("attach_to_opponents_card"):
            return f"{given[0].label} is controlled by an opponent"
        eng.fire("attach_to_opponents_card")
    corrupts = any(st.get("corrupt") == specs[0]["name"] for st in ab.get("steps") or [])
    if corrupts and given and "corrupted" in given[0].flags:
        if not eng.on("attach_despite_failed_part"):
            return f"{given[0].label} is already corrupted"
        eng.fire("attach_despite_failed_part")
    return None
