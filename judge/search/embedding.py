"""Embedding the passages while an index is built: the progress shown, and the embedding cache.

The embedding cache (`search/embeddings/<model-key>.{npy,json}`) keeps passage vectors keyed by
passage content hash, so editing one document re-embeds only the passages that changed, and it keeps
the vectors of every corpus seen (most recent first) up to a size limit (256 MB, JUDGE_EMBED_CACHE_MB). Vectors are
copied in blocks between memory-mapped files: the whole matrix is never in memory at once.
"""
from __future__ import annotations

import json
import mmap
import os
import sys
import time
from typing import Any

import numpy as np

from pathlib import Path

from judge.cache import atomic_write_json, atomic_write_with, cache_dir

EMBED_BATCH = 8  # passages per model batch while building (bigger batches cost memory, not time, on a CPU)
EMBED_CHUNK = 32  # passages per encode call: the progress bar moves every second or two
EMBEDDINGS_FORMAT = 1  # the keys file: {"format", "keys", "sha256" of the vectors}
BLOCK = 8192  # rows copied at a time between the embedding cache and the dense matrix


EMBED_CACHE_MB = 256  # default size limit of the embedding cache (JUDGE_EMBED_CACHE_MB overrides)


def embedding_cache_rows(dim: int) -> int:
    """How many passage vectors the embedding cache keeps: its size limit, not the current index's size."""
    try:
        mb = float(os.environ.get("JUDGE_EMBED_CACHE_MB", EMBED_CACHE_MB))
    except ValueError:
        mb = EMBED_CACHE_MB
    return int(max(0.0, mb) * 1024 * 1024 // (4 * max(1, dim)))


def search_root() -> Path:
    """Where the search caches live (index/, models/, embeddings/, pointers/)."""
    return cache_dir() / "search"


def _embeddings_dir() -> Path:
    return search_root() / "embeddings"


class Progress:
    """Progress on stderr: one line per stage, and a bar for the embedding that redraws itself on a
    terminal (a line every quarter otherwise). No third-party progress bars."""

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self.tty = enabled and sys.stderr.isatty()
        self._quarter = 0

    def stage(self, message: str) -> None:
        if self.enabled:
            print(f"judge index: {message}", file=sys.stderr, flush=True)

    def bar(self, done: int, total: int, left_s: float | None) -> None:
        if not self.enabled or total <= 0:
            return
        share = done / total
        eta = f", about {left_s:.0f} s left" if left_s is not None and done < total else ""
        if self.tty:
            filled = int(share * 30)
            end = "\n" if done >= total else ""
            print(f"\rjudge index: embedding [{'#' * filled}{'.' * (30 - filled)}] {done}/{total}{eta}   ",
                  end=end, file=sys.stderr, flush=True)
        elif int(share * 4) > self._quarter or done >= total:
            self._quarter = int(share * 4)
            print(f"judge index: embedding {done}/{total} ({share:.0%}){eta}", file=sys.stderr, flush=True)


def embed(embedder: Any, texts: list[str], out: np.ndarray, prog: Progress, n_passages: int) -> None:
    """Vectors of `texts` into the rows of `out` (same order), longest first in runs of similar length
    (batches pad little), saying up front how long it will take (from the first run's speed)."""
    order = sorted(range(len(texts)), key=lambda j: -len(texts[j]))
    total_chars = sum(len(t) for t in texts) or 1
    prog.stage(f"embedding {len(texts)} of {n_passages} passages with {embedder.kind}")
    done = done_chars = base_chars = 0
    t0 = time.perf_counter()
    for s in range(0, len(order), EMBED_CHUNK):
        run = order[s : s + EMBED_CHUNK]
        out[run] = embedder.encode([texts[j] for j in run], batch_size=EMBED_BATCH)
        done += len(run)
        done_chars += sum(len(texts[j]) for j in run)
        if s == 0:  # the first run warms the runtime up: speed is measured from the second on
            t0, base_chars = time.perf_counter(), done_chars
            prog.bar(done, len(texts), None)
            continue
        rate = (time.perf_counter() - t0) / max(1, done_chars - base_chars)  # seconds per character
        left = rate * (total_chars - done_chars)
        if s == EMBED_CHUNK and done < len(texts):
            prog.stage(f"about {left:.0f} s to go ({embedder.kind} on this machine)")
        prog.bar(done, len(texts), left)


def load_embedding_cache(mkey: str) -> tuple[dict[str, int], np.ndarray | None]:
    """Passage key -> row, and the vectors memory-mapped (rows are copied out in blocks, never all at once)."""
    base = _embeddings_dir()
    from judge.cache import file_sha256, read_checked_json, say_rebuilt

    def problem(data: Any) -> str | None:
        if not isinstance(data, dict) or data.get("format") != EMBEDDINGS_FORMAT \
                or not isinstance(data.get("keys"), list) or not isinstance(data.get("sha256"), str):
            return "not a list of passage keys with the vectors' checksum"
        return None

    npy = base / f"{mkey}.npy"
    record = _legacy_keys(base / f"{mkey}.json") \
        or read_checked_json(base / f"{mkey}.json", problem, action="embedding the passages again")
    if record is None:
        return {}, None
    try:
        if record["sha256"] is not None and file_sha256(npy) != record["sha256"]:  # ~1 ms a MB, once a build
            say_rebuilt(npy, "the vectors do not match their checksum", "embedding the passages again")
            return {}, None
        keys = record["keys"]
        vecs = np.load(npy, mmap_mode="r", allow_pickle=False)
        if vecs.ndim != 2 or vecs.shape[0] != len(keys):
            raise ValueError("sizes disagree")
        # only unit vectors are trusted (caches before index format 5 kept zero rows for repeated passages)
        ok = np.ones(len(keys), dtype=bool)
        for s in range(0, len(keys), BLOCK):
            blk = np.asarray(vecs[s : s + BLOCK], dtype=np.float32)
            ok[s : s + BLOCK] = np.abs(np.einsum("ij,ij->i", blk, blk) - 1.0) < 1e-3
            drop_pages(vecs)
        return {k: i for i, k in enumerate(keys) if ok[i]}, vecs
    except (OSError, ValueError):
        return {}, None


def _legacy_keys(path: Path) -> dict[str, Any] | None:
    """The keys file as judge wrote it before it had a checksum (a bare JSON list), so an upgrade does
    not re-embed every passage; its vectors are still held to unit length below. Rewritten with a
    checksum the next time new passages are embedded."""
    try:
        with open(path, "rb") as fh:
            if fh.read(1) != b"[":
                return None
            fh.seek(0)
            keys = json.load(fh)
    except (OSError, ValueError):
        return None
    return {"keys": keys, "sha256": None} if isinstance(keys, list) and all(isinstance(k, str) for k in keys) else None


def npy_header(fh: Any, shape: tuple[int, int]) -> None:
    """The .npy header of a C-order float32 array of `shape` (its rows follow as raw bytes)."""
    np.lib.format.write_array_header_1_0(
        fh, {"descr": np.lib.format.dtype_to_descr(np.dtype(np.float32)), "fortran_order": False, "shape": shape})


def drop_pages(arr: np.ndarray) -> None:
    """Let go of the pages of a read-only memory-mapped array already read (they stay in the page
    cache; the process no longer holds them), so reading a whole file never makes it resident."""
    mm = getattr(arr, "_mmap", None)
    if mm is not None and hasattr(mm, "madvise") and hasattr(mmap, "MADV_DONTNEED"):
        try:
            mm.madvise(mmap.MADV_DONTNEED)
        except (OSError, ValueError):
            pass


def save_embedding_cache(mkey: str, keys: list[str], parts: list[tuple[np.ndarray, np.ndarray]], dim: int) -> None:
    """Write the vectors of `keys`, row by row from `parts` [(array, row indices)...], then the keys."""
    base = _embeddings_dir()
    n = sum(len(rows) for _, rows in parts)
    assert n == len(keys)

    def write(fh: Any) -> None:
        npy_header(fh, (n, dim))
        for arr, rows in parts:
            for s in range(0, len(rows), BLOCK):
                fh.write(np.ascontiguousarray(arr[rows[s : s + BLOCK]], dtype=np.float32).tobytes())
                drop_pages(arr)

    # vectors first, keys last (with the vectors' checksum): keys that do not match are ignored
    atomic_write_with(base / f"{mkey}.npy", write)
    from judge.cache import file_sha256

    atomic_write_json(base / f"{mkey}.json", {"format": EMBEDDINGS_FORMAT, "keys": keys,
                                               "sha256": file_sha256(base / f"{mkey}.npy")})
