"""YAML with line numbers, at yaml.safe_load's level of safety.

``LineLoader`` is a SafeLoader subclass whose mappings and sequences remember the line they start
on (1-based), so every schema error can name the file and the line.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from judge.errors import BadInputError


class LineDict(dict):
    __slots__ = ("line", "key_lines")


class LineList(list):
    __slots__ = ("line", "item_lines")


_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser when available (same safety)


class LineLoader(_Base):  # type: ignore[misc, valid-type]
    """SafeLoader + line numbers; only true/false are booleans (``on:``, ``yes`` stay strings)."""


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
    try:
        return yaml.load(text, Loader=LineLoader)  # noqa: S506 - LineLoader is a (C)SafeLoader
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else None
        raise BadInputError(f"malformed YAML: {err.problem or err}", path=path, line=line) from err
    except yaml.YAMLError as err:
        raise BadInputError(f"malformed YAML: {err}", path=path) from err


def load_yaml_with_lines(path: Path) -> Any:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise BadInputError(f"cannot read: {err}", path=str(path)) from err
    return load_yaml_text(text, str(path))
