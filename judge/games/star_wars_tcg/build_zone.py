"""Cards in the build zone: a partially built card's abilities can't be used until it is deployed
(ruling abilities-1); a card there uses no abilities otherwise."""
from __future__ import annotations


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
