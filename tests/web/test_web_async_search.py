"""Search on the event loop: ServerSearcher.ask_async and the async search routes give the answers,
pages and JSON of the plain, one-question-at-a-time path, with many questions at once."""
from __future__ import annotations

import asyncio

import pytest

from tests.web.conftest import CORPUS, RULINGS
from tests.web.test_web_searching import _ask_all, _until

QUESTIONS = ["Does Lucky stack?", "If my action gets canceled, does my exhausted hero ready?",
             "Can I attack an already burning zone?", "Mikor játszhatok ki azonnali varázslatot?",
             "How much damage do I assign to a defending unit?", "Stilt-Man infinite loop", "701.4a",
             "What does “Lucky” mean?", "xqzt vlorp"]


def _ranking(ans):
    return [(h.record["id"], round(h.score, 5)) for h in ans.hits], ans.no_good_match


def _server_searcher(searcher):
    from judge.web.searching import ServerSearcher

    server = ServerSearcher(index=searcher.index, progress=False)
    server._encoder = searcher.encoder  # the same model session: vectors equal to the last bit
    return server


def test_ask_async_many_at_once_equal_ask(searcher):
    from judge.errors import BadInputError
    from judge.search.search import Searcher

    questions = [f"{q} ({i})" for i, q in enumerate(QUESTIONS * 3)]
    plain = Searcher(index=searcher.index, progress=False)
    want = {q: _ranking(plain.ask(q, k=5)) for q in questions}
    server = _server_searcher(searcher)

    async def all_at_once():
        return await asyncio.gather(*(server.ask_async(q, k=5) for q in questions))

    got = dict(zip(questions, (_ranking(a) for a in asyncio.run(all_at_once()))))
    assert got == want
    assert server.batches.texts >= len(questions)  # encoded by the server's batches, not one by one
    # a question that never needs the encoder, and one the searcher refuses
    lexical = asyncio.run(server.ask_async("damage", mode="lexical", game="huntik"))
    assert _ranking(lexical) == _ranking(plain.ask("damage", mode="lexical", game="huntik"))
    with pytest.raises(BadInputError):
        asyncio.run(server.ask_async("?!"))


def test_async_routes_serve_what_the_plain_site_serves(searcher, verdicts_file, client):
    """The same bytes from a site whose search runs on the event loop (ServerSearcher) as from the
    plain site (a Searcher in a worker thread): answers, result pages, fragments, errors."""
    from fastapi.testclient import TestClient

    from judge.web.app import create_app
    from judge.web.site import Site

    site = Site(CORPUS, searcher=_server_searcher(searcher), rulings=RULINGS, verdicts_file=verdicts_file)
    requests = [("/api/ask", {"q": "   "}), ("/api/ask", {"q": "Lucky", "game": "nope"}), ("/?q=", {}),
                ("/api/ask", {"q": "Lucky", "kind": "faq", "k": 3}), ("/search/results", {"q": "x" * 600})]
    for q in QUESTIONS:
        requests += [("/api/ask", {"q": q}), ("/", {"q": q}), ("/search/results", {"q": q, "k": 2}),
                     ("/api/ask", {"q": q, "game": "huntik", "k": 10})]
    with TestClient(create_app(site), raise_server_exceptions=False) as c:
        for path, params in requests:
            mine, plain = c.get(path, params=params), client.get(path, params=params)
            assert (mine.status_code, mine.content) == (plain.status_code, plain.content), (path, params)
            assert mine.headers.get("content-type") == plain.headers.get("content-type")


def test_batch_encoder_vectors_async_error_only_for_its_text():
    import numpy as np

    from judge.web.searching import BatchEncoder

    def model(texts):
        if "bad" in texts:
            raise RuntimeError("model failed")
        return np.stack([np.full(4, float(len(t)), dtype=np.float32) for t in texts])

    batches = BatchEncoder(model, runners=1)

    async def both():
        return await asyncio.gather(batches.vectors_async(["ok", "fine"]), batches.vectors_async(["bad"]),
                                    return_exceptions=True)

    good, bad = asyncio.run(both())
    assert [float(v[0]) for v in good] == [2.0, 4.0]
    assert isinstance(bad, RuntimeError)
    assert [float(v[0]) for v in asyncio.run(batches.vectors_async(["fine"]))] == [4.0]  # kept


def test_a_cancelled_request_leaves_the_shared_encoding_to_the_others():
    """A request that stops waiting (its client went away) cancels nothing the encoder holds: another
    request waiting for the same text still gets it, and the runner goes on."""
    import threading

    import numpy as np

    from judge.web.searching import BatchEncoder

    gate = threading.Event()

    def model(texts):
        gate.wait(10)
        return np.stack([np.full(4, float(len(t)), dtype=np.float32) for t in texts])

    batches = BatchEncoder(model, runners=1)

    async def scenario():
        leaving = asyncio.ensure_future(batches.vectors_async(["shared text"]))
        staying = asyncio.ensure_future(batches.vectors_async(["shared text"]))
        await asyncio.sleep(0.05)
        leaving.cancel()
        await asyncio.sleep(0.05)
        gate.set()
        got = await asyncio.wait_for(staying, 10)
        with pytest.raises(asyncio.CancelledError):
            await leaving
        later = await asyncio.wait_for(batches.vectors_async(["another"]), 10)
        return got, later

    got, later = asyncio.run(scenario())
    assert float(got[0][0]) == 11.0 and float(later[0][0]) == 7.0


def test_each_run_is_handed_over_as_it_ends():
    """A batch the encoder cuts into runs wakes the requests of its first run before the last run
    is encoded."""
    import threading

    import numpy as np

    from judge.web.searching import BatchEncoder

    gate, second_run = threading.Event(), threading.Event()

    def runs(texts):  # the short texts' run, then (once allowed) the long ones'
        gate.wait(10)
        short = [i for i, t in enumerate(texts) if len(t) < 5]
        long_ = [i for i, t in enumerate(texts) if len(t) >= 5]
        if short:
            yield short, np.stack([np.full(4, float(len(texts[i])), dtype=np.float32) for i in short])
        if long_:
            second_run.wait(10)
            yield long_, np.stack([np.full(4, float(len(texts[i])), dtype=np.float32) for i in long_])

    batches = BatchEncoder(runs, runners=1)
    first, _, _ = _ask_all(batches, [["hold"]])
    _until(lambda: batches._runners == 1 and not batches._queue)  # the runner holds "hold" at the gate
    threads, results, errors = _ask_all(batches, [["ab"], ["a long text"], ["cd"]])
    _until(lambda: len(batches._queue) == 3)  # the next batch: all three
    gate.set()
    _until(lambda: 0 in results and 2 in results)  # the short run's requests are answered ...
    assert 1 not in results  # ... while the long run still waits
    second_run.set()
    for t in first + threads:
        t.join(10)
    assert not errors and [float(results[i][0][0]) for i in range(3)] == [2.0, 11.0, 2.0]


def test_grouped_runs_are_encode_grouped_run_by_run(searcher):
    import numpy as np

    encoder = searcher.encoder
    if not hasattr(encoder, "grouped_runs"):
        pytest.skip("no ONNX encoder here (sentence-transformers fallback)")
    texts = [f"{q} {'and more words ' * (i % 4)}" for i, q in enumerate(QUESTIONS * 2)] + ["damage", "lény"]
    together = encoder.encode_grouped(texts)
    seen, longest = [], []
    for positions, vectors in encoder.grouped_runs(texts):
        assert np.array_equal(vectors, together[positions])  # the same runs, so the same bits
        seen += list(positions)
        longest.append(max(len(encoder.tokenizer.encode(texts[i]).ids) for i in positions))
    assert sorted(seen) == list(range(len(texts)))  # each text once
    assert len(longest) > 1 and longest == sorted(longest, reverse=True)  # several runs, the longest texts first
