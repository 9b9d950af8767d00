"""Timing: when cards may be played and Actions used (units, supports and quests in their owner's
capital phase and never in response; the beginning-of-turn action window; a card's own 'play at the
beginning of your turn'; unique and Limited cards), Forced / Constant effects that paying costs
triggers resolving before the Action goes on the chain (Detailed Timing Structure B-2) (Jealous Eyes'
ending the chain as it is played is its card script), which chain items are Actions (cancel effects), the
order of simultaneous triggered effects (Constant before Forced, each the active player's first)."""
from __future__ import annotations

from judge.engine.cards import Ability
from judge.engine.state import ChainItem, TextReason

from .common import play_ability
from .limited import limited_blocked
from .playing import controls_copy, play_permission

#: this mechanic's replay memory (engine.memory "whi.timing"), as it starts
_MEMORY = {"paying": None}


def register(game) -> None:
    game.functions["is_action"] = _is_action


def _mem(eng) -> dict:
    return eng.memory("whi.timing", _MEMORY)


def play_timing(eng, player, obj, action) -> str | None:
    """Why ``player`` can't play ``obj`` now (the timing rules), or None. (A Limited card played is
    counted as it is played: limited.note_limited_played.)"""
    if obj.card.type in ("unit", "support", "quest") and eng.on("non_tactic_timing"):
        if eng.state.chain:
            eng.fire("non_tactic_timing")
            return "units, supports and quests cannot be played in response (playing non-tactic cards)"
        if eng.state.vars.get("phase") != "capital" or eng.state.vars.get("active") != player:
            eng.fire("non_tactic_timing")
            return "units, supports and quests are played in their owner's capital phase"
    if (eng.state.vars.get("phase") == "beginning" and eng.state.vars.get("active") != player):
        if not eng.on("beginning_action_window"):
            return "there is no action window for the non-active player at the beginning of the turn"
        eng.fire("beginning_action_window")
    if obj.card.extra.get("unique") and eng.on("unique_one_in_play"):
        if controls_copy(eng, player, obj.card.name):
            eng.fire("unique_one_in_play")
            return f"{obj.card.name} is unique and {player} already controls a copy in play"
    return limited_blocked(eng, player, obj)


def use_timing(eng, player, obj, ability) -> str | None:
    """Why ``player`` can't use this Action now (beginning-of-turn timing), or None. (A cost that corrupts
    a card already corrupted cannot be paid: the costs rule refuses it, costs_paid_in_full.)"""
    timing = ability.get("timing")
    if timing == "beginning_of_turn":
        if eng.state.vars.get("phase") != "beginning" or eng.state.vars.get("active") != player:
            return TextReason("this Action is triggered at the beginning of its controller's turn", eng.card_name(obj))
    return None


def own_play_timing(eng, player, obj, action) -> str | None:
    """'Play at the beginning of your turn' (``timing: beginning_of_turn`` on the card's play ability): the
    card is played only in its player's beginning-of-turn phase. Played through another card's permission
    (from a zone other than the hand), it keeps that restriction (mechanic off: the permission lifts it).
    The restriction is the card's own words: a refusal names the card (refused_by_text), beside the rule
    that kept it where a permission would have lifted it."""
    ab = play_ability(obj)
    if ab is None or ab.get("timing") != "beginning_of_turn":
        return None
    if eng.state.vars.get("phase") == "beginning" and eng.state.vars.get("active") == player:
        return None
    zone = action.get("from", "hand")
    if zone != "hand" and play_permission(eng, player, obj, zone) is not None:
        if not eng.on("permission_keeps_own_timing"):
            return None
        eng.fire("permission_keeps_own_timing")
    return TextReason(f"{obj.card.name} is played at the beginning of your turn (phase 0)", eng.card_name(obj))


# -- B-2: costs paid, what they trigger resolves first --

def start_paying(eng) -> None:
    """An Action or card is being triggered: its costs are about to be paid (B-2)."""
    _mem(eng)["paying"] = [tuple(id(i) for i in eng.state.chain), False, eng.step]


def forget_paying(eng) -> None:
    _mem(eng)["paying"] = None


def cost_triggers(eng) -> None:
    """B-2: targets chosen, costs paid; Forced / Constant effects this triggers resolve now."""
    m = _mem(eng)
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


def _before_then(ability) -> list[dict]:
    """The part of an Action's effect written before its 'Then' (the steps before its first ``then``
    step): not a cost, though it reads like one ('put a resource token on this unit. Then, ...')."""
    steps = list(ability.get("steps") or []) if ability.kind == "action" else []
    at = next((i for i, st in enumerate(steps) if isinstance(st, dict) and "then" in st), 0)
    return steps[:at]


def not_a_cost_paid(eng, ability) -> list[dict]:
    """then_clause_not_cost off: the part of an Action before its 'Then' is treated as a cost, done as the
    Action is triggered (before_resolve takes it out of the effect)."""
    if eng.on("then_clause_not_cost"):
        return []
    return _before_then(ability)


def before_resolve(eng, thing) -> None:
    """An Action with a part before its 'Then' resolves: that part is part of the effect, done now, and not
    at all when the Action was cancelled (then_clause_not_cost, traced then: it made the difference);
    ablated, it was done as the Action was triggered, so the effect is the rest."""
    if not isinstance(thing, ChainItem):
        return
    before = _before_then(thing.ability)
    if not before:
        return
    if eng.on("then_clause_not_cost"):
        if thing.cancelled:
            eng.fire("then_clause_not_cost")
        return
    ab = thing.ability
    thing.ability = Ability(ab.index, ab.kind, {**ab.data, "steps": list(ab.get("steps"))[len(before):]})


def in_play_when_played(eng, events: list[dict]) -> None:
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


def _is_action(eng, item) -> bool:
    """An Action on the chain: a tactic played, or a card's Action ability (triggered or not)."""
    if not isinstance(item, ChainItem):
        return False
    card = eng.state.objects.get(item.card_obj) if item.card_obj else None
    if card is not None:
        return card.card.type == "tactic"
    if item.ability.kind != "action":
        return False
    if eng.applies("cancel_any_action"):
        return True
    return False


# -- simultaneous triggered effects --

def order_pending(eng, pending) -> list | None:
    """Detailed Timing Structure A: after a trigger condition the triggered Constant Effects resolve
    (the active player's, then the next player's), then the Forced Effects (likewise); two effects
    are simultaneous only when of one type. A triggered ability is a Forced Effect when its card says
    so (``timing: forced`` in cards.yaml); keywords and Conditional Actions count as Constant Effects.
    None (the core's order by player) when the batch holds one type only."""
    forced = [p for p in pending if p.ability.get("timing") == "forced"]
    if not forced or len(forced) == len(pending) or not eng.on("constant_before_forced"):
        return None
    eng.fire("constant_before_forced")
    players = eng.turn_order()
    constant = [p for p in pending if p.ability.get("timing") != "forced"]
    return [(player, [p for p in group if p.controller == player]) for group in (constant, forced)
            for player in players]
