"""Situation questions from unseen rulebooks: does judge find the deciding rule?

The rulebooks of ../shared/corpora-dev/ with "Example:" paragraphs (Lorcana, Riftbound) give the
questions: every example is removed from the corpus, asked as a question (all three dev games in one
corpus, no --game), and the rule it sat under is the answer (lenient: that rule, its parent or a child).
Judge's rankings and the plain BM25 / plain MiniLM baselines are measured in the same run
(judge.search.evaluate). Questions are split by a hash of their id into "dev" (what ranking may be
tuned on) and "test" (held out): the figures to quote are the test ones.

    python bench/bench_rank.py [--json OUT] [--split dev|test|all]

Skips (exit 0) when ../shared/corpora-dev/ is absent. Nothing from it is copied into the repository.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_dev_corpora_ask import DEV, corpus as dev_corpus  # noqa: E402

# the dev games, each one folder with a game.yaml (the Lorcana set notes are Lorcana's too)
GAMES = {
    "onepiece": ["onepiece-cr-1.1.8.txt"],
    "riftbound": [f"riftbound-core-rules-2025-06-02-pp{p}.md" for p in ("01-20", "21-40", "41-60", "61-65")],
    "lorcana": ["lorcana-cr-2.0.1.md", "lorcana-azurite-sea-set-notes.md"],
}

RULEBOOKS = ("lorcana", "riftbound")  # the dev rulebooks with Example: paragraphs
MODES = ("hybrid", "bm25", "minilm", "lexical", "dense")


def corpus(root: Path) -> Path:
    return dev_corpus(root, GAMES, titled=True)


def questions(root: Path, split: str):
    from judge.search.tuning import example_questions

    return [qu for qu in example_questions(root, RULEBOOKS) if split in ("all", *qu.tags)]


def table(report: dict) -> str:
    lines = ["| rulebook | ranking | n | lenient R@1 | lenient R@5 | lenient R@10 | lenient MRR | strict R@5 | strict MRR |",
             "|---|---|---|---|---|---|---|---|---|"]
    games = sorted(report["modes"]["hybrid"]["per_game"])
    for g in [*games, "all"]:
        for mode, data in report["modes"].items():
            s = data["overall"] if g == "all" else data["per_game"][g]
            name = {"hybrid": "judge (default)", "bm25": "plain BM25", "minilm": "plain MiniLM",
                    "hybrid-before": "judge before (no question reading)",
                    "hybrid-tuned": "judge tuned for the corpus (judge tune)",
                    "hybrid-first-stage": "judge without the second stage"}.get(mode, f"judge {mode} only")
            cells = [f"{s[m]['mean']:.3f}" for m in ("lenient recall@1", "lenient recall@5", "lenient recall@10",
                                                      "lenient mrr@10", "recall@5", "mrr@10")]
            lines.append(f"| {g} | {name} | {s['n']} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", type=Path)
    ap.add_argument("--split", default="all", choices=("dev", "test", "all"))
    ap.add_argument("--modes", default=",".join(MODES))
    ap.add_argument("--tune", action=argparse.BooleanOptionalAction, default=True,
                    help="also the row of the settings judge tune chooses on the dev split (default: on)")
    args = ap.parse_args()
    if not DEV.is_dir():
        print(f"skipped: {DEV} is not here")
        return
    os.environ.setdefault("JUDGE_CACHE", tempfile.mkdtemp(prefix="judge-bench-"))
    from judge.search.evaluate import evaluate
    from judge.search.index import build_index
    from judge.search.search import Searcher
    from judge.search.tuning import tune, without_examples

    root = corpus(Path(tempfile.mkdtemp(prefix="corpora-dev-")))
    t = time.perf_counter()
    index = build_index(root, progress=False, corpus_loader=without_examples)
    print(f"index: {index.n} entries (examples removed) in {time.perf_counter() - t:.1f} s", file=sys.stderr)
    qs = questions(root, args.split)
    searcher = Searcher(index=index, progress=False)
    t = time.perf_counter()
    report = evaluate(searcher, qs, tuple(args.modes.split(",")))
    # judge's hybrid without what reads the question (quoted card text, game inference, players' words):
    # the ranking before issue 17, on the same index
    plain = Searcher(index=index, progress=False)
    plain.quote_weight, plain.dense_situation, plain.infer_games, plain.expand_players_words = 1.0, False, False, False
    plain.long_question_lift, plain.lift_parents = 0.0, False
    report["modes"]["hybrid-before"] = evaluate(plain, qs, ("hybrid",))["modes"]["hybrid"]
    # the same without only the second stage (sub-rules lifting their rule, long questions' lexical weight)
    first = Searcher(index=index, progress=False)
    first.long_question_lift, first.lift_parents = 0.0, False
    report["modes"]["hybrid-first-stage"] = evaluate(first, qs, ("hybrid",))["modes"]["hybrid"]
    print(f"{len(qs)} questions ({args.split}) in {time.perf_counter() - t:.1f} s", file=sys.stderr)
    # the settings `judge tune` chooses on the dev questions (whatever --split measures), then measured
    if args.tune:
        from judge.search.fusion_settings import TunedSettings

        t = time.perf_counter()
        chosen = tune(Searcher(index=index, progress=False), questions(root, "dev"))
        tuned = Searcher(index=index, progress=False)
        tuned.use_settings(TunedSettings(Path("(bench)"), chosen["corpus"], chosen["games"]))
        report["modes"]["hybrid-tuned"] = evaluate(tuned, qs, ("hybrid",))["modes"]["hybrid"]
        report["tuned"] = {"corpus": chosen["corpus"] and chosen["corpus"].to_json(),
                           "games": {g: f.to_json() for g, f in chosen["games"].items()}, "tried": chosen["tried"]}
        print(f"tuned on {chosen['dev']} dev questions ({chosen['tried']} settings) in "
              f"{time.perf_counter() - t:.1f} s: corpus {chosen['corpus'] and chosen['corpus'].describe()}; "
              + "; ".join(f"{g}: {f.describe()}" for g, f in chosen["games"].items()), file=sys.stderr)
    print(table(report))
    for tag, s in report["modes"]["hybrid"]["per_tag"].items():
        print(f"split {tag}: judge lenient R@5 {s['lenient recall@5']['mean']:.3f} (n={s['n']})")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
