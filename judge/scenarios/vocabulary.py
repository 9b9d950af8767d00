"""What a scenario's expectations may name, for the scenario schema: the event kinds a game's replay
can log, and the player attributes something in the game can give a value.

An expectation about an event kind that no replay ever logs holds or fails whatever the engine
does: ``{no_event: ambushd}`` (a misspelling of ``ambushed``) always holds, and so did an old
scenario's ``{no_event: additional_phase_refused}`` once the engine stopped logging that kind.
The schema refuses both.

An event kind is always spelled out, quoted, in the code that logs it: the first argument of
``eng.log``, the type of an event the core logs as it performs it, or a literal handed on to one of
those (Warhammer's combat declarations pass theirs to one helper). Card text cannot make a
new kind: its steps log through the same code. So the kinds a game can log are among the quoted
words of the core engine's, the scenario runner's and the game package's source files. That is a
superset (it holds every quoted word, not only event kinds), so it never refuses a real kind; what
it catches is a kind nothing spells. ``tests/engine/test_vocabulary.py`` replays every bundled
scenario and checks that each kind logged is in the set (no kind is ever built from pieces).

A player attribute the engine does not know reads 0 (``player_attr``), so ``{player: B, resouces: 0}``
held too. A player's attributes are the game's player fields, what its code reads or writes for a
player (quoted in it), what a card's text writes (``player_counter: cards_revealed``,
``player_modify: {extra_major_heroes: 1}``: any word of its abilities) and the counters the scenario's
state gives the player.
"""
from __future__ import annotations

import difflib
import inspect
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

_QUOTED = re.compile(r"""["']([a-z][a-z0-9_]*)["']""")
_WORD = re.compile(r"[a-z][a-z0-9_]*")
_HERE = Path(__file__).resolve()
_JUDGE = _HERE.parent.parent


@lru_cache(maxsize=16)
def _spelled(folders: tuple[Path, ...]) -> frozenset[str]:
    words: set[str] = set()
    for folder in folders:
        for path in sorted(folder.rglob("*.py")):
            if path == _HERE:  # this module's own quoted words name no event
                continue
            words.update(_QUOTED.findall(path.read_text(encoding="utf-8")))
    return frozenset(words)


def loggable(module: object) -> frozenset[str]:
    """Every word that may name an event kind in a replay of ``module``'s game (see the module doc)."""
    package = Path(inspect.getfile(type(module))).resolve().parent
    return _spelled((_JUDGE / "engine", _JUDGE / "scenarios", package))


def unknown_kind(kind: str, module: object) -> str | None:
    """Why no replay of the game can log ``kind``, with the nearest kinds it can; None if one can."""
    words = loggable(module)
    if kind in words:
        return None
    near = difflib.get_close_matches(kind, sorted(words), n=3, cutoff=0.75)
    hint = f" (did you mean {' or '.join(repr(n) for n in near)}?)" if near else ""
    return (f"no {getattr(module, 'id', 'game')} replay logs an event {kind!r}: nothing in the engine or "
            f"the game's code spells that kind{hint}")


def _card_words(node: Any, out: set[str]) -> None:
    if isinstance(node, dict):
        for k, v in node.items():
            _card_words(k, out)
            _card_words(v, out)
    elif isinstance(node, (list, tuple)):
        for v in node:
            _card_words(v, out)
    elif isinstance(node, str) and _WORD.fullmatch(node):
        out.add(node)


def unknown_player_attr(name: str, module: Any, pool: Any, state: dict) -> str | None:
    """Why nothing in this scenario's game can give a player attribute ``name`` a value (it would
    read 0 whatever happens), with the nearest known ones; None if something can."""
    if name in module.player_fields or name in loggable(module) or name.startswith("count_"):
        return None
    if any(name in ((state.get(p) or {}).get("counters") or {}) for p in module.players):
        return None
    words: set[str] = set()
    for versions in pool.versions.values():
        for card in versions.values():
            for ab in card.abilities:
                _card_words(ab.data, words)
    if name in words:
        return None
    near = difflib.get_close_matches(name, [*module.player_fields, *sorted(words)], n=3, cutoff=0.75)
    hint = f" (did you mean {' or '.join(repr(n) for n in near)}?)" if near else ""
    return (f"no player attribute {name!r} in {module.id}: not a player field "
            f"({', '.join(module.player_fields) or 'none'}), nor read or written by the game's code or a "
            f"card's text, nor a counter the state gives; it would read 0 whatever happens{hint}")
