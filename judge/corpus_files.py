"""The files of a corpus folder and their hash, without loading anything (no parser imported).

Kept apart from the judge.corpus package, whose import loads the whole parser (about 0.1 s): the
caches keyed by the corpus hash (`judge verify`'s graph index, the verdicts) need the hash alone.
"""
from __future__ import annotations

import sys
from pathlib import Path

from judge.hashing import sha256_bytes
from judge.errors import CorpusError
from judge.paths import default_corpus_dir

_JUDGE = Path(__file__).parent
#: the code whose changes re-ingest: the parser, this listing, and the version matching that decides
#: ids and histories across versions
_CODE = (_JUDGE / "corpus", _JUDGE / "corpus_files.py", _JUDGE / "versions" / "compare.py",
         _JUDGE / "versions" / "history.py")

_warned_loops: set[str] = set()


def warn_if_symlink_loop(path: Path) -> bool:
    """A symlink that never reaches a file (a loop) is skipped with a warning, once per path and run,
    instead of stopping the whole corpus."""
    if not path.is_symlink():
        return False
    try:
        path.resolve(strict=True)
        return False
    except (OSError, RuntimeError):  # RuntimeError: a loop, before Python 3.13
        pass
    if str(path) not in _warned_loops:
        _warned_loops.add(str(path))
        print(f"judge: warning: {path} is a symlink loop or a broken link; skipped", file=sys.stderr)
    return True


def game_folders(root: Path) -> list[Path]:
    """The game folders of a corpus folder (not those starting with '.' or '_')."""
    if not root.exists():
        raise CorpusError("corpus folder does not exist", path=str(root))
    if not root.is_dir():
        raise CorpusError("corpus path is not a folder", path=str(root))
    entries = sorted(root.iterdir())
    for p in entries:
        warn_if_symlink_loop(p)
    folders = [p for p in entries if p.is_dir() and not p.name.startswith((".", "_"))]
    if not folders:
        raise CorpusError("corpus folder has no game folders (each needs a game.yaml)", path=str(root))
    return folders


def corpus_hash(root: Path | None = None) -> str:
    """Hash of every manifest and document plus the parser's own code: a change to any re-ingests."""
    root = Path(root) if root else default_corpus_dir()
    chunks: list[bytes] = []
    for code in _CODE:
        for py in sorted(code.glob("*.py")) if code.is_dir() else [code]:
            chunks.append(py.read_bytes())
    for folder in game_folders(root):
        for f in sorted(folder.rglob("*")):
            warn_if_symlink_loop(f)
            if f.is_file() and not f.name.startswith("."):
                chunks.append(str(f.relative_to(root)).encode())
                chunks.append(f.read_bytes())
    return sha256_bytes(*chunks)[:32]
