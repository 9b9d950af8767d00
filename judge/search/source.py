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

GLOSSARY_FILE = "glossary.yaml"


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


def fingerprint_files(root: Path) -> list[Path]:
    """Files whose change may change the index: everything in the game folders (cheap to stat)."""
    files: list[Path] = []
    if root.is_dir():
        for game_dir in sorted(p for p in root.iterdir() if p.is_dir()):
            files.extend(sorted(p for p in game_dir.rglob("*") if p.is_file()))
    return files


def load_search_corpus(corpus_dir: Path | None = None) -> SearchCorpus:
    from judge.corpus import load_corpus
    from judge.errors import CorpusError
    from judge.graph import load_graph, question_answer, related

    root = Path(corpus_dir) if corpus_dir else default_corpus_dir()
    # the graph first: building it parses the corpus by itself, and that copy is freed before ours is made
    G = load_graph(root, with_verdicts=False)
    gc.collect()
    corpus = load_corpus(root)

    games: dict[str, dict[str, Any]] = {}
    docs: list[SearchDoc] = []
    glossaries: dict[str, dict[str, Any]] = {}
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
        glossary_path = root / game_id / GLOSSARY_FILE
        if glossary_path.is_file():
            import yaml

            raw = glossary_path.read_bytes()
            h.update(raw)
            try:
                data = yaml.safe_load(raw) or {}
            except yaml.YAMLError as err:
                raise CorpusError(f"glossary is not valid YAML: {err}", path=str(glossary_path)) from err
            if not isinstance(data, dict) or not isinstance(data.get("terms"), dict):
                raise CorpusError("glossary needs a 'terms' mapping (term -> [translations])", path=str(glossary_path))
            glossaries[game_id] = data
    for d in docs:  # related entries come from the graph, not only the documents
        h.update(f"{d.id}|{','.join(d.related)}".encode())
    return SearchCorpus(root=root, hash=h.hexdigest(), games=games, docs=docs, glossaries=glossaries)
