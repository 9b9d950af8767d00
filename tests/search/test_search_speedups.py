"""Pure speedups of the question path give what the plain code gave (judge serve, issue 15 item 8)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import yaml

from judge.search.search import _among, names_in_question

ROOT = Path(__file__).resolve().parents[2]


def test_among_is_isin_for_small_codes():
    codes = np.array([0, 3, 1, 1, 4, 2, 0], dtype=np.int16)
    for wanted in ([], [1], [0, 4], [0, 1, 2, 3, 4]):
        assert (_among(codes, wanted, 5) == np.isin(codes, wanted)).all()


def _cards_named_by_scan(searcher, question, games, mask):
    """Every name of every game looked for in the question (what _cards_named did before its index)."""
    return names_in_question(question, {g: searcher._names(g) for g in games}, mask)


def test_card_names_found_through_first_words_are_those_a_full_scan_finds(searcher):
    data = yaml.safe_load((ROOT / "tests" / "data" / "questions.yaml").read_text(encoding="utf-8"))
    questions = [q["q"] for q in data] + ["Thundercut and Breakspell: which resolves first?", "thundercut"]
    games = list(searcher.index.games)
    mask = np.ones(searcher.index.n, dtype=bool)
    found = 0
    for q in questions:
        got = searcher._cards_named(q, games, mask)
        assert got == _cards_named_by_scan(searcher, q, games, mask), q
        found += bool(got[0])
    assert found >= 10  # the question set names cards: the comparison is not between empty results


def _posterior_by_numpy(index, games, stems_by_lang, cards_named):
    """infer_game's posterior as it was computed before: numpy counts of each stem, per game, per stem."""
    import math

    from judge.search.rank import _MU, CARD_VOTE, _stop_stems

    logp = {}
    for g in games:
        lang = index.lookup["game_language"][g]
        stems, lex = stems_by_lang.get(lang), index.lexical.get(lang)
        if not stems or lex is None:
            continue
        n_games = len(index.games)
        entry_games = index.entry_game[lex["docs"]].astype(np.int64)
        per_doc = np.bincount(np.asarray(lex["indices"], dtype=np.int64), minlength=len(lex["docs"]))
        totals = np.bincount(entry_games, weights=per_doc, minlength=n_games)
        row, total = index.games.index(g), 0.0
        for s in dict.fromkeys(stems):
            t, indptr = lex["vocab"].get(s), lex["indptr"]
            if t is None or t + 1 >= len(indptr):
                counts = np.zeros(n_games)
            else:
                docs = lex["docs"][lex["indices"][indptr[t]:indptr[t + 1]]]
                counts = np.bincount(index.entry_game[docs].astype(np.int64), minlength=n_games).astype(float)
            if not counts.sum() or s in _stop_stems(lang):  # no document's word, a stop word's stem: no evidence
                continue
            p_all = (counts.sum() + 0.5) / (totals.sum() + 1.0)
            total += math.log(((counts[row] + _MU * p_all) / (totals[row] + _MU)) / p_all)
        logp[g] = total + CARD_VOTE * len(cards_named.get(g, []))
    m = max(logp.values())
    z = sum(math.exp(v - m) for v in logp.values())
    return {g: math.exp(v - m) / z for g, v in logp.items()}


def test_game_inference_from_the_counts_table_equals_the_numpy_counts(searcher):
    from judge.search.rank import infer_game, read_question, stem_weights

    data = yaml.safe_load((ROOT / "tests" / "data" / "questions.yaml").read_text(encoding="utf-8"))
    games = list(searcher.index.games)
    checked = 0
    for q in [d["q"] for d in data] + ["zzqx unknownword Lucky", "lény támadás"]:
        stems = {lang: stem_weights(read_question(q), lang)[0] for lang in ("en", "hu")}
        named = searcher._cards_named(q, games, np.ones(searcher.index.n, dtype=bool))[1]
        got = infer_game(searcher.index, games, stems, named).posterior
        assert got == _posterior_by_numpy(searcher.index, games, stems, named), q  # equal to the last bit
        checked += 1
    assert checked > 100


def test_by_score_is_the_sort_by_minus_score_then_entry():
    import random

    from judge.search.rank import by_score

    rnd = random.Random(3)
    for _ in range(200):
        scores = {rnd.randrange(1000): rnd.choice([0.5, -0.0, 0.0, 1.25, rnd.random()]) for _ in range(rnd.randrange(30))}
        assert by_score(scores) == sorted(scores, key=lambda i: (-scores[i], i))


def test_kept_records_are_new_dicts_and_bounded(searcher, monkeypatch):
    import judge.search.index as index_module

    index = index_module.Index(searcher.index.path)  # an index of its own: nothing kept yet
    first = index.record(3)
    first["verified"] = "changed by a caller"
    again = index.record(3)
    assert "verified" not in again and again == {k: v for k, v in first.items() if k != "verified"}
    monkeypatch.setattr(index_module, "RECORDS_KEPT", 4)
    for i in range(10):
        assert index.record(i)["id"] == index.lookup["ids"][i]
    assert len(index._records) <= 4


def test_marks_of_a_hit_follow_new_verdicts(searcher, monkeypatch):
    from judge.search.search import Searcher
    from judge.verdicts import Marks

    s = Searcher(index=searcher.index, progress=False)
    rid = searcher.index.lookup["ids"][5]
    checked = {"rulings/g/x.ruling.yaml": {"ruling": rid, "passed": True, "answer": "Yes."}}
    assert s.mark(searcher.index.record(5), Marks(checked))["verified"]["fixture"] == "rulings/g/x.ruling.yaml"
    assert s.mark(searcher.index.record(5), Marks({}))["verified"] is None
    failing = {"rulings/g/x.ruling.yaml": {"ruling": rid, "passed": False}}
    assert s.mark(searcher.index.record(5), Marks(failing))["check_failing"] == "rulings/g/x.ruling.yaml"
