"""Card definitions: rules_corpus/<game>/cards.yaml -> CardDef.

A card has printed characteristics and text, optionally errata'd text, and its abilities in the
declarative effect language (see judge/engine/GUIDE.md). The current (errata'd) version is the
default; a fixture may pin ``printed``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from judge.engine.ability_fields import (ABILITY_KINDS, CREATED_KINDS, KIND_FIELDS, check_kind_fields,
                                         check_shield)
from judge.engine.event_names import check_event_names
from judge.engine.expr import ExprError, parse
from judge.engine.step_fields import (check_created_control, check_limit_periods, check_step_durations,
                                      check_step_fields)
from judge.engine.yamlload import load_yaml_with_lines, line_of
from judge.errors import BadInputError

#: what an always-on ability changes when it is a modifier (the other kinds -- enters, cost lowering -- are not):
#: characteristics.py works such abilities into the view, areas.py reads the areas their descriptions name
MODIFIER_FIELDS = ("modify", "set", "grant", "grant_traits", "grant_powers")
from judge.slugs import slugify

#: characteristics an errata entry may restate for the errata'd version (besides text/abilities)
ERRATA_CHARACTERISTICS = ("keywords", "unique", "cost", "type", "traits", "stats")
CARD_KEYS = {"name", "subtitle", "type", "traits", "keywords", "stats", "cost", "text", "abilities",
             "errata", "unique", "illustrative", "note", "faction", "loyalty", "zone", "id", "unmodelled"}


@dataclass(frozen=True)
class Ability:
    #: its place among the card's printed abilities (-1: one a rule makes); an ability a modifier gives
    #: the card: ("granted", the modifier's key, its place among the abilities that modifier gives)
    index: int | tuple
    kind: str
    data: dict

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    @property
    def about_itself(self) -> bool:
        """Does an always-on ability speak of its own card ('I come into play exhausted'), not of the
        cards its ``applies_to`` names ('Enemy heroes come into play exhausted')?"""
        return self.data.get("applies_to") in (None, "it == this")

    @property
    def name(self) -> str:
        if self.data.get("name"):
            return self.data["name"]
        if isinstance(self.index, tuple):  # given by a modifier: named by its place among those given
            return f"given ability {self.index[-1] + 1}"
        return f"ability {self.index + 1}"


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

    @cached_property
    def continuous(self) -> tuple[Ability, ...]:
        """The card's always-on (continuous) abilities: most cards have none, and the modifiers in
        force are gathered from every card of a replay, often (cached: a card's text never changes)."""
        return tuple(ab for ab in self.abilities if ab.kind == "continuous")

    @cached_property
    def cannot_reduce(self) -> tuple[str, ...]:
        """The stats its always-on abilities say cannot be reduced (``cannot_reduce: [hp]``): read at every
        number read of the card, so worked out once (almost every card has none)."""
        return tuple(stat for ab in self.continuous for stat in (ab.get("cannot_reduce") or ()))

    @cached_property
    def gives_powers(self) -> tuple[Ability, ...]:
        """Its always-on abilities that give cards powers (``grant_powers``): looked for at every batch of
        events (given_powers), so the cards without one (all but a few) are passed over at once."""
        return tuple(ab for ab in self.continuous if ab.get("grant_powers"))

    @cached_property
    def own_enters(self) -> tuple[dict, ...]:
        """The card's own 'enters play ...' modifiers (``enters`` of an always-on ability about itself)."""
        return tuple(ab.get("enters") for ab in self.continuous if ab.get("enters") and ab.about_itself)

    @cached_property
    def play_ability(self) -> Ability | None:
        """What playing the card does: its one ``kind: play`` ability, or -- a text of several powers played
        together (Huntik 700.1: a paragraph break 'denotes a separate power') -- one ability of them all: their
        targets, each marked with its power's place (``power``: one card may be a target of each power, not
        twice of one, 704.1b), their costs and their steps, in the text's order. None: it has none."""
        plays = [ab for ab in self.abilities if ab.kind == "play"]
        if len(plays) < 2:
            return plays[0] if plays else None
        data = dict(plays[0].data)
        for key in ("targets", "cost", "steps"):
            data[key] = [({**t, "power": i} if key == "targets" else t)
                         for i, ab in enumerate(plays) for t in (ab.get(key) or [])]
        return Ability(plays[0].index, "play", data)

    @cached_property
    def triggers(self) -> tuple[Ability, ...]:
        """The card's triggered abilities (looked for on every card at every batch of events)."""
        return tuple(ab for ab in self.abilities if ab.kind == "trigger")

    @cached_property
    def actions(self) -> tuple[Ability, ...]:
        """The card's action abilities (a game may look for some kind of them on every card at every
        batch of events: Warhammer's triggered Actions)."""
        return tuple(ab for ab in self.abilities if ab.kind == "action")

    @cached_property
    def replacements(self) -> tuple[Ability, ...]:
        """The card's replacement abilities (looked for on every card in play at every batch of events)."""
        return tuple(ab for ab in self.abilities if ab.kind == "replacement")


@dataclass
class CardPool:
    game: str
    path: Path | None
    versions: dict[str, dict[str, CardDef]]  # slug -> {"printed": CardDef, "errata": CardDef}
    names: dict[str, str]  # lowercase name (or "name, subtitle") -> slug
    #: lowercase bare names shared by several cards (e.g. two versions of "Daredevil") -> their full names
    ambiguous: dict[str, list[str]] = field(default_factory=dict)
    #: slug -> full name as written ("Daredevil, Guardian Devil")
    display: dict[str, str] = field(default_factory=dict)
    #: slugs defined by a scenario's own ``cards:`` (they shadow or extend the game's pool)
    inline: set[str] = field(default_factory=set)
    #: ``get``'s answers, (name, version) -> CardDef: a replay looks up each card of its state (the
    #: pool's cards change only as they are added, ``_add_cards``, which empties this)
    _got: dict = field(default_factory=dict, repr=False, compare=False)

    def full_names(self) -> list[str]:
        return sorted(self.display.values(), key=str.lower)

    def full_name(self, card: "CardDef") -> str:
        """The card's name as written, with its subtitle ("Daredevil, Guardian Devil")."""
        return self.display.get(card.slug, card.name)

    def closest(self, name: str, n: int = 3) -> list[str]:
        """Card names close to a misspelt one (case-insensitive), best first."""
        from difflib import get_close_matches

        if not isinstance(name, str):
            return []
        by_lower: dict[str, str] = {}
        for full in self.display.values():
            by_lower.setdefault(full.lower(), full)
            by_lower.setdefault(full.split(",")[0].lower(), full)
        hits = get_close_matches(name.lower(), list(by_lower), n=n * 2, cutoff=0.6)
        return list(dict.fromkeys(by_lower[h] for h in hits))[:n]

    def with_cards(self, cards: list, path: str) -> "CardPool":
        """A copy of this pool plus ``cards`` (a scenario's inline cards): an inline card with the
        name of a pool card replaces it for this copy only; two inline cards with one name are an error."""
        pool = CardPool(self.game, self.path, dict(self.versions), dict(self.names),
                        {k: list(v) for k, v in self.ambiguous.items()}, dict(self.display), set())
        _add_cards(cards, pool, path, shadow=True)
        return pool

    def get(self, name: str, version: str | None = None) -> CardDef:
        key = (name, version)
        try:
            card = self._got.get(key)
        except TypeError:  # a name or version that cannot be a key: looked up, and refused, as before
            return self._get(name, version)
        if card is None:  # first look-up (an unknown or ambiguous name raises each time)
            card = self._got[key] = self._get(name, version)
        return card

    def _get(self, name: str, version: str | None = None) -> CardDef:
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


# expected shapes of ability fields (what a careless edit most often gets wrong); others are free
_ABILITY_SHAPES: dict[str, tuple[type, ...]] = {
    "kind": (str,), "name": (str,), "cost": (list, dict), "targets": (list,), "steps": (list,),
    "instead": (list,), "on": (dict,), "replaces": (dict,), "limit": (dict,), "modify": (dict,),
    "set": (dict,), "grant": (list,), "grant_traits": (list,), "functions_in": (list,), "optional": (bool,), "enters": (dict,),
    "timing": (str, dict), "text": (str,), "attacks": (bool,),
}


def _shape_name(types: tuple[type, ...]) -> str:
    names = {list: "a list", dict: "a mapping", str: "text", bool: "true or false", int: "a number",
             float: "a number"}
    return " or ".join(dict.fromkeys(names.get(t, t.__name__) for t in types))


def _check_ability(raw: Any, path: str, where: Any, card: str) -> None:
    line = where if isinstance(where, int) else line_of(where)
    if not isinstance(raw, dict):
        raise BadInputError(f"card {card!r}: each ability must be a mapping with 'kind'", path=path, line=line)
    kind = raw.get("kind")
    if not isinstance(kind, str) or kind not in ABILITY_KINDS:
        raise BadInputError(f"card {card!r}: ability kind {kind!r} unknown (known: {', '.join(sorted(ABILITY_KINDS))})",
                            path=path, line=line_of(raw))
    check_kind_fields(raw, path, card)  # each kind takes the fields it reads (a trigger's 'if', not 'condition')
    for key, types in _ABILITY_SHAPES.items():
        if key in raw and raw[key] is not None and not isinstance(raw[key], types):
            raise BadInputError(f"card {card!r}: ability field {key!r} must be {_shape_name(types)}, "
                                f"not {raw[key]!r}", path=path, line=line_of(raw, key) or line_of(raw))
    for key in ("targets", "steps", "instead", "cost"):
        for i, item in enumerate(raw.get(key) or [] if isinstance(raw.get(key), list) else []):
            if not isinstance(item, dict):
                raise BadInputError(f"card {card!r}: each entry of {key!r} must be a mapping, not {item!r}",
                                    path=path, line=line_of(raw.get(key), i) or line_of(raw))
    need = {"trigger": "on", "replacement": "replaces"}.get(kind)
    if need and not isinstance(raw.get(need), dict):  # else its targets were 'never used', it never triggered
        raise BadInputError(f"card {card!r}: a {kind} ability needs {need!r}, the event it waits for "
                            f"({need}: {{event: TYPE, filter: EXPR}})", path=path, line=line_of(raw))
    for i, target in enumerate(raw.get("targets") if isinstance(raw.get("targets"), list) else []):
        count = target.get("count")
        if count is not None and (isinstance(count, bool) or not isinstance(count, int) or count < 1):
            raise BadInputError(f"card {card!r}: a target's 'count' must be a whole number (1 or more), "
                                f"not {count!r}", path=path, line=line_of(raw.get("targets"), i) or line_of(raw))
    for key, value, at in _expression_fields(raw):
        if not isinstance(value, str):
            raise BadInputError(f"card {card!r}: {key!r} must be an expression (text), e.g. \"it.type == 'unit'\", "
                                f"not {value!r}", path=path, line=at or line_of(raw))
    for key, value, at in _set_values(raw):
        # a set value is an expression: a YAML list here (also_types: [galetki]) crashed the replay
        raise BadInputError(f"card {card!r}: set {key!r} must be an expression (text), e.g. "
                            f"\"['galetki']\" for a list, not {value!r}", path=path, line=at or line_of(raw))
    for text, at in _expressions(raw):
        try:
            parse(text)
        except ExprError as err:
            raise BadInputError(f"card {card!r}: {err}", path=path, line=at or line_of(raw)) from err
    check_step_durations(raw, path, card)
    check_created_control(raw, path, card)
    _check_event_spec(raw, path, card)
    for spec in _created(raw):
        _check_created(spec, path, card)
        _check_event_spec(spec, path, card, created=True)
    for power in _given(raw):  # a quoted power a modifier gives: an ability like a printed one
        _check_ability(power, path, line_of(power) or line, card)


#: what a trigger's ``on`` and a replacement's ``replaces`` may say (``one_or_more``: once per batch of
#: simultaneous events, read by the games whose rules say so; ``next``: 'the next time', a created one used up
#: by the first event it triggers on / replaces); a misspelt field would be ignored
_EVENT_SPEC_KEYS = {"on": {"event", "filter", "next", "one_or_more"}, "replaces": {"event", "filter", "next"}}


def _check_event_spec(raw: dict, path: str, card: str, created: bool = False) -> None:
    for key, known in _EVENT_SPEC_KEYS.items():
        spec = raw.get(key)
        if not isinstance(spec, dict):
            continue
        unknown = set(spec) - known
        if unknown:
            raise BadInputError(f"card {card!r}: unknown field(s) {', '.join(sorted(map(str, unknown)))} in "
                                f"{key!r} (known: {', '.join(sorted(known))})", path=path,
                                line=line_of(spec) or line_of(raw))
        if key == "replaces" and "next" in spec and not created:
            # only a created replacement (an effect) can be used up; on a card's own power it would be ignored
            raise BadInputError(f"card {card!r}: 'next' in 'replaces' is for a created replacement ('the next "
                                f"time ... instead': {{create: {{kind: replacement, replaces: {{event, filter, "
                                f"next: true}}, ...}}}}), not a card's own power", path=path,
                                line=line_of(spec) or line_of(raw))
        if not isinstance(spec.get("event"), str):
            raise BadInputError(f"card {card!r}: {key!r} must name its event (event: ...)", path=path,
                                line=line_of(spec) or line_of(raw))


#: what a created triggered or replacement ability ({create: {kind: trigger, ...}}) may say besides the fields
#: its kind reads: how long it lasts
_CREATED_KEYS = {kind: KIND_FIELDS[kind] | {"duration"} for kind in ("trigger", "replacement")}
#: what a created 'enters play ...' modifier ({create: {kind: enters, ...}}: 'the next unit you play comes into
#: play with 1 damage on it') may say, and what its ``enters`` may give the card (the core's entering modifiers)
_CREATED_ENTERS_KEYS = {"kind", "filter", "enters", "next", "duration"}
_ENTERS_KEYS = {"exhausted", "counters", "damage"}
#: fields of a trigger's ``on`` (a replacement's ``replaces``) that, written beside it, would be ignored (a 'next
#: time' trigger that triggered every time, unnoticed, in two cards)
_ON_FIELDS = ("next", "event", "filter")


def _mappings(node: Any):
    """Every mapping inside an ability (the node itself first), depth first."""
    if isinstance(node, dict):
        yield node
        for v in node.values():
            yield from _mappings(v)
    elif isinstance(node, list):
        for v in node:
            yield from _mappings(v)


def _created(node: Any):
    """The specs of what a card's steps create (triggered and replacement abilities, entering modifiers, shields)."""
    for d in _mappings(node):
        spec = d.get("create")
        if isinstance(spec, dict):  # every kind: an unknown one, or a shield, is checked too
            yield spec


def given_powers_in(node: Any):
    """The quoted powers a card's abilities give other cards (``grant_powers`` of a modifier)."""
    return _given(node)


def _given(node: Any):
    """The quoted powers a card gives other cards: its steps' ({modify: {grant_powers: [ability, ...]}}) and its
    always-on abilities' ({kind: continuous, grant_powers: [..]})."""
    if isinstance(node, dict):
        if isinstance(node.get("grant_powers"), list):
            yield from node["grant_powers"]
        for k, v in node.items():
            if k != "grant_powers":  # each given power is checked whole (its own steps too) by _check_ability
                yield from _given(v)
    elif isinstance(node, list):
        for v in node:
            yield from _given(v)


def _check_created(spec: dict, path: str, card: str) -> None:
    if spec.get("kind") not in CREATED_KINDS:
        raise BadInputError(f"card {card!r}: a step creates no {spec.get('kind')!r} (it makes: "
                            f"{', '.join(CREATED_KINDS)})", path=path, line=line_of(spec, "kind") or line_of(spec))
    if spec["kind"] == "shield":
        check_shield(spec, path, card)
        return
    misplaced = [k for k in _ON_FIELDS if k in spec]
    if misplaced and spec.get("kind") in ("trigger", "replacement"):
        where, example = ("on", "turn_ends") if spec.get("kind") == "trigger" else ("replaces", "stunned")
        raise BadInputError(f"card {card!r}: a created {spec.get('kind')}'s {misplaced[0]!r} belongs in its "
                            f"{where!r} (e.g. {where}: {{event: {example}, next: true}})", path=path,
                            line=line_of(spec, misplaced[0]) or line_of(spec))
    unknown = set(spec) - (_CREATED_ENTERS_KEYS if spec.get("kind") == "enters" else _CREATED_KEYS[spec["kind"]])
    if not unknown and spec.get("kind") == "enters":
        unknown = set(spec.get("enters") or {}) - _ENTERS_KEYS
    if unknown:
        raise BadInputError(f"card {card!r}: unknown field(s) {', '.join(sorted(map(str, unknown)))} in a created "
                            f"{spec.get('kind')}", path=path, line=line_of(spec))


_EXPR_KEYS = {"filter", "condition", "if", "applies_to", "while", "amount", "add", "each", "x", "to_filter"}


_TEXT_ONLY = {"filter", "condition", "if", "applies_to", "while"}


def _expression_fields(node: Any):
    """(key, value, line) of every filter or condition in an ability, whatever its value's type."""
    for d in _mappings(node):
        for k, v in d.items():
            if k in _TEXT_ONLY and not isinstance(v, (dict, list)):
                yield k, v, line_of(d, k)


def _set_values(node: Any):
    """Yield (attribute, value, line) for every value of a ``set`` mapping that is not an expression or a
    plain value (a list or mapping written where an expression string belongs)."""
    for d in _mappings(node):
        values = d.get("set")
        if isinstance(values, dict):
            for k, v in values.items():
                if isinstance(v, (list, dict)):
                    yield k, v, line_of(values, k)


def ability_expressions(node: Any):
    """(expression string, line) of every expression inside an ability (its filters, conditions, amounts)."""
    return _expressions(node)


def _expressions(node: Any):
    """Yield (expression string, line) for every expression inside an ability, wherever it sits."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k in _EXPR_KEYS and isinstance(v, str):
                yield v, line_of(node, k)
            elif k in ("modify", "set") and isinstance(v, dict):
                for kk, val in v.items():
                    if isinstance(val, str):
                        yield val, line_of(v, kk)
            else:
                yield from _expressions(v)
    elif isinstance(node, list):
        for v in node:
            yield from _expressions(v)


#: card fields and the shapes they take (checked so that a typo is an error at its line, not a crash)
_CARD_SHAPES: dict[str, tuple[type, ...]] = {
    "name": (str,), "subtitle": (str,), "type": (str,), "traits": (list,), "keywords": (list,),
    "stats": (dict,), "cost": (int, str, dict), "text": (str,), "abilities": (list,), "errata": (dict,),
    "unique": (bool,), "illustrative": (bool,), "note": (str,), "faction": (str,), "loyalty": (int,),
    "zone": (str,), "id": (str,),
}


def check_card(raw: Any, path: str, line: int | None = None) -> None:
    """Schema check of one card mapping (cards.yaml or a scenario's inline ``cards:``)."""
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str) or not raw["name"].strip():
        raise BadInputError("each card must be a mapping with a 'name' (text), e.g. {name: My Card, type: unit}",
                            path=path, line=line_of(raw) or line)
    name = raw["name"]
    unknown = set(raw) - CARD_KEYS
    if unknown:
        raise BadInputError(f"card {name!r}: unknown field(s) {', '.join(sorted(map(str, unknown)))} "
                            f"(known: {', '.join(sorted(CARD_KEYS))})", path=path, line=line_of(raw))
    for key, types in _CARD_SHAPES.items():
        value = raw.get(key)
        if value is None:
            continue
        if isinstance(value, bool) and bool not in types or not isinstance(value, types):
            raise BadInputError(f"card {name!r}: {key!r} must be {_shape_name(types)}, not {value!r}",
                                path=path, line=line_of(raw, key) or line_of(raw))
    for key in ("traits", "keywords"):
        for item in raw.get(key) or []:
            if not isinstance(item, (str, int)) or isinstance(item, bool):
                raise BadInputError(f"card {name!r}: each of {key!r} must be text, not {item!r}",
                                    path=path, line=line_of(raw, key) or line_of(raw))
    cost = raw.get("cost")
    if isinstance(cost, str) and cost != "X" and not cost.strip().isdigit():  # int('two') stopped the play
        raise BadInputError(f"card {name!r}: 'cost' must be a number, or X for a cost the player chooses, "
                            f"not {cost!r}", path=path, line=line_of(raw, "cost") or line_of(raw))
    for stat, value in (raw.get("stats") or {}).items():
        if not isinstance(stat, str) or isinstance(value, bool) or not isinstance(value, (int, float)):
            raise BadInputError(f"card {name!r}: stat {stat!r} must be a number, not {value!r}",
                                path=path, line=line_of(raw, "stats") or line_of(raw))
    _check_unmodelled(raw, path)
    errata = raw.get("errata")
    if errata is not None:
        if "text" not in errata or not isinstance(errata.get("text"), str):
            raise BadInputError(f"card {name!r}: errata needs 'text' (and 'abilities')",
                                path=path, line=line_of(errata) or line_of(raw))
        if "abilities" in errata and not isinstance(errata["abilities"], list):
            raise BadInputError(f"card {name!r}: errata 'abilities' must be a list",
                                path=path, line=line_of(errata, "abilities") or line_of(errata))
        if "id" in errata and not isinstance(errata["id"], str):
            raise BadInputError(f"card {name!r}: errata 'id' must be an entry id (text)",
                                path=path, line=line_of(errata, "id") or line_of(errata))


def _check_unmodelled(raw: dict, path: str) -> None:
    """``unmodelled: [{text: START OF A SENTENCE OF THE CARD'S TEXT, reason: WHY}]`` (judge.coverage_cards)."""
    items = raw.get("unmodelled")
    if items is None:
        return
    name = raw["name"]
    at = line_of(raw, "unmodelled") or line_of(raw)
    if not isinstance(items, list):
        raise BadInputError(f"card {name!r}: 'unmodelled' is a list of {{text: ..., reason: ...}}", path=path, line=at)
    texts = " ".join(str(t) for t in (raw.get("text"), (raw.get("errata") or {}).get("text")) if t)
    folded = " ".join(texts.lower().split())
    for i, item in enumerate(items):
        where = line_of(items, i) or at
        if not (isinstance(item, dict) and set(item) == {"text", "reason"}
                and all(isinstance(item[k], str) and item[k].strip() for k in item)):
            raise BadInputError(f"card {name!r}: each 'unmodelled' item is {{text: START OF A SENTENCE, "
                                f"reason: WHY IT IS NOT MODELLED}}, not {item!r}", path=path, line=where)
        if " ".join(item["text"].lower().split()).rstrip(".") not in folded:
            raise BadInputError(f"card {name!r}: unmodelled text {item['text']!r} is not in the card's text",
                                path=path, line=where)


def _make(raw: dict, path: str, version: str, text: str, abilities: list, errata_id: str | None) -> CardDef:
    name = raw["name"]
    for i, ab in enumerate(abilities):
        _check_ability(ab, path, line_of(abilities, i) or line_of(raw), name)
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
        extra={k: raw[k] for k in ("subtitle", "unique", "faction", "loyalty", "zone", "illustrative", "unmodelled",
                                     "note")
               if k in raw},
    )


def load_cards(path: Path, game: str) -> CardPool:
    """Load and check one game's cards: ``cards.yaml`` plus every ``cards/*.yaml`` beside it (missing
    files -> empty pool). A card defined in two files is an error naming the second file and line."""
    path = Path(path)
    pool = CardPool(game, path, {}, {})
    folder = path.parent / "cards"
    try:
        extra = sorted(p for p in folder.glob("*.yaml") if p.is_file()) if folder.is_dir() else []
    except OSError as err:
        raise BadInputError(f"cannot list card files: {err.strerror or err}", path=str(folder)) from None
    for one in ([path] if path.exists() or path.is_symlink() else []) + extra:
        _load_card_file(one, pool)
    return pool


def _load_card_file(path: Path, pool: CardPool) -> None:
    data = load_yaml_with_lines(path)
    spath = str(path)
    cards = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(cards, list):
        raise BadInputError(f"{path.name} must be a mapping with a 'cards' list", path=spath,
                            line=line_of(data, "cards") if isinstance(data, dict) else 1)
    _add_cards(cards, pool, spath, shadow=False)


def _add_cards(cards: list, pool: CardPool, spath: str, shadow: bool) -> None:
    """Check and add card mappings to ``pool``. With ``shadow`` (a scenario's inline cards) a card
    may replace one of the game's cards of the same name, but not another inline card."""
    try:
        _add_each(cards, pool, spath, shadow)
    finally:
        pool._got.clear()  # what ``get`` found before may have changed (a card shadowed, a name shared)


def _add_each(cards: list, pool: CardPool, spath: str, shadow: bool) -> None:
    display = pool.display
    for i, raw in enumerate(cards):
        check_card(raw, spath, line_of(cards, i))
        if shadow:
            _drop_card(pool, raw)
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
        check_event_names(raw, pool.game, spath, raw["name"])  # after the abilities' own checks
        check_step_fields(raw, pool.game, spath)  # each step's verb and fields, as the game reads them
        check_limit_periods(raw, pool.game, spath)  # 'once per X': a period the game counts
        if printed.slug in pool.versions:
            raise BadInputError(f"card {raw['name']!r} defined twice", path=spath, line=line_of(raw))
        pool.versions[printed.slug] = versions
        if shadow:
            pool.inline.add(printed.slug)
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


def _drop_card(pool: CardPool, raw: dict) -> None:
    """Remove the game's card that an inline card shadows (same slug), with its names."""
    slug = raw.get("id") or slugify(raw["name"])
    if slug in pool.inline or slug not in pool.versions:
        return  # a second inline card of one name: reported as "defined twice"
    del pool.versions[slug]
    pool.display.pop(slug, None)
    for name in [k for k, v in pool.names.items() if v == slug]:
        del pool.names[name]
