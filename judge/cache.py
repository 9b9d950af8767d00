"""Where caches live, and how they are written: atomically, never half-written.

Cache root: $JUDGE_CACHE, else $XDG_CACHE_HOME/judge, else ~/.cache/judge.

A cache folder that cannot be written (read-only, full, not a folder) never stops judge: the
first failed write says once what could not be written, and the rest of the run keeps its caches
in a temporary folder that is removed at exit (``cache_write_failed``).
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any, BinaryIO, Callable

_fallback: Path | None = None  # this run's temporary cache folder, once the real one failed


def configured_cache_dir() -> Path:
    root = os.environ.get("JUDGE_CACHE")
    if root:
        return Path(root)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "judge"


def cache_dir() -> Path:
    if _fallback is not None:
        return _fallback
    path = configured_cache_dir()
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        return cache_write_failed(err, path)
    return path


def cache_write_failed(err: OSError, path: Path | str | None = None) -> Path:
    """Say once that the cache could not be written, and switch this run to a temporary cache
    folder (removed at exit). Returns that folder."""
    global _fallback
    if _fallback is None:
        import atexit
        import shutil

        reason = err.strerror or type(err).__name__
        where = path or getattr(err, "filename", None) or configured_cache_dir()
        print(f"judge: cannot write the cache ({where}: {reason}); this run keeps its results in memory "
              f"and a temporary folder only (set JUDGE_CACHE to a writable folder to keep them)", file=sys.stderr)
        _fallback = Path(tempfile.mkdtemp(prefix="judge-cache-"))
        atexit.register(shutil.rmtree, _fallback, True)
    return _fallback


def writable(folder: Path) -> bool:
    """Whether a file can be created in ``folder`` (made if missing)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".probe.", dir=folder)
        os.close(fd)
        os.unlink(tmp)
        return True
    except OSError:
        return False


def ensure_writable_cache() -> Path:
    """The cache folder, switched to a temporary one (said once) when it cannot be written."""
    path = cache_dir()
    if not writable(path):
        return cache_write_failed(PermissionError(13, "not writable"), path)
    return path


def atomic_write_with(path: Path, write: Callable[[BinaryIO], None]) -> None:
    """Write through `write(fh)` to a temporary file in the same folder, fsync, then rename over
    `path`: readers see the old file or the whole new one, never half of it."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def atomic_write_bytes(path: Path, data: bytes) -> None:
    atomic_write_with(path, lambda fh: fh.write(data))


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_json(path: Path, data: Any) -> None:
    atomic_write_text(path, json.dumps(data, ensure_ascii=False, separators=(",", ":")))


def sha256_bytes(*chunks: bytes) -> str:
    h = hashlib.sha256()
    for c in chunks:
        h.update(len(c).to_bytes(8, "little"))
        h.update(c)
    return h.hexdigest()
