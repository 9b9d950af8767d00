"""Parsed YAML trees of the files a run reads many of (ruling scenarios, card files), kept in the
cache folder so an unchanged file is not parsed again.

Building the Python objects of a YAML file is, after the replays themselves, the largest cost of
`judge verify` (about a third of a second for 700 scenarios and the card files). Inside
``kept_trees()`` every ``load_yaml_with_lines`` first looks for the file's tree in one JSON file,
``yaml-trees-<FORMAT>.json``, keyed by the sha256 of the file's text: a copied rulings folder finds
its trees too, and an edited file is simply parsed again. Only what parsed cleanly is kept, so
every error is found (and said) by the parser as before.

Like every cache it checks itself: the file's checksum and format when it is read (a damaged one is
rebuilt, said in one line), the parser it was made by (another version of the loader or of PyYAML
starts afresh, silently), and each tree's shape as it is decoded (a tree that does not decode is
parsed again). Plain trees only: a tree with a mapping or list that aliases share (one object in two
places) or with values other than text, numbers, booleans and null is parsed each time. Bounded:
the trees of the files read last, up to ``MAX_TEXT_BYTES`` of source text.
"""
from __future__ import annotations

import hashlib
import json
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from judge.engine import yamlload
from judge.engine.yamlload import LineDict, LineList

FORMAT = 2  # bump when the encoding below changes (2: each tree as JSON text)
MAX_TEXT_BYTES = 16_000_000  # source text behind the kept trees (about 1.5 MB of text today)
_SCALARS = (str, int, float, bool, type(None))


def cache_path() -> Path:
    from judge.cache import cache_dir

    return cache_dir() / f"yaml-trees-{FORMAT}.json"


def _loader_id() -> str:
    """What the trees were made by: this encoding, the loader's code and PyYAML's version."""
    import yaml

    code = Path(yamlload.__file__).read_bytes()
    return hashlib.sha256(code + f"\0{FORMAT}\0{yaml.__version__}".encode()).hexdigest()[:16]


class _NotPlain(Exception):
    """A tree this cache does not keep (shared containers, values of other types)."""


def encode(tree: Any) -> Any:
    """A loaded tree as plain JSON: a mapping as ``["m", line, [key, key line, value, ...]]``, a
    list as ``["s", line, item lines, items]``; scalars as themselves (never a JSON list)."""
    seen: set[int] = set()

    def enc(x: Any) -> Any:
        kind = type(x)
        if kind is LineDict or kind is LineList:
            if id(x) in seen:
                raise _NotPlain("a mapping or list in two places (an alias)")
            seen.add(id(x))
            if kind is LineDict:
                flat: list = []
                lines = x.key_lines
                for k, v in x.items():
                    if type(k) not in _SCALARS:
                        raise _NotPlain(f"a key of type {type(k).__name__}")
                    flat += (k, lines[k], enc(v))
                return ["m", x.line, flat]
            return ["s", x.line, list(x.item_lines), [enc(v) for v in x]]
        if kind in _SCALARS:
            return x
        raise _NotPlain(f"a value of type {kind.__name__}")

    return enc(tree)


def decode(data: Any) -> Any:
    """The tree ``encode`` made (fresh objects on every call). Raises ValueError on a wrong shape."""
    try:
        return _dec(data)
    except (TypeError, IndexError, KeyError, AttributeError, RecursionError) as err:
        raise ValueError(f"not an encoded tree ({type(err).__name__})") from None


def _dec(x: Any) -> Any:
    if type(x) is not list:
        if type(x) is dict:
            raise ValueError("a JSON object where a tree node was expected")
        return x
    tag = x[0]
    if tag == "m":
        out = LineDict()
        out.line = _line(x[1])
        lines = out.key_lines = {}
        flat = x[2]
        if len(flat) % 3:
            raise ValueError("a mapping's members are not triples")
        for i in range(0, len(flat), 3):
            key = flat[i]
            if type(key) is list:
                raise ValueError("a key that is not a scalar")
            lines[key] = _line(flat[i + 1])
            out[key] = _dec(flat[i + 2])
        return out
    if tag == "s":
        items = x[3]
        item_lines = x[2]
        if len(items) != len(item_lines) or not all(type(n) is int for n in item_lines):
            raise ValueError("a list's item lines do not match its items")
        out = LineList(_dec(v) for v in items)
        out.line = _line(x[1])
        out.item_lines = item_lines
        return out
    raise ValueError(f"an unknown node tag {tag!r}")


def _line(n: Any) -> int:
    if type(n) is not int:
        raise ValueError("a line number that is not a number")
    return n


def _store_problem(raw: Any) -> str | None:
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        return f"not a tree cache of format {FORMAT}"
    trees = raw.get("trees")
    if not isinstance(trees, dict) or not all(isinstance(v, list) and len(v) == 2 and type(v[0]) is int
                                              and type(v[1]) is str for v in trees.values()):
        return "no 'trees' map of [text size, tree as JSON text] in it"
    if not isinstance(raw.get("loader"), str):
        return "no loader id in it"
    return None


class TreeStore:
    """The trees of one cache file: ``get`` before parsing a text, ``put`` after, ``save`` at the end."""

    def __init__(self, path: Path):
        from judge.cache import read_checked_json

        self.path = path
        self.loader = _loader_id()
        # text key -> [text size, encoded tree as JSON text], least recently used first. Each tree is
        # kept as one string, not as the lists json would make of it: a few hundred thousand objects
        # alive through the replays made Python's garbage collector slow every replay down by ~20%
        self.trees: dict[str, list] = {}
        self.used: dict[str, None] = {}  # keys read or added in this run, in order
        self.ready: dict[str, Any] = {}  # path -> tree made by read_ahead, handed out once by take
        self.changed = False
        raw = read_checked_json(path, _store_problem)
        if raw is not None and raw["loader"] == self.loader:
            self.trees = raw["trees"]
        elif raw is not None:
            self.changed = True  # made by another loader: replaced by this run's trees

    @staticmethod
    def key(text: str) -> str:
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]

    def get(self, text: str) -> Any:
        """The tree of ``text`` (fresh objects), or None when it is not kept (or did not decode)."""
        k = self.key(text)
        entry = self.trees.get(k)
        if entry is None:
            return None
        try:
            tree = decode(json.loads(entry[1]))
        except ValueError:  # json's errors are ValueErrors too
            del self.trees[k]  # parsed again and put back by the caller
            self.changed = True
            return None
        self.used[k] = None
        return tree

    def put(self, text: str, tree: Any) -> None:
        try:
            data = encode(tree)
        except _NotPlain:
            return
        k = self.key(text)
        self.trees[k] = [len(text), json.dumps(data, ensure_ascii=False, separators=(",", ":"))]
        self.used[k] = None
        self.changed = True

    def read_ahead(self, path: Path) -> None:
        """Make ``path``'s tree now (decoded, or parsed and kept), for its next load to take as it
        is (``take``), without reading the file again. Raises what loading it raises (BadInputError)."""
        text = yamlload.read_text_file(path, "YAML file")
        tree = self.get(text)
        if tree is None:
            tree = yamlload.load_yaml_text(text, str(path))
            self.put(text, tree)
        if tree is not None:
            self.ready[str(path)] = tree

    def take(self, path: Path) -> Any:
        """The tree ``read_ahead`` made for ``path`` (once), or None."""
        return self.ready.pop(str(path), None) if self.ready else None

    def save(self) -> None:
        """Write the trees when this run added or dropped any: the ones used now last (kept
        longest), the oldest dropped beyond MAX_TEXT_BYTES. A cache that cannot be written is
        said once (judge.cache) and only costs the parsing next time."""
        if not self.changed:
            return
        from judge.cache import atomic_write_json, cache_write_failed

        order = [k for k in self.trees if k not in self.used] + [k for k in self.used if k in self.trees]
        kept: list[str] = []
        total = 0
        for k in reversed(order):
            total += self.trees[k][0]
            if total > MAX_TEXT_BYTES:
                break
            kept.append(k)
        trees = {k: self.trees[k] for k in reversed(kept)}
        try:
            atomic_write_json(self.path, {"format": FORMAT, "loader": self.loader, "trees": trees})
        except OSError as err:
            cache_write_failed(err, self.path)
        self.changed = False


@contextmanager
def kept_trees() -> Iterator[TreeStore | None]:
    """While inside, ``load_yaml_with_lines`` reads unchanged files' trees from the cache folder;
    new trees are saved on the way out. Nested uses share the outer store."""
    if yamlload.tree_store() is not None:
        yield yamlload.tree_store()
        return
    try:
        store: TreeStore | None = TreeStore(cache_path())
    except OSError:  # no cache folder at all: parse as before
        store = None
    previous = yamlload.use_tree_store(store)
    try:
        yield store
    finally:
        yamlload.use_tree_store(previous)
        if store is not None:
            store.save()
