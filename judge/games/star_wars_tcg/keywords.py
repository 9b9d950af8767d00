"""Keywords with values ("Lucky 2", "Overload 2 1", "Evade 1"): parsing and reading them,
stacked instances adding up (keyword_values_stack)."""
from __future__ import annotations

from judge.engine.game import NOT_MINE


def parse_keyword(kw: str) -> tuple[str, list[int]]:
    words, values = [], []
    for tok in str(kw).split():
        if tok.lstrip("-").isdigit():
            values.append(int(tok))
        else:
            words.append(tok.lower())
    return " ".join(words), values


def keyword_values(eng, obj, name: str) -> list[list[int]]:
    """Every instance of keyword ``name`` on obj (printed and granted), with its values."""
    out = []
    for kw in eng.obj_attr(obj, "keywords") or []:
        n, vals = parse_keyword(kw)
        if n == name:
            out.append(vals)
    return out


def keyword_value(eng, obj, name: str) -> int:
    """X of "Keyword X": instances add up (effects are cumulative) unless that is switched off."""
    vals = [v[0] if v else 1 for v in keyword_values(eng, obj, name)]
    if not vals:
        return 0
    if len(vals) > 1:
        if eng.applies("keyword_values_stack"):
            return sum(vals)
        return max(vals)
    return vals[0]


def keyword_instances(eng, obj, name: str) -> list[int]:
    """Each instance of an activated keyword (Evade 1 twice = two abilities, each usable once)."""
    vals = [v[0] if v else 1 for v in keyword_values(eng, obj, name)]
    if len(vals) > 1 and not eng.on("keyword_values_stack"):
        return [max(vals)]
    return vals


def has_keyword(eng, obj, name: str) -> bool:
    return bool(keyword_values(eng, obj, name))


STAT_KEYWORDS = ("lucky", "accuracy", "stun", "deflect", "evade", "retaliate", "critical hit")


def obj_attr(engine, obj, name: str):
    """``it.lucky``, ``it.evade`` ...: the keyword's value (0 without it)."""
    if name in STAT_KEYWORDS:
        return keyword_value(engine, obj, name)
    return NOT_MINE


def register(game) -> None:
    game.functions["keyword"] = lambda eng, obj, name: keyword_value(eng, obj, name) if hasattr(obj, "oid") else 0
