"""The word half of the search index, and what every index holds beside its vectors: per-entry
tables (game, kind, language), one BM25 matrix per document language, and the lookup tables
(games, rule numbers, card names, glossaries).

`build_index` writes these to the cache with the dense vectors. `WordsOnlyIndex` holds them in
memory for a run that cannot save an index (a read-only or full cache folder with none in it):
building them takes about half a second, where embedding every passage takes 10-60 s that would
be thrown away at exit, so such a `judge ask` answers from the words alone and says so.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import numpy as np

from judge.search.text import analyze, normalize, with_roots


def entry_tables(corpus: Any) -> dict[str, Any]:
    """games, kinds, languages (sorted names) and each entry's row in them (entry_game, entry_kind,
    entry_lang: small int arrays in corpus order)."""
    games = sorted(corpus.games)
    kinds = sorted({d.kind for d in corpus.docs})
    languages = sorted({d.language for d in corpus.docs} | {"en"})
    gidx = {g: i for i, g in enumerate(games)}
    kidx = {k: i for i, k in enumerate(kinds)}
    lidx = {lang: i for i, lang in enumerate(languages)}
    return {
        "games": games, "kinds": kinds, "languages": languages,
        "entry_game": np.array([gidx[d.game] for d in corpus.docs], dtype=np.int16),
        "entry_kind": np.array([kidx[d.kind] for d in corpus.docs], dtype=np.int16),
        "entry_lang": np.array([lidx[d.language] for d in corpus.docs], dtype=np.int8),
    }


BM25_K1 = 1.5  # bm25s' defaults (Lucene's BM25), which the index used to be built with
BM25_B = 0.75


def bm25_matrix(docs: list[list[int]], n_vocab: int,
                lengths: list[int] | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The BM25 score of each (stem, entry) pair as a CSC matrix (data, indices: entries, indptr:
    stems), computed exactly as bm25s 0.3 does (Lucene idf, k1 1.5, b 0.75, the same float32 and
    float64 steps, so the same bits: tests/search/test_lexical.py holds them to it) without importing
    it, which costs half a second of scipy. ``lengths``: each entry's length when its token list holds
    more than its words (a Hungarian stem's root beside it: text.with_roots), so roots add matches, not length."""
    import math
    from collections import Counter

    n_docs = len(docs)
    lengths = lengths or [len(d) for d in docs]
    avg_len = np.array(lengths).mean()
    df = np.zeros(n_vocab, dtype=np.int64)
    for d in docs:
        df[list(set(d))] += 1
    idf = np.zeros(n_vocab, dtype=np.float32)
    for t in np.flatnonzero(df):
        idf[t] = math.log(1 + (n_docs - int(df[t]) + 0.5) / (int(df[t]) + 0.5))
    total = int(df.sum())
    scores = np.empty(total, dtype=np.float32)
    rows = np.empty(total, dtype=np.int32)
    cols = np.empty(total, dtype=np.int32)
    i = 0
    for row, d in enumerate(docs):
        counts = Counter(d)
        voc = np.array(list(counts.keys()), dtype=np.int32)
        tf = np.array(list(counts.values()), dtype=np.float32)
        tfc = tf / (BM25_K1 * ((1 - BM25_B) + BM25_B * lengths[row] / avg_len) + tf)
        end = i + len(voc)
        rows[i:end], cols[i:end], scores[i:end] = row, voc, idf[voc] * tfc
        i = end
    indptr = np.zeros(n_vocab + 1, dtype=np.int64)
    np.cumsum(np.bincount(cols, minlength=n_vocab), out=indptr[1:])
    order = np.argsort((cols.astype(np.int64) << 32) | rows.astype(np.int64))
    return scores[order].astype(np.float32), rows[order], indptr


def lexical_matrices(corpus: Any, languages: list[str]) -> Iterator[tuple[str, dict[str, Any]]]:
    """(language, its BM25 index) for each language, one at a time (a caller writing them frees each
    before the next): the CSC arrays ("data", "indices", "indptr"), the entries it covers ("docs",
    corpus rows) and the stem vocabulary ("vocab"). Stems become ids as they are made (one int object
    per distinct stem): no list of every token's string is ever held."""
    for lang in languages:
        docs_idx = [i for i, d in enumerate(corpus.docs) if d.language == lang]
        if docs_idx:
            vocab: dict[str, int] = {}
            ids, lengths = [], []
            for d in (corpus.docs[i] for i in docs_idx):
                stems = analyze(" ".join(filter(None, [d.title, d.heading or "", d.text])), lang, roots=False)
                ids.append([vocab.setdefault(t, len(vocab)) for t in (with_roots(stems, lang) or ["__empty__"])])
                lengths.append(len(stems) or 1)
            data, indices, indptr = bm25_matrix(ids, len(vocab), lengths)
            del ids
            lex = {"data": data, "indices": indices.astype(np.int32), "indptr": indptr.astype(np.int64),
                   "vocab": {t: int(v) for t, v in vocab.items() if t}}
        else:
            lex = {"data": np.zeros(0, np.float32), "indices": np.zeros(0, np.int32),
                   "indptr": np.zeros(1, np.int64), "vocab": {}}
        lex["docs"] = np.asarray(docs_idx, dtype=np.int64)
        yield lang, lex


#: words that begin a game's name without naming it alone
_GENERIC_NAME_WORDS = frozenset({"trading", "living", "collectible", "card", "cards", "game", "games", "super",
                                 "legend", "legends"})


def game_aliases(game_id: str, name: str) -> list[str]:
    """Ways a question names a game: "huntik", "warhammer invasion", "hatalom kártyái", "magus"..."""
    import re

    aliases = {normalize(game_id.replace("-", " "))}
    base = re.split(r"[:(]", name)[0]
    base = re.sub(r"\b(trading card game|card game|tcg|lcg|ccg)\b", "", base, flags=re.IGNORECASE)
    aliases.add(normalize(base.strip()))
    for inner in re.findall(r"\(([^)]*)\)", name):
        aliases.add(normalize(inner.replace(".", "").split()[0]) if inner.strip() else "")
    aliases.add(normalize(base.replace(".", "").strip()))
    # its first word alone when long and no generic word: "in hatalom", "in warhammer" (NEWUSER44: an
    # English question naming "hatalom" went to Warhammer; "hatalom kártyái" was needed in full)
    first = normalize(base.strip()).split()
    if len(first) > 1 and len(first[0]) >= 5 and first[0] not in _GENERIC_NAME_WORDS:
        aliases.add(first[0])
    return sorted(a for a in aliases if len(a) >= 4)


def build_lookup(corpus: Any, tables: dict[str, Any], model: dict[str, Any],
                 encoder: dict[str, Any]) -> dict[str, Any]:
    """The index's lookup.json: names, rule numbers, card names and mentions, glossaries, each
    entry's id and parent, and the model and encoder the vectors were made with."""
    from judge.search.glossary import compile_glossary

    games = tables["games"]
    numbers: dict[str, dict[str, int]] = {}
    cards: dict[str, dict[str, list[int]]] = {}
    mentions: dict[str, dict[str, list[int]]] = {}
    for i, d in enumerate(corpus.docs):
        if d.number:
            numbers.setdefault(d.game, {}).setdefault(normalize(d.number).rstrip("."), i)
        if d.kind == "card" and d.title:
            cards.setdefault(d.game, {}).setdefault(normalize(d.title), []).append(i)
        for name in d.cards:
            mentions.setdefault(d.game, {}).setdefault(normalize(name), []).append(i)
    row_of = {d.id: i for i, d in enumerate(corpus.docs)}
    return {
        "games": games,
        "kinds": tables["kinds"],
        "languages": tables["languages"],
        "game_language": {g: corpus.games[g]["language"] for g in games},
        "game_names": {g: corpus.games[g]["name"] for g in games},
        "game_aliases": {g: game_aliases(g, corpus.games[g]["name"]) for g in games},
        "ids": [d.id for d in corpus.docs],
        "parent": [row_of.get(d.parent, -1) if d.parent else -1 for d in corpus.docs],
        "numbers": numbers,
        "empty": [i for i, d in enumerate(corpus.docs) if not d.text.strip()],
        "cards": cards,
        "mentions": mentions,
        "glossaries": {g: compile_glossary(data, corpus.games[g]["language"])
                       for g, data in corpus.glossaries.items()},
        "players_words": {g: compile_glossary(data, corpus.games[g]["language"])
                          for g, data in corpus.players_words.items()},
        "model": model,
        "encoder": encoder,
    }


class LookupViews:
    """What both index kinds (`Index`, `WordsOnlyIndex`) read from their lookup table."""

    lookup: dict[str, Any]

    @property
    def games(self) -> list[str]:
        return self.lookup["games"]

    @property
    def kinds(self) -> list[str]:
        return self.lookup["kinds"]


class WordsOnlyIndex(LookupViews):
    """An index without vectors, in memory: what `Index` offers the word half of the ranking (the
    same BM25 matrices and lookup as the saved index would have), and `dense = None`.
    `words_only` says why there are no vectors (shown with every answer)."""

    dense = None
    passage_start = None
    path = None

    def __init__(self, corpus: Any, words_only: str):
        self.words_only = words_only
        tables = entry_tables(corpus)
        self.entry_game, self.entry_kind, self.entry_lang = (
            tables["entry_game"], tables["entry_kind"], tables["entry_lang"])
        self.lexical = dict(lexical_matrices(corpus, tables["languages"]))
        self.lookup = json.loads(json.dumps(build_lookup(
            corpus, tables, {"path": None, "key": None, "dim": 0},
            {"onnx": False, "dir": None, "reason": words_only}), ensure_ascii=False))
        self._docs = corpus.docs
        self.n = len(corpus.docs)
        self.meta = {"counts": {"entries": self.n, "passages": 0, "embedded": 0}}

    def record(self, i: int) -> dict[str, Any]:
        # through JSON, as the saved index's entries.jsonl is read: the same record either way
        return json.loads(json.dumps(self._docs[i].record(), ensure_ascii=False))

    def close(self) -> None:
        pass


def words_only_index(root: Path, why: str) -> WordsOnlyIndex:
    """The words-only index of the corpus at `root` (parsed once; nothing written)."""
    import gc

    from judge.search.source import load_search_corpus

    corpus = load_search_corpus(root, save_graph=False)
    gc.collect()
    return WordsOnlyIndex(corpus, why)
