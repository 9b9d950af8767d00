"""Hybrid search over the rules corpus: BM25 (bm25s, Snowball stems) + dense (MiniLM via ONNX).

`Searcher(corpus_dir).ask("question")` answers; `build_index` (re)builds the cached index.
Importing this package is light; neither asking nor building the index of the packaged model imports torch.
"""
from __future__ import annotations

__all__ = ["Searcher", "Answer", "Hit", "build_index", "open_index"]


def __getattr__(name: str):
    if name in ("Searcher", "Answer", "Hit"):
        from judge.search import search

        return getattr(search, name)
    if name in ("build_index", "open_index"):
        from judge.search import index

        return getattr(index, name)
    raise AttributeError(name)
