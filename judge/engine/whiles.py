"""'While' conditions of continuous modifiers (e.g. Huntik 708.3a), and the names a definite modifier
keeps from the power that created it.

A condition that reads ``it`` -- the card the modifier affects: 'target hero gets +2 DEF while it is in
zone 1', 'heroes you control get +1 DEF while they are ready' -- is checked for each card the modifier
reaches, with ``it`` that card; any other condition is checked once for the modifier
(characteristics.py ``_mod_targets``: the cost of those stays what it was). A definite modifier keeps the
cards its power named (its targets, remembered cards), so that its condition, reach and amounts may read
them; each is read as it is now: a card that changed zones since is a new object, so the kept one is gone
(it reads as a card with no characteristics, and is no longer "it")."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from judge.engine import expr
from judge.engine.context import Ctx, Gone
from judge.engine.state import Effect, Obj

#: expression functions whose first argument is evaluated with ``it`` bound to each object they look at
#: (context.py: count, any): an ``it`` there is not the card the modifier affects
_REBINDS_IT = ("count", "any")


@lru_cache(maxsize=1024)
def reads_it(text: Any) -> bool:
    """Does the condition ``text`` read ``it`` itself (not only inside count(...) / any(...))?"""
    return isinstance(text, str) and _reads_it(expr.parse(text))


def _reads_it(node: expr.Node) -> bool:
    if node.op == "name":
        return node.value == "it"
    args = node.args[1:] if node.op == "call" and node.value in _REBINDS_IT else node.args
    return any(isinstance(a, expr.Node) and _reads_it(a) for a in args)


def each(eng, m: dict, objs: list[Obj], view: dict, first: bool) -> list[Obj]:
    """The cards of ``objs`` that modifier ``m`` reaches (its locked cards, or those its description
    fits) and for which its 'while' condition, read with ``it`` the card, is true in ``view``; with
    ``first``, at most the first of them. A card the condition leaves out traces the rule. Asked too
    for a condition that does not read ``it`` and is false: it reaches none."""
    data = m["data"]
    if not reads_it(data["while"]):
        eng.fire("while_condition")
        return []
    reach = reach_of(eng, m, objs, view)
    if not reach:
        return reach
    b = eng.bindings_for(m["src"], m["controller"], m["bindings"])
    b["it"] = None
    ctx = Ctx(eng, b, view)  # one context whose "it" is rebound for each card, as _mod_targets does
    run = expr.compiled(data["while"])
    out = []
    for o in reach:
        b["it"] = o
        if run(ctx):
            out.append(o)
            if first:
                break
        else:
            eng.fire("while_condition")
    return out


def reach_of(eng, m: dict, objs: list[Obj], view: dict) -> list[Obj]:
    """The cards of ``objs`` that modifier ``m`` reaches whatever its 'while' condition says: its locked
    cards, or those its description fits (what a group modifier's reach as it was created is compared
    with: a condition false for a card leaves the group as it was)."""
    data = m["data"]
    if "while" not in data:
        return eng._mod_targets(m, objs, view)
    return eng._mod_targets({**m, "data": {k: v for k, v in data.items() if k != "while"}}, objs, view)


def _card_value(v: Any) -> bool:
    return isinstance(v, (Obj, Gone)) or (isinstance(v, list) and bool(v) and all(isinstance(x, Obj) for x in v))


def kept(b: dict) -> tuple[dict, tuple[str, ...]]:
    """(the bindings a definite modifier keeps from its power's ``b``, the names among them bound to
    cards). Kept: the players, X, text values (chosen zones), numbers and cards (targets, remembered
    cards); not the source (bound again as the modifier is read), ``it`` (the card the modifier affects),
    nor what only the power's resolution uses (names starting with "_", the event)."""
    out, cards = {}, []
    for k, v in b.items():
        if k in ("you", "opponent", "x"):
            out[k] = v
        elif k.startswith("_") or k in ("this", "me", "it", "event"):
            continue
        elif isinstance(v, (str, int, float)):
            out[k] = v
        elif _card_value(v):
            out[k] = v
            cards.append(k)
    return out, tuple(cards)


def live(eng, eff: Effect) -> dict:
    """``eff``'s bindings with each card it keeps as it is now: gone once it changed zones (a new
    object) or left the game; a list keeps the cards still there."""
    names = eff.started.get("cards")
    if not names:
        return eff.bindings
    objects = eng.state.objects
    out = dict(eff.bindings)
    for k in names:
        v = out[k]
        if isinstance(v, Obj):
            out[k] = v if objects.get(v.oid) is v else Gone(v.label)
        elif isinstance(v, list):
            out[k] = [o for o in v if objects.get(o.oid) is o]
    return out
