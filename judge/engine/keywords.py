"""Keywords with values ("Counterstrike 2", "Toughness +1", "Evade 1"): the one parser.

A keyword is a text: its words are the keyword's name (lowercased), its signed whole numbers
its values. Several instances of one keyword may be on a card (printed and granted). An activated
keyword may carry its cost in front of an arrow, as printed: "Pay 1 Force -> Evade 3" is the
keyword Evade 3 with the cost "Pay 1 Force" (``keyword_costs``; the game decides what a cost means).
"""
from __future__ import annotations

from typing import Any


def _number(tok: str) -> int | None:
    body = tok[1:] if tok[:1] in "+-" else tok
    return int(tok) if body.isdigit() else None


ARROW = "->"


def split_cost(kw: Any) -> tuple[str | None, str]:
    """"Pay 1 Force -> Evade 3" -> ("Pay 1 Force", "Evade 3"); a keyword without a cost -> (None, kw)."""
    text = str(kw)
    if ARROW in text:
        cost, _, rest = text.partition(ARROW)
        return cost.strip(), rest.strip()
    return None, text


def parse_keyword(kw: Any) -> tuple[str, list[int]]:
    """"Counterstrike 2" -> ("counterstrike", [2]); "Unblockable" -> ("unblockable", []);
    "Pay 1 Force -> Evade 3" -> ("evade", [3]) (the cost is read by ``keyword_costs``)."""
    words, values = [], []
    for tok in split_cost(kw)[1].split():
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


def keyword_costs(eng: Any, obj: Any, name: str) -> list[tuple[list[int], str | None]]:
    """Each instance of keyword ``name`` on ``obj`` with its cost text (None when it has none):
    ``[([3], "Pay 1 Force")]`` for "Pay 1 Force -> Evade 3"."""
    out = []
    for kw in eng.obj_attr(obj, "keywords") or []:
        n, vals = parse_keyword(kw)
        if n == name:
            out.append((vals, split_cost(kw)[0]))
    return out


def keyword_total(eng: Any, obj: Any, name: str) -> int:
    """Sum over the instances of ``name`` of its first value (1 for an instance without one);
    0 when the card lacks it."""
    return sum(v[0] if v else 1 for v in keyword_values(eng, obj, name))
