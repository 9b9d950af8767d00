"""Event kinds a trigger or a replacement may name (``on: {event: X}``, ``replaces: {event: X}``).

An event kind the engine never emits is a trigger that silently never triggers: a typo ("phase_began"
for "phase_begins"), or a word the game only *logs* (Star Wars' "phase_ended" was written to the log
and never emitted, so "When the battle phase ends" loaded and never triggered). Only an emitted event
(``eng.emit``) is replaced and matched against triggers; ``eng.log`` only records. So the names accepted
are the kinds the core and the game's package emit, read from their Python:

* the type of an event written as a mapping, ``{"type": "phase_begins", ...}`` (or both words of
  ``"a" if c else "b"``);
* a word handed to the mapping through a name: ``{"type": kind}`` where ``kind`` is assigned a literal (or
  ``"a" if c else "b"``) in the same function, or is a parameter of it -- then the literal passed for it
  where the function is called (Warhammer's ``declare(eng, units, flag, "declared_defender", ..)``);
* the words a game's ``event_kinds`` hook returns (a kind an event also is: Warhammer's ``enters_zone``);
* the core's ``enters_play`` / ``leaves_play`` (triggers.event_is: zone changes into or out of play).

Still a guard, not a proof: a mapping with a "type" key that is no event lets its word pass too.
tests/engine/test_vocabulary.py replays every bundled scenario and checks that each kind emitted is in
the set (it is not too small for the bundled cards); tests/engine/test_event_names.py, that a word only
logged is refused."""
from __future__ import annotations

import ast
import re
from difflib import get_close_matches
from functools import lru_cache
from pathlib import Path
from typing import Any

from judge.engine.yamlload import line_of
from judge.errors import BadInputError

_ENGINE = Path(__file__).resolve().parent
_GAMES = _ENGINE.parent / "games"
_WORD = re.compile(r"[a-z][a-z0-9_]*")
#: an event written as a mapping: {"type": "phase_begins", ...} (or "a" if c else "b")
_TYPE = re.compile(r"""["']type["']\s*:\s*["']([a-z][a-z0-9_]*)["'](?:\s+if\s[^\n]*?\selse\s+["']([a-z][a-z0-9_]*)["'])?""")
#: an event whose type is handed in through a name: {"type": kind, ...}
_TYPE_NAME = re.compile(r"""["']type["']\s*:\s*([A-Za-z_][A-Za-z0-9_]*)\s*[,}]""")
#: what triggers.event_is reads off a zone change: entering or leaving play
_ZONE_KINDS = ("enters_play", "leaves_play")


@lru_cache(maxsize=None)
def known_event_names(game: str) -> frozenset[str]:
    """The event kinds the core and ``game``'s package (its module or folder) emit (module docstring)."""
    package = _GAMES / game.replace("-", "_")
    files = [f for f in sorted(_ENGINE.glob("*.py")) if f.name != "event_names.py"]  # not this file's own words
    files += sorted(package.glob("*.py")) if package.is_dir() else [p for p in [package.with_suffix(".py")] if p.exists()]
    texts = [f.read_text(encoding="utf-8") for f in files]
    names: set[str] = set(_ZONE_KINDS)
    handed: dict[str, tuple[int, str, bool]] = {}  # function -> (index of the parameter, its name, a method?)
    for text in texts:
        for first, other in _TYPE.findall(text):
            names.update(w for w in (first, other) if w)
        if not (_TYPE_NAME.search(text) or "def event_kinds" in text):
            continue  # parsed only where a kind is handed through a name (parsing every module is slow)
        for fn in ast.walk(ast.parse(text)):
            if not isinstance(fn, ast.FunctionDef):
                continue
            if fn.name == "event_kinds":  # the hook: the kinds an event also is
                names.update(w for node in ast.walk(fn) if isinstance(node, ast.Return) for w in _words(node.value))
            params = [a.arg for a in fn.args.posonlyargs + fn.args.args]
            for var in _type_names(fn):
                if var in params:
                    handed[fn.name] = (params.index(var), var, bool(params) and params[0] == "self")
                for node in ast.walk(fn):
                    if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == var for t in node.targets):
                        names.update(_words(node.value))
    for text in texts:  # the literal passed where such a function is called
        if not any(f"{name}(" in text for name in handed):
            continue
        for call in ast.walk(ast.parse(text)):
            if not isinstance(call, ast.Call):
                continue
            callee = call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", None)
            if callee not in handed:
                continue
            index, var, method = handed[callee]
            index -= 1 if method and isinstance(call.func, ast.Attribute) else 0  # self.f(..): self is not passed
            if 0 <= index < len(call.args):
                names.update(_words(call.args[index]))
            names.update(w for kw in call.keywords if kw.arg == var for w in _words(kw.value))
    return frozenset(names)


def _type_names(fn: ast.FunctionDef) -> set[str]:
    """The names a mapping of ``fn`` takes its "type" from: {"type": kind, ...}."""
    out = set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values):
                if isinstance(key, ast.Constant) and key.value == "type" and isinstance(value, ast.Name):
                    out.add(value.id)
    return out


def _words(node) -> set[str]:
    """The identifier-like literals an expression can be: "a", "a" if c else "b", ["a", "b"]."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and _WORD.fullmatch(node.value):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _words(node.body) | _words(node.orelse)
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return set().union(*(_words(e) for e in node.elts)) if node.elts else set()
    return set()


def check_event_names(raw: Any, game: str, path: str, card: str) -> None:
    """Every ``on`` / ``replaces`` of a card's data (its abilities, the ones it creates or gives) names
    an event kind the engine or the game can produce; else BadInputError naming file and line."""
    known = known_event_names(game)
    for spec in _event_specs(raw):
        name = spec.get("event")
        if isinstance(name, str) and name not in known:
            close = get_close_matches(name, sorted(known), n=3)
            logged = " (it is only logged, never emitted: no trigger sees it)" if name in _logged(game) else ""
            raise BadInputError(f"card {card!r}: the engine and {game} produce no event {name!r}, so this "
                                f"would never trigger{logged}" + (f"; did you mean {', '.join(close)}?" if close else ""),
                                path=path, line=line_of(spec))


_LOG_CALL = re.compile(r"""\.log\(\s*["']([a-z][a-z0-9_]*)["']""")


@lru_cache(maxsize=None)
def _logged(game: str) -> frozenset[str]:
    """The words the core and the game pass to ``log`` as a literal: said in the refusal of one of them."""
    package = _GAMES / game.replace("-", "_")
    files = sorted(_ENGINE.glob("*.py")) + (sorted(package.glob("*.py")) if package.is_dir() else [])
    return frozenset(w for f in files for w in _LOG_CALL.findall(f.read_text(encoding="utf-8")))


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
