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


def play_costs(engine, player, obj, action) -> list[dict]:
    cost = obj.card.cost
    if not cost:
        return []
    return [{"hk_cost": cost if isinstance(cost, dict) else {"vp": int(cost)}}]


def register(game) -> None:
    game.steps.update({"hk_cost": pay_cost, "can:hk_cost": can_pay_cost})
