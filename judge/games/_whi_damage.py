"""Warhammer: Invasion: damage clarifications (dealt vs assigned damage, cancelling, redirecting,
moving and indirect damage, non-combat damage, attachments leaving with their host). Loaded
through ``warhammer_invasion.EXTENSIONS`` (hooks: judge/games/_whi_ext.py)."""
from __future__ import annotations

from judge.engine.cards import Ability
from judge.engine.state import ChainItem, Obj
from judge.games._whi_rules import CAPITAL_HP, rid


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

    reg.bind("indirect_section_cap", rid("clarification:indirect-damage"),
             does="no more indirect damage may be assigned to a capital section than it takes to burn it",
             off="any amount of indirect damage may be assigned to a capital section")
    reg.bind("indirect_bonus_plain", rid("faq:card-effect-deals-uncancellable-indirect-damage-like-pigeon"),
             does="indirect damage an effect adds to another effect's indirect damage is ordinary (cancellable) "
                  "indirect damage, dealt on its own",
             off="the added indirect damage takes the kind of the damage it adds to (uncancellable stays "
                 "uncancellable)")
    reg.bind("dealt_after_attached", rid("faq:play-unit-already-damaged-unit-destroyed"),
             does="a 'when the attached unit is dealt damage' effect sees only damage dealt after the card is "
                  "attached: damage already on the unit does not count",
             off="damage already on the unit counts as dealt to it when such an attachment is attached")


    ids = (rid("clarification:non-combat-damage"), rid("errata:core-rulebook-page-17"))
    reg.bind("noncombat_damage_immediate", *ids,
             does="non-combat damage (a card effect's damage, indirect damage) is applied as soon as it is assigned, "
                  "before any other actions can be taken",
             off="assigned non-combat damage waits: an action window opens between its assignment and its "
                 "application (players may act -- cancel, redirect, move the unit -- before it is applied)")


def register(game) -> None:
    base = game.steps["indirect"]
    game.steps["indirect"] = lambda eng, st, b: _noncombat(eng, lambda: _indirect(base, eng, st, b))
    game.steps["damage"] = _damage
    game.steps["apply_assigned_damage"] = _apply_assigned


# -- steps --------------------------------------------------------------------------------------

def _damage(eng, st, b) -> bool:
    """The core ``damage`` step; a card effect's (non-combat) damage is applied as it is assigned."""
    if st.get("combat"):
        return eng.step_damage(st, b)
    return _noncombat(eng, lambda: eng.step_damage(st, b))


def _noncombat(eng, run) -> bool:
    """Run a card effect's damage step. Its non-combat damage is applied as soon as it is assigned
    (the engine's one-batch ``deal_damage``). Switched off, the assigned damage waits instead: its
    application goes on the chain as an item that opens an action window before it resolves.
    ``deal_damage`` is shadowed on the engine instance only while ``run`` runs."""
    real = eng.deal_damage
    had = "deal_damage" in eng.__dict__

    def deal(source, assigned, *, combat=False, cancellable=True):
        if combat or not any(n > 0 for n in assigned.values()):
            return real(source, assigned, combat=combat, cancellable=cancellable)
        if eng.on("noncombat_damage_immediate"):
            eng.fire("noncombat_damage_immediate")
            return real(source, assigned, combat=combat, cancellable=cancellable)
        _wait(eng, source, assigned, cancellable)
        return {}

    eng.deal_damage = deal
    try:
        return run()
    finally:
        if had:
            eng.deal_damage = real
        else:
            del eng.deal_damage


def _wait(eng, source, assigned: dict, cancellable: bool) -> None:
    """(rule switched off) The damage is assigned; it is applied when the chain item resolves."""
    src = source if isinstance(source, Obj) else None
    controller = src.controller if src is not None else eng.state.vars.get("active")
    label = src.label if src is not None else "non-combat damage"
    eng.log("damage_waiting", source=label,
            assignment={eng.state.objects[k].label: n for k, n in assigned.items() if k in eng.state.objects})
    ab = Ability(0, "play", {"name": "apply assigned damage", "steps": [{"apply_assigned_damage": True}]})
    item = ChainItem(len(eng.state.chain) + 1 + eng.state.clock, controller, src.oid if src is not None else 0,
                     label, ab, None, bindings={"you": controller, "_source": source, "_assigned": dict(assigned),
                                                "_cancellable": cancellable}, window=True)
    eng.state.chain.append(item)
    eng.touch()


def _apply_assigned(eng, st, b) -> bool:
    """(rule switched off) Apply damage that waited since it was assigned (an object that changed
    zones meanwhile is a new object: the damage assigned to the old one is lost)."""
    eng.deal_damage(b.get("_source"), b["_assigned"], cancellable=b.get("_cancellable", True))
    return True


def _indirect(base, eng, st, b) -> bool:
    """Indirect damage (the game's step), then an ``indirect_dealt`` event (player, controller, amount,
    cancellable) other cards may add to. ``{indirect: P, amount: N, adds_to: event}``: indirect damage
    added to the damage of that event -- ordinary indirect damage unless the rule is switched off."""
    st = dict(st)
    added = st.pop("adds_to", None)
    if added is not None:
        ev = eng.eval(added, b)
        kind = ev.get("cancellable", True) if isinstance(ev, dict) else True
        if kind != st.get("cancellable", True):
            if eng.on("indirect_bonus_plain"):
                eng.fire("indirect_bonus_plain")
            else:
                st["cancellable"] = kind
    player = eng.eval(st["indirect"], b)
    amount = eng.eval(st.get("amount", 1), b)
    ok = base(eng, st, b)
    if ok:
        eng.emit([{"type": "indirect_dealt", "player": player, "controller": b.get("you"), "amount": amount,
                   "cancellable": st.get("cancellable", True), "added": added is not None}])
    return ok


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


def indirect_check(eng, obj, n: int) -> str | None:
    """A capital section cannot be assigned more indirect damage than it takes to burn it."""
    if obj.card.type == "capital" and "burning" not in obj.flags and n > CAPITAL_HP - obj.damage:
        if eng.on("indirect_section_cap"):
            eng.fire("indirect_section_cap")
            return f"{obj.label} cannot be assigned more indirect damage than it takes to burn it"
    return None


def resolve_played_card(eng, item, obj) -> None:
    """An attachment with a 'when the attached unit is dealt damage' effect, attached to a unit that
    already has damage: that damage was dealt before it was attached and does not count."""
    new = eng.obj(obj.label)
    host = eng.state.objects.get(new.attached_to) if new is not None and new.attached_to else None
    if host is None or not host.damage:
        return
    if not any(ab.kind == "trigger" and (ab.get("on") or {}).get("event") == "damage_applied"
               for ab in new.card.abilities):
        return
    if eng.on("dealt_after_attached"):
        eng.fire("dealt_after_attached")
        return
    # off: the damage on the unit counts as dealt to it now (nothing is added)
    eng.emit([{"type": "damage_applied", "obj": host, "amount": 0, "source": None, "source_label": None,
               "combat": False}])
