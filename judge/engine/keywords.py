"""Keywords with values ("Counterstrike 2", "Toughness +1", "Evade 1"): the one parser.

A keyword is a text: its words are the keyword's name (lowercased), its signed whole numbers
its values. Several instances of one keyword may be on a card (printed and granted).
"""
from __future__ import annotations

from typing import Any


def _number(tok: str) -> int | None:
    body = tok[1:] if tok[:1] in "+-" else tok
    return int(tok) if body.isdigit() else None


def parse_keyword(kw: Any) -> tuple[str, list[int]]:
    """"Counterstrike 2" -> ("counterstrike", [2]); "Unblockable" -> ("unblockable", [])."""
    words, values = [], []
    for tok in str(kw).split():
        n = _number(tok)
        if n is None:
            words.append(tok.lower())
        else:
            values.append(n)
    return " ".join(words), values


def valued_keyword(kw: Any) -> bool:
    """True for a "Keyword N" (its last word a number): instances of it add up, so granting it to
    a card that already has it still counts."""
    parts = str(kw).split()
    return len(parts) > 1 and _number(parts[-1]) is not None


def keyword_values(eng: Any, obj: Any, name: str) -> list[list[int]]:
    """The values of every instance of keyword ``name`` (lowercase) on ``obj``, printed and
    granted (``[[2], [1]]`` for "Raider 2" + "Raider 1"; ``[[]]`` for a keyword without a number)."""
    return [vals for n, vals in map(parse_keyword, eng.obj_attr(obj, "keywords") or []) if n == name]


def keyword_total(eng: Any, obj: Any, name: str) -> int:
    """Sum over the instances of ``name`` of its first value (1 for an instance without one);
    0 when the card lacks it."""
    return sum(v[0] if v else 1 for v in keyword_values(eng, obj, name))
