"""Fusion settings tuned for one corpus (`judge tune`), read by `judge ask` and shown by `judge eval`.

How much of the lexical half a question gets, and whether sub-rules lift their rule, depend on the
corpus: a rulebook whose examples share their words with the rules wants more of BM25 than one whose
examples paraphrase. `judge tune` chooses them on questions of the corpus and writes them here; a
corpus without the file keeps the defaults of judge.search.search and judge.search.rank.

The file lives in the cache folder, one per corpus folder (keyed by its resolved path, like the
verdicts): the corpus folder may be read-only or a user's own documents, which judge never writes
into, and the settings are derived data that `judge tune` can always write again. It is plain JSON
(no checksum) so that a user may read and edit it; a wrong value is an error naming the file, the
line and the value. Reading it is one small JSON parse: nothing is imported for it on the ask path.

    {"version": 1, "corpus": "/path/to/corpus", "tuned_on": "...",
     "corpus_settings": {"lexical_weight": 0.3, "long_question_lift": 0.2, "lift_parents": true,
                         "parent_margin": 0.02},
     "games": {"lorcana": {"lexical_weight": 0.3, "long_question_lift": 0.5, ...}}}

`corpus_settings` applies to every question; a game's settings to the questions about that game
(asked with --game, or inferred with the probability judge.search.rank.GAME_FIRST_AT).
"""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from judge.errors import BadInputError

VERSION = 1


@dataclass(frozen=True)
class Fusion:
    lexical_weight: float  # weight of the lexical half for a short question (rank.lexical_weight_for)
    long_question_lift: float  # what a question of 50 words or more adds to it
    lift_parents: bool  # a rule several of whose sub-rules are top hits comes up (rank.lift_parents)
    parent_margin: float  # how far below its best sub-rule such a rule comes

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def describe(self) -> str:
        lift = f"rules lifted by sub-rules ({self.parent_margin:g} below)" if self.lift_parents else "no rule lifting"
        return (f"lexical weight {self.lexical_weight:g} (+{self.long_question_lift:g} for long questions), {lift}")


_RANGES = {"lexical_weight": (0.0, 1.0), "long_question_lift": (0.0, 1.0), "parent_margin": (0.0, 1.0)}


@dataclass
class TunedSettings:
    path: Path
    corpus: Fusion | None
    games: dict[str, Fusion]
    tuned_on: str = ""

    def for_game(self, game: str | None) -> Fusion | None:
        return self.games.get(game) if game else None


def _root(corpus_dir: Path | str | None) -> Path:
    from judge.paths import default_corpus_dir

    root = Path(corpus_dir) if corpus_dir else default_corpus_dir()
    try:
        return root.resolve()
    except (OSError, RuntimeError):  # a symlink loop: the path as given still names one corpus
        return root.absolute()


def settings_path(corpus_dir: Path | str | None) -> Path:
    """The settings file of a corpus folder (default: `--corpus`/JUDGE_CORPUS, else the bundled one)."""
    from judge.cache import cache_dir

    key = hashlib.sha256(_root(corpus_dir).as_posix().encode("utf-8")).hexdigest()[:16]
    return cache_dir() / f"fusion-{key}.json"


def _line_of(text: str, key: str, after: int = 0) -> int:
    """The line of the first `"key":` at or after character `after` (1 when not found)."""
    m = re.compile(r'"' + re.escape(key) + r'"\s*:').search(text, after)
    return text.count("\n", 0, m.start() if m else 0) + 1


def _fusion(value: Any, text: str, where: str, path: Path) -> Fusion:
    m = re.compile(r'"' + re.escape(where) + r'"\s*:').search(text) if where else None
    start = m.start() if m else 0

    def bad(msg: str, key: str | None = None) -> BadInputError:
        line = _line_of(text, key, start) if key else _line_of(text, where) if where else 1
        return BadInputError(f"fusion settings {where}: {msg}", path=str(path), line=line)

    if not isinstance(value, dict):
        raise bad(f"expected an object of settings, got {type(value).__name__}")
    known = set(Fusion.__dataclass_fields__)
    for key in value:
        if key not in known:
            raise bad(f"unknown setting {key!r}; known: {', '.join(sorted(known))}", key)
    for key in known:
        if key not in value:
            raise bad(f"missing setting {key!r}")
    if not isinstance(value["lift_parents"], bool):
        raise bad(f"'lift_parents' must be true or false, got {value['lift_parents']!r}", "lift_parents")
    for key, (lo, hi) in _RANGES.items():
        v = value[key]
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not lo <= v <= hi:
            raise bad(f"{key!r} must be a number from {lo:g} to {hi:g}, got {v!r}", key)
    return Fusion(float(value["lexical_weight"]), float(value["long_question_lift"]), value["lift_parents"],
                  float(value["parent_margin"]))


def parse_settings(text: str, path: Path) -> TunedSettings:
    """The settings in `text` (the file at `path`), or BadInputError naming the line that is wrong."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise BadInputError(f"fusion settings are not valid JSON: {err.msg}", path=str(path), line=err.lineno) from err
    if not isinstance(data, dict):
        raise BadInputError("fusion settings must be a JSON object", path=str(path), line=1)
    if data.get("version") != VERSION:
        raise BadInputError(f"fusion settings version {data.get('version')!r} is not {VERSION} "
                            "(run `judge tune` again)", path=str(path), line=_line_of(text, "version"))
    corpus = data.get("corpus_settings")
    games = data.get("games", {})
    if not isinstance(games, dict):
        raise BadInputError("'games' must be an object (game id -> settings)", path=str(path),
                            line=_line_of(text, "games"))
    return TunedSettings(
        path=path,
        corpus=_fusion(corpus, text, "corpus_settings", path) if corpus is not None else None,
        games={g: _fusion(v, text, g, path) for g, v in games.items()},
        tuned_on=str(data.get("tuned_on", "")),
    )


def load_settings(corpus_dir: Path | str | None) -> TunedSettings | None:
    """The corpus's tuned settings, or None when it has none (then the defaults apply)."""
    path = settings_path(corpus_dir)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as err:
        raise BadInputError(f"cannot read fusion settings: {err}", path=str(path)) from err
    return parse_settings(text, path)


def save_settings(corpus_dir: Path | str | None, corpus: Fusion | None, games: dict[str, Fusion],
                  tuned_on: str) -> Path:
    """Write the settings atomically (a reader sees the old file or the new one, never half)."""
    from judge.cache import atomic_write_text

    path = settings_path(corpus_dir)
    data = {"version": VERSION, "corpus": _root(corpus_dir).as_posix(), "tuned_on": tuned_on,
            "corpus_settings": corpus.to_json() if corpus else None,
            "games": {g: f.to_json() for g, f in sorted(games.items())}}
    if corpus is None:
        del data["corpus_settings"]
    atomic_write_text(path, json.dumps(data, indent=1) + "\n")
    return path
