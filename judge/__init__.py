"""judge: rules-judge question answering for trading card games.

Small public API; heavy parts (search model, engine) are imported on first use.
"""
from __future__ import annotations

__all__ = ["load_corpus", "load_graph", "__version__"]
__version__ = "0.1.0"


def __getattr__(name: str):  # lazy, keeps `import judge` cheap
    if name == "load_corpus":
        from judge.corpus import load_corpus

        return load_corpus
    if name == "load_graph":
        from judge.graph import load_graph

        return load_graph
    raise AttributeError(name)
