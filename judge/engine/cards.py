"""Card definitions: rules_corpus/<game>/cards.yaml -> CardDef.

A card has printed characteristics and text, optionally errata'd text, and its abilities in the
declarative effect language (see judge/engine/GUIDE.md). The current (errata'd) version is the
default; a fixture may pin ``printed``.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge.engine.expr import ExprError, parse
from judge.engine.yamlload import load_yaml_with_lines, line_of
from judge.errors import BadInputError

ABILITY_KINDS = {"play", "action", "trigger", "continuous", "replacement", "damage_modifier"}
ABILITY_KEYS = {
    "kind", "name", "timing", "cost", "targets", "condition", "steps", "on", "if", "optional",
    "applies_to", "modify", "set", "grant", "while", "functions_in", "replaces", "instead",
    "limit", "add", "enters", "self_referential", "speed", "text",
    "sacrifice", "lower_to",  # a cost-lowering 'as played' ability: sacrifice N developments to lower the cost to M
}
#: characteristics an errata entry may restate for the errata'd version (besides text/abilities)
ERRATA_CHARACTERISTICS = ("keywords", "unique", "cost", "type", "traits", "stats")
CARD_KEYS = {"name", "subtitle", "type", "traits", "keywords", "stats", "cost", "text", "abilities",
             "errata", "unique", "illustrative", "note", "faction", "loyalty", "zone", "id"}


def slugify(text: str) -> str:
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


@dataclass(frozen=True)
class Ability:
    index: int
    kind: str
    data: dict

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    @property
    def name(self) -> str:
        return self.data.get("name") or f"ability {self.index + 1}"


@dataclass(frozen=True)
class CardDef:
    name: str
    slug: str
    type: str
    traits: tuple[str, ...]
    keywords: tuple[str, ...]
    stats: dict
    cost: int | None
    text: str
    abilities: tuple[Ability, ...]
    version: str = "printed"
    errata_id: str | None = None
    extra: dict = field(default_factory=dict)


@dataclass
class CardPool:
    game: str
    path: Path | None
    versions: dict[str, dict[str, CardDef]]  # slug -> {"printed": CardDef, "errata": CardDef}
    names: dict[str, str]  # lowercase name (or "name, subtitle") -> slug
    #: lowercase bare names shared by several cards (e.g. two versions of "Daredevil") -> their full names
    ambiguous: dict[str, list[str]] = field(default_factory=dict)

    def get(self, name: str, version: str | None = None) -> CardDef:
        if name.lower() in self.ambiguous:
            raise KeyError(f"{name!r} names several cards; use the full name "
                           f"({' / '.join(self.ambiguous[name.lower()])})")
        slug = self.names.get(name.lower()) or slugify(name)
        if slug not in self.versions:
            raise KeyError(name)
        by_version = self.versions[slug]
        if version is None:
            return by_version.get("errata") or by_version["printed"]
        if version not in by_version:
            raise KeyError(f"{name} has no {version} version")
        return by_version[version]

    def errata_ids(self) -> set[str]:
        """Ids of the errata entries behind errata'd versions (ablating one restores the printed text)."""
        return {v["errata"].errata_id for v in self.versions.values() if "errata" in v and v["errata"].errata_id}

    def __contains__(self, name: str) -> bool:
        try:
            self.get(name)
            return True
        except KeyError:
            return False


def _check_ability(raw: Any, path: str, where: Any, card: str) -> None:
    line = line_of(where)
    if not isinstance(raw, dict):
        raise BadInputError(f"card {card!r}: ability must be a mapping", path=path, line=line)
    kind = raw.get("kind")
    if kind not in ABILITY_KINDS:
        raise BadInputError(f"card {card!r}: ability kind {kind!r} unknown (known: {', '.join(sorted(ABILITY_KINDS))})",
                            path=path, line=line_of(raw))
    unknown = set(raw) - ABILITY_KEYS
    if unknown:
        raise BadInputError(f"card {card!r}: unknown ability field(s) {', '.join(sorted(unknown))}",
                            path=path, line=line_of(raw))
    for text in _expressions(raw):
        try:
            parse(text)
        except ExprError as err:
            raise BadInputError(f"card {card!r}: {err}", path=path, line=line_of(raw)) from err


_EXPR_KEYS = {"filter", "condition", "if", "applies_to", "while", "amount", "add", "each", "x", "to_filter"}


def _expressions(node: Any):
    """Yield every expression string inside an ability, wherever it sits."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k in _EXPR_KEYS and isinstance(v, str):
                yield v
            elif k in ("modify", "set") and isinstance(v, dict):
                for val in v.values():
                    if isinstance(val, str):
                        yield val
            else:
                yield from _expressions(v)
    elif isinstance(node, list):
        for v in node:
            yield from _expressions(v)


def _make(raw: dict, path: str, version: str, text: str, abilities: list, errata_id: str | None) -> CardDef:
    name = raw["name"]
    for ab in abilities:
        _check_ability(ab, path, ab, name)
    return CardDef(
        name=name,
        slug=raw.get("id") or slugify(name),
        type=str(raw.get("type", "")).lower(),
        traits=tuple(raw.get("traits") or ()),
        keywords=tuple(str(k).lower() for k in raw.get("keywords") or ()),
        stats=dict(raw.get("stats") or {}),
        cost=raw.get("cost"),
        text=text,
        abilities=tuple(Ability(i, ab["kind"], ab) for i, ab in enumerate(abilities)),
        version=version,
        errata_id=errata_id,
        extra={k: raw[k] for k in ("subtitle", "unique", "faction", "loyalty", "zone", "illustrative") if k in raw},
    )


def load_cards(path: Path, game: str) -> CardPool:
    """Load and check one game's cards: ``cards.yaml`` plus every ``cards/*.yaml`` beside it (missing
    files -> empty pool). A card defined in two files is an error naming the second file and line."""
    path = Path(path)
    pool = CardPool(game, path, {}, {})
    display: dict[str, str] = {}  # slug -> full name
    extra = sorted(p for p in (path.parent / "cards").glob("*.yaml") if p.is_file())
    for one in ([path] if path.exists() else []) + extra:
        _load_card_file(one, pool, display)
    return pool


def _load_card_file(path: Path, pool: CardPool, display: dict[str, str]) -> None:
    data = load_yaml_with_lines(path)
    spath = str(path)
    cards = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(cards, list):
        raise BadInputError(f"{path.name} must be a mapping with a 'cards' list", path=spath, line=1)
    for raw in cards:
        if not isinstance(raw, dict) or "name" not in raw:
            raise BadInputError("each card needs a 'name'", path=spath, line=line_of(raw))
        unknown = set(raw) - CARD_KEYS
        if unknown:
            raise BadInputError(f"card {raw['name']!r}: unknown field(s) {', '.join(sorted(unknown))}",
                                path=spath, line=line_of(raw))
        printed = _make(raw, spath, "printed", raw.get("text", ""), raw.get("abilities") or [], None)
        versions = {"printed": printed}
        errata = raw.get("errata")
        if errata:
            if not isinstance(errata, dict) or "text" not in errata:
                raise BadInputError(f"card {raw['name']!r}: errata needs 'text' (and 'abilities')",
                                    path=spath, line=line_of(errata))
            # an errata may also change characteristics (keywords such as Limited, uniqueness, cost ...)
            changed = {k: errata[k] for k in ERRATA_CHARACTERISTICS if k in errata}
            versions["errata"] = _make({**raw, **changed}, spath, "errata", errata["text"],
                                       errata.get("abilities", raw.get("abilities") or []), errata.get("id"))
        if printed.slug in pool.versions:
            raise BadInputError(f"card {raw['name']!r} defined twice", path=spath, line=line_of(raw))
        pool.versions[printed.slug] = versions
        # a card is found by its full name ("Daredevil, Guardian Devil") and, while no other card
        # shares it, by its bare name ("Daredevil")
        full = f"{raw['name']}, {raw['subtitle']}" if raw.get("subtitle") else raw["name"]
        pool.names[full.lower()] = printed.slug
        display[printed.slug] = full
        bare = raw["name"].lower()
        if bare in pool.ambiguous:
            pool.ambiguous[bare].append(full)
        elif bare in pool.names and pool.names[bare] != printed.slug:
            pool.ambiguous[bare] = [display[pool.names[bare]], full]
            del pool.names[bare]
        else:
            pool.names[bare] = printed.slug
