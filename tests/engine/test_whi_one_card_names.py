"""No Python name of Warhammer: Invasion serves a single card outside its card scripts (issue 13).

The names WHI's Python reads from card data are found in its code: the step verbs and expression
functions it registers, the ability names it compares (``ab.name == "target tax"``), the keywords it
looks for (``"defends zones" in keywords``), the attributes it asks for that a card's continuous
ability sets (``obj_attr(o, "search_extra")``) and the fields of abilities, triggers and targets it gets
(``spec.get("one_or_more")``) beyond the card effect language's own. For each, the cards of rules_corpus/warhammer-invasion
that use it are counted from the data. A name only one card uses is either that card's script
(card_scripts.SCRIPTS, tests/engine/test_card_scripts.py) or general vocabulary documented in
judge/engine/GUIDE.md and listed below with the reason; a new one-card name fails here until it is
made general (used by the other cards whose text says the same), documented, or a card script.
"""
from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

import pytest

from judge.engine.game import get_game
from judge.engine.keywords import parse_keyword
from judge.paths import repo_root
from judge.scenarios.loader import card_pool

GAME = "warhammer-invasion"
PACKAGE = repo_root() / "judge" / "games" / "warhammer_invasion"

#: name -> why it is general vocabulary although one card of the corpus uses it today. Kept equal to
#: what the data says: a name that gains a second card, or is removed, leaves this list.
GENERAL_ONE_CARD = {
    # -- step verbs: the game's general effect vocabulary (GUIDE "Warhammer: Invasion's general vocabulary")
    "additional_phase": "step: take an additional phase (Bash 'Em!); any 'additional phase' text",
    "allow_attack": "step: units may attack this phase outside the battlefield phase",
    "attach_experience": "step: attach N experience to a unit (keyword: Experience)",
    "look_at": "step: look at the top N cards of a deck",
    "redirect_assigned": "step: damage assigned to one unit is assigned to another instead",
    "restore": "step: restore a corrupted card (rule: corruption)",
    "reveal_hand": "step: a player reveals his hand",
    "skip": "step: skip the rest of a phase",
    "turn_faceup": "step: a face-down development is turned face up",
    # -- expression functions
    "capital": "function: a player's capital section in a zone (rule: the capital)",
    "capital_attacked": "function: was a player's capital attacked this turn",
    "discard_type": "function: the type a card has as it enters the discard pile",
    "is_action": "function: is an ability an Action",
    "odd": "function: is a number odd",
    "shares_capital_race": "function: two cards share a capital race (faction)",
    # -- continuous abilities and attributes Python reads
    "combat_damage_bonus": "attribute: 'this unit deals N additional (combat) damage'",
    "defends zones": "keyword granted: a legend 'may be declared as a defender of your zones'",
    "ends the action chain when played": "keyword: 'when this card is played, end and resolve the chain'",
    "loses actions and forced effects": "keyword granted: the card loses its Actions and Forced effects",
    "no moving in": "continuous: 'units cannot move into' the zone of the cards it applies to",
    "play cost increase": "continuous: cards it applies to cost N additional resources to play",
    "play permission": "continuous: cards it applies to may be played from where they are",
    "search_extra": "attribute: 'when you search your deck, you may search N additional cards'",
    # -- fields of abilities, triggers and targets
    "keeps": "target field of an Attachment: the requirements it must keep meeting (all but the zone)",
    "lower_to": "ability field: 'you may sacrifice N developments to lower this card's cost to M' (with sacrifice)",
    "sacrifice": "ability field: the developments sacrificed as the card is played (with lower_to)",
    "one_or_more": "trigger field: 'when one or more ...': one trigger for a batch of events",
}


def _data_names(value, out: set[str]) -> None:
    """Every dict key, identifier string and 'name(' / '.name' of an expression in a card's data."""
    if isinstance(value, dict):
        for k, v in value.items():
            out.add(str(k))
            _data_names(v, out)
    elif isinstance(value, list):
        for v in value:
            _data_names(v, out)
    elif isinstance(value, str):
        out.update(m.group(1) for m in re.finditer(r"([A-Za-z_]\w*)\s*\(", value))


def _set_names(value, out: set[str]) -> None:
    """The attributes a card's data sets or modifies (keys of ``set`` / ``modify`` maps)."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k in ("set", "modify") and isinstance(v, dict):
                out.update(str(x) for x in v)
            _set_names(v, out)
    elif isinstance(value, list):
        for v in value:
            _set_names(v, out)


def _granted(value, out: set[str]) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "grant" and isinstance(v, list):
                out.update(str(x).lower() for x in v if isinstance(x, str))
            _granted(v, out)
    elif isinstance(value, list):
        for v in value:
            _granted(v, out)


def _fields(value, verbs, out: set[str], ability: bool = False) -> None:
    """The keys of the maps in a card's data that are not steps (ability, trigger, target and modifier
    fields: ``one_or_more``, ``keeps`` ...); a step's own arguments belong to its verb, the keys of a
    ``set`` / ``modify`` map are attributes."""
    if isinstance(value, dict):
        step = not ability and any(k in verbs for k in value)
        for k, v in value.items():
            if not step:
                out.add(str(k))
            if k in ("set", "modify") and isinstance(v, dict):
                for x in v.values():
                    _fields(x, verbs, out)
                continue
            _fields(v, verbs, out)
    elif isinstance(value, list):
        for v in value:
            _fields(v, verbs, out)


def card_uses() -> dict[str, dict[str, set[str]]]:
    """kind -> name -> the cards (any version) whose data uses it that way."""
    from judge.engine.steps import verb_tables

    verbs = verb_tables(get_game(GAME))[0]
    pool = card_pool(GAME, str(repo_root() / "rules_corpus"))
    uses: dict[str, dict[str, set[str]]] = {k: defaultdict(set) for k in ("data", "set", "keyword", "ability", "field")}
    for versions in pool.versions.values():
        for card in versions.values():
            found = {k: set() for k in uses}
            for kw in card.keywords:
                found["keyword"].update({kw.lower(), parse_keyword(kw)[0].lower()})
            for ab in card.abilities:
                _data_names(ab.data, found["data"])
                _set_names(ab.data, found["set"])
                _granted(ab.data, found["keyword"])
                _fields(ab.data, verbs, found["field"], ability=True)
                if ab.data.get("name"):
                    found["ability"].add(ab.data["name"])
            for kind, names in found.items():
                for name in names:
                    uses[kind][name].add(card.name)
    return uses


def _constants(tree) -> dict[str, str]:
    """Module-level NAME = "text" constants (a keyword kept in a constant is read all the same)."""
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    out[t.id] = node.value.value
    return out


def python_reads() -> dict[str, set[str]]:
    """kind -> the names WHI's Python reads from card data: ``ability`` names compared with an ability's
    ``.name``, ``keyword`` strings looked for in keywords, ``set`` attributes asked of obj_attr, ``field``
    keys it gets from a map (``ab.get("lower_to")``, ``spec["keeps"]``)."""
    reads: dict[str, set[str]] = {"ability": set(), "keyword": set(), "set": set(), "field": set()}
    for path in sorted(PACKAGE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        consts = _constants(tree)

        def text(node):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                return node.value
            if isinstance(node, ast.Name) and node.id in consts:
                return consts[node.id]
            if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
                return str(node.values[0].value) + "*"  # a parameterised form: f"cannot {role}" -> 'cannot *'
            return None

        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                for a, b in zip(sides, sides[1:]):
                    for lit, other in ((text(a), b), (text(b), a)):
                        if lit is None:
                            continue
                        src = ast.unparse(other)
                        if src.endswith(".name"):
                            reads["ability"].add(lit)
                        elif "keywords" in src:
                            reads["keyword"].add(lit.lower())
            elif isinstance(node, ast.Subscript) and text(node.slice) is not None:
                reads["field"].add(text(node.slice))
            elif isinstance(node, ast.Call):
                fn = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                if fn == "get" and node.args and text(node.args[0]) is not None:
                    reads["field"].add(text(node.args[0]))
                    continue
                lit = text(node.args[-1]) if len(node.args) >= 2 else None
                if lit is None:
                    continue
                if fn in ("obj_attr", "_guarded", "player_attr"):
                    reads["set"].add(lit)
                elif fn in ("keyword_value", "keyword_values", "keyword_total"):
                    reads["keyword"].add(lit.lower())
    return reads


@pytest.fixture(scope="module")
def table() -> list[tuple[str, str, int, list[str]]]:
    """(kind, name, cards using it, those cards) for every name WHI's Python reads from card data."""
    game = get_game(GAME)
    uses = card_uses()
    rows = []
    for verb in sorted(v for v in game.steps if ":" not in v):
        rows.append(("verb", verb, *_count(uses["data"].get(verb))))
    for fn in sorted(game.functions):
        rows.append(("function", fn, *_count(uses["data"].get(fn))))
    rules_keywords = _rules_keywords()
    characteristics = _characteristics()
    for kind, names in python_reads().items():
        for name in sorted(names):
            if name.endswith("*"):  # every name of the parameterised form counts
                cards = set().union(set(), *[c for n, c in uses[kind].items() if n.startswith(name[:-1])])
            else:
                cards = uses[kind].get(name)
            if not cards:  # an attribute no card sets is the rules' own (keywords, remaining_hp ...)
                continue
            if kind == "keyword" and name in rules_keywords or kind in ("set", "field") and name in characteristics:
                continue  # defined by the rules: a keyword of the rulebook, a printed characteristic
            if kind == "field" and name in ENGINE_FIELDS:
                continue  # the card effect language's own fields (GUIDE section 3), read by the core too
            rows.append((kind, name, *_count(cards)))
    return rows


def _engine_fields() -> set[str]:
    """The fields the core engine itself reads (judge/engine/*.py ``.get("x")`` / ``["x"]``): the card
    effect language's own (GUIDE section 3), general by construction whoever uses them."""
    out: set[str] = set()
    for path in sorted((repo_root() / "judge" / "engine").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
                out.add(str(node.slice.value))
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
                  and node.args and isinstance(node.args[0], ast.Constant)):
                out.add(str(node.args[0].value))
    return out


ENGINE_FIELDS = _engine_fields()


def _rules_keywords() -> set[str]:
    """The keywords the game's rules define (``keyword:savage-x`` -> ``savage``), from the corpus's ids."""
    from judge.scenarios.loader import graph_ids

    prefix = f"{GAME}:keyword:"
    out = set()
    for rid in graph_ids():
        if rid.startswith(prefix) and ":" not in rid[len(prefix):]:
            slug = rid[len(prefix):]
            out.update({slug.replace("-", " "), re.sub(r"-x$", "", slug).replace("-", " ")})
    return out


def _characteristics() -> set[str]:
    """The printed characteristics of the game's cards (type, traits, cost, power ...): the rules' own."""
    from judge.engine.cards import CARD_KEYS

    pool = card_pool(GAME, str(repo_root() / "rules_corpus"))
    stats = {k for versions in pool.versions.values() for card in versions.values() for k in card.stats}
    return set(CARD_KEYS) | stats


def _count(cards) -> tuple[int, list[str]]:
    return len(cards or ()), sorted(cards or ())


def _scripts() -> dict[str, tuple[str, ...]]:
    from judge.games.warhammer_invasion.card_scripts import SCRIPTS

    return SCRIPTS


def test_the_reads_are_found(table):
    """The scan sees the kinds of reads it is meant to see (else the check below would pass vacuously)."""
    kinds = {kind for kind, *_ in table}
    assert {"verb", "function", "ability", "keyword", "set", "field"} <= kinds
    assert any(kind == "ability" and name == "target tax" and n == 2 for kind, name, n, _ in table)
    assert any(kind == "keyword" and name == "cannot *" and n == 2 for kind, name, n, _ in table)


def test_no_new_one_card_name(table):
    scripts = {n for names in _scripts().values() for n in names}
    one_card = {name: cards[0] for kind, name, n, cards in table if n == 1 and name not in scripts}
    new = sorted(set(one_card) - set(GENERAL_ONE_CARD))
    assert not new, ("names WHI's Python reads for one card only (make them general vocabulary the other cards "
                     f"use, document them, or a card script): {[(n, one_card[n]) for n in new]}")
    gone = sorted(set(GENERAL_ONE_CARD) - set(one_card))
    assert not gone, f"no longer read for exactly one card, drop from GENERAL_ONE_CARD: {gone}"


def test_one_card_vocabulary_is_documented():
    guide = (repo_root() / "judge" / "engine" / "GUIDE.md").read_text(encoding="utf-8")
    missing = sorted(n for n in GENERAL_ONE_CARD if n not in guide)
    assert not missing, f"general vocabulary used by one card must be documented in GUIDE.md: {missing}"
