"""Where the bundled data lives (no heavy imports: used on every start-up path)."""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=1)
def repo_root() -> Path:
    """The checkout (or installed tree) holding judge/, rules_corpus/ and rulings/ (it never moves
    while judge runs; resolved once: scenario loading asks for it twice per scenario)."""
    return Path(__file__).resolve().parent.parent


def default_corpus_dir() -> Path:
    """``$JUDGE_CORPUS``, else the bundled rules_corpus/."""
    return _corpus_dir(os.environ.get("JUDGE_CORPUS"))


@lru_cache(maxsize=8)
def _corpus_dir(env: str | None) -> Path:
    # one Path per value of $JUDGE_CORPUS: every replay asks (building the path was 2% of a replay)
    return Path(env) if env else repo_root() / "rules_corpus"
