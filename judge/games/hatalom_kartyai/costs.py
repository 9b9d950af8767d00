"""Paying a card's cost in VP and monster components (a location's missing components with
hit points, 8.9.4)."""
from __future__ import annotations


def _cost_plan(engine, player, obj, cost: dict) -> tuple[int, int, int] | None:
    """(vp, components, hp) to pay, or None if it can't be paid."""
    data = engine.state.player_data.get(player, {})
    vp, comp = int(cost.get("vp", 0) or 0), int(cost.get("komponens", 0) or 0)
    if data.get("vp", 0) < vp:
        return None
    have = data.get("komponens", 0)
    if have >= comp:
        return vp, comp, 0
    missing = comp - have
    if obj is not None and obj.card.type == "helyszín" and engine.on("location_component_by_hp"):
        if data.get("ep", 0) > 2 * missing:
            return vp, have, 2 * missing
    return None


def can_pay_cost(engine, st, b) -> bool:
    return _cost_plan(engine, b["you"], b.get("this"), st["hk_cost"]) is not None


def pay_cost(engine, st, b) -> bool:
    player = b["you"]
    plan = _cost_plan(engine, player, b.get("this"), st["hk_cost"])
    if plan is None:
        engine.fail(f"{player} cannot pay {dict(st['hk_cost'])}")
    vp, comp, hp = plan
    data = engine.state.player_data[player]
    data["vp"] = data.get("vp", 0) - vp
    data["komponens"] = data.get("komponens", 0) - comp
    if hp:
        engine.fire("location_component_by_hp")
        data["ep"] = data.get("ep", 0) - hp
    engine.log("paid", player=player, vp=vp, komponens=comp, ep=hp)
    return True


#: continuous abilities of cards in play that raise a cost by ``add`` VP (``applies_to``: ``it`` is the card
#: being played / whose ability is used): "X kijátszása N VP-vel drágább", "... használata N VP-vel drágább"
PLAY_INCREASE, ACTIVATION_INCREASE = "play cost increase", "activation cost increase"
#: a location's summoning cost can't be modified (8.9.1), its abilities needing activation can't be made
#: dearer (8.9.5.1): the rule keeping each cost of a location as printed
LOCATION_FIXED = {PLAY_INCREASE: "location_cost_fixed", ACTIVATION_INCREASE: "location_ability_cost_fixed"}


def increase(engine, obj, name: str) -> int:
    """The VP that cards in play (their text not switched off) add to a cost of ``obj`` (``name``)."""
    total = 0
    for src in engine.in_play():
        if engine.hooks.text_blank(engine, src):
            continue
        for ab in src.card.continuous:
            if ab.name == name:
                b = engine.bindings_for(src, src.controller)
                if engine.eval(ab.get("applies_to") or "true", {**b, "it": obj}):
                    total += int(engine.eval(str(ab.get("add", 1)), b) or 0)
    if total and obj.card.type == "helyszín" and engine.on(LOCATION_FIXED[name]):
        engine.fire(LOCATION_FIXED[name])
        engine.log("cost_unchanged", card=obj.label, by=total)
        return 0
    return total


def play_costs(engine, player, obj, action) -> list[dict]:
    cost = obj.card.cost
    cost = dict(cost) if isinstance(cost, dict) else {"vp": int(cost or 0)}
    cost["vp"] = int(cost.get("vp", 0) or 0) + increase(engine, obj, PLAY_INCREASE)
    return [{"hk_cost": cost}] if any(cost.values()) else []


def use_costs(engine, player, obj, ability, action) -> list[dict]:
    """An ability needing activation (its cost turns the card passive: ``activate``) costs what cards in
    play add to it."""
    if not any("activate" in step for step in ability.get("cost") or []):
        return []
    extra = increase(engine, obj, ACTIVATION_INCREASE)
    return [{"hk_cost": {"vp": extra}}] if extra else []


def register(game) -> None:
    game.steps.update({"hk_cost": pay_cost, "can:hk_cost": can_pay_cost})
