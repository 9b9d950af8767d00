"""Search for many visitors at once: the Searcher, made safe and quick under concurrent requests.

`Searcher.ask` keeps state a request must not share half-done (the index's entry file handle, the
mark memos), so the ranking runs one question at a time under a lock (~1.5 ms of CPU). A question
spends most of its time in the sentence encoder (~5 ms for a short question), so the encoding runs
outside that lock. The server's search routes rank on the event loop (`ServerSearcher.ask_async`:
`Searcher.asking` in steps, the loop serving other requests while a question's texts are encoded);
`ask`, from a thread, gives the lock back while it waits for its vectors.

Encoding is done by `BatchEncoder`: a request's texts join a queue and the request waits for its
own texts only (one Future each: a finished run wakes exactly the requests it answered). A runner
thread takes everything queued at that moment as one batch, each with one ONNX thread (ONNX
Runtime's own pool spins while it waits, which a busy 2-core server cannot afford), and hands each
model run's vectors over as the run ends. (Measured again with the int8 encoder, 50 clients, 800
never-seen questions, two runs each, load 2.4-2.9: two runners of one thread p95 368/347 ms, 226/241
requests/s, 8.1/7.6 ms CPU a question; one runner of two threads 711/529 ms and 12.1/11.8 ms, the
same without spinning 748/657 ms and 9.7/8.7 ms; one runner of one thread 654/566 ms and 8.5/7.3 ms.) A model run costs ~2.1 ms of reading weights plus ~0.22 ms
a token row (MiniLM on a quiet machine), so one run of ten questions costs about half what ten runs
of one do: a second runner starts only when SPILL texts wait behind a busy one (at most one runner
per core), so under load the batches are large rather than many. Answers are the same as
`Searcher`'s in the same query precision: the same vectors, the same ranking code. The server
encodes questions in int8 unless JUDGE_QUERY_ENCODER says fp32 (judge/search/quantize.py; a
question's vector is the same alone or batched), `judge ask` in float32 unless it says int8.
"""
from __future__ import annotations

import asyncio
import os
import threading
from collections import OrderedDict
from concurrent.futures import Future
from pathlib import Path
from typing import Any, Callable, Sequence

import numpy as np

from judge.search.search import Searcher

VECTOR_CACHE = 4096  # texts whose vectors are kept (384 floats each: about 6 MB)
MAX_BATCH = 64  # texts one runner takes at once (OnnxEncoder.grouped_runs cuts them into runs)
SPILL = 4  # texts queued behind a busy runner before another runner starts (a run costs ~10 texts' rows)


class BatchEncoder:
    """Vectors of texts asked for by many threads at once, encoded in shared batches, with an LRU of
    the last VECTOR_CACHE texts' vectors. `encode(texts) -> array` is the model call."""

    def __init__(self, encode: Callable[[list[str]], np.ndarray], runners: int = 1,
                 cache_size: int = VECTOR_CACHE, max_batch: int = MAX_BATCH, spill: int = SPILL):
        self._encode = encode
        self._max_runners = max(1, runners)
        self._spill = spill
        self._cache_size = cache_size
        self._max_batch = max_batch
        self._lock = threading.Lock()
        self._vectors: OrderedDict[str, np.ndarray] = OrderedDict()
        self._waiting: dict[str, Future] = {}  # queued or being encoded: text -> its vector to come
        self._queue: list[str] = []  # waiting texts no runner has taken yet, oldest first
        self._runners = 0  # runner threads alive
        self.calls = 0  # batches encoded (model calls; /healthz reports them for bench/bench_web.py)
        self.texts = 0  # texts encoded

    def vectors(self, texts: Sequence[str]) -> list[np.ndarray]:
        """The vector of each text (an error of the model on one of them is raised here)."""
        return [v.result() if isinstance(v, Future) else v for v in self._claim(texts)]

    async def vectors_async(self, texts: Sequence[str]) -> list[np.ndarray]:
        """`vectors` for a coroutine: the event loop serves other requests while the texts are encoded."""
        loop = asyncio.get_running_loop()
        return [await _outcome(v, loop) if isinstance(v, Future) else v for v in self._claim(texts)]

    def _claim(self, texts: Sequence[str]) -> list[Any]:
        """Each text's vector, or the Future of it when it is queued or being encoded (a runner is
        started when the queue needs one)."""
        got: list[Any] = []
        start = False
        with self._lock:
            for t in texts:
                v = self._vectors.get(t)
                if v is None:
                    v = self._waiting.get(t)
                    if v is None:
                        v = self._waiting[t] = Future()
                        self._queue.append(t)
                else:
                    self._vectors.move_to_end(t)
                got.append(v)
            if self._queue and (self._runners == 0 or (self._runners < self._max_runners
                                                       and len(self._queue) >= self._spill)):
                self._runners += 1
                start = True
        if start:
            try:
                threading.Thread(target=self._run, name="judge-encoder", daemon=True).start()
            except BaseException:
                with self._lock:
                    self._runners -= 1
                raise
        return got

    def _run(self) -> None:
        """Encode what is queued, batch after batch, until nothing is; then the thread ends (a
        server at rest holds no runner). Each model run's vectors go to their requests as the run
        ends: a batch of 20 questions is cut into several runs, and the first ones' questions need
        not wait for the last run."""
        while True:
            with self._lock:
                if not self._queue:
                    self._runners -= 1
                    return
                batch, self._queue = self._queue[:self._max_batch], self._queue[self._max_batch:]
                self.calls += 1
                self.texts += len(batch)
            left = dict.fromkeys(batch)  # not handed over yet
            try:
                for positions, vectors in self._runs(batch):
                    done = [batch[i] for i in positions]
                    self._hand_over(done, [(v, None) for v in vectors])
                    for t in done:
                        left.pop(t, None)
            except Exception as err:  # noqa: BLE001 - handed to the requests that wait for these texts
                rest = list(left)
                self._hand_over(rest, self._one_by_one(rest) if len(rest) > 1 else [(None, err)] * len(rest))
            except BaseException as err:  # noqa: BLE001 - the interpreter stopping: no request waits for ever
                self._hand_over(list(left), [(None, err)] * len(left))

    def _runs(self, batch: list[str]) -> Any:
        """(positions in `batch`, vectors) per model run: the model call's own runs when it gives them
        (OnnxEncoder.grouped_runs), else one for the whole batch."""
        out = self._encode(batch)
        return [(range(len(batch)), out)] if isinstance(out, np.ndarray) else out

    def _one_by_one(self, texts: list[str]) -> list[tuple[np.ndarray | None, BaseException | None]]:
        """(vector, None) or (None, the error) for each text encoded alone: after the model failed on
        a batch, a text it cannot encode fails only the requests that asked for it."""
        out: list[tuple[np.ndarray | None, BaseException | None]] = []
        for t in texts:
            try:
                (_, vectors), = list(self._runs([t]))  # one text: one run
                out.append((vectors[0], None))
            except Exception as err:  # noqa: BLE001
                out.append((None, err))
        return out

    def _hand_over(self, texts: list[str], results: list[tuple[np.ndarray | None, BaseException | None]]) -> None:
        """Keep the vectors (LRU) and wake the requests waiting for these texts."""
        with self._lock:
            futures = [self._waiting.pop(t) for t in texts]
            for t, (v, _) in zip(texts, results):
                if v is not None:
                    self._vectors[t] = v
            while len(self._vectors) > self._cache_size:
                self._vectors.popitem(last=False)
        for f, (v, err) in zip(futures, results):
            if f.cancelled():  # nothing here cancels one (see _outcome), but a runner must not end on it
                continue
            if err is None:
                f.set_result(v)
            else:
                f.set_exception(err)


def _outcome(future: Future, loop: asyncio.AbstractEventLoop) -> asyncio.Future:
    """An asyncio future given `future`'s outcome. Not asyncio.wrap_future, which cancels `future` when
    the request awaiting it is cancelled (its client went away): other requests may wait for the same
    text, and the runner's set_result on a cancelled future would end the runner."""
    done = loop.create_future()

    def settle(f: Future) -> None:
        if done.cancelled():
            return
        err = f.exception()
        if err is not None:
            done.set_exception(err)
        else:
            done.set_result(f.result())

    def hand_over(f: Future) -> None:  # in the runner's thread
        try:
            loop.call_soon_threadsafe(settle, f)
        except RuntimeError:  # the loop is closed: nobody waits any more
            pass

    future.add_done_callback(hand_over)
    return done


class ServerSearcher(Searcher):
    thread_safe = True

    def __init__(self, *args: Any, runners: int | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._rank_lock = threading.Lock()
        self._holder = threading.local()  # whether this thread holds _rank_lock (inside ask)
        self._encoder_lock = threading.Lock()
        self._verdicts_file: Path | None = None
        self.batches = BatchEncoder(self._encode_runs, runners or max(1, os.cpu_count() or 1))

    @property
    def encoder(self) -> Any:
        if self._encoder is None:
            with self._encoder_lock:
                if self._encoder is None:
                    self._encoder = self._load_encoder()
        return self._encoder

    def _load_encoder(self) -> Any:
        info = self.index.lookup["encoder"]
        if info.get("onnx"):
            try:
                from judge.search.encoder import onnxruntime_available
                from judge.search.quantize import load_query_encoder, query_precision

                if onnxruntime_available():  # one thread per batch, one batch per core
                    model_path = self.index.lookup["model"]["path"]
                    int8 = query_precision("int8") == "int8"  # JUDGE_QUERY_ENCODER; int8 unless it says fp32
                    encoder = load_query_encoder(self.export_dir(), model_path, threads=1, int8=int8)
                    problem = encoder.checked()  # a server waits for the weights' check once, here
                    if problem:
                        encoder = load_query_encoder(self.export_dir(), model_path, threads=1, int8=int8,
                                                     problem=problem)
                    return encoder
            except Exception:  # noqa: BLE001 - the base class reports and falls back
                pass
        return super()._load_encoder()

    def verdicts_file(self) -> Path:
        """Found once: a server asks for it on every question, and finding it resolves the corpus
        folder's path (~50 us of lstat calls)."""
        if self._verdicts_file is None:
            self._verdicts_file = super().verdicts_file()
        return self._verdicts_file

    def _encode_runs(self, texts: list[str]) -> Any:
        encoder = self.encoder
        # in runs of similar length, each handed over as it ends, when the encoder can (OnnxEncoder)
        return encoder.grouped_runs(texts) if hasattr(encoder, "grouped_runs") else encoder.encode(texts)

    def ask(self, question: str, **kwargs: Any) -> Any:
        with self._rank_lock:
            self._holder.held = True
            try:
                return super().ask(question, **kwargs)
            finally:
                self._holder.held = False

    async def ask_async(self, question: str, **kwargs: Any) -> Any:
        """`ask` on an event loop: the ranking steps run on the loop's thread (under the ranking lock,
        which only a thread's `ask` may hold meanwhile) and the loop serves other requests while this
        question's texts are encoded, with no thread waiting for them."""
        steps = self.asking(question, **kwargs)
        vectors = None
        while True:
            with self._rank_lock:
                try:
                    texts = steps.send(vectors)
                except StopIteration as done:
                    return done.value
            self.encoder  # noqa: B018 - loaded here, so a load failure is this request's error
            vectors = np.stack(await self.batches.vectors_async(texts))

    def encode(self, texts: list[str]) -> np.ndarray:
        self.encoder  # noqa: B018 - loaded here, so a load failure is this request's error
        held = getattr(self._holder, "held", False)
        if held:  # let other requests rank while this one waits for the model
            self._holder.held = False
            self._rank_lock.release()
        try:
            vectors = self.batches.vectors(texts)
        finally:
            if held:
                self._rank_lock.acquire()
                self._holder.held = True
        return np.stack(vectors)
