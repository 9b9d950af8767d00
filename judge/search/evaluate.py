"""`judge eval`: Recall@1/5/10 and MRR@10, strict and lenient, of judge's rankings (hybrid: the
default; lexical and dense halves alone) and of two plain baselines computed in the same run (plain
BM25 and plain MiniLM cosine, judge.search.baselines), on a question set.

Strict: one of the question's `answers` is hit. Lenient: an answer, its parent entry or one of its
children is hit (a judge citing 701.4 for a question about 701.4a is not wrong).

Question file (YAML list):

    - q: If my spell gets countered, does the hero I exhausted to play it ready again?
      game: huntik            # the game the question is about (per-game figures)
      filter: false           # true: asked with --game (default false: searched across all games)
      answers: [huntik:701.4a]   # ids of entries that answer it (any of them counts)
      tags: [other-vocab]
    - q: What's a good pizza topping?
      answers: []             # no entry answers it: calibrates the no-good-match threshold
      tags: [no-answer]

A question's figure counts once overall, once for its game and once for each tag.
Confidence intervals: percentile bootstrap over questions (seeded, so reruns agree).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from judge.errors import BadInputError
from judge.search.baselines import BASELINES, Baselines
from judge.search.search import MODES, Searcher

METRICS = ("recall@1", "recall@5", "recall@10", "mrr@10")
LENIENT = tuple(f"lenient {m}" for m in METRICS)
ALL_MODES = (*MODES, *BASELINES)


@dataclass
class Question:
    q: str
    answers: list[str]
    game: str | None = None
    filter: bool = False
    tags: list[str] = field(default_factory=list)
    line: int = 0


def load_questions(path: Path) -> list[Question]:
    import yaml

    from judge.engine.yamlload import read_text_file

    # the scenarios' checks: a folder, a binary or UTF-16 file, a byte that is not UTF-8 (with its line)
    text = read_text_file(Path(path), "question file")
    try:
        nodes = yaml.compose(text)
        data = yaml.safe_load(text)
    except yaml.YAMLError as err:
        line = getattr(getattr(err, "problem_mark", None), "line", None)
        raise BadInputError(f"not valid YAML: {err}", path=str(path), line=(line + 1) if line is not None else None) from err
    if isinstance(data, dict):
        data = data.get("questions")
        nodes = next((v for k, v in nodes.value if k.value == "questions"), None) if nodes else None
    if not isinstance(data, list):
        raise BadInputError("expected a list of questions (or a 'questions:' list)", path=str(path))
    lines = [n.start_mark.line + 1 for n in nodes.value] if nodes is not None else [0] * len(data)
    out = []
    for item, line in zip(data, lines):
        if not isinstance(item, dict) or not isinstance(item.get("q"), str) or not item["q"].strip():
            raise BadInputError("each question needs a non-empty 'q'", path=str(path), line=line)
        answers = item.get("answers", [])
        if not isinstance(answers, list) or not all(isinstance(a, str) for a in answers):
            raise BadInputError("'answers' must be a list of entry ids", path=str(path), line=line)
        out.append(Question(q=item["q"], answers=answers, game=item.get("game"), filter=bool(item.get("filter")),
                            tags=[str(t) for t in item.get("tags", [])], line=line))
    return out


def check_ids(questions: list[Question], searcher: Searcher, path: Path) -> None:
    known = set(searcher.index.lookup["ids"])
    for qu in questions:
        for a in qu.answers:
            if a not in known:
                raise BadInputError(f"unknown entry id {a!r} in answers", path=str(path), line=qu.line)
        if qu.game is not None and qu.game not in searcher.index.games:
            raise BadInputError(f"unknown game {qu.game!r}", path=str(path), line=qu.line)


def score_ranking(ranking: list[str], answers: list[str], lenient: set[str] | None = None) -> dict[str, float]:
    out: dict[str, float] = {}
    for prefix, good in (("", set(answers)), ("lenient ", lenient)):
        if good is None:
            continue
        rank = next((i + 1 for i, eid in enumerate(ranking[:10]) if eid in good), None)
        out.update({
            f"{prefix}recall@1": float(rank is not None and rank <= 1),
            f"{prefix}recall@5": float(rank is not None and rank <= 5),
            f"{prefix}recall@10": float(rank is not None and rank <= 10),
            f"{prefix}mrr@10": 1.0 / rank if rank else 0.0,
        })
    return out


def lenient_answers(searcher: Searcher, answers: list[str]) -> set[str]:
    """The answers, their parents and their children (from the index's rule tree)."""
    lookup = searcher.index.lookup
    ids = lookup["ids"]
    parent = lookup.get("parent") or [-1] * len(ids)
    row = {e: i for i, e in enumerate(ids)}
    rows = {row[a] for a in answers if a in row}
    good = set(answers)
    for i, p in enumerate(parent):
        if i in rows and p >= 0:
            good.add(ids[p])
        if p in rows:
            good.add(ids[i])
    return good


def bootstrap(values: np.ndarray, n: int = 1000, seed: int = 0) -> tuple[float, float]:
    if len(values) == 0:
        return (0.0, 0.0)
    rng = np.random.default_rng(seed)
    means = values[rng.integers(0, len(values), size=(n, len(values)))].mean(axis=1)
    return float(np.percentile(means, 2.5)), float(np.percentile(means, 97.5))


def _summary(rows: list[dict[str, float]]) -> dict[str, Any]:
    out: dict[str, Any] = {"n": len(rows)}
    for m in (*METRICS, *LENIENT):
        vals = np.array([r[m] for r in rows], dtype=float)
        lo, hi = bootstrap(vals)
        out[m] = {"mean": round(float(vals.mean()) if len(vals) else 0.0, 4), "ci95": [round(lo, 4), round(hi, 4)]}
    return out


def evaluate(
    searcher: Searcher,
    questions: list[Question],
    modes: tuple[str, ...] = ALL_MODES,
) -> dict[str, Any]:
    answerable = [qu for qu in questions if qu.answers]
    unanswerable = [qu for qu in questions if not qu.answers]
    report: dict[str, Any] = {"questions": len(questions), "answerable": len(answerable), "modes": {},
                              "lexical_weight": searcher.lexical_weight, "threshold": searcher.threshold}
    misses: list[dict[str, Any]] = []
    baselines = Baselines(searcher)
    lenient = [lenient_answers(searcher, qu.answers) for qu in answerable]
    for mode in modes:
        rows = []
        for qu, good in zip(answerable, lenient):
            game = qu.game if qu.filter else None
            if mode in BASELINES:
                ranking = baselines.ranking(mode, qu.q, game=game, k=10)
            else:
                ranking = searcher.ranking(qu.q, game=game, mode=mode, k=10)
            row = score_ranking(ranking, qu.answers, good)
            rows.append(row)
            if mode == "hybrid" and row["recall@5"] == 0:
                misses.append({"q": qu.q, "answers": qu.answers, "top": ranking[:3], "line": qu.line})
        groups: dict[str, dict[str, list[dict[str, float]]]] = {"game": {}, "tag": {}}
        for qu, row in zip(answerable, rows):
            groups["game"].setdefault(qu.game or "?", []).append(row)
            for t in qu.tags:
                groups["tag"].setdefault(t, []).append(row)
        report["modes"][mode] = {
            "overall": _summary(rows),
            "per_game": {g: _summary(r) for g, r in sorted(groups["game"].items())},
            "per_tag": {t: _summary(r) for t, r in sorted(groups["tag"].items())},
        }
    if "hybrid" in modes:
        report["no_match"] = _threshold_report(searcher, answerable, unanswerable)
        report["hybrid_misses"] = misses
    return report


def confidences(searcher: Searcher, questions: list[Question], skip_exact: bool = False) -> list[float]:
    out = []
    for qu in questions:
        ans = searcher.ask(qu.q, game=qu.game if qu.filter else None, k=1, threshold=False)
        if not (skip_exact and ans.exact):
            out.append(ans.confidence)
    return out


def _threshold_report(searcher: Searcher, answerable: list[Question], unanswerable: list[Question]) -> dict[str, Any]:
    pos = np.array(confidences(searcher, answerable, skip_exact=True))
    neg = np.array(confidences(searcher, unanswerable))
    t = searcher.threshold
    return {
        "threshold": t,
        "answerable_kept": round(float((pos >= t).mean()) if len(pos) else 1.0, 4),
        "unanswerable_rejected": round(float((neg < t).mean()) if len(neg) else 1.0, 4),
        "unanswerable": len(neg),
    }


def tune(searcher: Searcher, questions: list[Question]) -> dict[str, Any]:
    """Sweep the lexical weight (by MRR@10 then Recall@5) and calibrate the no-match threshold."""
    answerable = [qu for qu in questions if qu.answers]
    unanswerable = [qu for qu in questions if not qu.answers]
    sweep = []
    old = searcher.lexical_weight
    try:
        for w in np.round(np.arange(0.0, 1.0001, 0.05), 2):
            searcher.lexical_weight = float(w)
            rows = [score_ranking(searcher.ranking(qu.q, game=qu.game if qu.filter else None, k=10), qu.answers)
                    for qu in answerable]
            sweep.append({"weight": float(w), **{m: round(float(np.mean([r[m] for r in rows])), 4) for m in METRICS}})
    finally:
        searcher.lexical_weight = old
    best = max(sweep, key=lambda s: (s["mrr@10"], s["recall@5"]))
    # questions decided by a rule number or card name bypass the threshold: leave them out
    pos = np.array(confidences(searcher, answerable, skip_exact=True))
    neg = np.array(confidences(searcher, unanswerable))
    # keep at least 99% of answerable questions, reject as many unanswerable ones as that allows,
    # and put the threshold midway between the two confidences around it
    values = np.unique(np.concatenate([pos, neg]))
    mids = (values[:-1] + values[1:]) / 2 if len(values) > 1 else values
    ok = [t for t in mids if (pos >= t).mean() >= 0.99] or [float(values.min())]
    best_t = max(ok, key=lambda t: ((neg < t).mean(), -t)) if len(neg) else min(ok)
    below = pos[pos < best_t]
    above_neg = neg[neg >= best_t]
    return {
        "sweep": sweep,
        "best_weight": best["weight"],
        "threshold": round(float(best_t), 4),
        "answerable_confidence": [round(float(x), 3) for x in np.percentile(pos, [0, 5, 50])] if len(pos) else [],
        "unanswerable_confidence": [round(float(x), 3) for x in np.percentile(neg, [50, 95, 100])] if len(neg) else [],
        "answerable_below": len(below),
        "unanswerable_above": len(above_neg),
    }
