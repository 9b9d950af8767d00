"""Plain baselines that `judge eval` measures judge's ranking against, computed in the same run on
the same entries: BM25 (bm25s with its Snowball stemmer and English stop words, over each entry's
title and text, nothing else) and MiniLM cosine (the question's vector against the entry's passage
vectors of the index: the best passage, no lexical half, no boosts).

Built on demand from the opened index; `judge ask` never imports this module.
"""
from __future__ import annotations

from typing import Any

import numpy as np

BASELINES = ("bm25", "minilm")


class PlainBM25:
    def __init__(self, index: Any):
        import bm25s
        import Stemmer

        self.index = index
        self.stemmer = Stemmer.Stemmer("english")
        texts = []
        for i in range(index.n):
            r = index.record(i)
            texts.append(" ".join(filter(None, [r.get("title") or "", r.get("text") or ""])) or "-")
        tokens = bm25s.tokenize(texts, stopwords="en", stemmer=self.stemmer, show_progress=False)
        self.retriever = bm25s.BM25()
        self.retriever.index(tokens, show_progress=False)

    def scores(self, question: str) -> np.ndarray:
        import bm25s

        toks = bm25s.tokenize([question], stopwords="en", stemmer=self.stemmer, show_progress=False,
                              return_ids=False)[0]
        vocab = self.retriever.vocab_dict
        toks = [t for t in toks if t in vocab]
        if not toks:
            return np.zeros(self.index.n, dtype=np.float32)
        return np.asarray(self.retriever.get_scores(toks), dtype=np.float32)


class PlainMiniLM:
    def __init__(self, searcher: Any):
        self.searcher = searcher

    def scores(self, question: str) -> np.ndarray:
        vec = self.searcher.encode([question])[0]
        return self.searcher._dense(vec)


class Baselines:
    """Rankings of the plain baselines; each is built the first time it is asked for."""

    def __init__(self, searcher: Any):
        self.searcher = searcher
        self._models: dict[str, Any] = {}

    def model(self, name: str) -> Any:
        if name not in self._models:
            self._models[name] = PlainBM25(self.searcher.index) if name == "bm25" else PlainMiniLM(self.searcher)
        return self._models[name]

    def ranking(self, name: str, question: str, *, game: str | None = None, k: int = 10) -> list[str]:
        idx = self.searcher.index
        s = self.model(name).scores(question).astype(np.float64)
        if game is not None:
            s = np.where(idx.entry_game == idx.games.index(game), s, -np.inf)
        top = np.argsort(-s, kind="stable")[:k]
        ids = idx.lookup["ids"]
        return [ids[i] for i in top if np.isfinite(s[i])]
