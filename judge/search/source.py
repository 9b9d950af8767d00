"""What search indexes: the corpus entries, with what the graph knows about each (related entries).

Engine verdicts are not part of the index: `judge ask` reads them at question time (judge.verdicts),
so a new `judge verify` never forces a rebuild.

Runs at index-build time only (imports the corpus parsers and networkx).
"""
from __future__ import annotations

import gc
import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge.paths import default_corpus_dir

GLOSSARY_FILE = "glossary.yaml"  # terms of questions in another language -> the game's language
PLAYERS_WORDS_FILE = "players-words.yaml"  # words players use -> the words of the game's documents


@dataclass
class SearchDoc:
    id: str
    kind: str
    game: str
    language: str
    title: str
    text: str
    source: dict[str, Any]
    number: str | None = None
    heading: str | None = None
    parent: str | None = None  # the entry this one sits under (a rule's parent rule, an example's rule)
    cards: list[str] = field(default_factory=list)
    related: list[str] = field(default_factory=list)
    question: str | None = None  # a FAQ entry's question, on its own
    answer: str | None = None  # a FAQ entry's answer, or a ruling's text (judge.graph.question_answer)

    def record(self) -> dict[str, Any]:
        from judge.verdicts import text_hash

        return {
            "id": self.id,
            "kind": self.kind,
            "game": self.game,
            "number": self.number,
            "title": self.title,
            "text": self.text,
            "source": self.source,
            "related": self.related,
            "question": self.question,
            "answer": self.answer,
            "language": self.language,
            "cards": self.cards,
            "text_hash": text_hash(self.title, self.text),
        }


@dataclass
class SearchCorpus:
    root: Path
    hash: str  # content hash: corpus + glossaries + related entries
    games: dict[str, dict[str, Any]]  # id -> {"name", "language"}
    docs: list[SearchDoc]
    glossaries: dict[str, dict[str, Any]]  # game id -> parsed glossary.yaml
    players_words: dict[str, dict[str, Any]] = field(default_factory=dict)  # game id -> parsed players-words.yaml


def fingerprint_files(root: Path) -> list[Path]:
    """Files whose change may change the index: everything in the game folders (cheap to stat)."""
    files: list[Path] = []
    if root.is_dir():
        for game_dir in sorted(p for p in root.iterdir() if p.is_dir()):
            files.extend(sorted(p for p in game_dir.rglob("*") if p.is_file()))
    return files


def load_search_corpus(corpus_dir: Path | None = None, *, save_graph: bool = True) -> SearchCorpus:
    """The entries to index. `save_graph=False`: the graph is built from the one parse and not
    written to the cache (a run that cannot keep it: parsing twice would cost a second)."""
    from judge.corpus import load_corpus
    from judge.graph import build_graph, load_graph, question_answer, related

    root = Path(corpus_dir) if corpus_dir else default_corpus_dir()
    if save_graph:
        # the graph first: building it parses the corpus by itself, and that copy is freed before ours is made
        G = load_graph(root, with_verdicts=False)
        gc.collect()
        corpus = load_corpus(root)
    else:
        corpus = load_corpus(root)
        G = build_graph(corpus)

    games: dict[str, dict[str, Any]] = {}
    docs: list[SearchDoc] = []
    glossaries: dict[str, dict[str, Any]] = {}
    players_words: dict[str, dict[str, Any]] = {}
    h = hashlib.sha256(str(corpus.hash).encode())
    for game_id, game in corpus.games.items():
        manifest = game.manifest
        language = (getattr(manifest, "language", None) or "en").lower()
        games[game_id] = {"name": getattr(manifest, "name", game_id), "language": language}
        by_id = {e.id: e for e in game.entries}

        def heading_of(entry: Any) -> str | None:
            # numbered rules carry no title: the nearest titled ancestor says what they are about
            if entry.heading:
                return entry.heading
            seen = set()
            parent = by_id.get(entry.parent) if entry.parent else None
            while parent is not None and parent.id not in seen:
                seen.add(parent.id)
                if parent.title:
                    return parent.title
                parent = by_id.get(parent.parent) if parent.parent else None
            return None

        for entry in game.entries:
            question, answer = question_answer(entry.kind, entry.text, entry.data)
            docs.append(
                SearchDoc(
                    id=entry.id,
                    kind=entry.kind,
                    game=entry.game,
                    language=language,
                    title=entry.title or "",
                    text=entry.text or "",
                    source=entry.source.to_json(),
                    number=entry.number,
                    heading=heading_of(entry),
                    parent=entry.parent,
                    cards=list(entry.cards or []),
                    related=related(G, entry.id),
                    question=question,
                    answer=answer,
                )
            )
        for name, table in ((GLOSSARY_FILE, glossaries), (PLAYERS_WORDS_FILE, players_words)):
            data = _term_file(root / game_id / name, h)
            if data is not None:
                table[game_id] = data
    for d in docs:  # related entries come from the graph, not only the documents
        h.update(f"{d.id}|{','.join(d.related)}".encode())
    return SearchCorpus(root=root, hash=h.hexdigest(), games=games, docs=docs, glossaries=glossaries,
                        players_words=players_words)


def _term_file(path: Path, h: Any) -> dict[str, Any] | None:
    """A glossary-style YAML file ('terms': term -> [words]) of a game folder, hashed into `h`; None if absent."""
    if not path.is_file():
        return None
    import yaml

    from judge.errors import CorpusError

    raw = path.read_bytes()
    h.update(raw)
    try:
        data = yaml.safe_load(raw) or {}
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        raise CorpusError(f"{path.name} is not valid YAML: {err}", path=str(path),
                          line=(mark.line + 1) if mark is not None else None) from err
    if not isinstance(data, dict) or not isinstance(data.get("terms"), dict):
        raise CorpusError(f"{path.name} needs a 'terms' mapping (term -> [words])", path=str(path))
    for term, words in data["terms"].items():
        if not (isinstance(words, str) or (isinstance(words, list) and all(isinstance(w, str) for w in words))):
            raise CorpusError(f"{path.name}: the words for {term!r} must be a string or a list of strings",
                              path=str(path))
    return data
