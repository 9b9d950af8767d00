"""Warhammer: Invasion: action windows and timing (Detailed Timing Structure B and C, the FAQ on
triggered Actions at the beginning of the turn, cancelling Actions, taxing actions that target a unit
(Iron Discipline), ending the action chain as a card is played (Jealous Eyes), cards played by an effect).
Card fields read here: the keyword ``ends the action chain when played`` ('When this card is played,
immediately end and resolve the current action chain'); a target spec's ``then: true`` (the target of a
'Then' clause). Loaded through ``warhammer_invasion.EXTENSIONS`` (hooks: see _whi_ext.py)."""
from __future__ import annotations

from typing import Any

from judge.engine.cards import Ability
from judge.engine.state import ChainItem
from judge.games import _whi_develop as D
from judge.games import _whi_rules as W

G = "warhammer-invasion"
HP_LOCK = "hit points cannot be reduced"  # keyword of a unit whose hit points cannot be reduced
ENDS_CHAIN = "ends the action chain when played"  # keyword: 'When this card is played, immediately end and resolve the current action chain' 


def rid(local: str) -> str:
    return f"{G}:{local}"


def bind(reg) -> None:
    reg.bind("triggered_action_window", rid("ruling:b-action-window-1"),
             rid("clarification:triggered-actions-formerly-response-actions"),
             does="a Triggered Action can only be triggered in the Action Window that follows its trigger "
                  "condition; when that window closes (a new phase or step of the turn begins) it can no longer "
                  "be triggered",
             off="a Triggered Action whose condition was met stays usable in later Action Windows")
    reg.bind("triggered_action_this_turn", rid("clarification:b-action-window"),
             does="a Triggered Action must have met its trigger condition this turn: conditions met in an earlier "
                  "turn no longer allow it",
             off="a trigger condition met in an earlier turn still allows the Triggered Action")
    reg.bind("triggered_action_next_chain", rid("faq:opponent-plays-jealous-eyes-response-beginning-turn-action"),
             rid("ruling:b-action-window-1"),
             does="a Triggered Action not yet triggered when an action chain resolves may still start the next "
                  "action chain of the same Action Window (its first opportunity)",
             off="a Triggered Action that could have joined an action chain lapses once that chain has resolved")
    reg.bind("passes_consecutive", rid("ruling:b-action-window-3"))
    reg.bind("cost_triggers_resolve_first", rid("ruling:b-action-window-2"),
             does="Constant / Forced effects triggered by paying the costs of an Action resolve at once (Go to A), "
                  "before anyone can respond and before the action chain resolves",
             off="they wait until the action chain resolves (after the Action on top of the chain)")
    reg.bind("cancel_any_action", rid("faq:mage-loec-cancel-cancel-tactic-card"),
             does="an effect that cancels 'an Action' can cancel any Action: a tactic played or a card's Action "
                  "ability, from hand or not; never the playing of a unit, support card or development",
             off="only Action cards played from hand (tactics) can be cancelled as 'an Action'")
    reg.bind("attachment_play_targets", rid("faq:opponent-plays-attachment-support-card-unit-respond-iron"),
             does="playing an Attachment on a unit is an Action that targets that unit",
             off="the unit an Attachment is played on is not a target of the play")
    reg.bind("forced_cost_or_cancel", rid("clarification:c-resolving-a-constant-forced-effect"),
             does="a Constant / Forced effect pays its costs after its targets are chosen and before it applies; "
                  "if the costs cannot be paid the effect is cancelled",
             off="the effect applies even when its costs cannot be paid")
    reg.bind("effect_play_in_chain", rid("clarification:card-effects-resulting-in-playing-cards"),
             rid("faq:card-gathering-winds-work-use-play-spell-spell"),
             does="a card played by a card effect while a chain resolves resolves at once, as part of that chain "
                  "(no new action chain, no responses)",
             off="it starts a new action chain that resolves after the current one")
    sorcerer = rid("faq:trigger-action-sorcerer-tzeentch-opponent-respond-iron-discipline")
    reg.bind("then_clause_not_cost", sorcerer,
             does="a part of an Action not written as a cost (Sorcerer of Tzeentch: 'put a resource token on this "
                  "unit. Then, ...') is part of the effect: it happens when the Action resolves, so cancelling the "
                  "Action stops it too",
             off="that part happens as the Action is triggered, like a cost, and stays if the Action is cancelled")
    reg.bind("then_targets_declared", sorcerer,
             does="the targets of every part of an Action, a 'Then' clause's too, are declared when it is triggered: "
                  "while on the chain the Action targets them (effects that answer actions targeting a unit apply)",
             off="a 'Then' clause's target is only chosen when that clause resolves: while on the chain the Action "
                 "does not target it")
    reg.bind("target_tax_on_chain", rid("faq:opponent-plays-attachment-support-card-unit-respond-iron"), sorcerer,
             does="an effect 'until the end of the turn, cancel any other action that targets this unit unless its "
                  "controller pays N' (Iron Discipline) also applies to actions already on the chain when it resolves "
                  "(played in response to them): each is cancelled unless its controller pays",
             off="it applies only to actions triggered after it has resolved; those already on the chain are not taxed")
    reg.bind("end_chain_when_played", rid("faq:opponent-plays-jealous-eyes-response-beginning-turn-action"),
             does="a card that says 'When this card is played, immediately end and resolve the current action chain' "
                  "(Jealous Eyes) ends the chain as it is played: the chain resolves at once, no one can respond",
             off="it joins the action chain like any Action: players may still respond before the chain resolves")
    reg.bind("play_effects_during_play", rid("faq:difference-between-play-effects-such-spellsinger-something-enters"),
             does="a card being played is not in play while its play is on the action chain: 'when you play' effects "
                  "are triggered in that chain and cannot target it; it enters play when the play resolves, and "
                  "'enters play' effects are triggered in a later action chain (they can target the card itself)",
             off="a played card (a development from hand, a unit or support) is in play as soon as it is played: "
                 "'when you play' effects can target it and 'enters play' effects trigger during its play's chain")
    scion = rid("faq:play-charge-silver-helms-scion-everqueen")
    reg.bind("hp_cannot_be_reduced", scion,
             does="a unit whose hit points cannot be reduced may still be targeted by effects that subtract hit "
                  "points, but they have no effect on it",
             off="effects subtracting hit points lower its hit points like any unit's")
    reg.bind("and_parts_independent", scion,
             does="the parts of an effect joined by 'and' resolve independently: a part that has no effect does not "
                  "stop the others",
             off="the parts after a part that had no effect are not applied (the effect stops there)")
    reg.bind("forced_interrupts_sentence_break", rid("faq:forced-effect-hidden-sorceress-interrupt-action-snotling-invasion"),
             rid("ruling:3-resolve-the-action-chain-4"),
             does="a Constant / Forced effect triggered by one sentence of a resolving effect interrupts that effect at "
                  "the sentence break: it resolves before the next sentence is applied",
             off="effects triggered while an effect resolves wait until the whole effect (every sentence) has resolved")


def register(game) -> None:
    game.functions.update({"is_action": _is_action})
    game.steps.update({
        "target_tax": _target_tax, "move_tokens": _move_tokens,
        "discard_quest": _discard_quest, "can:discard_quest": _can_discard_quest,
        "develop_self": _develop_self, "can:develop_self": _can_develop_self,
        "not_a_cost": _not_a_cost, "forced_cost": _forced_cost, "play_from_hand": _play_from_hand,
        "sentences": _sentences, "enter_development": _enter_development,
        "become_unit": _become_unit, "and_parts": _and_parts,
    })
    base_develop = game.actions.get("develop")
    if base_develop is not None:
        def _play_development(eng, player, act, _base=base_develop):
            _develop_on_chain(eng, player, {**act, "develop": act["play_development"]}, _base)
        game.actions["play_development"] = _play_development
    base_end = game.actions.get("end")
    if base_end is not None:
        def _end(eng, player, act, _base=base_end):
            _base(eng, player, act)
            _expire(eng, "triggered_action_this_turn", "the turn ended")
        game.actions["end"] = _end


# -- memory ---------------------------------------------------------------------------------------

def _mem(eng) -> dict:
    m = getattr(eng, "_whi_timing", None)
    if m is None:
        m = {"seen": {}, "met_at": {}, "met_in": {}, "paying": None}
        eng._whi_timing = m
    return m


def _expire(eng, key: str, why: str, earlier_only: bool = False) -> None:
    """Trigger conditions lapse (with ``earlier_only``: those met before the current fixture step)."""
    trig = W._mem(eng)["trig"]
    met_in = _mem(eng)["met_in"]
    live = {k: n for k, n in trig.items() if n and not (earlier_only and met_in.get(k) is eng.step)}
    if not live:
        return
    if not eng.on(key):
        return
    eng.fire(key)
    for k in live:
        trig[k] = 0
        eng.log("triggered_action_expired", card=k[0] if isinstance(k[0], str) else str(k[0]), reason=why)
    _mem(eng)["seen"] = dict(trig)


# -- hooks ------------------------------------------------------------------------------------------

def begin_phase(eng, phase: str) -> None:
    """A new phase (or the beginning of a turn) closes the Action Window before it."""
    _mem(eng)["paying"] = None
    # conditions met as this phase begins (its own steps) belong to its Action Window
    _expire(eng, "triggered_action_window", f"the action window closed ({phase} begins)", earlier_only=True)


def observe(eng, events: list[dict]) -> None:
    observe_play(eng, events)
    _observe(eng, events)
    _end_chain(eng, events)  # last: it resolves the chain


def _observe(eng, events: list[dict]) -> None:
    m = _mem(eng)
    trig = W._mem(eng)["trig"]
    for k, n in trig.items():
        if n > m["seen"].get(k, 0):
            m["met_at"][k] = len(eng.events)
            m["met_in"][k] = eng.step
    m["seen"] = dict(trig)
    _cost_triggers(eng, m)


def _cost_triggers(eng, m) -> None:
    """B-2: targets chosen, costs paid; Forced / Constant effects this triggers resolve now."""
    paying = m["paying"]
    if paying is None:
        return
    if paying[2] is not eng.step:
        m["paying"] = None  # a later fixture step: the costs were paid long ago (the chain is resolving)
        return
    if tuple(id(i) for i in eng.state.chain) != paying[0]:
        m["paying"] = None  # the Action is on the chain: its costs are paid
        if len(eng.state.chain) == len(paying[0]) + 1:
            _settle_cost_triggers(eng, paying)
        return
    _settle_cost_triggers(eng, paying)


def _settle_cost_triggers(eng, paying) -> None:
    if not eng.pending or paying[1]:
        return
    if not eng.on("cost_triggers_resolve_first"):
        return
    eng.fire("cost_triggers_resolve_first")
    paying[1] = True
    try:
        eng.settle()
    finally:
        paying[1] = False


def _start_paying(eng) -> None:
    _mem(eng)["paying"] = [tuple(id(i) for i in eng.state.chain), False, eng.step]


def play_costs(eng, player, obj, action) -> list[dict]:
    _start_paying(eng)
    ab = next((a for a in obj.card.abilities if a.kind == "play"), None)
    return _lasting_taxes(eng, obj, ab, action)


def use_costs(eng, player, obj, ability, action) -> list[dict]:
    _start_paying(eng)
    taxes = _lasting_taxes(eng, obj, ability, action)
    if eng.on("then_clause_not_cost"):
        return taxes
    # ablated: the part that is not a cost is treated as one, done as the Action is triggered
    return taxes + [s for st in ability.get("steps") or [] if "not_a_cost" in st for s in st["not_a_cost"]]


def can_use(eng, player, obj, ab, action) -> str | None:
    _mem(eng)["paying"] = None
    spec = W._timed(ab)
    if spec is None:
        return None
    key = W._trig_key(eng, obj, ab)
    if not W._mem(eng)["trig"].get(key):
        return None
    since = _mem(eng)["met_at"].get(key)
    if since is None or not _chain_resolved_since(eng, since):
        return None
    if eng.on("triggered_action_next_chain"):
        eng.fire("triggered_action_next_chain")
        return None
    W._mem(eng)["trig"][key] = 0
    return "its first opportunity has passed (an action chain resolved without it)"


def can_play(eng, player, obj, action) -> str | None:
    _mem(eng)["paying"] = None
    return None


def _chain_resolved_since(eng, index: int) -> bool:
    on_chain = {i.source_label for i in eng.state.chain}
    return any(rec.get("event") in ("used", "played") and rec.get("card") not in on_chain
               for rec in eng.events[index:])


# -- expression functions -----------------------------------------------------------------------------

def _is_action(eng, item) -> bool:
    """An Action on the chain: a tactic played, or a card's Action ability (triggered or not)."""
    if not isinstance(item, ChainItem):
        return False
    card = eng.state.objects.get(item.card_obj) if item.card_obj else None
    if card is not None:
        return card.card.type == "tactic"
    if item.ability.kind != "action":
        return False
    if eng.on("cancel_any_action"):
        eng.fire("cancel_any_action")
        return True
    return False


# -- 'cancel any other action that targets this unit unless ... pays N' (Iron Discipline) -----------------

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
    return [t for t in _mem(eng).setdefault("taxes", []) if t["turn"] == turn and t["oid"] in eng.state.objects]


def _target_tax(eng, st, b) -> bool:
    """{target_tax: REF, amount: N}: until the end of the turn, cancel any other action that targets that unit
    unless the action's controller pays an additional N resources (per action). Actions already on the chain
    (the one this answers) are taxed now; later ones pay it as they are triggered (see _lasting_taxes)."""
    objs = [o for o in eng.resolve_ref(st["target_tax"], b) if eng.is_in_play(o)]
    if not objs:
        return False
    n = eng.eval(st.get("amount", 1), b)
    for o in objs:
        _mem(eng).setdefault("taxes", []).append({"oid": o.oid, "amount": n, "turn": eng.state.vars.get("turn"),
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


def _lasting_taxes(eng, obj, ab, action) -> list[dict]:
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


# -- "When this card is played, immediately end and resolve the current action chain" (Jealous Eyes) ------

def _end_chain(eng, events: list[dict]) -> None:
    for ev in events:
        if ev.get("type") != "card_played":
            continue
        o = ev.get("obj")
        if o is None or ENDS_CHAIN not in o.card.keywords:
            continue
        item = next((i for i in eng.state.chain if i.card_obj == o.oid), None)
        if item is None:
            continue
        item.bindings["_played_emitted"] = True  # this very event
        if not eng.on("end_chain_when_played"):
            continue
        eng.fire("end_chain_when_played")
        eng.log("chain_ended", by=o.label)
        while eng.state.chain:
            eng.resolve_chain()
        return


def _move_tokens(eng, st, b) -> bool:
    """{move_tokens: REF, kind: resource, up_to: N, to: FILTER}: move up to N tokens from that card to a card
    chosen by the resolving player among those matching FILTER (number and card chosen as it resolves)."""
    src = [o for o in eng.resolve_ref(st["move_tokens"], b) if eng.is_in_play(o)]
    if not src:
        return False
    o = src[0]
    kind = st.get("kind", "resource")
    most = min(eng.eval(st.get("up_to", 1), b), o.counters.get(kind, 0))
    if most <= 0:
        return False
    dests = [d for d in eng.in_play() if d is not o and eng.eval(st.get("to", "true"), {**b, "it": d})]
    if not dests:
        return False
    player = b["you"]
    n = eng.decide(player, "number", list(range(most, -1, -1)), f"how many {kind} tokens to move (up to {most})")
    if not n:
        return True
    dest = eng.obj(eng.decide(player, "pick", [d.label for d in dests], f"a card to receive {n} {kind} tokens"))
    eng.run_step({"remove_counter": o.label, "counter": kind, "amount": n}, b)
    eng.run_step({"counter": dest.label, "kind": kind, "amount": n}, b)
    eng.log("tokens_moved", source=o.label, to=dest.label, amount=n, kind=kind)
    return True


def _hand_quests(eng, b):
    return [o for o in eng.zone_objs(b["you"], "hand") if o.card.type == "quest"]


def _discard_quest(eng, st, b) -> bool:
    """{discard_quest: 1}: discard a quest card from your hand (a cost)."""
    quests = _hand_quests(eng, b)
    if not quests:
        return False
    pick = eng.decide(b["you"], "pick", [o.label for o in quests], "a quest to discard from hand")
    eng.move(eng.obj(pick), "discard", cause="discard")
    return True


def _can_discard_quest(eng, st, b) -> bool:
    return bool(_hand_quests(eng, b))


def _develop_self(eng, st, b) -> bool:
    """{develop_self: this}: turn this unit into a development (face down, in its zone)."""
    objs = [o for o in eng.resolve_ref(st["develop_self"], b) if eng.is_in_play(o) and "development" not in o.flags]
    for o in objs:
        o.flags.add("development")
        o.flags -= {"attacking", "defending", "questing"}
        o.damage = 0
        eng.touch()
        eng.log("turned_into_development", card=o.label)
    return bool(objs)


def _can_develop_self(eng, st, b) -> bool:
    return any(eng.is_in_play(o) and "development" not in o.flags for o in eng.resolve_ref(st["develop_self"], b))


def _not_a_cost(eng, st, b) -> bool:
    """{not_a_cost: [steps]}: a part of an Action not written as a cost (e.g. put a token on this card, before
    its 'Then'). It is part of the effect (done as the Action resolves); ablated, it is done as the Action is
    triggered (see use_costs): here it runs only when it belongs to the effect."""
    if not eng.on("then_clause_not_cost"):
        return True  # already done as the Action was triggered
    eng.fire("then_clause_not_cost")
    return eng.run_steps(st["not_a_cost"], b)


def _forced_cost(eng, st, b) -> bool:
    """{forced_cost: [cost steps], do: [effect steps]} inside a Constant / Forced effect (its targets are
    already chosen): pay the costs (Go to A for what that triggers), or cancel the effect; then apply it."""
    costs = st["forced_cost"] or []
    payable = all(eng.can_do(c, b) for c in costs)
    if eng.on("forced_cost_or_cancel"):
        eng.fire("forced_cost_or_cancel")
        if not payable:
            eng.log("effect_cancelled", source=getattr(b.get("this"), "label", "?"), reason="cost_unpaid")
            return False
        for c in costs:
            eng.run_step(c, b)
        eng.settle()  # C-2: what paying the costs triggered resolves before the effect applies
    else:
        for c in costs:
            if eng.can_do(c, b):
                eng.run_step(c, b)
    return eng.run_steps(st.get("do") or [], b)


def _play_from_hand(eng, st, b) -> bool:
    """{play_from_hand: FILTER, free: true}: the resolving player plays a card from his hand (it is
    played: 'when you play' effects see it), during the resolution of the chain."""
    player = b["you"]
    flt = st["play_from_hand"]
    cards = [o for o in eng.zone_objs(player, "hand") if eng.eval(flt, {**b, "it": o})]
    if not cards:
        eng.log("nothing_to_play", player=player)
        return False
    pick = eng.obj(eng.decide(player, "pick", [o.label for o in cards], f"a card to play ({flt})"))
    ab = next((a for a in pick.card.abilities if a.kind == "play"), None)
    if ab is None:
        return False
    new = eng.move(pick, "stack", side=player, cause="play")
    item = _card_item(eng, player, new, ab, {"x": 0})
    for spec in ab.get("targets") or []:
        legal = eng.legal_targets(spec, item.bindings)
        if not legal:
            eng.log("effect_cancelled", source=new.label, reason="no_legal_target")
            eng.move(new, "discard", cause="cancelled")
            return False
        tgt = eng.obj(eng.decide(player, "pick", [t.label for t in legal], f"a target for {new.label}"))
        item.targets[spec["name"]] = [tgt.oid]
        item.bindings[spec["name"]] = tgt
    eng.log("played", player=player, card=new.label, ability=ab.name, by_effect=True,
            targets=[eng.state.objects[t].label for ts in item.targets.values() for t in ts])
    eng._emit_played(item)
    if eng.on("effect_play_in_chain"):
        eng.fire("effect_play_in_chain")
        eng.settle()
        eng.resolve_item(item)
        return True
    eng.state.chain.insert(0, item)  # ablated: a new chain, after the current one
    return True


def _card_item(eng, player, card, ab, extra: dict | None = None) -> ChainItem:
    """The action-chain item of a card played (now on the stack) with play ability ``ab``."""
    return ChainItem(len(eng.state.chain) + 1 + eng.state.clock, player, card.oid, card.label, ab, card.oid, {}, 0,
                     bindings=eng.bindings_for(card, player, extra))


def _sentences(eng, st, b) -> bool:
    """{sentences: [[steps], [steps], ...]}: an effect written in several sentences. Constant / Forced
    effects that one sentence triggers interrupt the effect at the sentence break (they resolve before the
    next sentence); ablated, they wait until the whole effect has resolved."""
    parts = st["sentences"] or []
    ok = True
    for i, part in enumerate(parts):
        ok = eng.run_steps(part, b)
        if i == len(parts) - 1 or not eng.pending:
            continue
        if not eng.on("forced_interrupts_sentence_break"):
            continue
        eng.fire("forced_interrupts_sentence_break")
        eng.log("effect_interrupted", source=getattr(b.get("this"), "label", "?"), sentence=i + 1,
                by=[p.source_label for p in eng.pending])
        eng.settle()
    return ok


# -- playing a card: "when you play" vs "enters play" (Spellsinger / Forest Goblins FAQ) ----------------

def _develop_on_chain(eng, player, act, base) -> None:
    """{player: A, play_development: CARD, zone: Z}: play a card from hand face down as a development,
    on an action chain the players may respond to (the ``develop`` action is that play with every player
    passing at once). The card is being played, not in play, while the chain is open; the event
    ``development_played`` happens as it is played; it enters play as a development when the chain
    resolves. Ablated: it enters play at once, as it is played."""
    label = act["develop"]
    if not eng.on("play_effects_during_play"):
        base(eng, player, act)  # in play at once (the base action checks timing and the one-per-turn limit)
        new = eng.obj(label)
        eng.emit([{"type": "development_played", "obj": new, "player": player, "from": "hand"}])
        return
    o = W.start_development(eng, player, label)
    eng.fire("play_effects_during_play")
    zone = act.get("zone") or "kingdom"
    new = eng.move(o, "stack", side=player, cause="play")
    ab = Ability(-1, "play", {"name": "play as a development", "steps": [{"enter_development": "this", "zone": zone}]})
    item = _card_item(eng, player, new, ab)
    item.bindings["_played_emitted"] = True  # played face down: not played as its printed type
    eng.state.chain.append(item)
    eng.log("played", player=player, card=new.label, ability=ab.name, as_development=True, targets=[])
    eng.emit([{"type": "development_played", "obj": new, "player": player, "from": "hand"}])
    eng.passes.clear()


def _enter_development(eng, st, b) -> bool:
    """{enter_development: this, zone: Z}: the development's play resolves: it enters play face down."""
    o = b.get("this")
    if o is None or o.oid not in eng.state.objects:
        return False
    player = b["you"]
    with D.entering(eng, o.label):
        new = eng.move(o, st.get("zone") or "kingdom", side=player, controller=player, cause="develop")
    if new is None:
        return False
    new.flags.add("development")
    eng.touch()
    eng.log("developed", player=player, card=new.label)
    return True


def _become_unit(eng, st, b) -> bool:
    """{become_unit: REF, power: N, hp: N}: until the end of the turn the development is a unit with that
    power and hit points (it still counts as a development)."""
    objs = [o for o in eng.resolve_ref(st["become_unit"], b) if eng.is_in_play(o)]
    for o in objs:
        o.memory["as_unit"] = {"power": eng.eval(st.get("power", 0), b), "hp": eng.eval(st.get("hp", 1), b),
                               "turn": eng.state.vars.get("turn")}
        eng.touch()
        eng.log("became_unit", card=o.label)
    return bool(objs)


def adjust_attr(eng, obj, name: str, value: Any) -> Any:
    if name == "hp" and HP_LOCK in obj.card.keywords and isinstance(value, int):
        printed = obj.card.stats.get("hp")
        if isinstance(printed, int) and value < printed and eng.is_in_play(obj):
            if eng.on("hp_cannot_be_reduced"):
                eng.fire("hp_cannot_be_reduced")
                return printed
    spec = obj.memory.get("as_unit") if obj.memory else None
    if not spec or spec.get("turn") != eng.state.vars.get("turn") or not eng.is_in_play(obj):
        return value
    if name == "type":
        return "unit"
    if name in ("power", "hp"):
        return spec[name]
    if name == "remaining_hp":
        return spec["hp"] - obj.damage
    return value


def observe_play(eng, events: list[dict]) -> None:
    """Ablated ``play_effects_during_play``: a unit or support card is in play as soon as it is played."""
    if eng.on("play_effects_during_play"):
        return
    for ev in events:
        if ev.get("type") != "card_played":
            continue
        o = ev.get("obj")
        if o is None or o.oid not in eng.state.objects or o.card.type not in ("unit", "support"):
            continue
        item = next((i for i in eng.state.chain if i.card_obj == o.oid), None)
        if item is None:
            continue
        item.card_obj = None
        eng.enter_play(o, item.controller, item.bindings.get("zone"))


# -- effects joined by "and" (Charge of the Silver Helms / Scion of the Everqueen FAQ) -----------------

def _part_values(eng, part: list, b: dict) -> list:
    """What a part of an effect changes: the stats its modifiers name, on the cards they target."""
    out = []
    for st in part:
        spec = st.get("modify") if isinstance(st, dict) else None
        if not isinstance(spec, dict) or "target" not in spec:
            continue
        stats = list((spec.get("modify") or {}).keys()) + list((spec.get("set") or {}).keys())
        for o in eng.resolve_ref(spec["target"], b):
            out.append((o.oid, tuple((k, eng.obj_attr(o, k)) for k in stats)))
    return out


def _and_parts(eng, st, b) -> bool:
    """{and_parts: [[steps], [steps]]}: an effect whose parts are joined by 'and'. Each part resolves
    independently: a part that has no effect does not stop the others (ablated: the effect stops at the
    first part that had no effect)."""
    src = getattr(b.get("this"), "label", "?")
    for i, part in enumerate(st["and_parts"] or []):
        before = _part_values(eng, part, b)
        ok = eng.run_steps(part, b)
        if ok and _part_values(eng, part, b) != before:
            continue
        if not eng.on("and_parts_independent"):
            eng.log("effect_stopped", source=src, part=i + 1, reason="no effect")
            return False
        eng.fire("and_parts_independent")
        eng.log("effect_part_no_effect", source=src, part=i + 1)
    return True
