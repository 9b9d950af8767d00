"""`judge tune`: choose the fusion settings of one corpus on questions the corpus itself provides.

A rulebook's "Example:" paragraphs describe game situations in plain words, and the rule each sits
under is what a judge would cite: taken out of the index and asked as questions, they measure the
ranking on that rulebook without anyone writing a question (the construction of bench/bench_rank.py).
A user's question file (`judge eval`'s format) can be used instead.

Questions are split by a hash of their id (an example's entry id, a question's text) into "dev",
on which the settings are chosen, and "test", on which they are reported and never chosen: the
figures to quote are the test ones. Settings are chosen for the whole corpus and, for a game with
at least MIN_GAME_QUESTIONS dev questions, for that game alone. A few dozen questions are a noisy
measure (the first version of this, taking any setting that ranked one more question well, did worse
than the default on the held-out half): a setting replaces the default only when it ranks at least
MIN_GAIN more of the dev questions' rules in the top 5 (lenient), and of the settings that do best,
the one closest to the default is taken.
"""
from __future__ import annotations

import hashlib
import itertools
from pathlib import Path
from typing import Any, Callable

import numpy as np

from judge.search.evaluate import Question, lenient_answers, score_ranking
from judge.search.fusion_settings import Fusion

MIN_GAME_QUESTIONS = 15  # dev questions a game needs for settings of its own
MIN_GAIN = 2  # dev questions (lenient top 5) a setting must gain over the default to replace it
WEIGHTS = (0.2, 0.3, 0.4, 0.5)
LIFTS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6)
PARENT = ((False, 0.02), (True, 0.02), (True, 0.05))  # (lift_parents, parent_margin)


def split_of(key: str) -> str:
    return "test" if int(hashlib.sha256(key.encode()).hexdigest(), 16) % 2 else "dev"


def without_examples(root: Path) -> Any:
    """The search corpus of `root` without its "Example:" paragraphs (index builder's corpus_loader)."""
    from judge.search.source import load_search_corpus

    c = load_search_corpus(root)
    c.docs = [d for d in c.docs if d.kind != "example"]
    c.hash = hashlib.sha256(f"{c.hash}|no-examples".encode()).hexdigest()
    return c


def example_questions(root: Path, games: tuple[str, ...] | None = None) -> list[Question]:
    """Every example paragraph of the corpus (of `games`) as a question whose answer is the rule it
    sits under; tagged with its split."""
    from judge.corpus import load_corpus

    out = []
    for gid, game in load_corpus(root).games.items():
        if games is not None and gid not in games:
            continue
        for e in game.entries:
            if e.kind == "example" and e.parent and (e.text or "").strip():
                out.append(Question(q=" ".join(e.text.split()), answers=[e.parent], game=gid, tags=[split_of(e.id)]))
    return out


def split_questions(questions: list[Question]) -> None:
    """Tag a user's questions with their split (by their text) unless already tagged dev or test."""
    for qu in questions:
        if not {"dev", "test"} & set(qu.tags):
            qu.tags.append(split_of(qu.q))


def _rows(searcher: Any, questions: list[Question], good: list[set[str]]) -> list[dict[str, float]]:
    return [score_ranking(searcher.ranking(qu.q, game=qu.game if qu.filter else None, k=10), qu.answers, g)
            for qu, g in zip(questions, good)]


def _key(rows: list[dict[str, float]]) -> tuple[float, ...]:
    """What is maximised: lenient R@5, then strict R@5, then lenient MRR (each summed, not averaged)."""
    return (sum(r["lenient recall@5"] for r in rows), sum(r["recall@5"] for r in rows),
            round(sum(r["lenient mrr@10"] for r in rows), 6))


def _distance(a: Fusion, b: Fusion) -> float:
    """How far setting a is from b (to prefer the smaller change among equally good settings)."""
    return (abs(a.lexical_weight - b.lexical_weight) + abs(a.long_question_lift - b.long_question_lift)
            + (a.lift_parents != b.lift_parents) * 0.5 + abs(a.parent_margin - b.parent_margin))


def grid(default: Fusion) -> list[Fusion]:
    out = [default]
    for w, lift, (lp, margin) in itertools.product(WEIGHTS, LIFTS, PARENT):
        f = Fusion(w, lift, lp, margin)
        if f not in out:
            out.append(f)
    return out


def summary(rows: list[dict[str, float]]) -> dict[str, float]:
    keys = ("lenient recall@1", "lenient recall@5", "lenient recall@10", "lenient mrr@10",
            "recall@1", "recall@5", "recall@10", "mrr@10")
    return {"n": len(rows), **{k: round(float(np.mean([r[k] for r in rows])), 4) if rows else 0.0 for k in keys}}


def tune(searcher: Any, questions: list[Question], progress: Callable[[str], None] | None = None
         ) -> dict[str, Any]:
    """Sweep the fusion settings on the dev questions; choose the corpus's and each game's.

    The searcher's own settings are the default and are left as they were. Returns the chosen
    settings ("corpus": Fusion or None when the default stays; "games": game -> Fusion) and the
    figures of default and chosen settings on the dev and test questions."""
    answerable = [qu for qu in questions if qu.answers]
    dev = [qu for qu in answerable if "dev" in qu.tags]
    test = [qu for qu in answerable if "test" in qu.tags]
    good_dev = [lenient_answers(searcher, qu.answers) for qu in dev]
    old_tuned = searcher.tuned
    default = searcher.fusion()
    searcher.use_settings(None)
    games = sorted({qu.game for qu in dev if qu.game})
    by_game = {g: [i for i, qu in enumerate(dev) if qu.game == g] for g in games}
    results: list[tuple[Fusion, list[dict[str, float]]]] = []
    try:
        candidates = grid(default)
        for n, f in enumerate(candidates):
            searcher.set_fusion(f)
            results.append((f, _rows(searcher, dev, good_dev)))
            if progress and (n + 1) % 10 == 0:
                progress(f"{n + 1}/{len(candidates)} settings tried")
    finally:
        searcher.set_fusion(default)
        searcher.use_settings(old_tuned)

    rows_of = dict(results)

    def best(idx: list[int], base: Fusion) -> Fusion:
        """The best setting on these questions, the closest to `base` among equals; `base` unless
        it gains MIN_GAIN questions."""
        keyed = [(_key([rows[i] for i in idx]), -_distance(f, base), f) for f, rows in results]
        key, _, f = max(keyed, key=lambda t: (t[0], t[1]))
        return f if key[0] >= _key([rows_of[base][i] for i in idx])[0] + MIN_GAIN else base

    corpus_f = best(list(range(len(dev))), default)
    chosen_games: dict[str, Fusion] = {}
    for g, idx in by_game.items():
        if len(idx) >= MIN_GAME_QUESTIONS:
            f = best(idx, corpus_f)
            if f != corpus_f:
                chosen_games[g] = f
    return {"default": default, "corpus": corpus_f if corpus_f != default else None, "games": chosen_games,
            "dev": len(dev), "test": len(test), "tried": len(results)}


def measure(searcher: Any, questions: list[Question]) -> dict[str, Any]:
    """Figures of the searcher as it is set, overall and per game."""
    answerable = [qu for qu in questions if qu.answers]
    rows = _rows(searcher, answerable, [lenient_answers(searcher, qu.answers) for qu in answerable])
    out = {"all": summary(rows)}
    for g in sorted({qu.game for qu in answerable if qu.game}):
        out[g] = summary([r for r, qu in zip(rows, answerable) if qu.game == g])
    return out


def with_settings(searcher: Any, corpus: Fusion | None, games: dict[str, Fusion]) -> Any:
    """A TunedSettings (not saved) for trying the chosen settings on the searcher."""
    from judge.search.fusion_settings import TunedSettings

    return TunedSettings(path=Path("(not saved)"), corpus=corpus, games=dict(games))

