"""Vs. System vocabulary: areas and rows of the in-play zone, the flags cards carry, a card's
names and keywords."""
from __future__ import annotations

import re


AREAS = ("visible", "hidden")
ROWS = ("front", "support")
CAN_ATTACK_HIDDEN = "can attack hidden characters"
#: flag of a KO'd-pile card that may be recruited as though it were in its owner's hand
RECRUIT_FROM_KOD = "recruit from kod"
#: 'cannot be the target of plot twist, payment, or triggered effects': a restriction naming kinds of effect
_TARGET_RESTRICTION = re.compile(r"^cannot be the target of (.+) effects$")
#: what a power of each kind is called in 'X effects': a payment power (COST >>> EFFECT) or a triggered one
_POWER_KINDS = {"action": "payment", "trigger": "triggered"}


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


def effect_kinds(eng, bindings: dict) -> set[str]:
    """The kinds of effect a targeting power is, in the words of Vs. System's card text: its card's type
    ('plot twist effects', 'equipment effects' ...) and, for a power of a card, 'payment' (a COST >>> EFFECT
    power) or 'triggered'. Recruiting an equipment (302.3: it targets its character) is an equipment effect
    and neither payment nor triggered. A source that has left play ('When X is KO'd, ...') is still the
    card it was: its type is read from the card under its label wherever it went."""
    this = eng.card_of(bindings.get("this"))
    kinds = {this.card.type} if this is not None else set()
    power = _POWER_KINDS.get(bindings.get("_power"))
    return kinds | {power} if power else kinds


def target_restriction(eng, obj, bindings: dict) -> str | None:
    """The restriction of ``obj`` ('cannot be the target of plot twist, payment, or triggered effects',
    printed or granted) that keeps the effect these ``bindings`` belong to from targeting it, if any."""
    kinds = None
    for kw in eng.obj_attr(obj, "keywords") or ():
        m = _TARGET_RESTRICTION.match(kw) if isinstance(kw, str) else None
        if m is None:
            continue
        kinds = effect_kinds(eng, bindings) if kinds is None else kinds
        if kinds & {k.strip() for k in re.split(r",|\bor\b", m.group(1)) if k.strip()}:
            return kw
    return None


def has_keyword(eng, obj, keyword: str) -> bool:
    return keyword in (eng.obj_attr(obj, "keywords") or [])


def named(eng, obj, name) -> bool:
    return obj is not None and hasattr(obj, "card") and name in card_names(obj)


def register(game) -> None:
    game.functions["named"] = named
