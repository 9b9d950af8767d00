"""Cards in the build zone: a partially built card's abilities can't be used until it is deployed
(ruling abilities-1); a card there uses no abilities otherwise."""
from __future__ import annotations


def powers_barred_by(eng, obj):
    """abilities-1, "You can't use the abilities of partially built cards": what keeps a partially built
    card's triggered and always-on abilities from working in the build zone (off, they work there, as
    its activated abilities and Upkeep do: use_action, upkeep.py)."""
    if obj.zone == "build" and "partial" in obj.flags:
        return "no_abilities_partially_built"
    return None


def use_action(eng, player, obj, action):
    if obj.zone != "build":
        return None
    if "partial" in obj.flags:
        if eng.applies("no_abilities_partially_built"):
            eng.fail(f"{obj.label} is partially built: deploy it before using its abilities")
        abilities = [a for a in obj.card.abilities if a.kind == "action"]
        if abilities and obj.controller == player:
            return eng.announce(player, obj, abilities[0], action, card=False)
    eng.fail(f"{obj.label} is not in an arena")
