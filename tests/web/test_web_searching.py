"""ServerSearcher: the same answers as Searcher, with many requests at once (encoding batched and
outside the ranking lock)."""
from __future__ import annotations

import threading

import pytest

from tests.web.conftest import CORPUS  # noqa: F401 - the session's corpus


@pytest.mark.parametrize("precision", ["fp32", "int8"])
def test_concurrent_answers_equal_sequential_ones(searcher, precision, monkeypatch):
    """In either query precision (JUDGE_QUERY_ENCODER: the server's default is int8, Searcher's fp32)."""
    from judge.search.search import Searcher
    from judge.web.searching import ServerSearcher

    monkeypatch.setenv("JUDGE_QUERY_ENCODER", precision)

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


class _SlowModel:
    """A stand-in model call: each text's vector is derived from the text; every call is recorded and
    held until `gate` is set, so requests arriving meanwhile queue behind it."""

    def __init__(self, fail_on: str | None = None):
        import threading

        self.calls: list[list[str]] = []
        self.gate = threading.Event()
        self.fail_on = fail_on

    def __call__(self, texts):
        import numpy as np

        self.calls.append(list(texts))
        self.gate.wait(10)
        if self.fail_on in texts:
            raise RuntimeError("model failed")
        return np.stack([np.full(4, float(len(t)), dtype=np.float32) for t in texts])


def _ask_all(batches, texts_per_request):
    import threading

    results, errors = {}, {}

    def one(i, texts):
        try:
            results[i] = batches.vectors(texts)
        except Exception as err:  # noqa: BLE001 - checked by the test
            errors[i] = err

    threads = [threading.Thread(target=one, args=(i, t)) for i, t in enumerate(texts_per_request)]
    for t in threads:
        t.start()
    return threads, results, errors


def _until(condition):
    import time

    deadline = time.monotonic() + 10
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.002)
    assert condition()


def test_batch_encoder_shares_runs_and_wakes_each_request_with_its_own_vectors():
    from judge.web.searching import BatchEncoder

    model = _SlowModel()
    batches = BatchEncoder(model, runners=1)
    first, res0, _ = _ask_all(batches, [["a"]])  # the first request starts the runner, which waits on the gate
    _until(lambda: model.calls)
    requests = [[f"text {i}", "shared"] for i in range(12)]
    threads, results, errors = _ask_all(batches, requests)
    _until(lambda: len(batches._queue) == 13)  # 12 texts of their own and "shared" once
    model.gate.set()
    for t in first + threads:
        t.join(10)
    assert not errors
    assert len(model.calls) == 2 and sorted(model.calls[1]) == sorted({t for r in requests for t in r})
    for i, texts in enumerate(requests):
        assert [float(v[0]) for v in results[i]] == [float(len(t)) for t in texts]
    assert batches.calls == 2 and batches.texts == 14
    _until(lambda: batches._runners == 0)  # the runner ends with the queue
    assert not batches._waiting


def test_batch_encoder_second_runner_only_behind_a_long_queue():
    from judge.web.searching import BatchEncoder

    model = _SlowModel()
    batches = BatchEncoder(model, runners=2, spill=4)
    first, _, _ = _ask_all(batches, [["a"]])
    _until(lambda: model.calls)
    few, _, _ = _ask_all(batches, [["b"], ["c"], ["d"]])
    _until(lambda: len(batches._queue) == 3)
    assert batches._runners == 1  # three texts wait for the busy runner: no second run of one text each
    more, _, _ = _ask_all(batches, [["e"]])
    _until(lambda: len(model.calls) == 2)
    assert batches._runners == 2 and sorted(model.calls[1]) == ["b", "c", "d", "e"]
    model.gate.set()
    for t in first + few + more:
        t.join(10)
    _until(lambda: batches._runners == 0)


def test_batch_encoder_error_fails_only_the_requests_for_that_text_and_is_not_cached():
    from judge.web.searching import BatchEncoder

    model = _SlowModel(fail_on="bad")
    batches = BatchEncoder(model, runners=1)
    first, _, _ = _ask_all(batches, [["a"]])
    _until(lambda: model.calls)
    threads, results, errors = _ask_all(batches, [["bad", "x"], ["x"], ["y"]])
    _until(lambda: len(batches._queue) == 3)
    model.gate.set()
    for t in first + threads:
        t.join(10)
    assert list(errors) == [0] and "model failed" in str(errors[0])  # the batch was encoded again text by text
    assert [float(v[0]) for v in results[1]] == [1.0] and [float(v[0]) for v in results[2]] == [1.0]
    assert "bad" not in batches._vectors and "x" in batches._vectors
    model.fail_on = None
    assert float(batches.vectors(["bad"])[0][0]) == 3.0  # asked again: encoded again, not the old error


def test_batch_encoder_cache_is_bounded():
    from judge.web.searching import BatchEncoder

    model = _SlowModel()
    model.gate.set()
    batches = BatchEncoder(model, runners=1, cache_size=3)
    for t in ["a", "bb", "ccc", "dddd", "eeeee"]:
        batches.vectors([t])
    assert list(batches._vectors) == ["ccc", "dddd", "eeeee"]
    calls = len(model.calls)
    batches.vectors(["dddd"])  # kept: no model call
    assert len(model.calls) == calls


def test_healthz_counts_what_the_server_encoded(searcher, verdicts_file, client):
    """/healthz says how many texts the server's searcher encoded in how many batches (what
    bench/bench_web.py reports as texts per batch); nothing before its searcher is loaded."""
    from fastapi.testclient import TestClient

    from judge.web.app import create_app
    from judge.web.searching import ServerSearcher
    from judge.web.site import Site
    from tests.web.conftest import RULINGS

    assert client.get("/healthz").json()["encoded"] is None  # a plain Searcher: no batches to count
    site = Site(CORPUS, searcher=ServerSearcher(index=searcher.index, progress=False), rulings=RULINGS,
                verdicts_file=verdicts_file)
    with TestClient(create_app(site)) as c:
        assert c.get("/healthz").json()["encoded"] == {"batches": 0, "texts": 0}
        assert c.get("/api/ask", params={"q": "Does Lucky stack twice?"}).status_code == 200
        encoded = c.get("/healthz").json()["encoded"]
    assert encoded["batches"] >= 1 and encoded["texts"] >= 1


@pytest.mark.parametrize("setting, want", [(None, "int8"), ("fp32", None), ("int8", "int8")])
def test_the_server_encodes_questions_in_int8_unless_told_fp32(searcher, monkeypatch, setting, want):
    """`judge serve` encodes questions with the int8 graph by default (JUDGE_QUERY_ENCODER=fp32: the
    float32 one, as `judge ask` does by default)."""
    from judge.web.searching import ServerSearcher

    if setting is None:
        monkeypatch.delenv("JUDGE_QUERY_ENCODER", raising=False)
    else:
        monkeypatch.setenv("JUDGE_QUERY_ENCODER", setting)
    server = ServerSearcher(index=searcher.index, progress=False)
    assert server.encoder.meta.get("precision") == want
    assert "precision" not in searcher.encoder.meta  # Searcher (judge ask): float32 by default
