"""ServerSearcher: the same answers as Searcher, with many requests at once (encoding batched and
outside the ranking lock)."""
from __future__ import annotations

import threading

from tests.web.conftest import CORPUS  # noqa: F401 - the session's corpus


def test_concurrent_answers_equal_sequential_ones(searcher):
    from judge.search.search import Searcher
    from judge.web.searching import ServerSearcher

    questions = [f"{q} ({i})" for i, q in enumerate(
        ["Does Lucky stack?", "If my action gets canceled, does my exhausted hero ready?",
         "Can I attack an already burning zone?", "Mikor játszhatok ki azonnali varázslatot?",
         "How much damage do I assign to a defending unit?", "Stilt-Man infinite loop"] * 4)]
    plain = Searcher(index=searcher.index, progress=False)
    want = {q: [(h.record["id"], round(h.score, 5)) for h in plain.ask(q, k=5).hits] for q in questions}

    server = ServerSearcher(index=searcher.index, progress=False)
    got: dict[str, list] = {}
    errors: list[BaseException] = []
    start = threading.Barrier(len(questions))

    def one(q: str) -> None:
        try:
            start.wait()
            got[q] = [(h.record["id"], round(h.score, 5)) for h in server.ask(q, k=5).hits]
        except BaseException as err:  # noqa: BLE001 - reported below
            errors.append(err)

    threads = [threading.Thread(target=one, args=(q,)) for q in questions]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors, errors
    assert got == want


class _Grouped:
    """An encoder that encodes every call's texts as the server does: OnnxEncoder.encode_grouped."""

    def __init__(self, encoder):
        self.encoder = encoder

    def encode(self, texts, **_):
        return self.encoder.encode_grouped(texts)


def test_grouped_encoding_gives_the_single_question_ranking(searcher):
    """Questions encoded together in runs of similar length (what ServerSearcher does under load) get
    the vectors and the ranking of each question encoded on its own."""
    import numpy as np
    import pytest

    from judge.search.search import Searcher

    encoder = searcher.encoder
    if not hasattr(encoder, "encode_grouped"):
        pytest.skip("no ONNX encoder here (sentence-transformers fallback)")
    questions = ["Does Lucky stack?", "damage", "Mikor játszhatok ki azonnali varázslatot?",
                 "If my action gets canceled by an opponent's card during the combat step, does my exhausted "
                 "hero ready again at the end of the turn or stay exhausted?", "Stilt-Man infinite loop",
                 "Can I attack an already burning zone?", "képesség", "How much damage do I assign to a defending unit?",
                 "What happens when two triggered abilities want to resolve at the same time?", "Breakspell"]
    together = encoder.encode_grouped(questions)
    alone = np.stack([encoder.encode([q])[0] for q in questions])
    assert together.shape == alone.shape
    assert float(np.min(np.sum(together * alone, axis=1))) > 0.99999
    assert float(np.max(np.abs(together - alone))) < 1e-5

    single = Searcher(index=searcher.index, progress=False)
    grouped = Searcher(index=searcher.index, progress=False)
    grouped._encoder = _Grouped(encoder)  # a test double: every encoding of this searcher is grouped
    grouped.encode(questions)  # all at once, as a burst of requests would be
    for q in questions:
        want = [(h.record["id"], round(h.score, 5)) for h in single.ask(q, k=10, threshold=False).hits]
        got = [(h.record["id"], round(h.score, 5)) for h in grouped.ask(q, k=10, threshold=False).hits]
        assert got == want, q
