"""Search for many visitors at once: the Searcher, made safe and quick under concurrent requests.

`Searcher.ask` keeps state a request must not share half-done (the index's entry file handle, the
encoder's vector cache), so the server used to run one question at a time under one lock, and a
question spends most of its time in the sentence encoder (about 10 ms of CPU for a short question).
With 50 visitors asking new questions that lock was the queue.

`ServerSearcher` keeps the ranking serialised (it is ~2 ms) but lets the encoding run outside it:
while a request waits for its vector, it gives the ranking lock back, and the questions waiting at
that moment are encoded together in one batch (one model call for several questions costs less CPU
than one call each), at most one batch per CPU core, each with one ONNX thread (ONNX Runtime's own
thread pool spins while it waits, which a busy 2-core server cannot afford). Answers are the same
as `Searcher`'s: the same model, the same vectors, the same ranking code.
"""
from __future__ import annotations

import os
import threading
from typing import Any

import numpy as np

from judge.search.search import Searcher

VECTOR_CACHE = 4096  # questions whose vectors are kept (384 floats each: about 6 MB)
MAX_BATCH = 32


class ServerSearcher(Searcher):
    thread_safe = True

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._rank_lock = threading.Lock()
        self._holder = threading.local()  # whether this thread holds _rank_lock (inside ask)
        self._cv = threading.Condition()  # guards _vectors, _pending, _batches
        self._pending: list[str] = []
        self._inflight: set[str] = set()  # being encoded by some batch now
        self._batches = 0
        self._slots = max(1, os.cpu_count() or 1)
        self._encoder_lock = threading.Lock()

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
                from judge.search.encoder import load_checked_onnx, onnxruntime_available

                if onnxruntime_available():  # one thread per batch, one batch per core
                    model_path = self.index.lookup["model"]["path"]
                    encoder = load_checked_onnx(self.export_dir(), model_path, threads=1)
                    problem = encoder.checked()  # a server waits for the weights' check once, here
                    if problem:
                        encoder = load_checked_onnx(self.export_dir(), model_path, threads=1, problem=problem)
                    return encoder
            except Exception:  # noqa: BLE001 - the base class reports and falls back
                pass
        return super()._load_encoder()

    def ask(self, question: str, **kwargs: Any) -> Any:
        with self._rank_lock:
            self._holder.held = True
            try:
                return super().ask(question, **kwargs)
            finally:
                self._holder.held = False

    def encode(self, texts: list[str]) -> np.ndarray:
        held = getattr(self._holder, "held", False)
        if held:  # let other requests rank while this one waits for the model
            self._holder.held = False
            self._rank_lock.release()
        try:
            vectors = self._vectors_for(list(dict.fromkeys(texts)))
        finally:
            if held:
                self._rank_lock.acquire()
                self._holder.held = True
        return np.stack([vectors[t] for t in texts])

    def _vectors_for(self, texts: list[str]) -> dict[str, np.ndarray]:
        """Vectors of `texts`, from the cache or encoded in a batch with other waiting requests."""
        encoder = self.encoder
        with self._cv:
            self._queue(texts)
            while True:
                if all(t in self._vectors for t in texts):
                    out = {t: self._vectors[t] for t in texts}
                    self._cv.notify_all()  # the batch may have others' texts too
                    return out
                if self._pending and self._batches < self._slots:
                    batch, self._pending = self._pending[:MAX_BATCH], self._pending[MAX_BATCH:]
                    self._inflight.update(batch)
                    self._batches += 1
                    try:
                        self._cv.release()
                        try:  # in runs of similar length when the encoder can (OnnxEncoder)
                            vecs = (encoder.encode_grouped(batch) if hasattr(encoder, "encode_grouped")
                                    else encoder.encode(batch))
                        finally:
                            self._cv.acquire()
                        for t, v in zip(batch, vecs):
                            self._vectors[t] = v
                        while len(self._vectors) > VECTOR_CACHE:
                            self._vectors.pop(next(iter(self._vectors)))
                    except BaseException:
                        self._pending = [t for t in batch if t not in self._vectors] + self._pending
                        raise
                    finally:
                        self._inflight.difference_update(batch)
                        self._batches -= 1
                        self._cv.notify_all()
                    continue
                if not any(t in self._pending or t in self._inflight for t in texts):
                    self._queue(texts)  # evicted before it was read (a burst of > VECTOR_CACHE questions)
                    continue
                self._cv.wait()

    def _queue(self, texts: list[str]) -> None:
        for t in texts:
            if t not in self._vectors and t not in self._pending and t not in self._inflight:
                self._pending.append(t)
