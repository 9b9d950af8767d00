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
