"""The word half of the index without bm25s (judge.search.lexical), and the words-only index a
run uses when its cache folder cannot take a search index."""
from __future__ import annotations

import random

import numpy as np
import pytest

from judge.search.lexical import bm25_matrix


def _bm25s(docs: list[list[int]], n_vocab: int):
    bm25s = pytest.importorskip("bm25s")
    vocab = {f"t{i}": i for i in range(n_vocab)}
    retriever = bm25s.BM25()
    retriever.index((docs, vocab), show_progress=False)
    s = retriever.scores
    return s["data"].astype(np.float32), s["indices"].astype(np.int32), s["indptr"].astype(np.int64)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_bm25_matrix_has_the_bits_of_bm25s(seed):
    rng = random.Random(seed)
    n_vocab = 300
    docs = [[rng.randrange(n_vocab) for _ in range(rng.randrange(1, 80))] for _ in range(200)]
    docs.append([7] * 30)  # one stem many times
    ours, theirs = bm25_matrix(docs, n_vocab), _bm25s(docs, n_vocab)
    for a, b in zip(ours, theirs):
        assert a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


def test_bm25_matrix_of_the_bundled_corpus_has_the_bits_of_bm25s():
    from judge.search.lexical import bm25_matrix, lexical_matrices
    from judge.search.source import load_search_corpus
    from judge.search.text import analyze

    corpus = load_search_corpus(save_graph=False)
    for lang, lex in lexical_matrices(corpus, ["en", "hu"]):
        vocab: dict[str, int] = {}
        docs = [[vocab.setdefault(t, len(vocab)) for t in
                 (analyze(" ".join(filter(None, [corpus.docs[i].title, corpus.docs[i].heading or "",
                                                 corpus.docs[i].text])), lang, roots=False) or ["__empty__"])]
                for i in lex["docs"]]
        data, indices, indptr = _bm25s(docs, len(vocab))
        if lang == "hu":
            # Hungarian entries also hold their stems' roots, which bm25s has no way to leave out of an
            # entry's length: the same formula on the words alone, and test_hungarian_roots for the rest
            lex = dict(zip(("data", "indices", "indptr"), bm25_matrix(docs, len(vocab))), vocab=vocab)
        assert lex["data"].tobytes() == data.tobytes() and lex["indices"].tobytes() == indices.tobytes()
        assert lex["indptr"].tobytes() == indptr.tobytes() and lex["vocab"] == vocab


# -- the words-only index ------------------------------------------------------------------------

QUESTIONS = ["Does Lucky stack?", "If my action gets canceled, does my exhausted hero ready?",
             "Mikor játszhatok ki azonnali varázslatot?", "huntik 701.4a", "asdkjh qwpoeiru"]


def test_a_words_only_answer_is_the_saved_index_s_lexical_answer(searcher):
    """Same BM25 matrices, lookup and records as the saved index: the same ranking as its words
    half, entry for entry and score for score."""
    from judge.paths import default_corpus_dir
    from judge.search.lexical import words_only_index
    from judge.search.search import Searcher

    words = Searcher(index=words_only_index(default_corpus_dir(), "a test"))
    assert words.words_only == {"why": "a test", "engine_marks": True}
    for q in QUESTIONS:
        got, want = words.ask(q, k=10), searcher.ask(q, k=10, mode="lexical")
        assert [h.to_json() for h in got.hits] == [h.to_json() for h in want.hits], q
        assert (got.confidence, got.no_good_match, got.inferred) == (want.confidence, want.no_good_match,
                                                                      want.inferred)
        assert got.to_json()["words_only"]["why"] == "a test" and "words_only" not in want.to_json()
    with pytest.raises(Exception, match="no semantic index"):
        words.ask(QUESTIONS[0], mode="dense")
