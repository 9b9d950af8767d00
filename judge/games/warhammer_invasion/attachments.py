"""Attachments: an Attachment enters play attached to the card it was played on; its requirements
other than its zone requirement hold at all times (else it is discarded), the zone requirement only on
entry; one that corrupts its host may still be played on a corrupted unit; 'when the attached unit is
dealt damage' does not see damage already on the unit. Cards held out of play attached to a card in
play (zone ``held``: The Unending Horde), noted as an Action is triggered."""
from __future__ import annotations

from .common import play_ability
from .targeting import targeted


def register(game) -> None:
    game.steps.update({"hold_under": _hold_under, "note_held": _note_held, "release_held": _release_held})
    game.functions["held_cost"] = _held_cost


def resolve_played_card(eng, item, obj) -> None:
    """Hook (after the core has placed the played card): attach it; damage already on its host."""
    attach_played(eng, item, obj)
    damage_before_attaching(eng, item, obj)


def attach_played(eng, item, obj) -> None:
    """An Attachment enters play attached to the card it was played on (its first target)."""
    if "Attachment" not in obj.card.traits:
        return
    specs = [s for s in item.ability.get("targets") or [] if not s.get("chain")]
    new = eng.obj(obj.label)
    if not specs or new is None or not eng.is_in_play(new):
        return
    hosts = [eng.state.objects.get(i) for i in item.targets.get(specs[0]["name"], [])]
    hosts = [h for h in hosts if h is not None and eng.is_in_play(h)]
    if hosts:
        new.attached_to = hosts[0].oid
        eng.touch()
        eng.log("attached", card=new.label, to=hosts[0].label)


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
        full = bool(eng.eval(spec.get("filter", "true"), b))
        if eng.on("attachment_zone_on_entry"):
            met = bool(eng.eval(spec["keeps"], b))
            if met and not full:
                eng.fire("attachment_zone_on_entry")
        else:
            met = full
        if met or not eng.on("attachment_requirements_always"):
            continue
        eng.fire("attachment_requirements_always")
        eng.log("attachment_requirement_unmet", card=o.label, host=host.label)
        eng.move(o, "discard", cause="requirement_unmet")
        changed = True
    return changed


def why_not_attach(eng, player, obj, action) -> str | None:
    """An attachment that corrupts its host, played on a unit already corrupted (mechanic off: refused)."""
    if "Attachment" not in obj.card.traits:
        return None
    ab = play_ability(obj)
    specs = [s for s in (ab.get("targets") if ab else None) or [] if not s.get("chain")]
    if not specs:
        return None
    corrupts = any(st.get("corrupt") == specs[0]["name"] for st in ab.get("steps") or [])
    given = targeted(eng, action)
    if corrupts and given and "corrupted" in given[0].flags:
        if not eng.on("attach_despite_failed_part"):
            return f"{given[0].label} is already corrupted"
        eng.fire("attach_despite_failed_part")
    return None


# -- cards held out of play, attached to a card in play (The Unending Horde) --

def _held_by(eng, host) -> list:
    """The cards held (out of play, zone ``held``) attached to ``host``."""
    oid = getattr(host, "oid", None)
    return [o for o in eng.state.objects.values() if o.zone == "held" and oid is not None and o.attached_to == oid]


def _held_cost(eng, host) -> int:
    """The total (printed: clarification 'cost') cost of the cards held by ``host``."""
    return sum(int(eng.obj_attr(o, "cost") or 0) for o in _held_by(eng, host) if isinstance(o.card.cost, int))


def _hold_under(eng, st, b) -> bool:
    """{hold_under: REF, by: REF}: the card goes out of play (its owner's ``held`` zone), attached to
    the ``by`` card: it is not in play."""
    objs = eng.resolve_ref(st["hold_under"], b)
    hosts = [h for h in eng.resolve_ref(st.get("by", "this"), b) if eng.is_in_play(h)]
    if not objs or not hosts:
        return False
    done = False
    for o in objs:
        new = eng.move(o, "held", cause="attach")
        if new is None:
            continue
        new.attached_to = hosts[0].oid
        eng.touch()
        eng.log("held_under", card=new.label, by=hosts[0].label)
        done = True
    return done


def _note_held(eng, st, b) -> bool:
    """{note_held: REF, as: NAME} (a cost step): NAME is bound to the cards the card holds now -- as the
    Action is triggered -- so its effect knows them when it resolves."""
    hosts = eng.resolve_ref(st["note_held"], b)
    b[st["as"]] = [o.label for o in _held_by(eng, hosts[0])] if hosts else []
    return True


def _release_held(eng, st, b) -> bool:
    """{release_held: REF, noted: NAME, zone: ZONE, filter: EXPR}: put the cards REF holds into play in
    ``zone`` under your control -- only those noted as NAME when the Action was triggered (the card's
    text says so), or, without a note, all it holds now."""
    hosts = eng.resolve_ref(st["release_held"], b)
    host = hosts[0] if hosts else None
    cards = _held_by(eng, host) if host is not None else []
    flt = st.get("filter")
    if flt:
        cards = [o for o in cards if eng.eval(flt, {**b, "it": o})]
    noted = b.get(st["noted"]) if st.get("noted") else None
    if noted is not None:
        kept = [o for o in cards if o.label in noted]
        if len(kept) != len(cards):
            for o in cards:
                if o not in kept:
                    eng.log("not_noted", card=o.label, reason="attached after the Action was triggered")
        cards = kept
    zone = st.get("zone", "battlefield")
    for o in cards:
        o.attached_to = None
        eng.enter_play(o, b["you"], zone)
    return bool(cards)
