"""Event kinds a trigger or a replacement may name (``on: {event: X}``, ``replaces: {event: X}``).

An event kind the engine never produces is a trigger that silently never triggers: almost always a typo
("phase_began" for "phase_begins"). The kinds are not listed in one place -- the core and each game log
and emit them where they happen -- so the names a game *can* produce are read from its Python: every
identifier-like string literal of the core (judge/engine) and of the game's package. That is a superset
(it holds other words too), so the check catches a name no code mentions, not every wrong one: a guard
against typos, with the closest known names in the message."""
from __future__ import annotations

import re
from difflib import get_close_matches
from functools import lru_cache
from pathlib import Path
from typing import Any

from judge.engine.yamlload import line_of
from judge.errors import BadInputError

_ENGINE = Path(__file__).resolve().parent
_GAMES = _ENGINE.parent / "games"
_LITERAL = re.compile(r"[\"']([a-z][a-z0-9_]*)[\"']")


@lru_cache(maxsize=None)
def known_event_names(game: str) -> frozenset[str]:
    """Identifier-like string literals of the core and of ``game``'s package (its module or folder)."""
    package = _GAMES / game.replace("-", "_")
    files = [f for f in sorted(_ENGINE.glob("*.py")) if f.name != "event_names.py"]  # not this file's own words
    files += sorted(package.glob("*.py")) if package.is_dir() else [p for p in [package.with_suffix(".py")] if p.exists()]
    names: set[str] = set()
    for f in files:
        names.update(_LITERAL.findall(f.read_text(encoding="utf-8")))
    return frozenset(names)


def check_event_names(raw: Any, game: str, path: str, card: str) -> None:
    """Every ``on`` / ``replaces`` of a card's data (its abilities, the ones it creates or gives) names
    an event kind the engine or the game can produce; else BadInputError naming file and line."""
    known = known_event_names(game)
    for spec in _event_specs(raw):
        name = spec.get("event")
        if isinstance(name, str) and name not in known:
            close = get_close_matches(name, sorted(known), n=3)
            raise BadInputError(f"card {card!r}: the engine and {game} produce no event {name!r}, so this "
                                f"would never trigger" + (f"; did you mean {', '.join(close)}?" if close else ""),
                                path=path, line=line_of(spec))


def _event_specs(node: Any):
    if isinstance(node, dict):
        for key in ("on", "replaces"):
            if isinstance(node.get(key), dict):
                yield node[key]
        for value in node.values():
            yield from _event_specs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _event_specs(value)
