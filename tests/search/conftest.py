"""One real index per test session (real model, real corpus), built in the session's tmp cache."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
QUESTIONS = ROOT / "tests" / "data" / "questions.yaml"


@pytest.fixture(scope="session")
def search_index():
    from judge.search.index import build_index

    return build_index(ROOT / "rules_corpus", progress=False)


@pytest.fixture(scope="session")
def searcher(search_index):
    from judge.search.search import Searcher

    return Searcher(index=search_index)


@pytest.fixture(scope="session")
def judge_run(search_index):
    """Runs `judge` in a fresh process against the session's index."""
    return run_judge


def run_judge(*args: str, env: dict[str, str] | None = None, stdin: str | None = None,
              prelude: str = "") -> subprocess.CompletedProcess:
    """`judge ARGS` in a fresh process (same cache as the session), optionally after `prelude` code."""
    code = (
        "import sys\n" + prelude + "\n"
        "from judge.cli import main\n"
        f"sys.argv = ['judge', *{list(args)!r}]\n"
        "main()\n"
    )
    full_env = {**os.environ, **(env or {})}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=full_env,
                          input=stdin, cwd=ROOT, timeout=300)
