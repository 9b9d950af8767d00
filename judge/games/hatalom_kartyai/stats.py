"""Current values of a card: a creature's damage and hit points with erősödés tokens (8.2) and
level-ups (8.3.1), a skill's level (identical skills add up, 8.8)."""
from __future__ import annotations

from judge.engine.game import NOT_MINE

from .attached import attachments
from .card_types import CREATURES, GROWTH, keeps_type_rules, type_of


def levels(engine, obj) -> int:
    """A kalandozó's level (8.3.1): its level-ups -- attached szintlépés cards, szint tokens, and the levels
    it gains "egyéb módon" from a continuous effect (``modify: {szint: N}``), read as ``it.szint``."""
    if not engine.on("level_up_bonus"):
        return 0
    return engine.obj_attr(obj, "szint")


def _total_level(engine, obj, given) -> int:
    """``given``: the level continuous modifiers give (0 with none: an adventurer is level 0 on its own);
    plus the attached szintlépés cards and szint tokens."""
    if not engine.on("level_up_bonus"):
        return 0
    n = sum(1 for a in attachments(engine, obj) if type_of(engine, a) == "szintlépés") + obj.counters.get("szint", 0)
    # the floor (GameModule.floor_zero) on the whole level, not on the modifiers' part (floor_at_read)
    n = max(0, n + (given if isinstance(given, int) else 0))
    if n:
        engine.fire("level_up_bonus")
    return n


def stat_bonus(engine, obj, t: str) -> int:
    """The bonuses the rules of its type ``t`` (the type it has in play: an effect may set it) give ``obj``:
    a kalandozó's levels (8.3.1), a galetki's erősödés tokens (8.2)."""
    if not keeps_type_rules(engine, obj):  # the level and growth bonuses are type rules (8.3.1, 8.2)
        return 0
    bonus = 0
    if t == "kalandozó":
        bonus += levels(engine, obj)
    tokens = obj.counters.get(GROWTH, 0)
    if tokens and t == "galetki" and engine.on("growth_token_bonus"):
        engine.fire("growth_token_bonus")
        bonus += tokens
    return bonus


def skill_level(engine, obj) -> int:
    if not engine.on("skills_add_up"):
        return 1
    # adding up is the skill type's rule (8.8.1), not a special ability: a skill whose abilities are
    # switched off still adds up (8.0.1; keeps_type_rules is True for every other skill)
    if not keeps_type_rules(engine, obj):
        return 1
    same = [o for o in engine.in_play() if o.card.name == obj.card.name and o.controller == obj.controller
            and type_of(engine, o) == "szakértelem" and keeps_type_rules(engine, o)]
    if len(same) > 1:
        engine.fire("skills_add_up")
    return max(1, len(same))


#: a creature's printed stat names and the names of its current values: both read the current value
STATS = {"dmg": "sebzes", "hp": "ep"}


def adjust_attr(engine, obj, name: str, value):
    """A creature's damage and hit points read under their printed names (``it.sebzes``, ``it.ep``, as
    cards.yaml names the stats) are its current values too: with the bonuses of its erősödés tokens and
    levels (8.2.1, 8.2.2, 8.3.1), which no continuous modifier carries (``dmg`` / ``hp`` are the same),
    floored at 0 on the whole."""
    if name in ("sebzes", "ep") and isinstance(value, int):
        t = type_of(engine, obj) if engine.is_in_play(obj) else None
        if t in CREATURES:
            value += stat_bonus(engine, obj, t)
        # no number below 0 (GameModule.floor_zero), floored here on the whole -- printed value, modifiers,
        # levels and tokens (floor_at_read): 1 + 2 levels - 1 - 1 is 1, not 0 + 2
        return max(0, value)
    elif name == "szint" and type_of(engine, obj) == "kalandozó":
        # a kalandozó's level read anywhere (``it.szint``, a "2. szinttől" condition, its +1/+1): the
        # level continuous modifiers give it (the view's ``szint``; obj_attr's 0 with none) plus its
        # level-up cards and tokens (8.3.1 "szintlépés kártyák tehetők rájuk, illetve egyéb módon")
        return _total_level(engine, obj, value)
    return value


def obj_attr(engine, obj, name: str):
    if name in STATS:
        t = type_of(engine, obj)  # in play: as effects make it; elsewhere printed
        if t in CREATURES:
            stat = STATS[name]
            chars = engine.characteristics().get(obj.oid) if engine.is_in_play(obj) else None
            base = (chars or obj.card.stats).get(stat, 0) or 0
            return max(0, base + stat_bonus(engine, obj, t))
    if name == "szint":
        t = type_of(engine, obj)
        if t == "kalandozó":
            return 0  # no modifier gives it a level: adjust_attr adds its level-ups (8.3.1)
        if t == "szakértelem":
            return skill_level(engine, obj)
    if name == "passive":
        return obj.exhausted
    if name == "active":
        return not obj.exhausted
    return NOT_MINE
