"""Warhammer: Invasion: damage clarifications (dealt vs assigned damage, cancelling, redirecting,
moving and indirect damage, non-combat damage, attachments leaving with their host). Loaded
through ``warhammer_invasion.EXTENSIONS`` (hooks: judge/games/_whi_ext.py)."""
from __future__ import annotations

G = "warhammer-invasion"


def rid(local: str) -> str:
    return f"{G}:{local}"


def bind(reg) -> None:
    # core mechanic (engine deal_damage): fully cancelled damage is not dealt
    reg.bind("dealt_after_cancellation", rid("clarification:dealt-damage"))
    ids = rid("clarification:attachments")
    reg.bind("attachment_requirements_always", ids,
             does="an attachment's requirements other than its zone requirement must be met at all times; when one "
                  "is not, the attachment is discarded from play",
             off="an attachment's requirements are checked only when it enters play")
    reg.bind("attachment_zone_on_entry", ids,
             does="an attachment's zone requirement is met only when it enters play: its host may later change zones",
             off="the zone requirement must be met at all times too (the attachment is discarded when its host moves)")


# -- hooks --------------------------------------------------------------------------------------

def _attach_spec(obj) -> dict | None:
    """The target an attachment is attached to when played (its play ability's first target)."""
    for ab in obj.card.abilities:
        if ab.kind == "play":
            specs = [s for s in ab.get("targets") or [] if not s.get("chain")]
            return specs[0] if specs else None
    return None


def state_checks(eng) -> bool:
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
