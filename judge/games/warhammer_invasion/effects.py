"""How effects resolve: the break between two sentences of an effect (Forced effects interrupt there),
what paying a Forced effect's cost (C-2) or applying it (C-3) triggers (it resolves first); card text treated as blank (its tokens
stay) and a card's own constant effects out of play."""
from __future__ import annotations

from typing import Any

from judge.engine.game import NOT_MINE
from judge.engine.state import Pending

from . import developments


def register(game) -> None:
    game.steps["blank_text"] = _blank_text


def constant_out_of_play(eng, obj, name: str) -> Any:
    """A stat of a card out of play: its own constant effects apply only in play (constant_in_play_only off:
    they apply out of play too). NOT_MINE when it is not that case."""
    if name in obj.card.stats and not eng.is_in_play(obj):
        if not eng.on("constant_in_play_only"):
            total = obj.card.stats[name]
            for ab in obj.card.continuous:
                if name in (ab.get("modify") or {}) and ab.get("applies_to") in (None, "it == this"):
                    total += eng.eval(ab.get("modify")[name], eng.bindings_for(obj, obj.controller, {"it": obj}))
            return total
        if any(name in (ab.get("modify") or {}) for ab in obj.card.continuous):
            eng.fire("constant_in_play_only")
    return NOT_MINE


def text_blank(eng, obj) -> bool:
    """A text box an effect blanked ({blank_text: REF}), or a development's, which has none
    (developments.no_text_box: asked after a blanked text box, which is the effect's own rule)."""
    if "blank" in obj.flags and eng.is_in_play(obj) and eng.applies("blank_text_box"):
        return True
    return developments.no_text_box(eng, obj)


def blank_action(eng, obj, ab) -> str | None:
    if ab.kind == "action" and ab in obj.card.abilities and eng.hooks.text_blank(eng, obj):
        return "its text box is blank"
    return None


def _blank_text(eng, st, b) -> bool:
    """{blank_text: REF}: treat the cards' text boxes as blank (traits stay)."""
    objs = [o for o in eng.resolve_ref(st["blank_text"], b) if eng.is_in_play(o)]
    for o in objs:
        o.flags.add("blank")
        eng.touch()
        eng.log("text_blanked", card=o.label)
        if o.counters.get("resource"):
            if not eng.applies("tokens_kept_when_blanked"):
                n = o.counters.pop("resource")
                eng.log("counter_removed", card=o.label, kind="resource", amount=n, reason="text blanked")
    return bool(objs)


def sentence_break(eng, b, done: int) -> None:
    """A card effect written in sentences has applied one of them: the Constant / Forced effects it
    triggered interrupt the effect at the sentence break (they resolve before the next sentence);
    ablated, they wait until the whole effect has resolved."""
    if not eng.pending or not eng.on("forced_interrupts_sentence_break"):
        return
    eng.fire("forced_interrupts_sentence_break")
    eng.log("effect_interrupted", source=getattr(b.get("this"), "label", "?"), sentence=done,
            by=[p.source_label for p in eng.pending])
    eng.settle_inside_effect()  # the effect's own 'then' and waiting batch are kept across


def costs_paid(eng, thing) -> None:
    """C-2: a Constant / Forced effect paid its costs; what paying them triggered resolves before the
    effect applies (mechanic trigger_cost_or_cancel)."""
    if eng.pending and eng.on("trigger_cost_or_cancel"):
        eng.fire("trigger_cost_or_cancel")
        eng.settle()


def after_resolve(eng, thing) -> None:
    """C-3: a Constant / Forced effect has been applied; if this triggered Constant / Forced effects, go to
    A: they resolve now, before the next effect that was waiting with it (the same player's other Forced
    effect of one trigger condition ...). Not for an effect cancelled before it applied (no target, cost
    unpaid: C-2 is costs_paid's) nor for a chain item (the chain pauses for them anyway). Off: what an
    effect triggers waits until every effect of its batch has resolved."""
    if not isinstance(thing, Pending) or not eng.pending or not eng.batch_waiting:
        return  # nothing it triggered, or nothing else of its batch waiting: the order is the same either way
    last = eng.events[-1] if eng.events else None
    if last is None or last.get("event") != "resolved" or last.get("source") != thing.source_label:
        return
    if not eng.on("effect_triggers_resolve_first"):
        return
    eng.fire("effect_triggers_resolve_first")
    eng.settle()
