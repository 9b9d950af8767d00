import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "rules_corpus"


@pytest.fixture(autouse=True, scope="session")
def _isolated_cache(tmp_path_factory):
    """Tests never touch the user's cache; one cache per test session."""
    if "JUDGE_CACHE" not in os.environ or os.environ.get("JUDGE_TEST_OWN_CACHE", "1") == "1":
        os.environ["JUDGE_CACHE"] = str(tmp_path_factory.mktemp("judge-cache"))
    os.environ.pop("JUDGE_CORPUS", None)
    yield


@pytest.fixture(scope="session")
def corpus():
    from judge.corpus import load_corpus

    return load_corpus(CORPUS)


@pytest.fixture(scope="session")
def graph():
    from judge.graph import load_graph

    return load_graph(CORPUS)
