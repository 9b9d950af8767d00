"""Which cards have activated abilities (keyword:activated-abilities, its last clause): "Battle cards
also use the arrow symbol. This doesn't make them activated abilities, because only units (Space,
Ground, and Character) can have activated abilities" (activated_units_only).

An arrow ability of a card of another type -- a Battle card that stays on a unit, as Han Enchained
does -- is not an activated ability: it can't be used (``can_use``), nor offered in a chance to reroll
dice or prevent damage (timing.chance_plays asks ``has_activated_abilities``). A Battle card is played
from the hand, its arrow's cost the cost of playing it. "Character" is the card type: a Pilot on a unit
(which isn't a unit, piloting-units-1) keeps its abilities (piloting-units-7 says which still apply)."""
from __future__ import annotations

from .pilots import ARENAS

#: the card types of units, named as the arenas they are put into: Space, Ground and Character
UNIT_TYPES = ARENAS


def has_activated_abilities(eng, obj) -> bool:
    """Can ``obj``'s arrow abilities be activated abilities? Only a unit's (its card type); switched off,
    any card's. Traced where it refuses one that has such an ability."""
    if eng.obj_attr(obj, "type") in UNIT_TYPES or not eng.on("activated_units_only"):
        return True
    if any(a.kind == "action" for a in obj.card.abilities):
        eng.fire("activated_units_only")
    return False


def can_use(engine, player, obj, ability, action) -> str | None:
    if not has_activated_abilities(engine, obj):
        return (f"{obj.label} is a {engine.obj_attr(obj, 'type')} card: only units (Space, Ground and "
                "Character) can have activated abilities, whatever arrow it is printed with")
    return None
