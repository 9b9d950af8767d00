"""Targets and target taxes: 'opponents cannot target this unit / your units with card effects unless
they pay N per effect' (a continuous ability named ``target tax``, ``applies_to`` the protected cards:
only effects that target them), which chosen targets count as targets of an action on the chain (Iron
Discipline's taxes, its card script, use them), cards put into play only from out-of-play zones, and targets
chosen before the costs are paid (chosen_before_costs)."""
from __future__ import annotations

from judge.engine.state import ChainItem, Obj

from .common import play_ability


def register(game) -> None:
    game.steps["targets_chosen_first"] = _targets_chosen_first


def chosen_before_costs(eng, obj, ability) -> list[dict]:
    """ruling:b-action-window-2: "Choose targets, then pay all costs" (clarification:triggering-a-card-effect:
    "declare targets, then pay any additional costs"): the last cost step (costs.cost_steps), which looks at
    the chosen targets once every cost is paid. ``ability``: the Action used (None: the card played)."""
    ab = ability if ability is not None else play_ability(obj)
    specs = [dict(s) for s in (ab.get("targets") or []) if not s.get("chain") and not s.get("player")] if ab else []
    return [{"targets_chosen_first": specs}] if specs else []


def _targets_chosen_first(eng, st, b) -> bool:
    """{targets_chosen_first: [target specs]}: the targets were chosen before the costs were paid, so a cost
    that made one illegal (a unit targeted, then sacrificed to pay) does not keep it from being chosen: it is
    checked again when the effect resolves (mechanic targets_then_costs, traced when a cost did that). Off:
    the costs are paid first and the targets chosen after -- such a target cannot be chosen, the card is not
    played or the Action not triggered."""
    for spec in st["targets_chosen_first"]:
        chosen = b.get(spec["name"])
        for o in chosen if isinstance(chosen, list) else [chosen]:
            if not isinstance(o, Obj) or eng.is_legal_target(spec, eng.state.objects.get(o.oid), b):
                continue
            if not eng.applies("targets_then_costs"):
                eng.fail(f"{o.label} is not a legal target once the costs are paid: targets are chosen after the "
                         f"costs ({spec.get('filter', 'in play')})", rule="targets_then_costs")
    return True


def can_target(eng, spec: dict, obj, bindings: dict) -> bool:
    if spec.get("puts_into_play") and (eng.is_in_play(obj) or obj.zone == "stack"):
        if eng.applies("put_into_play_from_out_of_play"):
            return False
    return True


def cost_note(eng, obj, costs: list | None = None) -> dict:
    """The note of what other cards added to the costs of ``obj`` being played, used or triggered now (replay
    memory "whi.raised", key "note"): ``by`` the names of the cards whose effect raised them (an additional
    cost, a target tax), ``raised`` the resources they added, ``costs`` every cost step. Started afresh for
    each check, read by costs.cost_refused_by to name the card whose effect made a cost unpayable."""
    note = {"oid": obj.oid, "by": [], "raised": 0, "costs": list(costs or [])}
    eng.memory("whi.raised")["note"] = note
    return note


def noted(eng) -> dict | None:
    """The cost note last started (cost_note), if any."""
    return eng.memory("whi.raised").get("note")


def noted_target_taxes(eng, note: dict, player, obj, ab, action, played=None) -> list[dict]:
    """target_taxes, each tax added to the cost ``note`` (the card whose tax it is, what it adds)."""
    taxed: list = []
    steps = target_taxes(eng, player, ab, action, played=played, noted=taxed)
    note_taxes(eng, note, player, obj, taxed)
    return steps


def note_taxes(eng, note: dict, player, obj, taxed: list) -> None:
    """Add the target taxes ``taxed`` ((taxing card, cost steps), target_taxes) to the cost note."""
    b = eng.bindings_for(obj, player)
    for src, steps in taxed:
        amount = eng.resources_needed(steps, b)
        if amount > 0:
            note["by"].append(eng.card_name(src))
            note["raised"] += amount


def target_taxes(eng, player, ab, action, played=None, noted: list | None = None) -> list[dict]:
    """'Opponents cannot target <cards> with card effects unless they pay an additional N resources per
    effect' (King Kazador: this unit; Church of Sigmar: your units): a continuous ability named 'target
    tax', ``applies_to`` the protected cards (default: the card itself), ``cost`` the payment. An opponent's
    effect that targets any of them pays it once per effect for each such card. 'Units you control'
    covers his units out of play too (controls_out_of_play); with target_tax_targeting_only off, every
    opposing effect pays it, targeting or not. The tax is a constant effect: a card out of play (King
    Kazador in the discard pile) taxes nothing, not even effects targeting it there (constant_in_play_only;
    off: its own tax protects it out of play too). ``played``: the card whose play this is (the unit an
    Attachment is played on is a target of the play only by attachment_play_targets). ``noted``: where each
    tax is noted as (taxing card, its cost steps), for cost_note."""
    if ab is None:
        return []
    targets = targeted(eng, action)
    out = []
    for o in list(eng.in_play()) + _taxing_out_of_play(eng, player, targets):
        if o.controller == player or not o.card.continuous:
            continue
        if eng.hooks.text_blank(eng, o):  # a blank text box (Feared's targets) has no constant effect to tax with
            continue
        for tab in o.card.continuous:
            if tab.name != "target tax":
                continue
            if _taxed_target(eng, o, tab, targets):
                if played is not None and not counts_as_target(eng, {}, played):
                    continue  # attachment_play_targets off: the unit an Attachment is played on is no target, no tax
                out.extend(tab.get("cost") or [])
            elif ab.get("steps") and not eng.on("target_tax_targeting_only"):
                out.extend(tab.get("cost") or [])
            else:
                if ab.get("steps"):
                    eng.fire("target_tax_targeting_only")
                continue
            if noted is not None:
                noted.append((o, list(tab.get("cost") or [])))
    return out


def trigger_costs(eng, p, b: dict, probe: bool) -> list[dict]:
    """Hook: a triggered ability -- a Forced Effect, a triggered Constant Effect -- that says 'target' targets,
    and 'card effects' include Actions, Forced Effects, Constant Effects and Keywords (clarification:card-effects,
    clarification:target): its controller pays the target taxes of what it targets ('unless they pay N per
    effect') with its own costs, as it resolves (Detailed Timing C-2), and cannot choose a target whose tax he
    cannot pay (the core refuses it). Mechanic triggered_effect_target_taxes; off: a triggered ability's targets
    are free of target taxes. ``probe``: options being weighed, nothing traced."""
    specs = p.ability.get("targets") or []
    if not specs or p.ability.kind != "trigger":
        return []
    labels = []
    for spec in specs:
        got = b.get(spec["name"])
        for o in got if isinstance(got, list) else [got]:
            if isinstance(o, Obj) and o.oid in eng.state.objects:
                labels.append(o.label)
    if not labels or not eng.on("triggered_effect_target_taxes"):
        return []
    taxed = []
    taxes = target_taxes(eng, p.controller, {}, {"targets": labels}, noted=taxed)
    if taxes and not probe:
        eng.fire("triggered_effect_target_taxes")
        src = eng.state.objects.get(p.source)
        if src is not None:  # the card whose tax it is, named where it makes the costs unpayable
            note_taxes(eng, cost_note(eng, src, list(p.ability.get("cost") or []) + taxes), p.controller, src, taxed)
    return taxes


def _taxing_out_of_play(eng, player, targets: list) -> list:
    """The targeted cards out of play whose own target tax protects themselves: none while constant effects
    apply only in play (the rule is then what decides that they pay nothing; it is traced)."""
    out = []
    for t in targets:
        if eng.is_in_play(t) or t.controller == player:
            continue
        own = [tab for tab in t.card.continuous if tab.name == "target tax"
               and eng.eval(tab.get("applies_to") or "it == this", {**eng.bindings_for(t, t.controller), "it": t})]
        if not own:
            continue
        if eng.on("constant_in_play_only"):
            eng.fire("constant_in_play_only")
            continue
        out.append(t)
    return out


def _taxed_target(eng, src, tab, targets: list) -> bool:
    """Is one of ``targets`` a card the tax of ``src`` protects (its controller's, matching applies_to)?"""
    b = eng.bindings_for(src, src.controller)
    for t in targets:
        if t.controller != src.controller:
            continue
        if not eng.eval(tab.get("applies_to") or "it == this", {**b, "it": t}):
            continue
        if not eng.is_in_play(t):  # 'units you control': out of play too, his own cards
            if not eng.on("controls_out_of_play"):
                continue
            eng.fire("controls_out_of_play")
        return True
    return False


def targeted(eng, action: dict) -> list:
    out = []
    for label in action.get("targets") or []:
        o = eng.obj(label) if isinstance(label, str) else None
        if o is not None:
            out.append(o)
    return out


def counts_as_target(eng, spec: dict, card) -> bool:
    """Is a target chosen for this target spec a target of the action while it is on the chain?"""
    if spec.get("then"):
        if not eng.on("then_targets_declared"):
            return False
        eng.fire("then_targets_declared")
    if card is not None and "Attachment" in card.card.traits:
        if not eng.on("attachment_play_targets"):
            return False
        eng.fire("attachment_play_targets")
    return True


def item_targets(eng, item: ChainItem) -> set[int]:
    """The objects an action on the chain targets."""
    card = eng.state.objects.get(item.card_obj) if item.card_obj else None
    specs = {sp["name"]: sp for sp in item.ability.get("targets") or [] if not sp.get("chain")}
    out: set[int] = set()
    for name, oids in item.targets.items():
        spec = specs.get(name)
        if spec is not None and oids and counts_as_target(eng, spec, card):
            out.update(oids)
    return out


