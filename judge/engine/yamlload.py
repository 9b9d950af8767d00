"""YAML with line numbers, at yaml.safe_load's level of safety.

``LineLoader`` is a SafeLoader subclass whose mappings and sequences remember the line they start
on (1-based), so every schema error can name the file and the line.

Hostile or careless input is refused before it costs time or memory: files over ``MAX_BYTES``,
documents that aliases would expand beyond ``MAX_NODES`` nodes or that use more than
``MAX_ALIASES`` aliases (a "billion laughs" bomb), recursive aliases, nesting deeper than
``MAX_DEPTH``, binary and non-UTF-8 files. A UTF-8 byte-order mark is accepted.
"""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import yaml

from judge.errors import BadInputError


class LineDict(dict):
    __slots__ = ("line", "key_lines")


class LineList(list):
    __slots__ = ("line", "item_lines")


_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser when available (same safety)


#: limits for one YAML file (the largest bundled card file is under 200 kB and uses no alias)
MAX_BYTES = 4_000_000
MAX_ALIASES = 100
MAX_NODES = 500_000
MAX_DEPTH = 200


class LineLoader(_Base):  # type: ignore[misc, valid-type]
    """SafeLoader + line numbers; only true/false are booleans (``on:``, ``yes`` stay strings)."""

    #: walk the node graph before building it (aliases could expand it beyond any size)
    check_size = True

    def construct_document(self, node):  # noqa: D102 - measured before anything is built
        if self.check_size:
            _check_size(node)
        return super().construct_document(node)


class _AliasFreeLoader(LineLoader):
    """For a text with no ``*`` at all: it has no alias, so it cannot expand beyond its own size
    (already bounded by MAX_BYTES), and deep nesting is refused by the parser or the recursion
    limit. Skipping the walk halves the load time of a scenario."""

    check_size = False


def _check_size(root: yaml.Node) -> None:
    """Refuse a document whose aliases would blow it up, that refers to itself, or that nests too
    deeply. Walks the composed node graph once (iteratively: no recursion limit to hit)."""
    weight: dict[int, int] = {}  # id(node) -> nodes it expands to
    on_path: set[int] = set()
    aliases = 0
    stack: list[tuple[yaml.Node, int, bool]] = [(root, 1, False)]
    while stack:
        node, depth, done = stack.pop()
        key = id(node)
        if done:
            on_path.discard(key)
            total = 1 + sum(weight[id(c)] for c in _children(node))
            if total > MAX_NODES:
                raise yaml.constructor.ConstructorError(
                    None, None, f"the document expands to more than {MAX_NODES:,} values (an alias bomb?)",
                    node.start_mark)
            weight[key] = total
            continue
        if key in on_path:
            raise yaml.constructor.ConstructorError(None, None, "an alias refers to itself (recursive data)",
                                                    node.start_mark)
        if key in weight:
            aliases += 1
            if aliases > MAX_ALIASES:
                raise yaml.constructor.ConstructorError(
                    None, None, f"more than {MAX_ALIASES} aliases (*name): not allowed here", node.start_mark)
            continue
        if depth > MAX_DEPTH:
            raise yaml.constructor.ConstructorError(None, None, f"nested more than {MAX_DEPTH} levels deep",
                                                    node.start_mark)
        on_path.add(key)
        stack.append((node, depth, True))
        for child in _children(node):
            if id(child) in weight:  # an alias of a node already measured
                aliases += 1
                if aliases > MAX_ALIASES:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"more than {MAX_ALIASES} aliases (*name): not allowed here", child.start_mark)
            elif id(child) in on_path:
                raise yaml.constructor.ConstructorError(None, None, "an alias refers to itself (recursive data)",
                                                        child.start_mark)
            else:
                stack.append((child, depth + 1, False))


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    return []


import re as _re  # noqa: E402

LineLoader.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v if tag != "tag:yaml.org,2002:bool"]
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
LineLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", _re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))


def _construct_mapping(loader: LineLoader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    out = LineDict()
    out.line = node.start_mark.line + 1
    out.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise yaml.constructor.ConstructorError(None, None, "unhashable key", key_node.start_mark)
        if key in out:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark)
        out[key] = loader.construct_object(value_node, deep=True)
        out.key_lines[key] = key_node.start_mark.line + 1
    return out


def _construct_sequence(loader: LineLoader, node: yaml.SequenceNode) -> LineList:
    out = LineList(loader.construct_object(child, deep=True) for child in node.value)
    out.line = node.start_mark.line + 1
    out.item_lines = [child.start_mark.line + 1 for child in node.value]
    return out


MAX_NUMBER_CHARS = 40  # no count, stat or die roll needs more digits (Python refuses 4,300 and up)


def _construct_number(loader: LineLoader, node: yaml.ScalarNode) -> Any:
    if len(node.value) > MAX_NUMBER_CHARS:
        raise yaml.constructor.ConstructorError(
            None, None, f"a number of {len(node.value):,} characters: too long (limit {MAX_NUMBER_CHARS})",
            node.start_mark)
    if node.tag.endswith(":int"):
        return loader.construct_yaml_int(node)
    return loader.construct_yaml_float(node)


LineLoader.add_constructor("tag:yaml.org,2002:int", _construct_number)
LineLoader.add_constructor("tag:yaml.org,2002:float", _construct_number)
LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def line_of(value: Any, key: Any = None) -> int | None:
    """Line of a loaded mapping/sequence (or of one of its keys / items)."""
    if key is not None:
        if isinstance(value, LineDict) and key in value.key_lines:
            return value.key_lines[key]
        if isinstance(value, LineList) and isinstance(key, int) and key < len(value.item_lines):
            return value.item_lines[key]
    return getattr(value, "line", None)


def load_yaml_text(text: str, path: str) -> Any:
    if "\x00" in text:
        raise BadInputError("this is a binary file, not YAML text", path=path, line=1)
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write
    try:
        loader = LineLoader if "*" in text else _AliasFreeLoader
        return yaml.load(text, Loader=loader)  # noqa: S506 - LineLoader is a (C)SafeLoader
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else None
        problem = err.problem or str(err)
        lines = text.splitlines()
        if "nesting depth" in problem:  # PyYAML >= 6.0.4 has a nesting limit of its own: one message for both
            problem = f"nested more than {MAX_DEPTH} levels deep"
        if "another document" in problem:
            problem = "one file holds one YAML document: found a second one (a line '---')"
        if line and line <= len(lines) and "\t" in lines[line - 1] and "tab" not in problem:
            problem += " (this line has a tab: YAML is indented with spaces)"
        raise BadInputError(f"malformed YAML: {problem}", path=path, line=line) from err
    except yaml.YAMLError as err:
        raise BadInputError(f"malformed YAML: {err}", path=path) from err
    except RecursionError:
        raise BadInputError(f"malformed YAML: nested more than {MAX_DEPTH} levels deep", path=path) from None


def read_text_file(path: Path, what: str = "file", limited: bool = True) -> str:
    """A UTF-8 text file's content; BadInputError (naming the file) when it is missing, a folder,
    too large (over MAX_BYTES, when ``limited``), binary or in another encoding."""
    path = Path(path)
    spath = str(path)
    try:
        if path.is_dir():
            raise BadInputError(f"this is a folder, not a {what}", path=spath)
        size = path.stat().st_size
        if limited and size > MAX_BYTES:
            raise BadInputError(f"{size:,} bytes: too large for a {what} (limit {MAX_BYTES:,})", path=spath)
        data = path.read_bytes()
    except OSError as err:
        raise BadInputError(f"cannot read: {err.strerror or err}", path=spath) from None
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise BadInputError("this file is UTF-16; save it as UTF-8", path=spath, line=1)
    if b"\x00" in data[:8192]:
        raise BadInputError(f"this is a binary file, not a {what}", path=spath, line=1)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise BadInputError(f"not UTF-8 text (byte {data[err.start]:#04x}); save the file as UTF-8",
                            path=spath, line=line) from None


_trees: Any = None  # the parsed-tree store of judge.engine.yamlcache.kept_trees(), while one is open
_trees_thread: int | None = None  # the thread that opened it: only its loads use it (`judge serve`)


def tree_store() -> Any:
    return _trees if _trees_thread == threading.get_ident() else None


def use_tree_store(store: Any) -> Any:
    """Let ``load_yaml_with_lines`` in this thread look files up in ``store`` (None: parse every
    file); returns the store used before. Called by judge.engine.yamlcache.kept_trees()."""
    global _trees, _trees_thread
    previous = tree_store()
    _trees, _trees_thread = store, threading.get_ident()
    return previous


def load_yaml_with_lines(path: Path) -> Any:
    path = Path(path)
    store = tree_store()
    if store is not None:
        ready = store.take(path)  # read, checked and parsed moments ago by store.read_ahead
        if ready is not None:
            return ready
    text = read_text_file(path, "YAML file")  # size, encoding and binary checks come first, always
    if store is None:
        return load_yaml_text(text, str(path))
    tree = store.get(text)
    if tree is None:
        tree = load_yaml_text(text, str(path))  # an error is raised here, so only clean trees are kept
        store.put(text, tree)
    return tree
