"""Card lookup for `judge card` and the web's card page: every card the corpus knows, found by its
name without silent guessing.

A card is known from three places, merged by game and name:
- the documents (card nodes of the graph: quoted cards, card blocks, errata, set-code mentions);
- the documents' headings: a Title Case heading of two or more words that the questions and rulings
  under it write again mid-sentence ("Arkayne Vampire" / "When Arkayne Vampire is defending ...")
  and that is no rule, keyword or clarification title of the game (one-word headings such as
  "Hand" or "Stun" are as often a game term as a card: left out);
- the engine's card definitions (rules_corpus/<game>/cards.yaml and cards/*.yaml), with their text.

    found = lookup_card(G, "Arkayne Vampire")       # CardLookup(match="exact", cards=[...])
    found = lookup_card(G, "Arkane Vampire")        # match=None, close=["Arkayne Vampire", ...]

A match is "exact" (the name, the name before its subtitle comma, or the id) or "words" (the query is
whole words of exactly one name: 'sniktch' -> Deathmaster Sniktch, said so on output). Anything
else is no match, with the closest names offered: a typo is never replaced by another card.
"""
from __future__ import annotations

import difflib
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge.corpus.text import fold, slugify
from judge.errors import UnknownEntryError

#: entry kinds whose titles name game concepts, not cards (a heading equal to one is not a card)
CONCEPT_KINDS = ("rule", "keyword", "clarification")
#: entries that ask or rule about a card under its heading
QUESTION_KINDS = ("faq", "ruling", "example")


@dataclass
class Card:
    """One card of one game, from whichever places know it."""
    id: str  # the graph's id when the documents know the card, else GAME:card:<slug> like theirs
    game: str
    name: str
    in_graph: bool = False
    engine: dict | None = None  # {"text", "errata_text", "type", "note", "file", "line"}
    headings: list[str] = field(default_factory=list)  # entry ids under a heading naming the card

    @property
    def known_from(self) -> list[str]:
        out = ["documents"] if self.in_graph else []
        if self.headings and not self.in_graph:
            out.append("document headings")
        if self.engine:
            out.append("engine card definitions")
        return out


@dataclass
class CardLookup:
    query: str
    match: str | None  # "exact" | "words" | None
    cards: list[Card]  # matches, best first (several only for a shared name)
    close: list[Card]  # with no match: the closest names


class UnknownCardError(UnknownEntryError):
    """No card has that name (exit 2): "no card named X; closest: ..." or, when the words are part
    of several names, "several cards match X: ..."."""

    def __init__(self, found: CardLookup, game: str | None = None):
        shown = [c.name if game else f"{c.name} ({c.game})" for c in found.close]
        super().__init__(found.query, shown, kind="card")
        several = found.close and _part_of_several(found)
        head = f"several cards match {found.query!r}" if several else f"no card named {found.query!r}"
        tail = (": " if several else "; closest: ") + ", ".join(shown) if shown else ""
        self.problem = head + tail
        self.args = (self.problem,)

    def __str__(self) -> str:
        return self.problem


def _part_of_several(found: CardLookup) -> bool:
    return found.match is None and len(found.close) > 1 and all(
        _words_pattern(found.query).search(_plain(c.name)) for c in found.close)


# ------------------------------------------------------------------ the catalogue
_CATALOGUES: dict[tuple, list[Card]] = {}  # one per (graph object, corpus folder); two at most
_BUILDING = threading.Lock()  # a server's concurrent first card pages build it once


def catalogue(G: Any, corpus: Path | str | None = None) -> list[Card]:
    """Every card of the graph's corpus (memoised per graph object)."""
    root = Path(corpus or G.graph.get("corpus") or "")
    key = (id(G), G.graph.get("corpus_hash"), str(root))
    hit = _CATALOGUES.get(key)
    if hit is not None:
        return hit
    with _BUILDING:
        hit = _CATALOGUES.get(key)
        if hit is None:
            hit = _build(G, root)
            if len(_CATALOGUES) >= 2:
                _CATALOGUES.clear()
            _CATALOGUES[key] = hit
    return hit


def _build(G: Any, root: Path) -> list[Card]:
    by_key: dict[tuple[str, str], Card] = {}
    for n, a in G.nodes(data=True):
        if a.get("kind") == "card" and not (a.get("data") or {}).get("printed"):
            by_key[(a["game"], fold(a["title"]))] = Card(n, a["game"], a["title"], in_graph=True)
    for game, name, ids in _heading_cards(G):
        c = by_key.setdefault((game, fold(name)), Card(f"{game}:card:{slugify(name, 12)}", game, name))
        c.headings = ids
    games = [n for n, a in G.nodes(data=True) if a.get("kind") == "game"]
    for game in games:
        for name, info in _engine_cards(root, game).items():
            c = by_key.get((game, fold(name))) or by_key.get((game, fold(info["bare"])))
            if c is None:
                c = by_key[(game, fold(name))] = Card(f"{game}:card:{slugify(name, 12)}", game, name)
            c.engine = info
    return sorted(by_key.values(), key=lambda c: (c.game, fold(c.name)))


def _heading_cards(G: Any) -> list[tuple[str, str, list[str]]]:
    """(game, heading, entry ids) for headings that name a card (see the module docstring)."""
    concepts: set[tuple[str, str]] = set()
    under: dict[tuple[str, str], list[str]] = {}
    for n, a in G.nodes(data=True):
        if a.get("kind") in CONCEPT_KINDS and a.get("title"):
            concepts.add((a["game"], fold(a["title"])))
        h = a.get("heading")
        if h and a.get("kind") in QUESTION_KINDS:
            under.setdefault((a["game"], h), []).append(n)
    out = []
    for (game, h), ids in under.items():
        if (game, fold(h)) in concepts or not _is_title_case(h) or len(h.split()) < 2:
            continue
        base = h.split(",")[0].strip()
        # written again inside a sentence (not after . ! ? : or at the start), with its capitals
        rx = re.compile(r"(?<![.!?:\n]\s)(?<!^)(?<![\w’'])" + re.escape(base) + r"(?![\w])")
        text = "\n".join(G.nodes[n].get("text") or "" for n in ids)
        if any(m.start() > 0 for m in rx.finditer(text)):
            out.append((game, h, sorted(ids)))
    return out


def _is_title_case(text: str) -> bool:
    words = re.findall(r"[^\W\d_][\w’'\-]*", text)
    return bool(words) and all(w[0].isupper() for w in words if len(w) >= 4)


def _engine_cards(root: Path, game: str) -> dict[str, dict]:
    """The engine's definitions of a game's cards: full name -> text, errata text, type, note, file, line.
    A game without definitions, or with definitions the engine rejects, adds none (lookup of the
    documents' cards still works; `judge verify` reports the broken file)."""
    folder = _game_folder(root, game)
    if folder is None or not ((folder / "cards.yaml").is_file() or (folder / "cards").is_dir()):
        return {}
    from judge.engine.yamlload import load_yaml_with_lines
    from judge.errors import BadInputError

    out: dict[str, dict] = {}
    files = ([folder / "cards.yaml"] if (folder / "cards.yaml").is_file() else []) + \
        sorted(p for p in (folder / "cards").glob("*.yaml") if p.is_file())
    for path in files:
        try:
            data = load_yaml_with_lines(path)
        except (BadInputError, OSError):
            continue
        raw_cards = data.get("cards") if isinstance(data, dict) else None
        for raw in raw_cards if isinstance(raw_cards, list) else []:
            if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
                continue
            name = f"{raw['name']}, {raw['subtitle']}" if raw.get("subtitle") else raw["name"]
            errata = raw.get("errata") if isinstance(raw.get("errata"), dict) else {}
            out.setdefault(name, {
                "name": name, "bare": raw["name"],
                "text": _str(raw.get("text")), "errata_text": _str(errata.get("text")),
                "type": _str(raw.get("type")), "note": _str(raw.get("note")),
                "traits": [str(t) for t in raw.get("traits") or [] if isinstance(t, (str, int))]
                if isinstance(raw.get("traits"), list) else [],
                "cost": raw.get("cost") if isinstance(raw.get("cost"), int) else None,
                "stats": {str(k): v for k, v in raw["stats"].items()} if isinstance(raw.get("stats"), dict) else {},
                "file": path.relative_to(folder).as_posix(), "line": getattr(raw, "line", None),
            })
    return out


def _str(v: Any) -> str:
    return " ".join(str(v).split()) if isinstance(v, (str, int, float)) else ""


def _game_folder(root: Path, game: str) -> Path | None:
    if (root / game / "game.yaml").is_file():
        return root / game
    try:
        from judge.corpus import _game_folders, load_manifest

        for folder in _game_folders(root):
            if load_manifest(folder).id == game:
                return folder
    except Exception:  # noqa: BLE001 - an unreadable corpus folder has no engine cards to add
        return None
    return None


# ------------------------------------------------------------------ lookup
def lookup_card(G: Any, name: str, game: str | None = None, corpus: Path | str | None = None) -> CardLookup:
    pool = [c for c in catalogue(G, corpus) if game is None or c.game == game]
    q = " ".join(fold(name).split())
    if not q:
        return CardLookup(name, None, [], [])
    exact = [c for c in pool if q in _names(c) or fold(c.id) == q]
    if exact:
        return CardLookup(name, "exact", exact, [])
    pattern = _words_pattern(q)
    if pattern is not None:
        part = [c for c in pool if pattern.search(_plain(c.name))]
        if len(part) == 1:
            return CardLookup(name, "words", part, [])
        if len(part) > 1:  # several cards share those words: the user picks
            return CardLookup(name, None, [], sorted(part, key=lambda c: len(c.name))[:8])
    return CardLookup(name, None, [], closest(pool, q))


def _plain(name: str) -> str:
    return fold(name).replace("'", "")


def _words_pattern(q: str) -> re.Pattern[str] | None:
    """The query's words, whole and in order, anywhere in a name."""
    words = re.findall(r"[a-z0-9]+", _plain(q))
    if not words:
        return None
    return re.compile(r"(?<![a-z0-9])" + r"[^a-z0-9]+".join(map(re.escape, words)) + r"(?![a-z0-9])")


def _names(c: Card) -> set[str]:
    """The names a card answers to exactly: full, before the subtitle comma, without a version tag."""
    full = " ".join(fold(c.name).split())
    out = {full, full.split(",")[0].strip(), re.sub(r"\s*\([a-z]\)$", "", full)}
    if c.engine:
        out.add(" ".join(fold(c.engine["bare"]).split()))
    return out


def closest(pool: list[Card], q: str, n: int = 5) -> list[Card]:
    """Cards whose name (or one word of it) is closest to `q`, best first."""
    scored = []
    for c in pool:
        t = fold(c.name)
        best = difflib.SequenceMatcher(None, q, t).ratio()
        for w in re.findall(r"[a-z0-9'\-]+", t):
            if len(w) >= 4:
                best = max(best, 0.95 * difflib.SequenceMatcher(None, q, w).ratio())
        if best >= 0.5:
            scored.append((best, c))
    scored.sort(key=lambda x: (-x[0], x[1].name))
    return [c for _, c in scored[:n]]


# ------------------------------------------------------------------ report
def card_view(G: Any, found: CardLookup) -> dict[str, Any]:
    """The object `judge card NAME --json` prints (and /api/card serves): the graph's card report
    when the documents know the card, plus the match, the engine's text and where the card is known from."""
    from judge.graph import card_report

    c = found.cards[0]
    if c.in_graph:
        rep = card_report(G, [c.id] + [o.id for o in found.cards[1:] if o.in_graph])
    else:
        text = (c.engine or {}).get("errata_text") or (c.engine or {}).get("text") or ""
        src = ({"document": c.engine["file"], "lines": [c.engine["line"]] * 2 if c.engine["line"] else None}
               if c.engine else G.nodes[c.headings[0]].get("source") if c.headings else None)
        rep = {"card": {"id": c.id, "kind": "card", "game": c.game, "number": None, "title": c.name, "text": text,
                        "source": src, "data": {}},
               "current_text": text or None, "printed_text": (c.engine or {}).get("text") or None, "errata": [],
               "mentioned_by": [], "other_matches": [o.id for o in found.cards[1:]]}
    mentioned = list(rep["mentioned_by"]) if c.in_graph else []
    seen = set(mentioned) | {c.id}
    for n in c.headings + _mentions(G, c):
        if n not in seen:
            seen.add(n)
            mentioned.append(n)
    rep["mentioned_by"] = mentioned
    rep["match"] = found.match
    rep["query"] = found.query
    rep["known_from"] = c.known_from
    rep["engine"] = {k: v for k, v in c.engine.items() if k != "bare"} if c.engine else None
    return rep


def _mentions(G: Any, c: Card) -> list[str]:
    """Entries of the game that write the card's name (for cards the graph has no node for)."""
    if c.in_graph:
        return []
    base = c.name.split(",")[0].strip()
    rx = re.compile(r"(?<![\w’'])" + re.escape(base) + r"(?![\w])")
    return sorted(n for n, a in G.nodes(data=True)
                  if a.get("game") == c.game and a.get("kind") not in ("card", "game", "document", "fixture")
                  and rx.search((a.get("text") or "") + "\n" + (a.get("title") or "")))
