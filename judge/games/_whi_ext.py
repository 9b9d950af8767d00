"""Warhammer: Invasion mechanics modules beyond the core game module.

Each module named in ``warhammer_invasion.EXTENSIONS`` is a plain module in this package; a name
without a module is skipped (so a mechanics area can be added or removed by one file). A module
may define any of these hooks (all optional), called by the game module in list order:

``bind(reg)``                      bind mechanic keys to rule ids (``reg.bind(key, *rule_ids, does=, off=)``)
``register(game)``                 add fixture actions / effect steps (``game.actions``, ``game.steps``)
``can_play(eng, player, obj, action) -> str | None``     a reason the card cannot be played
``can_use(eng, player, obj, ability, action) -> str | None``
``play_costs(eng, player, obj, action) -> list[dict]``  extra cost steps of playing a card
``use_costs(eng, player, obj, ability, action) -> list[dict]``
``obj_attr(eng, obj, name)``       an attribute's base value, or ``NOT_MINE``
``adjust_attr(eng, obj, name, value)``  last word on an attribute after continuous effects
``observe(eng, events)``           see every batch of events
``keep_pending(eng, pending) -> bool``  False drops a pending trigger
``state_checks(eng) -> bool``      True when it changed the state
``begin_phase(eng, phase)``        a phase (or ``turn``) begins
``resolve_played_card(eng, item, obj)``
``text_blank(eng, obj) -> bool``   True while the card's text box is treated as blank
``replacement_candidates(eng, candidates, events) -> list``  the replacement effects that may apply to a batch
``can_target(eng, spec, obj, bindings) -> bool``  False when game rules forbid ``obj`` as that target
``cost_reductions(eng, player, obj, action) -> list[int]``  amounts lowering the printed cost of a card being played
"""
from __future__ import annotations

import functools
import importlib
from types import ModuleType
from typing import Any


def load(names: tuple[str, ...]) -> tuple[ModuleType, ...]:
    mods = []
    for name in names:
        full = f"judge.games.{name}"
        try:
            mods.append(importlib.import_module(full))
        except ModuleNotFoundError as exc:
            if exc.name != full:  # a real missing dependency inside the module
                raise
    return tuple(mods)


@functools.lru_cache(maxsize=None)
def hooks(mods: tuple, hook: str) -> tuple:
    """The ``hook`` functions of ``mods``, in order (looked up once: hooks run on every attribute read)."""
    return tuple(getattr(mod, hook) for mod in mods if hasattr(mod, hook))


def each(mods, hook: str, *args) -> None:
    for fn in hooks(mods, hook):
        fn(*args)


def first(mods, hook: str, default: Any, *args) -> Any:
    """The first answer that is not ``default``."""
    for fn in hooks(mods, hook):
        got = fn(*args)
        if got is not default:
            return got
    return default


def collect(mods, hook: str, *args) -> list:
    out: list = []
    for fn in hooks(mods, hook):
        out.extend(fn(*args) or [])
    return out
