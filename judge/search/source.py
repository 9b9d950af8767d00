"""What search indexes: the corpus entries, with what the graph knows about each (related, verified).

Runs at index-build time only (imports the corpus parsers and networkx).
"""
from __future__ import annotations

import gc
import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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
    cards: list[str] = field(default_factory=list)
    related: list[str] = field(default_factory=list)
    verified: dict[str, Any] | None = None

    def record(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "game": self.game,
            "number": self.number,
            "title": self.title,
            "text": self.text,
            "source": self.source,
            "related": self.related,
            "verified": self.verified,
            "language": self.language,
            "cards": self.cards,
        }


@dataclass
class SearchCorpus:
    root: Path
    hash: str  # content hash: corpus + glossaries + verification results
    games: dict[str, dict[str, Any]]  # id -> {"name", "language"}
    docs: list[SearchDoc]
    glossaries: dict[str, dict[str, Any]]  # game id -> parsed glossary.yaml


def default_corpus_dir() -> Path:
    env = os.environ.get("JUDGE_CORPUS")
    if env:
        return Path(env)
    bundled = Path(__file__).resolve().parents[2] / "rules_corpus"
    if bundled.is_dir():  # without importing the corpus parsers: the query path stays light
        return bundled
    try:  # the corpus package knows where the bundled corpus lives
        from judge import corpus as corpus_pkg

        helper = getattr(corpus_pkg, "default_corpus_dir", None) or getattr(corpus_pkg, "bundled_corpus_dir", None)
        if callable(helper):
            return Path(helper())
    except ImportError:
        pass
    return Path(__file__).resolve().parents[2] / "rules_corpus"


def fingerprint_files(root: Path) -> list[Path]:
    """Files whose change may change the index: everything in the game folders (cheap to stat)."""
    files: list[Path] = []
    if root.is_dir():
        for game_dir in sorted(p for p in root.iterdir() if p.is_dir()):
            files.extend(sorted(p for p in game_dir.rglob("*") if p.is_file()))
    return files


def _source_json(source: Any) -> dict[str, Any]:
    if hasattr(source, "to_json"):
        return source.to_json()
    if isinstance(source, dict):
        return {"document": source.get("document"), "lines": list(source.get("lines") or [])}
    return {"document": None, "lines": []}


def _related_fallback(G: Any, entry_id: str) -> list[str]:
    """Parent, cited entries, errata and rulings about the same card, from the graph's edges."""
    out: list[str] = []
    if G is None or entry_id not in G:
        return out
    for pred, _, data in G.in_edges(entry_id, data=True):
        kind = data.get("kind")
        if kind in ("parent_of", "errata_of", "supersedes", "example_of"):
            out.append(pred)
    for _, succ, data in G.out_edges(entry_id, data=True):
        kind = data.get("kind")
        if kind in ("cites", "example_of", "errata_of", "supersedes"):
            out.append(succ)
        elif kind == "mentions":  # the card, and other entries about it
            out.append(succ)
    seen: set[str] = set()
    keep = []
    for node in out:
        if node != entry_id and node not in seen and G.nodes[node].get("kind") not in ("document", "game", "fixture"):
            seen.add(node)
            keep.append(node)
    return keep


def _verification_fallback(G: Any, entry_id: str) -> dict[str, Any] | None:
    if G is None or entry_id not in G:
        return None
    for _, fixture, data in G.out_edges(entry_id, data=True):
        if data.get("kind") == "verified_by":
            passed = data.get("passed", data.get("verdict") in ("passed", True))
            return {"fixture": G.nodes[fixture].get("path", fixture), "passed": bool(passed)}
    return None


def load_search_corpus(corpus_dir: Path | None = None) -> SearchCorpus:
    from judge.corpus import load_corpus
    from judge.errors import CorpusError

    root = Path(corpus_dir) if corpus_dir else default_corpus_dir()
    # the graph first: building it parses the corpus by itself, and that copy is freed before ours is made
    try:
        from judge.graph import load_graph

        G = load_graph(root)
    except ImportError:  # graph not built yet in this install: search works without related/verified
        G = None
    gc.collect()
    corpus = load_corpus(root)
    try:
        from judge.graph import related as related_fn
    except ImportError:
        related_fn = _related_fallback
    try:
        from judge.graph import verification as verification_fn
    except ImportError:
        verification_fn = _verification_fallback

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
            related = list(related_fn(G, entry.id)) if G is not None else []
            verified = verification_fn(G, entry.id) if G is not None else None
            if verified is not None:
                verified = {"fixture": str(verified.get("fixture")), "passed": bool(verified.get("passed"))}
            docs.append(
                SearchDoc(
                    id=entry.id,
                    kind=entry.kind,
                    game=entry.game,
                    language=language,
                    title=entry.title or "",
                    text=entry.text or "",
                    source=_source_json(entry.source),
                    number=entry.number,
                    heading=heading_of(entry),
                    cards=list(entry.cards or []),
                    related=related,
                    verified=verified,
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
    for d in docs:  # related/verified come from the graph and rulings, not only the documents
        h.update(f"{d.id}|{','.join(d.related)}|{d.verified}".encode())
    return SearchCorpus(root=root, hash=h.hexdigest(), games=games, docs=docs, glossaries=glossaries)
