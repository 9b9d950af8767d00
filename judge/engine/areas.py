"""Modifiers that affect cards in areas other than play (core mechanic ``modifiers_affect_play_only``;
Huntik 706.4: "Some modifiers affect cards in areas other than play. Such modifiers specify what areas
they affect cards in. Unless a modifier specifies that it affects cards in another area, or unless it can
only function by doing so, modifiers only affect cards in play.").

A modifier specifies an area when the description of the cards it affects (its ``applies_to``) names it:
"heroes in your hand get +2 ATK" is ``it.zone == 'hand' and ...`` (or ``it.zone in ['hand', ...]``). It
then affects the cards there its description fits, as well as the cards in play it fits; a card outside
play in an area it does not name it never affects. Functions of the Engine (``eng``: the
CharacteristicsMixin working out a view); the cards outside play a view includes are ``eng._outside``."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from judge.engine import expr
from judge.engine.cards import MODIFIER_FIELDS
from judge.engine.state import Obj



@lru_cache(maxsize=1024)
def named(text: Any) -> frozenset[str]:
    """The areas a description names for the card it affects: the texts ``it.zone`` is said to equal
    (``it.zone == 'hand'``, ``'hand' == it.zone``) or to be among (``it.zone in ['hand', 'discard']``).
    A comparison that leaves an area out (``!=``, ``not in``) names none."""
    if not isinstance(text, str):
        return frozenset()
    return frozenset(_named(expr.parse(text)))


def _is_it_zone(node: Any) -> bool:
    return (isinstance(node, expr.Node) and node.op == "attr" and node.value == "zone"
            and isinstance(node.args[0], expr.Node) and node.args[0].op == "name" and node.args[0].value == "it")


def _texts(node: Any) -> list[str]:
    """The text constants of ``node``: one, or the items of a list."""
    if not isinstance(node, expr.Node):
        return []
    if node.op == "const":
        return [node.value] if isinstance(node.value, str) else []
    if node.op == "list":
        return [t for a in node.args for t in _texts(a)]
    return []


def _named(node: expr.Node) -> list[str]:
    if node.op == "not":  # 'not in your hand' does not name the hand as an area it affects cards in
        return []
    if node.op == "==" and len(node.args) == 2:
        left, right = node.args
        if _is_it_zone(left):
            return _texts(right)
        if _is_it_zone(right):
            return _texts(left)
    if node.op == "in" and len(node.args) == 2 and _is_it_zone(node.args[0]):
        return _texts(node.args[1])
    if node.op == "call" and node.value in ("count", "any"):  # there ``it`` is each counted card
        return []
    return [t for a in node.args if isinstance(a, expr.Node) for t in _named(a)]


def areas_of(eng, data: dict) -> frozenset[str]:
    """The areas other than play a modifier's description names (its ``zone:`` is folded in, step_modify)."""
    return named(data.get("applies_to")) - frozenset(eng.game.play_zones)


def reachable(eng, data: dict) -> list[Obj]:
    """The cards a modifier being created may affect: those in play and those in the areas it names
    (for the cards a group modifier affects as it is created, or flags)."""
    areas = areas_of(eng, data) if eng.on("modifiers_affect_play_only") else frozenset()
    return eng.in_play() + ([o for o in eng.state.objects.values() if o.zone in areas] if areas else [])


def named_now(eng) -> frozenset[str]:
    """The areas other than play that the modifiers which may be in force name: those of the definite
    modifiers, and of every always-on ability (a superset: a reader asks for a card's characteristics
    only where one may reach it; the view says whether one does). Kept for the state's version."""
    kept = eng._areas_named
    if kept is not None and kept[0] == eng.state.version:
        return kept[1]
    areas: set[str] = set()
    for eff in eng.state.effects:
        if eff.kind == "modifier":
            areas |= named(eff.data.get("applies_to"))
    for o in eng.objects_with("continuous"):
        for ab in o.card.continuous:
            if any(ab.data.get(k) for k in MODIFIER_FIELDS):
                areas |= named(ab.data.get("applies_to"))
    got = frozenset(areas) - frozenset(eng.game.play_zones)
    eng._areas_named = (eng.state.version, got)
    return got


def may_reach(eng, obj: Obj) -> bool:
    """Can a modifier affect ``obj``, a card outside play? Every card, mechanic off; on, one in an area
    a modifier that may be in force names (the characteristics worked out say whether one does)."""
    return not eng.on("modifiers_affect_play_only") or obj.zone in named_now(eng)


def outside_cards(eng, mods: list[dict]) -> list[Obj]:
    """The cards outside play in the areas the modifiers in force name, which the view being worked out
    includes (kept as ``eng._outside``); none with the mechanic off: the view has every card already."""
    areas = frozenset().union(*(areas_of(eng, m["data"]) for m in mods)) if mods else frozenset()
    got = [o for o in eng.state.objects.values() if o.zone in areas] if areas and eng.on(
        "modifiers_affect_play_only") else []
    eng._outside = frozenset(o.oid for o in got)
    return got


def left_out(eng) -> list[Obj]:
    """The cards outside play (not on the stack), where the game binds the mechanic and it is on: a
    modifier whose description fits one of them outside the areas it names (``kept_from``) is kept from
    it (traced) -- also a card in an area another modifier names."""
    if "modifiers_affect_play_only" not in eng._mechanics or not eng.on("modifiers_affect_play_only"):
        return []
    play = eng.game.play_zones
    return [o for o in eng.state.objects.values() if o.zone not in play and o.zone != "stack"]


def kept_from(eng, m: dict, outside: list[Obj]) -> list[Obj]:
    """The cards of ``outside`` (left_out) that modifier ``m`` does not reach: those outside the areas it names."""
    areas = areas_of(eng, m["data"])
    return [o for o in outside if o.zone not in areas] if areas else outside


def within_reach(eng, m: dict, objs: list[Obj]) -> list[Obj]:
    """The cards of ``objs`` modifier ``m`` may affect: a card outside play only in an area it names."""
    areas = areas_of(eng, m["data"])
    outside = eng._outside
    return [o for o in objs if o.oid not in outside or o.zone in areas]


def trace(eng, mods: list[dict], view: dict) -> None:
    """Record the rule where a modifier affects a card outside play because it names that card's area."""
    if not eng._outside:
        return
    outside = [o for o in eng.state.objects.values() if o.oid in eng._outside]
    if any(m["data"].get("applies_to") and eng._mod_targets(m, outside, view, first=True)
           for m in mods if "loop" not in m):
        eng.fire("modifiers_affect_play_only")
