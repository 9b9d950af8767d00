"""Fights in the combat phase: simultaneous damage; the survivor may take a kf item (8.7.2)."""
from __future__ import annotations

from .attached import attachments, can_host
from .card_types import is_kf_item
from .timing import phase_serial


def _fights(engine) -> dict:
    """The fights of the current combat phase: {"phase": serial, "pairs": [[oid, oid], ...]}."""
    mem = engine.memory("hatalom-kartyai.fights", {"phase": None, "pairs": []})
    if mem["phase"] != phase_serial(engine):  # another phase began: its fights are over
        mem["phase"], mem["pairs"] = phase_serial(engine), []
    return mem


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
    # who takes a carrier's item is decided as the carrier leaves play (observe), during this fight or later
    # in the same combat phase
    _fights(engine)["pairs"].append([a.oid, d.oid])
    # simultaneous: both amounts are fixed first, and no state check runs between the two
    engine.deal_damage(d, {a.oid: to_a}, combat=True)
    engine.deal_damage(a, {d.oid: to_d}, combat=True)


def observe(engine, events) -> None:
    """8.7.2: a creature carrying items that fought another creature leaves play in the combat phase while
    that creature stays: the survivor's gazda may move each kf item onto it, if it can carry it, and
    becomes the item's owner. Whatever takes the carrier out of play (the fight's damage, a spell, a
    return to hand); not in another phase, nor for a carrier that did not fight."""
    if engine.state.vars.get("phase") != "combat":
        return
    pairs = _fights(engine)["pairs"]
    for ev in events:
        if ev.get("type") != "zone_change" or not ev.get("leaves_play"):
            continue
        gone = ev["obj"].oid
        # the items still in play on it: their type and icons as effects make them
        items = [o for o in attachments(engine, ev["obj"]) if is_kf_item(o, engine)]
        foes = [engine.state.objects.get(b if a == gone else a) for a, b in pairs if gone in (a, b)]
        for item in items:
            for other in (f for f in foes if f is not None and engine.is_in_play(f)):
                if engine.on("kf_item_capture") and can_host(engine, other, item) and \
                        engine.decide(other.controller, "yesno", ["yes", "no"], f"whether to take {item.label}"):
                    _take(engine, item, other)
                    break


def _take(engine, item, other) -> None:
    engine.fire("kf_item_capture")
    item.attached_to = other.oid
    item.owner = other.controller
    if item.controller != other.controller:
        engine.step_gain_control({"gain_control": [item]}, {"you": other.controller})
    else:  # its gazda already (his own item on the fallen foe): it only goes over to his side, no gazda changes
        engine.place(item, side=other.controller)
        engine.touch()
    engine.log("item_taken", card=item.label, to=other.label, owner=other.controller)


def register(game) -> None:
    game.actions["fight"] = fight
