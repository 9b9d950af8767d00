"""No game's Python serves a single card outside its card scripts (issue 13), for every game.

The names a game package (judge/games/<game>/, or the one-file judge/games/<game>.py) reads from card
data are found in its code: the step verbs and expression functions it registers, the ability names it
compares (``ab.name == "target tax"``), the keywords it looks for (``"defends zones" in keywords``), the
attributes it asks for that a card's continuous ability sets (``obj_attr(o, "search_extra")``) and the
fields of abilities, triggers and targets it gets (``spec.get("one_or_more")``) beyond the card effect
language's own. For each, the cards of rules_corpus/<game> that use it are counted from the data. A name
only one card uses is either that card's script (the game's card_scripts.SCRIPTS,
tests/engine/test_card_scripts.py) or listed in the game's allowlist below with the reason it is the
rules' own vocabulary; a new one-card name fails here until it is made general (used by the other cards
whose text says the same), a card script, or (only if the rules define it) listed.

Each game's allowlist is its own dict (ONE_CARD_ALLOWED) so that it can be edited on its own; every one is
reviewed name by name, each reason documented in judge/engine/GUIDE.md.
"""
from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

import pytest

from judge.engine.game import get_game, known_games
from judge.engine.keywords import parse_keyword
from judge.paths import repo_root
from judge.scenarios.loader import card_pool
from tests.engine.test_card_scripts import _scripts  # the game's card_scripts.SCRIPTS

# -- the allowlists: game -> {name: why it may serve one card} ------------------------------------------

#: Warhammer: Invasion -- each name is the rules' own vocabulary: the entry of the documents that
#: defines it is named (rules_corpus/warhammer-invasion; ids without the game prefix)
WARHAMMER_INVASION = {
    "cannot attack": "keyword: 'cannot be declared as an attacker' (Franz's Decree errata; the FAQ's 'Corrupted "
                     "legends cannot attack or defend'), read where combat declares attackers with its counterpart "
                     "'cannot defend'",
    "additional_phase": "step: 'after this phase, take an additional battlefield phase' -- a grant for a later "
                        "time (faq:play-card-like-waaagh-use-action-like-grudge, states_rule; mechanic "
                        "later_grant_waits); a phase of the turn structure, the counterpart of skip",
    "allow_attack": "step: a card effect allows an attack outside the battlefield phase "
                    "(clarification:attacks-made-outside-of-the-battlefield-phase)",
    "attach_experience": "step: the Experience keyword's own action (keyword:experience)",
    "look_at": "step: 'look at' is a game term distinct from 'search' (clarification:search)",
    "redirect_assigned": "step: redirecting damage after it is assigned, before it is applied "
                         "(clarification:redirecting-damage)",
    "restore": "step: restoring a corrupted card -- the kingdom phase's own action ('Active player may restore "
               "one corrupt card', the turn sequence), which uses this step too",
    "reveal_hand": "step: revealing a hand, 0 cards included (faq:reveal-hand-no-cards, states_rule)",
    "skip": "step: skipping a phase (clarification:the-word-skip)",
    "turn_faceup": "step: a face-down development turned face up (clarification:developments)",
    "capital_attacked": "function: is a zone of a player's capital being attacked (an attack on a zone; "
                        "fulcrum attacks count: mechanic fulcrum_attack_is_zone_attack)",
    "section_attacked_by": "function: the capital section a unit is attacking (an attack on a zone, "
                           "clarification:battlefield-phase; a fulcrum's zone: fulcrum_attack_is_zone_attack)",
    "is_action": "function: is it an Action (uppercase), as the rules define it (clarification:actions)",
    "odd": "function: arithmetic (is a number odd; X and no cost are not); not a card's behaviour",
    "played": "function: a card entering play was played (from the hand, through the action chain), not put "
              "into play by a card effect -- the rules' two definitions (clarification:play, "
              "clarification:put-into-play; mechanic put_into_play_not_played)",
    "lowered": "function: the card that met a 'lower the cost of the next <card> you play' effect -- a "
               "conditional action, a constant effect 'that waits for a specific condition to be met' and lasts "
               "until it is (clarification:conditional-actions; mechanic conditional_action_ends_when_met) -- as "
               "a later part of the same effect names it ('That unit', We'z Bigga!); one card in the corpus "
               "says so today",
    "shares_capital_race": "function: a card shares its controller's capital's racial affiliation "
                           "(clarification:racial-affilation)",
    "play cost increase": "continuous: 'cost N additional resources to play' -- an additional cost, paid on "
                          "top of the (lowered) printed cost (clarification:cost; mechanics "
                          "cost_lowering_printed_only, additional_cost_each_source)",
    "play permission": "continuous: 'you may play X from your discard pile' -- the exception a card effect "
                       "makes to 'play' meaning from the hand (clarification:play; keyword:necromancy is the "
                       "rules' own such permission)",
    "defends zones": "keyword granted: a legend may defend capital zones only if a card effect allows it "
                     "(clarification:legends)",
    "loses actions and forced effects": "keyword granted: the card loses its Actions and Forced Effects, the "
                                        "rules' two kinds of triggered ability (clarification:actions)",
    "search_extra": "attribute: 'search N additional cards' -- the rules' own example of searching "
                    "(clarification:search:example-1, mechanic search_extra)",
    "lower_to": "ability field: an ability lowering a card's cost as it is played (faq:triggger-tunnel-"
                "fighters-ability, states_rule)",
    "sacrifice": "ability field: what such a cost-lowering ability sacrifices (with lower_to)",
    "one_or_more": "trigger field: the trigger wording 'when one or more ...' (Garden of Morr's errata "
                   "adopts it): one trigger for a batch of events that happen together; weakest entry: "
                   "no rule defines the wording",
}

#: Vs. System: today's one-card names, recorded (being reduced; the lead updates this list at merge)
#: Vs. System -- general vocabulary with the rule or the text form that defines it (documented in GUIDE.md)
VS_SYSTEM = {
    "stun": "step: stun a character (the stunned characteristic, 302.3a; combat stuns through the same code)",
    "recover": "step: recover a stunned character (the end of the stunned characteristic)",
    "become_defender": "step: 'X becomes the defender' (ruling:changing-defenders, states_rule)",
    "reveal": "step: reveal a card from your hand (a cost)",
    "cannot_gain": "step: 'cannot gain K this turn' (a text form any card may print)",
    "may_for_each": "step: 'you may X for each Y': none or exactly one per Y (a text form)",
    "each_chooses": "step: 'each player chooses a character' (a text form, done together)",
    "win_game": "step: 'you win the game' (an alternate victory, read with 'opponents cannot win')",
    "cannot be stunned": "keyword: 'X cannot be stunned' (a text form any card may print, the negation of the stun "
                         "of 302.3a: the stun does not happen to it; no rule of the corpus states it -- Blackheart's "
                         "text alone prints it)",
    "cannot be the target of*": "keyword form: 'cannot be the target of K effects' (a text form any card may print; "
                               "K are kinds of effect -- a card type, payment, triggered: terms.target_restriction, "
                               "read with a pattern the scan does not see; Untouchable alone grants it today)",
    "opponents cannot win": "keyword: 'your opponents cannot win the game' (a text form any card may print, read by "
                            "win_game; no rule of the corpus states it -- the Mephisto errata alone prints it)",
    "endurance": "the player field the rules define (endurance, lost and paid): a permission's offered way of "
                 "paying is named by it (`offers: {endurance: ..}`, the action's `with: [endurance]`); no Python "
                 "reads the offer by that name",
}

#: Star Wars TCG -- general vocabulary with the rule that defines it (documented in GUIDE.md)
STAR_WARS_TCG = {
    "dice_damage": "step: 'does N dice of damage', the damage form of keyword:retaliate",
    "discard_card": "step: 'Discard a card' (a cost), from the hand (clarification:discard)",
    "critical hit": "keyword: Critical Hit, whose natural sixes keyword:accuracy defines",
    "can't attack": "keyword: a restriction on attacking, the rules' own term (keyword:intercept's ruling: 'If the "
                    "attacking unit can't attack the unit with Intercept'); printed by the illustrative Han Enchained",
}

#: Huntik -- general vocabulary with the rule that defines it (documented in GUIDE.md)
HUNTIK = {
    "go_again": "step: Go again (707.2)",
    "lose_powers": "step: a card loses its powers for a duration (700.3)",
    "take_turn": "step: 'It's now your turn' (the turn passes by a card's effect)",
    "or_eliminate": "field of enters: 'come into play [do something] or eliminate me', a modifier 705.1b names",
}

#: Hatalom Kártyái -- general vocabulary with the rule that defines it (documented in GUIDE.md)
HATALOM_KARTYAI = {
    "move": "step: the core move; a location is not shuffled back into the deck or taken to the hand, nor moved "
            "by a source whose text does not name locations (8.9.5)",
    "cards_in_play": "function: a player's cards in play for a source, locations not counted (8.9.3)",
}

ONE_CARD_ALLOWED: dict[str, dict[str, str]] = {
    "warhammer-invasion": WARHAMMER_INVASION,
    "vs-system": VS_SYSTEM,
    "star-wars-tcg": STAR_WARS_TCG,
    "huntik": HUNTIK,
    "hatalom-kartyai": HATALOM_KARTYAI,
}

#: games whose allowlist is reviewed name by name, each reason documented in judge/engine/GUIDE.md
DOCUMENTED = ("warhammer-invasion", "vs-system", "star-wars-tcg", "huntik", "hatalom-kartyai")


# -- the scan ---------------------------------------------------------------------------------------------

def _package(game: str) -> Path:
    return repo_root() / "judge" / "games" / game.replace("-", "_")


def _package_files(package: Path) -> list[Path]:
    """The game's Python: its package's modules, or its one-file module."""
    if package.is_dir():
        return sorted(package.glob("*.py"))
    one_file = package.with_suffix(".py")
    return [one_file] if one_file.exists() else []


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


def _flags(value, out: set[str]) -> None:
    """The flags a card's data gives (``{flag: REF, as: NAME}``)."""
    if isinstance(value, dict):
        if "flag" in value and isinstance(value.get("as"), str):
            out.add(value["as"])
        for v in value.values():
            _flags(v, out)
    elif isinstance(value, list):
        for v in value:
            _flags(v, out)


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


def card_uses(game_id: str) -> dict[str, dict[str, set[str]]]:
    """kind -> name -> the cards (any version) whose data uses it that way."""
    from judge.engine.steps import verb_tables

    verbs = verb_tables(get_game(game_id))[0]
    pool = card_pool(game_id, str(repo_root() / "rules_corpus"))
    uses: dict[str, dict[str, set[str]]] = {k: defaultdict(set)
                                            for k in ("data", "set", "keyword", "ability", "field", "flag")}
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
                _flags(ab.data, found["flag"])
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


def python_reads(package: Path) -> dict[str, set[str]]:
    """kind -> the names a game package's Python reads from card data: ``ability`` names compared with an ability's
    ``.name``, ``keyword`` strings looked for in keywords, ``set`` attributes asked of obj_attr, ``field``
    keys it gets from a map (``ab.get("lower_to")``, ``spec["keeps"]``)."""
    reads: dict[str, set[str]] = {"ability": set(), "keyword": set(), "set": set(), "field": set(), "flag": set()}
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in _package_files(package)}
    # the package's constants, wherever defined: a flag kept in terms.py is read as it is imported
    package_consts = {k: v for tree in trees.values() for k, v in _constants(tree).items()}
    for path, tree in trees.items():
        consts = {**package_consts, **_constants(tree)}

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
                        elif "flags" in src:  # `X in obj.flags`: a flag a card's data gives
                            reads["flag"].add(lit)
                        elif "keywords" in src:
                            reads["keyword"].add(lit.lower())
            elif isinstance(node, ast.Subscript) and text(node.slice) is not None:
                reads["field"].add(text(node.slice))
            elif isinstance(node, ast.Call):
                fn = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                if fn == "compile" and node.args and isinstance(node.args[0], ast.Constant) \
                        and str(node.args[0].value).startswith("^"):
                    # a keyword form read with a pattern ("^cannot be the target of (.+) effects$"): its
                    # literal beginning, as a parameterised form
                    head = re.split(r"[\\(\[.*+?{|$]", str(node.args[0].value)[1:], maxsplit=1)[0].strip()
                    if head:
                        reads["keyword"].add(head.lower() + "*")
                    continue
                if fn == "get" and node.args and text(node.args[0]) is not None:
                    reads["field"].add(text(node.args[0]))
                    continue
                lit = text(node.args[-1]) if len(node.args) >= 2 else None
                if lit is None:
                    continue
                if fn in ("obj_attr", "_guarded", "player_attr", "set_attr"):
                    reads["set"].add(lit)
                elif fn in ("keyword_value", "keyword_values", "keyword_total", "has_keyword", "text_granting"):
                    reads["keyword"].add(lit.lower())
    return reads


def table(game_id: str) -> list[tuple[str, str, int, list[str]]]:
    """(kind, name, cards using it, those cards) for every name the game's Python reads from card data."""
    game = get_game(game_id)
    uses = card_uses(game_id)
    rows = []
    for verb in sorted(v for v in game.steps if ":" not in v):
        rows.append(("verb", verb, *_count(uses["data"].get(verb))))
    for fn in sorted(game.functions):
        rows.append(("function", fn, *_count(uses["data"].get(fn))))
    rules_keywords = _rules_keywords(game_id)
    characteristics = _characteristics(game_id)
    for kind, names in python_reads(_package(game_id)).items():
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


@pytest.fixture(scope="module")
def tables() -> dict[str, list]:
    return {}


def _table(tables, game_id: str) -> list:
    if game_id not in tables:
        tables[game_id] = table(game_id)
    return tables[game_id]


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


def _rules_keywords(game_id: str) -> set[str]:
    """The keywords the game's rules define (``keyword:savage-x`` -> ``savage``), from the corpus's ids."""
    from judge.scenarios.loader import graph_ids

    prefix = f"{game_id}:keyword:"
    out = set()
    for rid in graph_ids():
        if rid.startswith(prefix) and ":" not in rid[len(prefix):]:
            slug = rid[len(prefix):]
            out.update({slug.replace("-", " "), re.sub(r"-x$", "", slug).replace("-", " ")})
    return out


def _characteristics(game_id: str) -> set[str]:
    """The printed characteristics of the game's cards (type, traits, cost, power ...): the rules' own."""
    from judge.engine.cards import CARD_KEYS

    pool = card_pool(game_id, str(repo_root() / "rules_corpus"))
    stats = {k for versions in pool.versions.values() for card in versions.values() for k in card.stats}
    return set(CARD_KEYS) | stats


def _count(cards) -> tuple[int, list[str]]:
    return len(cards or ()), sorted(cards or ())


def test_every_game_has_an_allowlist():
    assert sorted(ONE_CARD_ALLOWED) == sorted(known_games())


def test_the_reads_are_found(tables):
    """The scan sees the kinds of reads it is meant to see (else the check below would pass vacuously)."""
    rows = _table(tables, "warhammer-invasion")
    kinds = {kind for kind, *_ in rows}
    assert {"verb", "function", "ability", "keyword", "set", "field"} <= kinds
    assert any(kind == "ability" and name == "target tax" and n == 2 for kind, name, n, _ in rows)
    assert any(kind == "keyword" and name == "cannot *" and n == 2 for kind, name, n, _ in rows)
    assert any(kind == "verb" and name == "turn_facedown" and n == 2 for kind, name, n, _ in rows)


@pytest.mark.parametrize("game_id", known_games())
def test_no_new_one_card_name(tables, game_id):
    scripts = {n for names in _scripts(game_id).values() for n in names}
    allowed = ONE_CARD_ALLOWED.get(game_id, {})
    one_card = {name: cards[0] for kind, name, n, cards in _table(tables, game_id) if n == 1 and name not in scripts}
    new = sorted(set(one_card) - set(allowed))
    assert not new, (f"names {game_id}'s Python reads for one card only (make them general vocabulary the other "
                     f"cards use, a card script, or -- only if the rules define it -- allow it): "
                     f"{[(n, one_card[n]) for n in new]}")
    gone = sorted(set(allowed) - set(one_card))
    assert not gone, f"no longer read for exactly one card, drop from {game_id}'s allowlist: {gone}"


@pytest.mark.parametrize("game_id", DOCUMENTED)
def test_one_card_vocabulary_is_documented(game_id):
    guide = (repo_root() / "judge" / "engine" / "GUIDE.md").read_text(encoding="utf-8")
    missing = sorted(n for n in ONE_CARD_ALLOWED[game_id]  # a parameterised form ("X*") by its literal part
               if not re.search(r"`[^`\n]*\b" + re.escape(n.rstrip("*")) + r"\b[^`\n]*`", guide))
    assert not missing, f"{game_id} vocabulary used by one card must be documented in GUIDE.md: {missing}"
