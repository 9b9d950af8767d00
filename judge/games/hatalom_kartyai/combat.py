"""Fights in the combat phase: simultaneous damage; the survivor may take a kf item (8.7.2)."""
from __future__ import annotations

from .attached import attachments, can_host
from .card_types import is_kf_item


def fight(engine, player, act) -> None:
    """{player: A, fight: [MINE, THEIRS]} -- two creatures fight in the combat phase: each deals
    its damage to the other at the same time."""
    a, d = (engine.obj(x) for x in act["fight"])
    if engine.state.vars.get("phase") != "combat":
        engine.fail("creatures fight in the combat phase")
    if a is None or d is None or not engine.is_in_play(a) or not engine.is_in_play(d):
        engine.fail("both fighting creatures must be in play")
    engine.log("fight", attacker=a.label, defender=d.label)
    to_a, to_d = engine.obj_attr(d, "dmg"), engine.obj_attr(a, "dmg")
    # simultaneous: both amounts are fixed first, and no state check runs between the two
    engine.deal_damage(d, {a.oid: to_a}, combat=True)
    engine.deal_damage(a, {d.oid: to_d}, combat=True)
    for dead, other in ((a, d), (d, a)):
        dead, other = engine.obj(dead.label), engine.obj(other.label)
        if not (dead.damage >= engine.obj_attr(dead, "hp") and other.damage < engine.obj_attr(other, "hp")):
            continue
        for item in [o for o in attachments(engine, dead) if is_kf_item(o)]:
            if not engine.on("kf_item_capture") or not can_host(engine, other, item):
                continue
            if engine.decide(other.controller, "yesno", ["yes", "no"], f"whether to take {item.label}"):
                engine.fire("kf_item_capture")
                item.attached_to = other.oid
                item.owner = other.controller
                engine.step_gain_control({"gain_control": [item]}, {"you": other.controller})
                engine.log("item_taken", card=item.label, to=other.label, owner=other.controller)


def register(game) -> None:
    game.actions["fight"] = fight
