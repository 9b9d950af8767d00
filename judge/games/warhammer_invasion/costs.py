"""Costs of playing a card and of using an Action: printed cost (X: the X chosen), lowered (a card's
own 'sacrifice N developments to lower its cost', 'lower the cost of the next card you play'; Urguck's
damage spent as resources is its card script), raised (other cards' additional costs, paid on top of the lowered printed
cost), loyalty (minus the matching loyalty icons in play), target taxes (targeting.py); 'cost'
in card text is the printed cost. ``play_costs`` / ``use_costs`` put them together in that order."""
from __future__ import annotations

from typing import Any

from judge.engine.game import NOT_MINE
from judge.engine.state import TextReason

from . import card_scripts, developments, playing, tactic_triggers, targeting, timing, triggered
from .common import faction_of, play_ability, printed_cost
from .next_cost import next_card_lowerings, use_up_steps

#: this mechanic's replay memory (engine.memory "whi.costs"), as it starts
_MEMORY = {"lowered": {}}


def register(game) -> None:
    game.functions["odd"] = _odd


def _mem(eng) -> dict:
    return eng.memory("whi.costs", _MEMORY)


def _printed(eng, obj, action: dict) -> int:
    """The printed cost of the card being played. An X cost that the card's own text defines ("X is the
    fewest number of cards in any opponent's hand") is that number wherever the card is
    (x_defined_everywhere, via playing.x_attr), not one the player picks; any other X is the X chosen."""
    if obj.card.cost == "X":
        got = playing.x_attr(eng, obj, "cost")
        if got is not NOT_MINE:
            return int(got or 0)
    return printed_cost(obj, action)


def play_costs(eng, player, obj, action) -> list[dict]:
    """The cost steps of playing ``obj``, in this order: the resources (printed cost lowered, floored at 0,
    plus loyalty), the 'next card' lowerings used up, target taxes, additional costs, the card scripts'
    taxes, the developments sacrificed to lower the cost. (What a player may spend as though it were
    resources is offered by the pay step itself: hook resources_elsewhere.)"""
    ab = play_ability(obj)
    note = targeting.cost_note(eng, obj)
    netted = _netted_increases(eng, player, obj, action)
    met = next_card_lowerings(eng, player, obj, use_up=False)  # used up as the costs are paid (use_up_steps)
    lower = sum(netted + _own_cost_lowering(eng, player, obj, action) + _next_card_lowered(eng, player, obj, action, met)
                + [-n for _, n in _increases(eng, player, obj, lowering=True)])
    printed = _printed(eng, obj, action)
    # netted into the lowering (cost_lowering_printed_only off), an increase adds what the floor of 0 leaves of it
    note["raised"] += max(0, printed - lower) - max(0, printed - lower + sum(netted))
    cost = max(0, printed - lower) + loyalty_shortfall(eng, player, obj)
    steps = [{"pay": cost}] if cost else []
    steps += use_up_steps(met)
    steps += tactic_triggers.play_use_costs(eng, player, obj, action)  # a tactic's trigger condition used up
    steps += targeting.noted_target_taxes(eng, note, player, obj, ab, action, played=obj)
    steps += _additional_costs(eng, player, obj)
    timing.start_paying(eng)
    steps += card_scripts.collected("taxes", eng, obj, ab, action)
    return steps + _lowering_costs(eng, action)


def use_costs(eng, player, obj, ability, action) -> list[dict]:
    """The implicit cost steps of using an Action, in this order: using up its trigger condition, target
    taxes, the card scripts' taxes, (then_clause_not_cost off) the part of it that is not a cost."""
    note = targeting.cost_note(eng, obj)
    steps = triggered.trigger_use_costs(eng, player, obj, ability, action)
    steps += targeting.noted_target_taxes(eng, note, player, obj, ability, action)
    timing.start_paying(eng)
    steps += card_scripts.collected("taxes", eng, obj, ability, action)
    steps += timing.not_a_cost_paid(eng, ability)
    return steps


def cost_steps(eng, player, obj, ability, action, costs: list) -> list:
    """Hook: 'A player cannot pay costs with cards ... he does not control' (clarification:triggering-a-card-effect):
    a card a cost makes its player pick (a ``choose`` among the costs: 'Sacrifice a unit to ...') is one he
    controls -- an opponent's unit he controls included (mechanic costs_paid_with_own_cards; off: any card
    the cost's filter allows, which the player then cannot pay with)."""
    out = []
    for step in costs:
        if eng.verb_of(step) == "choose" and eng.on("costs_paid_with_own_cards"):
            spec = dict(step["choose"])
            flt = spec.get("filter", "true")
            if any(o.controller != player and eng.eval(flt, eng.bindings_for(obj, player, {"it": o}))
                   for o in eng.in_play()):
                eng.fire("costs_paid_with_own_cards")  # it leaves a card out
            # the payer's cards ("you" is the player paying), whoever makes the pick
            spec["filter"] = f"({flt}) and it.controller == you"
            # a pick the card's own filter allows is refused by this rule, not by the card's text
            spec["card_filter"], spec["narrowed_by"] = flt, "costs_paid_with_own_cards"
            step = {**step, "choose": spec}
        out.append(step)
    out += targeting.chosen_before_costs(eng, obj, ability)  # after every cost: targets chosen first
    note = targeting.noted(eng)
    if note and note["oid"] == obj.oid:
        note["costs"] = list(out)  # what cost_refused_by weighs
    return out


def cost_refused_by(eng, player, obj, unpaid) -> str | None:
    """Hook: the costs of playing or using ``obj``, or of a Forced effect's target, cannot be paid where they
    could without what another card's effect added to them -- an additional cost (Master Rune of Dismay), a
    target tax (Church of Sigmar, King Kazador): that card's text refuses it (named as refused_by_text,
    clarification:triggering-a-card-effect: 'If a player cannot fulfill these requirements ... he cannot
    attempt to trigger it'). None where a cost no card raised is what cannot be paid (``unpaid``: a step other
    than resources), or the player could not pay even without the raise."""
    note = targeting.noted(eng)
    if not note or obj is None or note["oid"] != obj.oid or not note["by"] or note["raised"] <= 0:
        return None
    if any(eng.verb_of(c) != "pay" for c in unpaid):
        return None
    need = eng.resources_needed(note["costs"], eng.bindings_for(obj, player))
    if need - note["raised"] > (eng.player_attr(player, "resources") or 0):
        return None
    return note["by"][0]


def cost_attr(eng, obj) -> Any:
    """Attribute ``cost`` with cost_is_printed off: printed cost plus loyalty (NOT_MINE when on; traced
    when the card has loyalty, where the rule makes a difference)."""
    if obj.card.cost is not None and not eng.on("cost_is_printed"):
        return (obj.card.cost if isinstance(obj.card.cost, int) else 0) + int(obj.card.extra.get("loyalty") or 0)
    if obj.card.cost is not None and obj.card.extra.get("loyalty"):
        eng.fire("cost_is_printed")
    return NOT_MINE


def loyalty_shortfall(eng, player: str, obj) -> int:
    """Loyalty adds to the cost: loyalty minus the matching loyalty icons (stat ``icons``) on cards
    the player controls in play. A card in play provides the icons it has there: a development, facedown
    or faceup, has none (developments.BLANK: 'no loyalty', clarification:developments)."""
    loyalty = int(obj.card.extra.get("loyalty") or 0)
    if not loyalty:
        return 0
    faction = faction_of(obj)
    in_play_only = eng.on("loyalty_in_play_only")
    icons = 0
    for o in eng.state.objects.values():
        n = o.card.stats.get("icons") or 0
        # icons match a faction named on both cards: two cards without one share no race
        if not n or o.controller != player or faction is None or faction_of(o) != faction:
            continue
        if eng.is_in_play(o):
            icons += eng.obj_attr(o, "icons") or 0
        elif o.zone in ("hand", "stack"):
            if in_play_only:
                eng.fire("loyalty_in_play_only")
            else:
                icons += n
    short = max(0, loyalty - icons)
    if short:
        if not eng.on("loyalty_adds_to_cost"):
            return 0
        eng.fire("loyalty_adds_to_cost")
    return short


# -- lowering a cost --

def _lowering_abilities(obj):
    return [ab for ab in obj.card.abilities if ab.kind == "action" and ab.get("timing") == "as_played"]


def _own_cost_lowering(eng, player, obj, action) -> list[int]:
    """A card's own 'You may sacrifice N developments to lower this unit's cost to M' ability (ability data
    ``sacrifice: N``, ``lower_to: M``), used as the card is announced: the player chooses exactly N
    developments he controls, or none (any other number is refused); with N sacrificed the printed
    cost is lowered to M (never raised). Costs other cards add are paid on top (_additional_costs,
    mechanic cost_lowering_printed_only); with that mechanic off the lowering applies to the whole
    cost, additional costs included, so they are lowered to M as well."""
    abilities = _lowering_abilities(obj)
    if not abilities:
        return []
    ab = abilities[0]
    need = int(ab.get("sacrifice") or 0)
    devs = [o for o in eng.in_play() if "development" in o.flags and o.controller == player]
    if need <= 0 or len(devs) < need:
        return []  # the cost can't be paid: nothing to choose

    def picked(value):
        return value if isinstance(value, list) else ([] if value in ("none", None) else [value])

    def check(value):
        picks = picked(value)
        for lbl in picks:
            o = eng.obj(lbl)
            if o is None or o not in devs:
                return f"{lbl} is not a development {player} controls"
        if len(set(picks)) != len(picks):
            return "the same development is chosen twice"
        if picks and len(picks) != need:  # the card's own 'sacrifice N developments to lower this unit's cost'
            return TextReason(f"the ability sacrifices exactly {need} developments, not {len(picks)}", eng.card_name(obj))
        return None

    value = eng.decide_checked(player, "cards", [o.label for o in devs] + ["none"],
                               f"{need} developments to sacrifice to lower the cost of {obj.label} (or none)", check)
    picks = picked(value)
    if not picks:
        return []
    _mem(eng)["lowered"][id(action)] = [eng.obj(lbl) for lbl in picks]
    printed = _printed(eng, obj, action)
    to = int(ab.get("lower_to") or 0)
    lower = max(0, printed - to)
    eng.log("cost_lowered", card=obj.label, to=to, by=lower, sacrificed=len(picks), ability=ab.name)
    if not eng.on("cost_lowering_printed_only"):
        lower += additional_cost(eng, player, obj)
    return [lower]


def _lowering_costs(eng, action) -> list[dict]:
    """The developments sacrificed to lower the cost of the card being played."""
    sacrificed = _mem(eng)["lowered"].pop(id(action), None)
    return [{"sacrifice": sacrificed}] if sacrificed else []


def _next_card_lowered(eng, player, obj, action, met: list[dict]) -> list[int]:
    """'Lower the cost of the next <card> you play this turn by N / to N': the first matching card the player
    plays while such effects last meets them all and uses them up, one after the other."""
    out = []
    cost = _printed(eng, obj, action)
    # 'cost' in a card effect is the printed cost (cost_lowering_printed_only): the lowering cannot
    # reach the additional costs other cards impose (a cost of 0 cannot be reduced); off, it applies to
    # the whole cost, the additional costs (netted in by _netted_increases) included
    whole = cost if eng.on("cost_lowering_printed_only") else cost + additional_cost(eng, player, obj)
    for entry in met:
        if entry.get("by") is not None:  # 'lower the cost ... by N'
            lower = min(whole, entry["by"])
            to = max(0, cost - lower)
        else:  # '... to N'
            lower, to = max(0, whole - entry["to"]), min(cost, entry["to"])
        whole -= lower
        cost = to
        eng.log("cost_lowered", card=obj.label, to=to, by=lower, source=entry["source"])
        out.append(lower)
    return out


# -- additional costs (Master Rune of Dismay) --

def _increases(eng, player, obj, lowering: bool = False) -> list[tuple[Any, int]]:
    """The additional resources to play ``obj`` as (source card, amount): continuous abilities named
    'play cost increase' of cards in play (``applies_to`` the card being played, ``while``, ``add``),
    e.g. Master Rune of Dismay; a second card of the same name counts only while
    additional_cost_each_source is on. A query: it logs nothing and cites no rule of its own. A negative ``add``
    ('Units you play cost 1 less to play': ``add: -1``, as in Hatalom) is no additional cost but a lowering of
    the printed cost, floored at 0 with the card's other lowerings -- a cost of 0 cannot be reduced, and the
    loyalty added to it is no part of it (clarification:cost, clarification:loyalty): those are given with
    ``lowering`` (play_costs), the others without."""
    out, seen = [], set()
    for o in eng.in_play():
        if developments.is_development(eng, o):
            continue
        for ab in o.card.continuous:
            if ab.name != "play cost increase":
                continue
            b = eng.bindings_for(o, o.controller)
            if ab.get("while") is not None and not eng.eval(ab.get("while"), b):
                continue
            if not eng.eval(ab.get("applies_to") or "true", {**b, "it": obj}):
                continue
            if o.card.name in seen and not eng.on("additional_cost_each_source"):
                continue
            seen.add(o.card.name)
            amount = int(eng.eval(str(ab.get("add", 1)), b) or 0)
            if (amount < 0) == lowering:  # (a second card of the same name seen either way: one of each counts)
                out.append((o, amount))
    return out


def free_play_costs(eng, player, obj) -> list[dict]:
    """Game hook: a card played for 'no cost' -- 'the cost is considered to be 0, and cannot be modified by
    other variables (such as loyalty)' (clarification:cost, mechanic no_cost_is_zero): nothing is added,
    recorded where a variable would have added to it (its loyalty, another card's cost increase). Off: the
    loyalty not matched and the increases are paid on the cost of 0."""
    if eng.on("no_cost_is_zero"):
        if obj.card.extra.get("loyalty") or additional_cost(eng, player, obj):
            eng.fire("no_cost_is_zero")
        return []
    more = loyalty_shortfall(eng, player, obj) + additional_cost(eng, player, obj)
    return [{"pay": more}] if more else []


def additional_cost(eng, player, obj) -> int:
    """The resources other cards add to the cost of playing ``obj``, as a query (nothing logged or cited)."""
    return sum(n for _, n in _increases(eng, player, obj))


def _cost_increases(eng, player, obj) -> int:
    """The additional resources to play ``obj``, each logged as it is added to the cost."""
    names = set()
    total = 0
    for o, amount in _increases(eng, player, obj):
        if o.card.name in names:
            eng.fire("additional_cost_each_source")
        names.add(o.card.name)
        total += amount
        if amount > 0:  # noted (play_costs started the note) for cost_refused_by
            targeting.noted(eng)["by"].append(eng.card_name(o))
        eng.log("cost_increased", card=obj.label, by=amount, source=o.label)
    return total


def _netted_increases(eng, player, obj, action) -> list[int]:
    """Mechanic cost_lowering_printed_only ablated: the additional costs join the cost a lowering applies
    to (a negative reduction, netted against the card's own lowering before the floor of 0)."""
    if eng.on("cost_lowering_printed_only"):
        return []
    more = _cost_increases(eng, player, obj)
    return [-more] if more else []


def _additional_costs(eng, player, obj) -> list[dict]:
    """Additional costs to play a card are paid on top of its (possibly lowered) printed cost."""
    if not eng.on("cost_lowering_printed_only"):
        return []
    more = _cost_increases(eng, player, obj)
    if more:
        targeting.noted(eng)["raised"] += max(0, more)
        eng.fire("cost_lowering_printed_only")
    return [{"pay": more}] if more else []


# -- other costs --

def _odd(eng, value) -> bool:
    """'odd' for a printed cost: only an odd number is odd (X, none or 0 is not odd)."""
    return isinstance(value, int) and value % 2 == 1


def lowering_used_in_play(eng, ab) -> str | None:
    """A cost-lowering ability ('as the card is played') can't be used once the card is in play."""
    if ab.get("timing") == "as_played":
        if eng.applies("cost_lowering_on_announce"):
            return "this ability lowers the cost of the card as it is played; it can't be used once it is in play"
    return None
