"""Costs paid in cards and Force: 'Discard a card' (from your hand), paying Force, and the cost
before the arrow of an activated keyword ("Pay 1 Force -> Evade 3")."""
from __future__ import annotations

import re

_PAY_FORCE = re.compile(r"^pay (\d+) force$", re.IGNORECASE)


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
    n = int(eng.eval(st["discard_card"], b))
    if len(_discardable(eng, b["you"])) >= n:
        return True
    if eng.on("discard_from_hand") and len(_any_own_cards(eng, b["you"])) >= n:
        eng.fire("discard_from_hand")  # the rule is what leaves too few cards: the refusal names it
    return False


def step_discard_card(eng, st, b) -> bool:
    """{discard_card: N}: discard N of your cards -- from your hand."""
    player = b["you"]
    n = int(eng.eval(st["discard_card"], b))
    for _ in range(n):
        pool = [o.label for o in _any_own_cards(eng, player)]
        allowed = {o.label for o in _discardable(eng, player)}

        def check(v):
            if v not in allowed:
                eng.fire("discard_from_hand")
                return f"{v} is not in your hand: a discarded card must come from your hand"
            return None

        pick = eng.decide_checked(player, "pick", pool, "a card to discard", check)
        eng.move(eng.obj(pick), "discard", cause="discard")
    return True


def can_pay_force(eng, st, b) -> bool:
    if not eng.on("arrow_costs"):  # {pay_force: N} is the cost before an ability's arrow
        return True
    return eng.state.player_data.get(b["you"], {}).get("force", 0) >= int(eng.eval(st["pay_force"], b))


def step_pay_force(eng, st, b) -> bool:
    """{pay_force: N}: the cost before an activated ability's arrow ("Pay 1 Force ->")."""
    if not eng.applies("arrow_costs"):
        return True
    data = eng.state.player_data.setdefault(b["you"], {})
    n = int(eng.eval(st["pay_force"], b))
    if data.get("force", 0) < n:
        eng.fail(f"{b['you']} cannot pay {n} Force")
    data["force"] -= n
    eng.log("force_paid", player=b["you"], amount=n)
    return True


def arrow_force(eng, cost: str | None) -> int:
    """The Force an activated keyword's cost before the arrow asks for ("Pay 1 Force" -> 1; 0
    without a cost). Any other cost is not modelled: an error naming it, never a free ability."""
    if not cost:
        return 0
    m = _PAY_FORCE.match(cost.strip())
    if m is None:
        eng.fail(f"cost before the arrow not modelled: {cost!r} (only 'Pay N Force' is)")
    return int(m.group(1))


def cannot_pay(eng, player, force: int, what: str) -> str | None:
    """Why ``player`` can't use an activated ability that costs ``force`` Force (None: they can)."""
    if force <= 0 or not eng.on("arrow_costs"):
        return None
    have = eng.state.player_data.get(player, {}).get("force", 0)
    if have >= force:
        return None
    eng.fire("arrow_costs")
    return f"{what} costs {force} Force and {player} has {have}"


def pay_arrow_cost(eng, player, force: int, what: str) -> None:
    """Using an activated ability pays the cost before its arrow."""
    if force <= 0 or not eng.applies("arrow_costs"):
        return
    data = eng.state.player_data.setdefault(player, {})
    data["force"] = data.get("force", 0) - force
    eng.log("force_paid", player=player, amount=force, ability=what)


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
