"""What a judge reads in a question before looking anything up, and how the rule tree ranks.

- The situation apart from the card text it quotes: a quoted ability ("… that reads, “When you play
  this character…”") says what the card does, not what the question is about; its words count less.
- The game the question is about, inferred from its words (which game's documents use them, naive
  Bayes over the lexical index's document frequencies) and from card names it quotes.

Only numpy and the opened index: nothing here is loaded from disk at query time.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from judge.search.text import STOPWORDS, _stemmer, analyze, words

QUOTED_WEIGHT = 0.35  # weight of a stem seen only inside quoted card text (1 outside quotes)
GAME_FIRST_AT = 0.9  # posterior of the inferred game above which its entries are ranked first
CARD_VOTE = 4.0  # log-odds a quoted card name of a game adds to that game
_QUOTE_RE = re.compile(r"[\"“”„]([^\"“”„]{2,})[\"“”„]")


@dataclass
class Question:
    text: str
    situation: str  # the question with quoted card text cut out (the whole question when nothing is quoted)
    quoted: list[str] = field(default_factory=list)


def read_question(text: str) -> Question:
    quoted = [m.group(1) for m in _QUOTE_RE.finditer(text)]
    situation = " ".join(_QUOTE_RE.sub(" ", text).split()) if quoted else text
    if len(words(situation)) < 3:  # nearly all quoted ("what does “X” mean?"): the quote is the question
        situation = text
    return Question(text, situation, quoted)


def stem_weights(q: Question, language: str, quoted_weight: float = QUOTED_WEIGHT) -> tuple[list[str], np.ndarray]:
    """The question's stems, each once (first-seen order), with their weights: 1 for a stem of the
    situation, `quoted_weight` for one only inside quoted card text.

    Each stem counts once, however often the question repeats it: a situation retold at length
    names its cards and their subjects again and again ("Stitch ... Stitch ... the character"), and
    counting every repeat (BM25's query term frequency) let those words outweigh the few that say
    what happened (bench/bench_rank.py dev split: +3 Lorcana and +3 Riftbound questions in the top 5)."""
    all_stems = list(dict.fromkeys(analyze(q.text, language)))  # the index's analysis: stems and their roots
    if not q.quoted or q.situation == q.text:
        return all_stems, np.ones(len(all_stems), dtype=np.float32)
    outside = set(analyze(q.situation, language))
    return all_stems, np.array([1.0 if s in outside else quoted_weight for s in all_stems], dtype=np.float32)


@dataclass
class GameGuess:
    game: str | None  # the game ranked first (None: not sure enough)
    posterior: dict[str, float]
    evidence: list[str]  # the words and card names that decided it


def infer_game(index: Any, games: list[str], stems_by_lang: dict[str, list[str]],
               cards_named: dict[str, list[str]]) -> GameGuess:
    """Which of `games` the question is about: the likelihood of the question's stems under each
    game's documents (a unigram model of the stems its entries contain, smoothed towards the whole
    corpus: a stem common everywhere says nothing, one only this game uses says a lot), plus a vote
    for each card of the game the question names. Uniform prior over games."""
    lookup = index.lookup
    logp: dict[str, float] = {}
    particular: dict[str, list[tuple[float, str]]] = {}
    by_lang: dict[str, tuple[list[tuple[str, list[float], float]], list[float], float]] = {}
    for g in games:
        lang = lookup["game_language"][g]
        stems = stems_by_lang.get(lang)
        lex = index.lexical.get(lang)
        if not stems or lex is None:
            if cards_named.get(g):  # named, though none of the question's words is in its language
                logp[g] = CARD_VOTE * len(cards_named[g])
            continue
        if lang not in by_lang:  # the same for every game of that language
            by_lang[lang] = _game_frequencies(index, lang, tuple(dict.fromkeys(stems)))
        gdf, totals, all_total = by_lang[lang]
        row = index.games.index(g)
        total = 0.0
        for s, counts, n in gdf:
            if not n or s in _stop_stems(lang):
                # a word no document uses (a misspelling, "damge") says nothing about the game: it
                # only cost each game in proportion to its size (NEWUSER41: -4.1 Star Wars, -5.9
                # Warhammer); a stop word's stem ("thats" -> "that") is no evidence either
                continue
            p_all = (n + 0.5) / (all_total + 1.0)
            p_g = (counts[row] + _MU * p_all) / (totals[row] + _MU)
            total += math.log(p_g / p_all)
            particular.setdefault(g, []).append((p_g / p_all, s))
        logp[g] = total + CARD_VOTE * len(cards_named.get(g, []))
    if not logp:
        return GameGuess(None, {}, [])
    m = max(logp.values())
    z = sum(math.exp(v - m) for v in logp.values())
    post = {g: math.exp(v - m) / z for g, v in logp.items()}
    best = max(post, key=post.get)
    if len(post) < 2 or post[best] < GAME_FIRST_AT:
        return GameGuess(None, post, [])
    ev = [s for ratio, s in sorted(particular.get(best, []), reverse=True)[:3] if ratio > 1.5]
    return GameGuess(best, post, [*cards_named.get(best, [])[:2], *ev])


@lru_cache(maxsize=None)
def _stop_stems(language: str) -> frozenset[str]:
    """The stop words of `language` and their stems: what a word that is not itself a stop word may
    stem to ("thats" -> "that") and still say nothing."""
    stop = STOPWORDS.get(language, STOPWORDS["en"])
    return frozenset(stop) | frozenset(_stemmer(language).stemWords(sorted(stop)))


_MU = 20.0  # Dirichlet smoothing mass (stems) towards the whole corpus (bench/bench_rank.py dev split)


def _game_frequencies(index: Any, lang: str, stems: tuple[str, ...]
                      ) -> tuple[list[tuple[str, list[float], float]], list[float], float]:
    """Per stem: in how many entries of each game it occurs, and in how many in all; each game's
    total of such counts, and their sum. Counts are whole numbers, so their sums are exact in any
    order: plain floats give the numbers numpy's sums gave, without ~50 numpy calls a question."""
    lex = index.lexical[lang]
    key = ("_game_frequencies", lang)
    table = index.__dict__.get(key)
    if table is None:  # once per opened index and language: every stem's entries per game
        n_games = len(index.games)
        entry_games = index.entry_game[lex["docs"]].astype(np.int64)
        indices = np.asarray(lex["indices"], dtype=np.int64)
        per_doc = np.bincount(indices, minlength=len(lex["docs"]))
        totals = np.bincount(entry_games, weights=per_doc, minlength=n_games)
        indptr = np.asarray(lex["indptr"], dtype=np.int64)
        term = np.repeat(np.arange(len(indptr) - 1), np.diff(indptr))  # each posting's stem
        counts = np.bincount(term * n_games + entry_games[indices], minlength=(len(indptr) - 1) * n_games)
        table = (counts.reshape(-1, n_games).astype(float), totals.tolist(), float(totals.sum()))
        index.__dict__[key] = table
    counts, totals, all_total = table
    vocab = lex["vocab"]
    out = []
    for s in stems:
        t = vocab.get(s)
        row = counts[t].tolist() if t is not None and t < len(counts) else [0.0] * len(totals)
        out.append((s, row, float(sum(row))))
    return out, totals, all_total


# Long situation questions (an "Example:" paragraph of a rulebook, a judge call retold) share more of
# their words with the deciding rule than MiniLM sees in their meaning; short table questions are
# the other way round. Chosen on the dev split of bench/bench_rank.py with the bundled question set
# (short: unchanged) as the constraint; a constant 0.5 costs the bundled set R@1.
LONG_QUESTION_WORDS = (25, 50)  # the lexical weight rises linearly between these question lengths
LONG_QUESTION_LIFT = 0.2  # and gains this much at the upper one


def lexical_weight_for(n_words: int, base: float, lift: float = LONG_QUESTION_LIFT) -> float:
    """The lexical weight of a question of `n_words` words, `base` being the weight of a short one."""
    lo, hi = LONG_QUESTION_WORDS
    return min(1.0, base + lift * min(1.0, max(0.0, (n_words - lo) / (hi - lo))))


FAMILY_TOP = 10  # the top hits looked at for sub-rules of one rule
FAMILY_AT_LEAST = 2  # sub-rules among them that bring their rule up
FAMILY_BELOW = 0.02  # the rule's score: its best sub-rule's, less this (it comes just after it)


def by_score(scores: dict[int, float]) -> list[int]:
    """Entries by score, highest first, ties by entry number: sorted(key=lambda i: (-scores[i], i)) as
    two sorts in C (by number, then stably by score) instead of a Python key call an entry."""
    return sorted(sorted(scores), key=scores.__getitem__, reverse=True)


def lift_parents(scores: dict[int, float], parent: list[int], allowed: Any,
                 top: int = FAMILY_TOP, at_least: int = FAMILY_AT_LEAST, below: float = FAMILY_BELOW
                 ) -> dict[int, int]:
    """When several sub-rules of one rule are among the top hits, the situation is about that rule
    (which sub-rule decides it is the closer call): the rule comes up to just below its best sub-rule.
    `scores` (entry -> score) is changed in place; `allowed(i)` says whether entry i may be shown.
    Returns the lifted rules with how many of their sub-rules were among the top."""
    best = by_score(scores)[:top]
    count: dict[int, int] = {}
    score_of: dict[int, float] = {}
    for i in best:
        p = parent[i] if i < len(parent) else -1
        if p >= 0:
            count[p] = count.get(p, 0) + 1
            score_of[p] = max(score_of.get(p, -math.inf), scores[i])
    lifted: dict[int, int] = {}
    for p, c in count.items():
        if c >= at_least and allowed(p) and scores.get(p, -math.inf) < score_of[p] - below:
            scores[p] = score_of[p] - below
            lifted[p] = c
    return lifted


EMPTY_BELOW = 0.05  # how far below the lowest entry with text the best entry without text comes


def text_first(scores: dict[int, float], empty: Any, keep: Any = ()) -> None:
    """Entries with no text of their own (a heading, "Frequently Asked Questions", a card known only
    by its name) come after every entry with text, in their own order: a judge reads an answer, not a
    title (NEWUSER41: a heading lifted by its FAQ entries stood second, 0.936 against 0.956).
    `scores` is changed in place, all of them shifted by one amount (the scores stay in rank order);
    `keep`: entries left where they are (a rule number the question typed)."""
    keep = set(keep)
    moved = [i for i in empty if i in scores and i not in keep]
    if not moved:
        return
    moved_set = set(moved)
    with_text = [s for i, s in scores.items() if i not in moved_set]
    if not with_text:
        return
    shift = max(scores[i] for i in moved) - min(with_text) + EMPTY_BELOW
    if shift > 0:
        for i in moved:
            scores[i] -= shift
