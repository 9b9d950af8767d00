"""Corpus and graph benchmark: parse + graph build, cached graph load, and cold CLI commands.

    python bench/bench_corpus.py [--runs 7]

Prints wall-clock medians (seconds). A benchmark, not a timed test.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def timed(fn, runs: int) -> float:
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return statistics.median(out)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    os.environ["JUDGE_CACHE"] = tempfile.mkdtemp(prefix="judge-bench-")
    sys.path.insert(0, str(ROOT))
    from judge.corpus import load_corpus
    from judge.graph import build_graph, load_graph

    corpus = load_corpus(ROOT / "rules_corpus")
    n = sum(len(g.entries) for g in corpus.games.values())
    parse = timed(lambda: load_corpus(ROOT / "rules_corpus"), args.runs)
    build = timed(lambda: build_graph(load_corpus(ROOT / "rules_corpus")), args.runs)
    load_graph(ROOT / "rules_corpus")
    cached = timed(lambda: load_graph(ROOT / "rules_corpus"), args.runs)
    env = dict(os.environ)

    def cli(*a):
        subprocess.run([sys.executable, "-m", "judge", *a], cwd=ROOT, env=env, check=True,
                       stdout=subprocess.DEVNULL)

    rule = timed(lambda: cli("rule", "huntik:701.4a"), args.runs)
    card = timed(lambda: cli("card", "sniktch"), args.runs)
    helpc = timed(lambda: cli("--help"), args.runs)
    ingest = timed(lambda: cli("ingest", "--json"), max(3, args.runs // 2))
    print(f"entries: {n}")
    print(f"parse all documents:          {parse:.3f} s")
    print(f"parse + build graph:          {build:.3f} s")
    print(f"load cached graph:            {cached:.3f} s")
    print(f"cold `judge --help`:          {helpc:.3f} s")
    print(f"cold `judge rule`:            {rule:.3f} s")
    print(f"cold `judge card`:            {card:.3f} s")
    print(f"cold `judge ingest --json`:   {ingest:.3f} s")


if __name__ == "__main__":
    main()
