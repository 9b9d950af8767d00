"""Where caches live, and how they are written: atomically, never half-written.

Cache root: $JUDGE_CACHE, else $XDG_CACHE_HOME/judge, else ~/.cache/judge.

A cache folder that cannot be written (read-only, full, not a folder) never stops judge: the
first failed write says once what could not be written, and the rest of the run keeps its caches
in a temporary folder that is removed at exit (``cache_write_failed``).

Every JSON object judge writes to the cache checks itself: ``atomic_write_json`` puts a sha256 of
the rest of the file in front (``{"checksum":"<hex>",...}``, still plain JSON for any reader), and
``read_checked_json`` refuses a file whose bytes no longer match it, or whose shape its caller
rejects, saying in one line that it is rebuilt. Binary artifacts carry their sha256 in a checked
JSON record next to them (the search index's meta.json, the model export's status.json).
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
import zlib
from pathlib import Path
from typing import Any, BinaryIO, Callable

from judge.corpus_files import corpus_hash  # the corpus hash without the parser (no judge.corpus)

_fallback: Path | None = None  # this run's temporary cache folder, once the real one failed
_fallback_error: OSError | None = None  # why the real one failed


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
    global _fallback, _fallback_error
    if _fallback is None:
        import atexit
        import shutil

        _fallback_error = err

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


def cache_unwritable(need_bytes: int = 0) -> OSError | None:
    """Why the cache folder cannot take ``need_bytes`` more now (None: it can): it cannot be
    written, this run already found that out, or its file system has less room than that left."""
    import errno

    if _fallback is not None:
        return _fallback_error or OSError(errno.EROFS, "not writable")
    folder = configured_cache_dir()
    if not writable(folder):
        return PermissionError(errno.EACCES, "not writable")
    try:
        st = os.statvfs(folder)
    except (OSError, AttributeError):  # no statvfs (Windows): a full disk shows when written
        return None
    free = st.f_bavail * st.f_frsize
    if free < need_bytes:
        return OSError(errno.ENOSPC, f"{free / 2**20:.0f} MB free, about {need_bytes / 2**20:.0f} MB needed")
    return None


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
    _lock(fd)  # while it is held, clean_stale_temps knows this file is being written
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
    """Write ``data`` atomically; a dict goes with its checksum (``checked_json_bytes``)."""
    if isinstance(data, dict):
        atomic_write_text(path, checked_json_bytes(data).decode("utf-8"))
    else:
        atomic_write_text(path, json.dumps(data, ensure_ascii=False, separators=(",", ":")))


# -- self-checking JSON ----------------------------------------------------------------------------

_CHECKSUM_HEAD = b'{"checksum":"'
_HEX = 64


def checked_json_bytes(data: dict) -> bytes:
    """``data`` as JSON with ``"checksum"`` first: the sha256 of every byte after the checksum's
    closing quote (and comma). Verifying it costs one hash, no re-serialising."""
    body = json.dumps({k: v for k, v in data.items() if k != "checksum"}, ensure_ascii=False,
                      separators=(",", ":")).encode("utf-8")
    rest = body[1:]  # after "{": the members and the closing brace
    sep = b"" if rest == b"}" else b","
    return _CHECKSUM_HEAD + hashlib.sha256(rest).hexdigest().encode() + b'"' + sep + rest


def parse_checked_json(raw: bytes, require_checksum: bool = True) -> Any:
    """The object of a ``checked_json_bytes`` file (without its checksum). Raises CacheError when
    the bytes do not match the checksum, or when there is none and one is required."""
    from judge.errors import CacheError

    if raw.startswith(_CHECKSUM_HEAD):
        end = len(_CHECKSUM_HEAD) + _HEX
        want, rest = raw[len(_CHECKSUM_HEAD):end], raw[end + 1:]
        if raw[end:end + 1] != b'"':
            raise CacheError("its checksum is damaged")
        if rest.startswith(b","):
            rest = rest[1:]
        if hashlib.sha256(rest).hexdigest().encode() != want:
            raise CacheError("its content does not match its checksum")
    elif require_checksum:
        raise CacheError("it has no checksum (written by an older judge, or not by judge)")
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as err:
        raise CacheError(f"it is not JSON ({err})") from None
    if isinstance(data, dict):
        data.pop("checksum", None)
    return data


_said_rebuilt: set[str] = set()


def say_rebuilt(path: Path | str, reason: str, action: str = "rebuilding it") -> None:
    """One line on stderr, once per file and problem in a run: which cache file was bad, why, and
    what happens now."""
    key = f"{path}\0{reason}"
    if key not in _said_rebuilt:
        _said_rebuilt.add(key)
        print(f"judge: cache file {path} is unusable ({reason}); {action}", file=sys.stderr, flush=True)


def read_checked_json(path: Path, validate: Callable[[Any], str | None] | None = None, *,
                      require_checksum: bool = True, action: str = "rebuilding it") -> Any:
    """A cache file written by ``atomic_write_json``, or None when it is missing (silently) or bad:
    unreadable, not matching its checksum, or of a shape ``validate`` rejects (it returns what is
    wrong, or None when the data is fine). A bad file is reported once with ``say_rebuilt``."""
    from judge.errors import CacheError

    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        return None
    except OSError as err:
        say_rebuilt(path, err.strerror or type(err).__name__, action)
        return None
    try:
        data = parse_checked_json(raw, require_checksum)
    except CacheError as err:
        say_rebuilt(path, str(err), action)
        return None
    problem = validate(data) if validate else None
    if problem:
        say_rebuilt(path, problem, action)
        return None
    return data


def file_sha256(path: Path, chunk: int = 1 << 20) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def file_crc32(path: Path, chunk: int = 1 << 20) -> int:
    """crc32 of a file: finds damage (any burst of flipped bytes up to 32 bits, nearly all others)
    at twice sha256's speed; for checks that run on every question."""
    crc = 0
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            crc = zlib.crc32(block, crc)
    return crc


def file_stamp(path: Path) -> list[int]:
    """What changes when a file is written (size, modification time): a cheap "unchanged" test."""
    st = Path(path).stat()
    return [st.st_size, st.st_mtime_ns]




# -- leftovers of crashed writes, and old caches ------------------------------------------------------

STALE_AFTER_S = 3600  # a leftover without a lock (another OS, an older judge) is removed after an hour
WORKING_MARK = ".writing"  # the lock file inside a temporary folder being filled


def _lock(fd: int) -> bool:
    """An exclusive lock on an open file, without waiting: False when another process holds it.
    The lock dies with its process, so an unlockable leftover was being written when judge crashed."""
    try:
        import fcntl
    except ImportError:  # no flock (Windows): leftovers are judged by age alone
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError:
        return False


class WorkingDir:
    """A temporary folder in ``parent`` that is marked as being written until ``done()`` (or the
    process dies): ``clean_stale_temps`` removes it only once no process holds the mark."""

    def __init__(self, parent: Path, prefix: str):
        parent.mkdir(parents=True, exist_ok=True)
        self.path = Path(tempfile.mkdtemp(prefix=prefix, dir=parent))
        self._fd: int | None = os.open(self.path / WORKING_MARK, os.O_CREAT | os.O_RDWR, 0o600)
        _lock(self._fd)

    def done(self) -> None:
        """Drop the mark (before the folder is renamed into place or removed)."""
        if self._fd is not None:
            try:
                os.unlink(self.path / WORKING_MARK)
            except OSError:
                pass
            os.close(self._fd)
            self._fd = None


def _abandoned(path: Path) -> bool:
    """Whether a leftover temporary file or folder has no living writer."""
    import time

    mark = path / WORKING_MARK if path.is_dir() else path
    try:
        fd = os.open(mark, os.O_RDONLY)
    except OSError:
        try:
            return time.time() - path.stat().st_mtime > STALE_AFTER_S
        except OSError:
            return False
    try:
        return _lock(fd)
    finally:
        os.close(fd)


def clean_stale_temps(folder: Path, patterns: tuple[str, ...] = (".*.tmp", ".onnx-*")) -> list[Path]:
    """Remove what crashed writes left in ``folder`` (a half-written file, a model export folder of
    up to ~90 MB), never what a running process is writing. Returns what was removed."""
    import shutil

    removed = []
    for pattern in patterns:
        try:
            found = list(Path(folder).glob(pattern))
        except OSError:
            return removed
        for path in found:
            if not _abandoned(path):
                continue
            try:
                if path.is_dir() and not path.is_symlink():
                    shutil.rmtree(path)
                else:
                    path.unlink()
                removed.append(path)
            except OSError:
                pass
    return removed


def _size(path: Path) -> int:
    if path.is_dir() and not path.is_symlink():
        return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())
    return path.stat().st_size


def cached_corpus(path: Path) -> str:
    """The corpus a cache file (or an index folder, by its meta.json) was made from: the
    ``"corpus"`` member near the top of its checked JSON, read from its first few KB ('' when it
    has none: written by an older judge)."""
    import re

    f = Path(path) / "meta.json" if Path(path).is_dir() else Path(path)
    try:
        with open(f, "rb") as fh:
            head = fh.read(8192)
    except OSError:
        return ""
    m = re.search(rb'"corpus":("(?:[^"\\]|\\.)*")', head)
    try:
        return json.loads(m.group(1)) if m else ""
    except ValueError:
        return ""


def prune(folder: Path, pattern: str, keep: Path | None = None, max_items: int = 4,
          max_bytes: int = 512 * 1024 * 1024, group: Callable[[Path], str] | None = None,
          max_groups: int = 8) -> list[Path]:
    """Remove old caches matching ``pattern`` in ``folder``; ``keep`` (the one in use) always stays.
    Returns what was removed. Nothing a user wrote lives in the cache folder.

    With ``group`` (the corpus an item belongs to, e.g. ``cached_corpus``), each corpus keeps its
    ``max_items`` newest versions and the ``max_groups`` corpora used last keep theirs, so working
    on a draft never costs the bundled corpus its index. Without it, all items are one group. Over
    ``max_bytes`` in all, older versions go first (oldest first), then the newest version of the
    corpora used longest ago."""
    import shutil

    try:
        items = []
        for p in Path(folder).glob(pattern):
            try:
                items.append((p.stat().st_mtime_ns, p, _size(p)))
            except OSError:
                continue
    except OSError:
        return []
    keep = Path(keep) if keep else None
    items.sort(key=lambda t: (t[1] != keep, -t[0]))  # the one in use first, then newest first
    groups: dict[str, list[tuple[int, Path, int]]] = {}
    for item in items:
        groups.setdefault(group(item[1]) if group else "", []).append(item)
    order = list(groups)  # corpora, the one in use first, then by their newest version
    rank = {path: (order.index(g), i) for g, members in groups.items() for i, (_, path, _) in enumerate(members)}
    doomed = [p for _, p, _ in items if p != keep and (rank[p][1] >= max_items or rank[p][0] >= max_groups)]
    left = [t for t in items if t[1] not in doomed]
    total = sum(size for _, _, size in left)
    # over the size bound: older versions (oldest first), then corpora's newest (least recent corpus first)
    for _, path, size in sorted(left, key=lambda t: (rank[t[1]][1] == 0, -rank[t[1]][0], t[0])):
        if total <= max_bytes:
            break
        if path != keep:
            doomed.append(path)
            total -= size
    removed = []
    for path in doomed:
        try:
            shutil.rmtree(path) if path.is_dir() and not path.is_symlink() else path.unlink()
            removed.append(path)
        except OSError:
            pass
    return removed


def corpus_cache_path(prefix: str, corpus: Path | str | None) -> tuple[Path, str]:
    """Where `corpus_cached_json` keeps `prefix`'s file for a corpus, and the corpus's resolved path."""
    from judge.paths import default_corpus_dir

    root = str((Path(corpus) if corpus else default_corpus_dir()).resolve())
    return cache_dir() / f"{prefix}-{corpus_hash(Path(root))[:16]}.json", root


def corpus_cached_json(prefix: str, corpus: Path | str | None, build: Callable[[], dict],
                       validate: Callable[[Any], str | None], prune_glob: str | None = None) -> dict:
    """The JSON object `build()` derives from a corpus, kept as `<prefix>-<corpus hash>.json` in the
    cache folder (checked on load with `validate`; older ones pruned by `prune_glob`, default
    `<prefix>-*.json`). A cache that cannot be read or written only costs a rebuild; what `build`
    raises reaches the caller."""
    path: Path | None
    root = ""
    try:
        path, root = corpus_cache_path(prefix, corpus)
        data = read_checked_json(path, validate)
        if data is not None:
            return data
    except (OSError, ValueError, TypeError, ImportError):
        path = None
    data = build()
    if path is not None:
        try:
            atomic_write_json(path, {"corpus": root, **data})  # the corpus first: what prune groups by
            prune(path.parent, prune_glob or f"{prefix}-*.json", keep=path, max_items=2, group=cached_corpus)
        except OSError as err:  # a read-only or full cache: rebuilt next time
            cache_write_failed(err, path)
    return data
