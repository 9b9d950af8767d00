"""What a scenario's expectations may name, for the scenario schema: the event kinds a game's replay
can log, and the player attributes something in the game can give a value.

An expectation about an event kind that no replay ever logs holds or fails whatever the engine
does: ``{no_event: ambushd}`` (a misspelling of ``ambushed``) always holds, and so did an old
scenario's ``{no_event: additional_phase_refused}`` once the engine stopped logging that kind.
The schema refuses both.

An event kind is always spelled out, quoted, in the code that logs it: the first argument of
``eng.log`` (a literal, or one of two in ``a if c else b``), the type of an event the core logs as it
performs it, or a literal handed on to one of those (Warhammer's combat declarations pass theirs to one
helper). Card text cannot make a new kind: its steps log through the same code. So the kinds a game can
log are among the quoted words of the core engine's, the scenario runner's and the game package's source
files, less the words that name something else -- its step verbs, zones and causes of leaving play
(``{no_event: destroy}`` held whatever happened) -- unless the code logs that very word as a kind (so a verb logged
as a kind is logged with a literal: Warhammer's search / look_at). What it catches is a kind nothing logs;
``tests/engine/test_vocabulary.py`` replays every bundled scenario and checks that each kind logged is in
the set (no kind is ever built from pieces).

A player attribute the engine does not know reads 0 (``player_attr``), so ``{player: B, resouces: 0}``
held too. A player's attributes are the game's player fields, what its code reads or writes for a
player (quoted in it), what a card's text writes (``player_counter: cards_revealed``,
``player_modify: {extra_major_heroes: 1}``: any word of its abilities), what the scenario's own
``effect`` steps write and the counters its state gives the player. A zone's name is no player attribute
(``{player: A, hand: 0}`` read 0 too): the schema points to ``zone_count``, whose zones it checks.
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


#: a kind logged in so many words: the first argument of a ``log(...)`` call (a literal, or both literals of
#: ``"a" if c else "b"``) and the type of an event written as a mapping ({"type": "moved", ...})
_LOG_CALL = re.compile(r"""\.log\(\s*["']([a-z][a-z0-9_]*)["']""")
_LOG_ELSE = re.compile(r"""\.log\(\s*["'][a-z][a-z0-9_]*["']\s+if\s[^\n]*?\selse\s+["']([a-z][a-z0-9_]*)["']""")
_EVENT_TYPE = re.compile(r"""["'](?:type|event)["']\s*:\s*["']([a-z][a-z0-9_]*)["']""")


@lru_cache(maxsize=16)
def _read(folder: Path) -> tuple[frozenset[str], frozenset[str]]:
    """(every quoted word, the kinds logged in so many words) of one folder's modules: read once per run --
    the engine's and the runner's folders are shared by every game (regular expressions, not a parse:
    parsing the modules took seconds of a scenario load)."""
    words: set[str] = set()
    kinds: set[str] = set()
    for path in sorted(folder.rglob("*.py")):
        if path == _HERE or path.name == "explain.py":  # this module's own quoted words name no event, and
            continue  # the explainer's phrases for every game's events would let one game's name pass in another
        text = path.read_text(encoding="utf-8")
        words.update(_QUOTED.findall(text))
        for pattern in (_LOG_CALL, _LOG_ELSE, _EVENT_TYPE):
            kinds.update(pattern.findall(text))
    return frozenset(words), frozenset(kinds)


@lru_cache(maxsize=16)
def _spelled(folders: tuple[Path, ...]) -> frozenset[str]:
    """Every quoted word of the code."""
    return frozenset().union(*(_read(f)[0] for f in folders))


@lru_cache(maxsize=16)
def _logged(folders: tuple[Path, ...]) -> frozenset[str]:
    """The kinds the code logs in so many words."""
    return frozenset().union(*(_read(f)[1] for f in folders))


def _folders(module: object) -> tuple[Path, ...]:
    package = Path(inspect.getfile(type(module))).resolve().parent
    return (_JUDGE / "engine", _JUDGE / "scenarios", package)


def _not_kinds(module: Any) -> frozenset[str]:
    """Words of the game that name something else than an event: its step verbs, zones and the causes
    of leaving play (``{no_event: destroy}`` held whatever happened: no code logs an event 'destroy')."""
    from judge.engine.steps import verb_tables

    verbs, _can = verb_tables(module)
    causes = {cause for _zone, cause in getattr(module, "leave_verbs", {}).values()}
    return frozenset({*verbs, *getattr(module, "zones", ()), *causes})


_LOGGABLE: dict[int, tuple[object, frozenset[str]]] = {}
_POOL_WORDS: dict[int, tuple[object, frozenset[str]]] = {}
_POOL_STATS: dict[int, tuple[object, frozenset[str]]] = {}


def loggable(module: object) -> frozenset[str]:
    """Every word that may name an event kind in a replay of ``module``'s game (see the module doc): the
    quoted words of its code, less its step verbs, zones and causes unless the code logs them as kinds.
    Made once per game module (every scenario's event expectations ask)."""
    got = _LOGGABLE.get(id(module))
    if got is None or got[0] is not module:
        folders = _folders(module)
        got = _LOGGABLE[id(module)] = (module, (_spelled(folders) - _not_kinds(module)) | _logged(folders))
    return got[1]


def _pool_words(pool: Any) -> frozenset[str]:
    """Every word of the abilities of a card pool's cards, once per pool (the game's pool is shared by
    its scenarios; a scenario with cards of its own has a pool of its own)."""
    got = _POOL_WORDS.get(id(pool))
    if got is None or got[0] is not pool:
        words: set[str] = set()
        for versions in pool.versions.values():
            for card in versions.values():
                for ab in card.abilities:
                    _card_words(ab.data, words)
        got = _POOL_WORDS[id(pool)] = (pool, frozenset(words))
    return got[1]


def _pool_stats(pool: Any) -> frozenset[str]:
    """The stat names of a card pool's cards, once per pool (asked for every card expectation's key)."""
    got = _POOL_STATS.get(id(pool))
    if got is None or got[0] is not pool:
        names = {stat for versions in pool.versions.values() for card in versions.values() for stat in card.stats or ()}
        got = _POOL_STATS[id(pool)] = (pool, frozenset(names))
    return got[1]


def unknown_kind(kind: str, module: object) -> str | None:
    """Why no replay of the game can log ``kind``, with the nearest kinds it can; None if one can."""
    words = loggable(module)
    if kind in words:
        return None
    near = difflib.get_close_matches(kind, sorted(words), n=3, cutoff=0.75)
    hint = f" (did you mean {' or '.join(repr(n) for n in near)}?)" if near else ""
    return (f"no {getattr(module, 'id', 'game')} replay logs an event {kind!r}: nothing in the engine or "
            f"the game's code logs that kind{hint}")


def nearest_logged(kind: str, logged: list[str], n: int = 4) -> list[str]:
    """The kinds this replay did log, nearest to ``kind`` first, ``n`` at most: an expectation of a kind
    the game can log but this replay did not (``declared_defender`` where only ``declared_attacker`` was
    logged) is most often a near name. Nearest: more words alike first (a word is alike
    when one is the start of the other: attack / attacker), then difflib's ratio, then the name."""
    wanted = kind.split("_")

    def alike(other: str) -> int:
        return sum(any(a.startswith(b) or b.startswith(a) for b in other.split("_") if len(b) > 2)
                   for a in wanted if len(a) > 2)

    kinds = sorted(set(logged))
    return sorted(kinds, key=lambda k: (-alike(k), -difflib.SequenceMatcher(None, kind, k).ratio(), k))[:n]


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


def unknown_zone(name: Any, module: Any) -> str | None:
    """Why ``name`` is not one of the game's zones (a zone_count key, count_ZONE); None if it is."""
    if name in module.zones:
        return None
    return f"no zone {name!r} in {module.id} (zones: {', '.join(module.zones)})"


def unknown_player_attr(name: str, module: Any, pool: Any, state: dict, actions: list | None = None) -> str | None:
    """Why nothing in this scenario's game can give a player attribute ``name`` a value (it would
    read 0 whatever happens), with the nearest known ones; None if something can."""
    if name.startswith("count_"):
        return unknown_zone(name[6:], module)
    if name in module.zones:
        return f"{name!r} is a zone, not a player attribute (it would read 0): write zone_count: {{{name}: N}}"
    if name in module.player_fields:
        return None
    if any(name in ((state.get(p) or {}).get("counters") or {}) for p in module.players):
        return None
    near = difflib.get_close_matches(name, module.player_fields, n=1, cutoff=0.85)
    if near and not _counts_for_players(name, pool, actions):
        # a near miss of a player field ('resource' for 'resources'): the word may be spelled elsewhere (a card
        # counter's kind) and still name nothing a player has
        return (f"no player attribute {name!r} in {module.id} (did you mean {near[0]!r}?): it is not a player "
                f"field ({', '.join(module.player_fields)}) nor a player counter a card or the state gives; it "
                f"would read 0 whatever happens")
    if name in _spelled(_folders(module)):
        return None
    words: set[str] = set(_pool_words(pool))
    for act in actions or []:  # what the scenario's own effect steps write ({effect: [{player_counter: ..}]})
        if isinstance(act, dict):
            _card_words(act.get("effect"), words)
    if name in words:
        return None
    near = difflib.get_close_matches(name, [*module.player_fields, *sorted(words)], n=3, cutoff=0.75)
    hint = f" (did you mean {' or '.join(repr(n) for n in near)}?)" if near else ""
    return (f"no player attribute {name!r} in {module.id}: not a player field "
            f"({', '.join(module.player_fields) or 'none'}), nor read or written by the game's code or a "
            f"card's text, nor a counter the state gives; it would read 0 whatever happens{hint}")


def _counts_for_players(name: str, pool: Any, actions: list | None) -> bool:
    """Does a card of the pool, or an effect step of the scenario, keep a player counter ``name``
    (``{player_counter: NAME}``)?"""
    def walk(node) -> bool:
        if isinstance(node, dict):
            return node.get("player_counter") == name or any(walk(v) for v in node.values())
        if isinstance(node, (list, tuple)):
            return any(walk(v) for v in node)
        return False
    cards = (card for versions in pool.versions.values() for card in versions.values())
    return any(walk(ab.data) for card in cards for ab in card.abilities) or walk(
        [a.get("effect") for a in actions or [] if isinstance(a, dict)])


def unknown_card_key(name: str, module: Any, pool: Any, state: dict, actions: list | None = None) -> str | None:
    """Why nothing in this scenario's game can give a card attribute ``name`` (a card expectation's key)
    a value -- it would read None, so ``{card: X, sebzess: null}`` would hold whatever happens and
    ``sebzess: 3`` fail as 'got None' --, with the nearest known ones; None if something can. Known: what
    the engine's, the runner's or the game's code spells (object attributes, game attributes, flags), a
    stat of a card of the pool, a word of a card's abilities (a flag or counter a step sets), of the
    starting state or of the scenario's own effect steps."""
    if name in _spelled(_folders(module)):
        return None
    words: set[str] = set(_pool_words(pool)) | _pool_stats(pool)
    _card_words(state, words)
    for act in actions or []:
        if isinstance(act, dict):
            _card_words(act.get("effect"), words)
    if name in words:
        return None
    near = difflib.get_close_matches(name, sorted(words | _spelled(_folders(module))), n=3, cutoff=0.8)
    hint = f" (did you mean {' or '.join(repr(n) for n in near)}?)" if near else ""
    return (f"no card attribute {name!r} in {module.id}: not a stat of its cards, nor read or written by the "
            f"engine, the game's code or a card's text; it would read nothing whatever happens{hint}")


def unknown_state_var(name: str, module: Any) -> str | None:
    """Why no game state variable ``name`` exists in the game (a state expectation's key): not one of its
    state fields (``state_vars``) nor a word its code or the engine's spells; None if one does."""
    if name in module.state_vars or name in _spelled(_folders(module)):
        return None
    near = difflib.get_close_matches(name, sorted(module.state_vars), n=3, cutoff=0.6)
    hint = f" (did you mean {' or '.join(repr(n) for n in near)}?)" if near else ""
    return (f"no state variable {name!r} in {module.id} (its state fields: {', '.join(sorted(module.state_vars))}; "
            f"the engine or the game's code may keep others){hint}")


def _calls_and_attrs(node: Any, calls: set[str], attrs: set[str]) -> None:
    if node.op == "call":
        calls.add(node.value)
    elif node.op == "attr" and not (node.args[0].op == "name" and node.args[0].value == "event"):
        # an event's fields are whatever the code that makes it passes (keyword arguments too,
        # ``boosted=...``), not quoted words: they are not checked
        attrs.add(node.value)
    for a in node.args:
        if hasattr(a, "op"):
            _calls_and_attrs(a, calls, attrs)


def expression_problem(text: str, module: Any, pool: Any, state: dict, actions: list | None = None) -> str | None:
    """Why an expression of a scenario's own card or scripted effect names something its game does not have:
    a function that is neither the core's nor the game's (the replay stopped with 'the engine cannot carry
    out this step' only if and when the step ran), or an attribute nothing can give a value (``it.hero_level``
    reads nothing, so a target filter refused every card as 'not a legal target'); None if it names none.
    An attribute is known as a card key or a player attribute is (``unknown_card_key``,
    ``unknown_player_attr``): the code's words, the pool's cards' words and stats, the state's words."""
    from judge.engine.context import CORE_FUNCTIONS
    from judge.engine.expr import ExprError, parse

    try:
        node = parse(text)
    except ExprError as err:
        return str(err)
    calls: set[str] = set()
    attrs: set[str] = set()
    _calls_and_attrs(node, calls, attrs)
    functions = set(CORE_FUNCTIONS) | set(getattr(module, "functions", {}))
    for name in sorted(calls - functions):
        near = difflib.get_close_matches(name, sorted(functions), n=3, cutoff=0.6)
        hint = f" (did you mean {' or '.join(repr(n) for n in near)}?)" if near else ""
        return (f"unknown function {name!r} in expression {text!r} (functions: {', '.join(sorted(functions))}; "
                f"`judge cards --game {module.id}` lists them){hint}")
    for name in sorted(attrs):
        why = unknown_card_key(name, module, pool, state, actions)
        if why and unknown_player_attr(name, module, pool, state, actions):
            return f"in expression {text!r}: " + why.replace("card attribute", "attribute", 1)
    return None


#: the fields of a modifier a ``modify`` step or a created effect writes, besides the stats it changes
_MODIFIER_FIELDS = {"target", "applies_to", "duration", "lock", "affected", "grant", "grant_traits", "grant_powers",
                    "while", "modify", "set", "player_modify", "cannot_reduce", "enters", "name", "until"}


def modified_stats(node: Any, line_of: Any):
    """(stat name, line) of every characteristic a card's ability changes (``modify: {power: 1}``,
    ``set: {type: ...}``), inside a ``modify`` step's modifier too."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k in ("modify", "set") and isinstance(v, dict):
                if set(v) & (_MODIFIER_FIELDS - {"name"}):  # a modifier (the step's), not a stat mapping
                    yield from modified_stats(v, line_of)
                else:
                    for stat in v:
                        yield stat, line_of(v, stat) or line_of(node, k)
            else:
                yield from modified_stats(v, line_of)
    elif isinstance(node, list):
        for v in node:
            yield from modified_stats(v, line_of)
