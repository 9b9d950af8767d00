"""Costs paid in cards and Force: 'Discard a card' (from your hand), paying Force, and the cost
before the arrow of an activated keyword ("Pay 1 Force -> Evade 3", "Discard a card -> Retaliate 2",
"Tap -> Evade 2"): read as the steps that pay it (arrow_steps)."""
from __future__ import annotations

import re

# Every zone a player's card can be discarded from if nothing said where it comes from: the hand,
# the build zone and the arenas (clarification:discard then narrows it to the hand).
_ANY_OWN_ZONE = ("hand", "build", "character", "ground", "space")


def _any_own_cards(eng, player) -> list:
    return [o for z in _ANY_OWN_ZONE for o in eng.zone_objs(player, z)]


def _discardable(eng, player) -> list:
    """The cards ``player`` may discard: from the hand only (clarification:discard: "Any time a
    card is discarded, that card must be discarded from your hand"); switched off, any own card."""
    if eng.on("discard_from_hand"):
        return list(eng.zone_objs(player, "hand"))
    return _any_own_cards(eng, player)


def can_discard_card(eng, st, b) -> bool:
    n = int(eng.eval(st["discard_card"], b)) * b.get("_times", 1)
    if len(_discardable(eng, b["you"])) >= n:
        return True
    if eng.on("discard_from_hand") and len(_any_own_cards(eng, b["you"])) >= n:
        eng.fire("discard_from_hand")  # the rule is what leaves too few cards: the refusal names it
    return False


def step_discard_card(eng, st, b) -> bool:
    """{discard_card: N}: discard N of your cards -- from your hand. As a cost it is guarded by
    can_discard_card; as an effect ('Each player discards a card') a player whose hand holds fewer
    than N cards discards those he has and no other: a card "must be discarded from your hand"
    (clarification:discard), so none of his cards in play or in the build zone can stand in."""
    player = b["you"]
    n = int(eng.eval(st["discard_card"], b))
    for _ in range(n):
        pool = [o.label for o in _any_own_cards(eng, player)]
        allowed = [o.label for o in _discardable(eng, player)]

        def check(v):
            if v not in allowed:
                eng.fire("discard_from_hand")
                return f"{v} is not in your hand: a discarded card must come from your hand"
            return None

        if not allowed:
            if pool:  # the hand rule is what leaves his other cards where they are
                eng.fire("discard_from_hand")
            eng.log("nothing_to_discard", player=player)
            break
        if len(allowed) == 1:  # the rules leave one card: nothing is asked (a scripted pick is still read)
            pick = eng.decide_only_pick(player, allowed[0], pool, check)
        else:
            pick = eng.decide_checked(player, "pick", pool, "a card to discard", check)
        eng.move(eng.obj(pick), "discard", cause="discard")
    return True


def can_pay_force(eng, st, b) -> bool:
    if not eng.on("arrow_costs"):  # {pay_force: N} is the cost before an ability's arrow
        return True
    return eng.state.player_data.get(b["you"], {}).get("force", 0) >= int(eng.eval(st["pay_force"], b)) * b.get("_times", 1)


def step_pay_force(eng, st, b) -> bool:
    """{pay_force: N}: the cost before an activated ability's arrow ("Pay 1 Force ->")."""
    if not eng.applies("arrow_costs"):
        return True
    data = eng.state.player_data.setdefault(b["you"], {})
    n = int(eng.eval(st["pay_force"], b))
    if data.get("force", 0) < n:
        eng.fail(f"{b['you']} cannot pay {n} Force")
    data["force"] -= n
    # an activated keyword's cost names the ability it pays for (pay_arrow_cost)
    eng.log("force_paid", player=b["you"], amount=n, **({"ability": b["arrow_of"]} if "arrow_of" in b else {}))
    return True


# The costs a unit's activated keyword may print before its arrow, each as the step that pays it
# (keyword:activated-abilities: "It doesn't matter what the cost before the arrow symbol is"):
# Force, tapping the unit ("tap and zap"), discarding cards (from the hand: clarification:discard).
# Several costs are joined by "," or "and" ("Tap and pay 1 Force").
_ARROW_COSTS = (
    (re.compile(r"^pay (\d+) force$"), lambda m: {"pay_force": int(m.group(1))}),
    (re.compile(r"^tap(?: this unit)?$"), lambda m: {"exhaust": "this"}),
    (re.compile(r"^discard (a|an|one|\d+) cards?$"),
     lambda m: {"discard_card": 1 if not m.group(1).isdigit() else int(m.group(1))}),
)
_JOINS = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+")


def arrow_steps(eng, cost: str | None) -> list[dict]:
    """The steps that pay an activated keyword's cost before the arrow ("Pay 1 Force" ->
    [{pay_force: 1}], "Discard a card" -> [{discard_card: 1}], "Tap" -> [{exhaust: this}]; [] without
    a cost). A cost in no known form is an error naming it, never a free ability."""
    if not cost:
        return []
    steps = []
    for part in _JOINS.split(cost.strip().lower()):
        for pattern, make in _ARROW_COSTS:
            m = pattern.match(part)
            if m:
                steps.append(make(m))
                break
        else:
            eng.fail(f"cost before the arrow not modelled: {part!r} in {cost!r} "
                     "(known: 'Pay N Force', 'Tap', 'Discard a card' / 'Discard N cards')")
    return steps


def _cost_bindings(eng, player, unit, what: str) -> dict:
    """The cost is paid by the player using the ability; 'this' is the unit with the keyword."""
    return eng.bindings_for(unit, player, {"arrow_of": what})


def cannot_pay(eng, player, unit, cost: str | None, what: str) -> str | None:
    """Why ``player`` can't use ``unit``'s activated keyword ``what`` whose cost before the arrow is
    ``cost`` (None: they can). All of it must be payable: nothing is paid for an ability that can't be
    used."""
    steps = arrow_steps(eng, cost)
    if not steps or not eng.on("arrow_costs"):
        return None
    b = _cost_bindings(eng, player, unit, what)
    eng.begin_check()
    for st in steps:
        if eng.can_do(st, b):
            continue
        if not eng.decided():  # a more particular rule (the hand rule of a discard) refused it first
            eng.fire("arrow_costs")
        if "pay_force" in st:
            have = eng.state.player_data.get(player, {}).get("force", 0)
            return f"{what} costs {st['pay_force']} Force and {player} has {have}"
        if "discard_card" in st:
            return f"{what} costs discarding {st['discard_card']} card(s) and {player} has too few in hand"
        return f"{what} costs tapping {unit.label}, which is already tapped"
    return None


def pay_arrow_cost(eng, player, unit, cost: str | None, what: str) -> None:
    """Using an activated keyword pays the cost before its arrow, whatever it is (its steps, in
    order); switched off, the ability is used without paying it."""
    steps = arrow_steps(eng, cost)
    if not steps or not eng.applies("arrow_costs"):
        return
    b = _cost_bindings(eng, player, unit, what)
    for st in steps:
        eng.run_step(st, b)


def cost_steps(eng, player, obj, ability, action, costs: list) -> list:
    """Using an activated ability pays the cost before its arrow, whatever it is -- Force, tapping
    the unit, discarding a card (keyword:activated-abilities: "It doesn't matter what the cost
    before the arrow symbol is"). Switched off, the ability is used without paying it."""
    if ability is None or not costs or eng.on("arrow_costs"):
        return costs
    eng.log("cost_not_paid", card=obj.label, ability=ability.name)
    return []


def register(game) -> None:
    game.steps.update({"discard_card": step_discard_card, "can:discard_card": can_discard_card,
                       "pay_force": step_pay_force, "can:pay_force": can_pay_force})
