"""Costs paid in cards and Force: 'Discard a card' (from your hand), paying Force."""
from __future__ import annotations


def _own_cards_out_of_play(eng, player) -> list:
    zones = ("hand",) if eng.on("discard_from_hand") else ("hand", "build")
    return [o for z in zones for o in eng.zone_objs(player, z)]


def can_discard_card(eng, st, b) -> bool:
    return len(eng.zone_objs(b["you"], "hand")) >= int(eng.eval(st["discard_card"], b))


def step_discard_card(eng, st, b) -> bool:
    """{discard_card: N}: discard N of your cards -- from your hand."""
    player = b["you"]
    n = int(eng.eval(st["discard_card"], b))
    for _ in range(n):
        pool = [o.label for z in ("hand", "build") for o in eng.zone_objs(player, z)]
        allowed = {o.label for o in _own_cards_out_of_play(eng, player)}

        def check(v):
            if v not in allowed:
                eng.fire("discard_from_hand")
                return f"{v} is not in your hand: a discarded card must come from your hand"
            return None

        pick = eng.decide_checked(player, "pick", pool, "a card to discard", check)
        eng.move(eng.obj(pick), "discard", cause="discard")
    return True


def can_pay_force(eng, st, b) -> bool:
    return eng.state.player_data.get(b["you"], {}).get("force", 0) >= int(eng.eval(st["pay_force"], b))


def step_pay_force(eng, st, b) -> bool:
    data = eng.state.player_data.setdefault(b["you"], {})
    n = int(eng.eval(st["pay_force"], b))
    if data.get("force", 0) < n:
        eng.fail(f"{b['you']} cannot pay {n} Force")
    data["force"] -= n
    eng.log("force_paid", player=b["you"], amount=n)
    return True


def register(game) -> None:
    game.steps.update({"discard_card": step_discard_card, "can:discard_card": can_discard_card,
                       "pay_force": step_pay_force, "can:pay_force": can_pay_force})
