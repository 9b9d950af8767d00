"""Vs. System vocabulary: areas and rows of the in-play zone, the flags cards carry, a card's
names and keywords."""
from __future__ import annotations


AREAS = ("visible", "hidden")
ROWS = ("front", "support")
CAN_ATTACK_HIDDEN = "can attack hidden characters"
#: flag of a KO'd-pile card that may be recruited as though it were in its owner's hand
RECRUIT_FROM_KOD = "recruit from kod"
#: flag of a character that cannot be the target of plot twist, payment or triggered effects this turn
UNTARGETABLE = "untargetable"


def note_flag_turn(eng, obj, flag: str, source=None) -> None:
    """Write down the turn in which a card was given a flag that lasts 'this turn', and the card whose
    effect gave it (``source``: a refusal by the flag names that card, Engine.flag_source)."""
    obj.memory.setdefault("flag_turn", {})[flag] = eng.state.vars.get("turn")
    eng.note_flag_source(obj, flag, source)


def flag_turn(obj, flag: str) -> int | None:
    """The turn in which the card was given ``flag`` (None: not written down)."""
    return (obj.memory.get("flag_turn") or {}).get(flag)


def card_names(obj) -> list[str]:
    """A card's names: "Scarlet Spider <> Spider-Man" has both."""
    return [n.strip() for n in obj.card.name.split("<>")]


def has_keyword(eng, obj, keyword: str) -> bool:
    return keyword in (eng.obj_attr(obj, "keywords") or [])


def named(eng, obj, name) -> bool:
    return obj is not None and hasattr(obj, "card") and name in card_names(obj)


def register(game) -> None:
    game.functions["named"] = named
