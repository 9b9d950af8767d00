"""kill -9 in the middle of a search index build (issue 18): while embedding, half-way through
writing the dense matrix, the entry records, the index record or the pointer. The next run
rebuilds, answers exactly as a build that was never interrupted, and leaves no temporary file.

The kill is made to happen at those moments, not after a guessed delay: the dying process wraps
the atomic writer so that it writes part of the file and then sends itself SIGKILL."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAME_YAML = "id: tiny\nname: Tiny\nlanguage: en\ndocuments:\n  - path: rules.txt\n"
RULES = ("100. Basics\n100.1. A creature that is tapped cannot block.\n"
         "100.2. Damage is dealt at once, see rule 100.1.\n100.3. A player may pass priority.\n")
QUESTIONS = ["can a tapped creature block?", "when is damage dealt?"]

_DIE_AT = """
import os, signal, sys
from pathlib import Path
import judge.cache, judge.search.embedding, judge.search.index
point = sys.argv[1]
real = judge.cache.atomic_write_with
def dying(path, write):
    name = "pointer" if Path(path).parent.name == "pointers" else Path(path).name
    if name != point:
        return real(path, write)
    def half(fh):
        fh.write(b"half a file")
        fh.flush()
        os.kill(os.getpid(), signal.SIGKILL)
    return real(path, half)
for module in (judge.cache, judge.search.embedding, judge.search.index):
    module.atomic_write_with = dying
if point == "embedding":
    judge.search.index.embed = lambda *a, **k: os.kill(os.getpid(), signal.SIGKILL)
"""

_ASK = """
import json, sys
from pathlib import Path
from judge.search.search import Searcher
s = Searcher(Path(sys.argv[-1]), progress=False)
print(json.dumps([[(h.record["id"], round(h.score, 6)) for h in s.ask(q, k=3, threshold=False).hits]
                  for q in %r]))
""" % (QUESTIONS,)


def _run(code: str, cache: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "JUDGE_CACHE": str(cache)})


@pytest.fixture(scope="module")
def setup(searcher, tmp_path_factory):
    """A tiny corpus, the session's checked model export (so a build only embeds), and the answers
    of a build that was never interrupted."""
    tmp = tmp_path_factory.mktemp("kill-index")
    folder = tmp / "corpus" / "tiny"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME_YAML, encoding="utf-8")
    (folder / "rules.txt").write_text(RULES, encoding="utf-8")
    models = searcher.export_dir().parent.parent

    def fresh_cache(name: str) -> Path:
        cache = tmp / name
        shutil.copytree(models, cache / "search" / "models", copy_function=os.link)
        return cache

    clean = _run(_ASK, fresh_cache("clean"), str(tmp / "corpus"))
    assert clean.returncode == 0, clean.stderr
    return tmp / "corpus", fresh_cache, json.loads(clean.stdout)


@pytest.mark.parametrize("point", ["embedding", "dense.npy", "entries.jsonl", "meta.json", "pointer"])
def test_kill_9_during_an_index_build_then_the_next_run_answers_the_same(setup, point):
    corpus, fresh_cache, want = setup
    cache = fresh_cache(point)
    died = _run(_DIE_AT + _ASK, cache, point, str(corpus))
    assert died.returncode == -9, (point, died.stderr)
    if point != "embedding":  # it was writing: its half file is still there
        assert list((cache / "search").rglob(".*.tmp")), point
    again = _run(_ASK, cache, str(corpus))
    assert again.returncode == 0 and "Traceback" not in again.stderr, again.stderr
    assert json.loads(again.stdout) == want
    assert not list(cache.rglob(".*.tmp")) and not list(cache.rglob(".onnx-*"))
    index = [p for p in (cache / "search" / "index").iterdir() if (p / "meta.json").is_file()]
    assert len(index) == 1
