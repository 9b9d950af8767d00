"""Benchmarks for `judge ask` / `judge index` (prints figures; not a timed test).

    python bench/bench_search.py            # everything
    python bench/bench_search.py cold warm  # some of: cold warm build synthetic

cold       fresh `judge ask` processes vs `python -c "import sentence_transformers"` (same run), peak RSS
warm       query latency inside one process (ONNX encode + BM25 + dense + fusion), p50/p95
build      full index build (sentence-transformers, ONNX export + check, embed all) and after editing one document
synthetic  100,000-entry corpus: build (`judge index`), cold `judge ask` and warm query, each in a fresh
           process with its peak RSS. Passage vectors are pre-seeded
           in the embedding cache with random unit vectors: this measures the index and query machinery;
           model throughput is what `build` measures.
first      the first `judge ask` of a fresh install: an empty cache (ONNX graph written and checked,
           every passage embedded, the ruling scenarios replayed), in a fresh process: time, peak RSS
rulebook   a new 3,000-rule rulebook dropped into a corpus folder: the first `judge --corpus DIR ask`
           (real embedding of every passage, the model already prepared), time and peak RSS

Peak RSS is VmHWM of the process (file-backed pages included), the figure issue 14/15 set limits on.

Measured 2026-11-24 on the 2-core dev machine (load about 1.5), before -> after the torch-free build
(ONNX graph from the weights, ONNX Runtime embedding in batches of 8):
  first    25.0 s, 1037 MB -> 14.0 s, 359 MB (an idle-machine run before the change: 47.6 s, 981 MB)
  rulebook 52.0 s,  653 MB -> 42.5 s, 263 MB
  cold     p50 0.497 s, 208 MB -> p50 0.413 s, 149 MB (11 runs each, interleaved)
"""
from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "rules_corpus"
# Peak RSS of the process itself: VmHWM of its own address space. (Not getrusage's ru_maxrss: Linux
# keeps that across fork + exec, so a child of a big process reports the parent's peak.)
RUN_WITH_RSS = (
    "import sys\n"
    "sys.argv = sys.argv[1:]\n"
    "try:\n"
    "    from judge.cli import main; main()\n"
    "finally:\n"
    "    hwm = next(l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM'))\n"
    "    print('PEAK_RSS_KB', hwm, file=sys.stderr)\n"
)


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    k = (len(values) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, int]:
    t = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - t
    if out.returncode != 0:
        raise SystemExit(f"failed: {cmd}\n{out.stderr}")
    rss = next((int(line.split()[1]) for line in out.stderr.splitlines() if line.startswith("PEAK_RSS_KB")), 0)
    return wall, rss


def cold(env: dict[str, str], corpus: Path = CORPUS, runs: int = 7, compare: bool = True) -> dict:
    q = "If my action gets canceled, does the hero I exhausted ready again?"
    ask = [sys.executable, "-c", RUN_WITH_RSS, "judge", "--corpus", str(corpus), "ask", q, "--json"]
    timed(ask, env)  # make sure the index exists (not timed)
    walls, rss = zip(*(timed(ask, env) for _ in range(runs)))
    res = {"ask_p50_s": round(statistics.median(walls), 3), "ask_max_s": round(max(walls), 3),
           "peak_rss_mb": round(max(rss) / 1024, 1)}
    if compare:
        imp = [timed([sys.executable, "-c", "import sentence_transformers"], env)[0] for _ in range(3)]
        res["import_sentence_transformers_p50_s"] = round(statistics.median(imp), 3)
        res["ratio"] = round(res["import_sentence_transformers_p50_s"] / res["ask_p50_s"], 1)
    return res


def warm(corpus: Path = CORPUS, n: int = 200) -> dict:
    import yaml

    from judge.search.search import Searcher

    s = Searcher(corpus, progress=False)
    qs = [q["q"] for q in yaml.safe_load((ROOT / "tests/data/questions.yaml").read_text())]
    s.ask("warm up")
    times = []
    for i in range(n):
        s._vectors.clear()  # encode every time: no cached question vectors
        t = time.perf_counter()
        s.ask(qs[i % len(qs)], k=5)
        times.append((time.perf_counter() - t) * 1000)
    return {"queries": n, "p50_ms": round(pct(times, 50), 2), "p95_ms": round(pct(times, 95), 2)}


def build() -> dict:
    from judge.search.index import build_index, open_index

    t = time.perf_counter()
    build_index(CORPUS, full=True, progress=False)
    full = time.perf_counter() - t
    tmp = Path(tempfile.mkdtemp())
    try:
        copy = tmp / "corpus"
        shutil.copytree(CORPUS, copy)
        build_index(copy, progress=False)  # same content: reuses every vector
        doc = copy / "warhammer-invasion" / "faq-clarifications-errata-blog.txt"
        doc.write_text(doc.read_text(encoding="utf-8").replace("Counterstrike", "Counter-strike"), encoding="utf-8")
        t = time.perf_counter()
        idx = open_index(copy, progress=False)  # a fresh query after the edit: detects, rebuilds
        edit = time.perf_counter() - t
        return {"full_build_s": round(full, 1), "one_document_edit_s": round(edit, 2),
                "re_embedded_passages": idx.meta["counts"]["embedded"], "passages": idx.meta["counts"]["passages"]}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


WARM_SCRIPT = (
    "import json, sys, time\n"
    "from pathlib import Path\n"
    "from judge.search.search import Searcher\n"
    "corpus, words = Path(sys.argv[1]), sys.argv[2].split()\n"
    "s = Searcher(corpus, progress=False)\n"
    "s.ask('warm up')\n"
    "times = []\n"
    "for i in range(50):\n"
    "    s._vectors.clear()\n"
    "    t = time.perf_counter()\n"
    "    s.ask(f'does the {words[i * 7 % len(words)]} ready again after {words[i * 13 % len(words)]}', k=5)\n"
    "    times.append((time.perf_counter() - t) * 1000)\n"
    "hwm = next(int(l.split()[1]) for l in open('/proc/self/status') if l.startswith('VmHWM'))\n"
    "print(json.dumps({'times': times, 'peak_rss_kb': hwm}))\n"
)


def synthetic(env: dict[str, str], n: int = 100_000, builds: int = 2) -> dict:
    """Build and query in fresh processes (as `judge index` and `judge ask` run), each with its peak RSS."""
    import numpy as np

    from judge.search.index import _npy_bytes, entry_passages, passage_key, search_root
    from judge.search.encoder import model_key, resolve_model
    from judge.cache import atomic_write_bytes, atomic_write_json

    tmp = Path(tempfile.mkdtemp())
    rng = np.random.default_rng(0)
    vocab = sorted({w for f in CORPUS.glob("*/*.txt") for w in f.read_text(encoding="utf-8").split() if w.isalpha()})
    lines = []
    for i in range(n):
        words = rng.choice(vocab, size=int(rng.integers(15, 60)))
        lines.append(f"{i // 1000}.{i % 1000} " + " ".join(words))
    game = tmp / "synth" / "big"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("id: big\nname: Big Synthetic\nlanguage: en\ndocuments:\n  - path: rules.txt\n")
    (game / "rules.txt").write_text("\n\n".join(lines) + "\n", encoding="utf-8")
    del lines
    corpus = tmp / "synth"
    # seed the embedding cache: the corpus loader decides the passages, so load it first
    from judge.search.source import load_search_corpus

    t = time.perf_counter()
    sc = load_search_corpus(corpus)
    load_s = time.perf_counter() - t
    mkey = model_key(resolve_model(None))
    from judge.search.encoder import OnnxEncoder

    enc = OnnxEncoder(search_root() / "models" / mkey / "onnx")
    keys = [passage_key(mkey, text) for d in sc.docs for text in entry_passages(d, enc.count_tokens, enc.max_seq_length)]
    entries, dim = len(sc.docs), enc.dim
    del sc, enc
    vecs = rng.standard_normal((len(keys), dim)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    base = search_root() / "embeddings"
    old = (base / f"{mkey}.npy", base / f"{mkey}.json")
    saved = [p.read_bytes() if p.exists() else None for p in old]
    atomic_write_bytes(old[0], _npy_bytes(vecs))
    atomic_write_json(old[1], keys)
    del vecs
    index_cmd = [sys.executable, "-c", RUN_WITH_RSS, "judge", "--corpus", str(corpus), "index", "--json"]
    try:
        walls, rss = [], []
        for _ in range(builds):
            # force a build (the embedding cache stays): drop this corpus's index and those of earlier
            # runs' corpora (gone; the same content would be reused under the same key)
            for d in (search_root() / "index").glob("*"):
                try:
                    built_for = Path(json.loads((d / "meta.json").read_text())["corpus"])
                except (OSError, ValueError, KeyError):
                    continue
                if built_for == corpus.resolve() or not built_for.exists():
                    shutil.rmtree(d)
            w, r = timed(index_cmd, env)
            walls.append(w)
            rss.append(r)
        c = cold(env, corpus, runs=5, compare=False)
        out = subprocess.run([sys.executable, "-c", WARM_SCRIPT, str(corpus), " ".join(vocab[:2000])],
                             capture_output=True, text=True, env=env)
        if out.returncode != 0:
            raise SystemExit(f"warm synthetic failed:\n{out.stderr}")
        warm_res = json.loads(out.stdout.strip().splitlines()[-1])
        times = warm_res["times"]
        return {"entries": entries, "passages": len(keys), "corpus_parse_s": round(load_s, 1),
                "build_s": round(statistics.median(walls), 1), "build_runs_s": [round(w, 1) for w in walls],
                "build_peak_rss_mb": round(statistics.median(rss) / 1024, 1),
                "build_peak_rss_runs_mb": [round(r / 1024, 1) for r in rss],
                "cold_ask_p50_s": c["ask_p50_s"], "cold_peak_rss_mb": c["peak_rss_mb"],
                "warm_p50_ms": round(pct(times, 50), 2), "warm_p95_ms": round(pct(times, 95), 2),
                "warm_process_peak_rss_mb": round(warm_res["peak_rss_kb"] / 1024, 1)}
    finally:
        for p, data in zip(old, saved):
            if data is not None:
                atomic_write_bytes(p, data)
            else:
                p.unlink(missing_ok=True)
        shutil.rmtree(tmp, ignore_errors=True)


def first_run(runs: int = 1) -> dict:
    """`judge ask` with an empty cache, as on a fresh clone (each run gets its own empty cache)."""
    walls, rss = [], []
    for _ in range(runs):
        cache = Path(tempfile.mkdtemp(prefix="judge-first-"))
        try:
            env = {**os.environ, "JUDGE_CACHE": str(cache)}
            w, r = timed([sys.executable, "-c", RUN_WITH_RSS, "judge", "ask", "Does Lucky stack?"], env)
            walls.append(w)
            rss.append(r)
        finally:
            shutil.rmtree(cache, ignore_errors=True)
    return {"first_ask_s": [round(w, 1) for w in walls], "peak_rss_mb": [round(r / 1024, 1) for r in rss]}


def rulebook(env: dict[str, str], n: int = 3000) -> dict:
    """A 3,000-rule rulebook as a new game: numbered rules in sections, words from the bundled
    documents (15-60 a rule). The first ask builds its index: every passage really embedded."""
    import numpy as np

    rng = np.random.default_rng(1)
    vocab = sorted({w for f in CORPUS.glob("*/*.txt") for w in f.read_text(encoding="utf-8").split() if w.isalpha()})
    lines = []
    for i in range(n):
        section, rule = divmod(i, 30)
        if rule == 0:
            lines.append(f"{100 + section}. " + " ".join(rng.choice(vocab, size=3)).title())
        lines.append(f"{100 + section}.{rule + 1}. " + " ".join(rng.choice(vocab, size=int(rng.integers(15, 60)))) + ".")
    tmp = Path(tempfile.mkdtemp(prefix="judge-rulebook-"))
    try:
        game = tmp / "book"
        game.mkdir()
        (game / "game.yaml").write_text("id: book\nname: Rulebook\nlanguage: en\ndocuments:\n  - path: rules.txt\n")
        (game / "rules.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        ask = [sys.executable, "-c", RUN_WITH_RSS, "judge", "--corpus", str(tmp), "ask", "Can I ready a unit?", "--json"]
        wall, rss = timed(ask, env)
        return {"rules": n, "first_ask_s": round(wall, 1), "peak_rss_mb": round(rss / 1024, 1)}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    what = sys.argv[1:] or ["cold", "warm", "build", "synthetic"]
    cache = Path(os.environ.get("JUDGE_CACHE") or tempfile.mkdtemp(prefix="judge-bench-"))
    os.environ["JUDGE_CACHE"] = str(cache)
    env = {**os.environ}
    from judge.search.index import open_index

    open_index(CORPUS, progress=False)
    results = {}
    for name in what:
        fn = {"cold": lambda: cold(env), "warm": warm, "build": build,
              "synthetic": lambda: synthetic(env), "first": first_run, "rulebook": lambda: rulebook(env)}[name]
        results[name] = fn()
        print(name, json.dumps(results[name]), flush=True)


if __name__ == "__main__":
    main()
