"""What an always-on modifier reads of the game state (the core mechanic indefinite_current_state: 'an
always-on modifier uses the current game state'; off: 'the state from when its source entered play'),
for its amounts and for the cards it reaches. Functions of the Engine (``eng``: the CharacteristicsMixin
working out a view); first values live in ``eng._first_values`` (taken back with a view found wrong,
blanking.py), what the switched-off mechanic keeps in ``eng._frozen``."""
from __future__ import annotations

from typing import Any

from judge.engine.state import Obj


def reach_kept(eng, m: dict, objs: list[Obj], view: dict) -> list[Obj]:
    """indefinite_current_state off: the cards of ``objs`` an always-on modifier reaches are those it
    reached as it was first worked out (its source entering play) -- 'friendly' read with the controller
    its source had then, a card entering play later not reached -- found among all the cards of ``view``
    (``objs`` may be one card of a loop)."""
    key = ("reach", m["key"])
    kept = eng._frozen.get(key)
    if kept is None:
        every = [o for oid in view if (o := eng.state.objects.get(oid)) is not None]
        kept = eng._frozen[key] = frozenset(o.oid for o in eng._mod_targets(m, every, view))
    return [o for o in objs if o.oid in kept]


def reach_seen(eng, m: dict, done: list, view: dict) -> None:
    """Record the rule when an always-on modifier now reaches other cards than those of its first reach
    still there (a card that entered play, one whose controller changed; not one that left): the current
    game state decided. ``done``: what it did to the cards of ``view``, the view being made."""
    reach = frozenset(oid for oid, _stat, _value in done)
    first = eng._first_values.setdefault(("reach", m["key"]), reach)
    if first != reach and first.intersection(view) != reach and eng.on("indefinite_current_state"):
        eng.fire("indefinite_current_state")


def value_changed(eng, m: dict, o: Obj, stat: str, value: Any) -> bool:
    """True when an always-on modifier's value differs from the first value it had: the current game
    state is what it uses (rule: indefinite modifiers)."""
    key = (m["key"], o.oid, stat)
    first = eng._first_values.setdefault(key, value)
    return first != value
