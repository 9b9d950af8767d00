"""Targets and target taxes: 'opponents cannot target this unit / your units with card effects unless
they pay N per effect' (a continuous ability named ``target tax``, ``applies_to`` the protected cards:
only effects that target them), Iron Discipline's 'cancel any other action
that targets this unit unless its controller pays N' (step ``target_tax``: actions already on the
chain pay now or are cancelled, later ones pay as they are triggered), which chosen targets count as
targets of an action on the chain, and cards put into play only from out-of-play zones."""
from __future__ import annotations

from judge.engine.state import ChainItem


#: this mechanic's replay memory (engine.memory "whi.targeting"), as it starts
_MEMORY = {"taxes": []}


def register(game) -> None:
    game.steps["target_tax"] = _target_tax


def _taxes(eng) -> list:
    return eng.memory("whi.targeting", _MEMORY)["taxes"]


def can_target(eng, spec: dict, obj, bindings: dict) -> bool:
    if spec.get("puts_into_play") and (eng.is_in_play(obj) or obj.zone == "stack"):
        if eng.applies("put_into_play_from_out_of_play"):
            return False
    return True


def target_taxes(eng, player, ab, action) -> list[dict]:
    """'Opponents cannot target <cards> with card effects unless they pay an additional N resources per
    effect' (King Kazador: this unit; Church of Sigmar: your units): a continuous ability named 'target
    tax', ``applies_to`` the protected cards (default: the card itself), ``cost`` the payment. An opponent's
    effect that targets any of them pays it once per effect for each such card. 'Units you control'
    covers his units out of play too (controls_out_of_play); with target_tax_targeting_only off, every
    opposing effect pays it, targeting or not."""
    if ab is None:
        return []
    targets = targeted(eng, action)
    out = []
    for o in eng.in_play():
        if o.controller == player:
            continue
        for tab in o.card.abilities:
            if tab.kind != "continuous" or tab.name != "target tax":
                continue
            if _taxed_target(eng, o, tab, targets):
                out.extend(tab.get("cost") or [])
            elif ab.get("steps") and not eng.on("target_tax_targeting_only"):
                out.extend(tab.get("cost") or [])
            elif ab.get("steps"):
                eng.fire("target_tax_targeting_only")
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


def _counts_as_target(eng, spec: dict, card) -> bool:
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


def _item_targets(eng, item: ChainItem) -> set[int]:
    """The objects an action on the chain targets."""
    card = eng.state.objects.get(item.card_obj) if item.card_obj else None
    specs = {sp["name"]: sp for sp in item.ability.get("targets") or [] if not sp.get("chain")}
    out: set[int] = set()
    for name, oids in item.targets.items():
        spec = specs.get(name)
        if spec is not None and oids and _counts_as_target(eng, spec, card):
            out.update(oids)
    return out


def _live_taxes(eng) -> list[dict]:
    turn = eng.state.vars.get("turn")
    return [t for t in _taxes(eng) if t["turn"] == turn and t["oid"] in eng.state.objects]


def _target_tax(eng, st, b) -> bool:
    """{target_tax: REF, amount: N}: until the end of the turn, cancel any other action that targets that unit
    unless the action's controller pays an additional N resources (per action). Actions already on the chain
    (the one this answers) are taxed now; later ones pay it as they are triggered (see _lasting_taxes)."""
    objs = [o for o in eng.resolve_ref(st["target_tax"], b) if eng.is_in_play(o)]
    if not objs:
        return False
    n = eng.eval(st.get("amount", 1), b)
    for o in objs:
        _taxes(eng).append({"oid": o.oid, "amount": n, "turn": eng.state.vars.get("turn"),
                                                   "source": getattr(b.get("this"), "label", "?")})
        eng.log("target_tax", card=o.label, amount=n)
    on_chain = [i for i in eng.state.chain if not i.cancelled and _item_targets(eng, i) & {o.oid for o in objs}]
    if not on_chain:
        return True
    if not eng.on("target_tax_on_chain"):
        return True
    eng.fire("target_tax_on_chain")
    for item in reversed(on_chain):
        hits = len(_item_targets(eng, item) & {o.oid for o in objs})
        _pay_or_cancel(eng, item, n * hits)
    return True


def _pay_or_cancel(eng, item: ChainItem, n: int) -> None:
    """The action's controller pays N resources (if he can and chooses to), or the action is cancelled."""
    payer = item.controller
    have = eng.player_attr(payer, "resources") or 0
    if have >= n and eng.decide(payer, "yesno", ["yes", "no"], f"whether to pay {n} resources for {item.source_label}"):
        eng.run_step({"pay": n}, eng.bindings_for(None, payer))
        eng.log("tax_paid", player=payer, amount=n, source=item.source_label)
        return
    eng.cancel_item(item, "cancelled")


def lasting_taxes(eng, obj, ab, action) -> list[dict]:
    """An action triggered while a unit it targets is taxed: its controller pays the additional resources as
    it is triggered (one payment per taxed unit targeted). Not paying would only get it cancelled, so the
    additional payment is required to trigger it."""
    taxes = _live_taxes(eng)
    if ab is None or not taxes:
        return []
    given = list(action.get("targets") or [])
    targeted: list[int] = []
    for spec in ab.get("targets") or []:
        for _ in range(spec.get("count", 1)):
            if not given:
                break
            label = given.pop(0)
            if spec.get("chain"):
                continue
            o = eng.obj(label)
            if o is not None and _counts_as_target(eng, spec, obj):
                targeted.append(o.oid)
    out = []
    for t in taxes:
        if t["oid"] in targeted:
            eng.log("target_tax_due", card=obj.label, amount=t["amount"])
            out.append({"pay": t["amount"]})
    return out
