"""Engine verdicts of the ruling scenarios (`verdicts.json` in the cache) and the marks they earn.

A verdict is what `judge verify` (or the first index build) found for one scenario: passed or not,
which entry it is the `ruling:` of, which entries it cites, whether it is a variant, and a hash of
the text of its ruling entry and of each cited entry as they were when the scenario was checked.

The engine-checked mark of an entry is honest about three things:
  * only the entry a scenario is the `ruling:` of is engine-checked (a scenario that merely cites a
    rule does not check that rule's text), and only by a base scenario (a `variant:` changes the
    question, its outcome may be the opposite);
  * a failing base scenario is reported as failing, never hidden behind a passing one;
  * when a checked text changed since the scenario was checked, the mark says so ("stale"). The hashes
    are kept until the scenario file itself changes: passing again proves nothing about a new text
    (the engine never reads it); editing the scenario is how a person says "still right".

Verdicts are kept per corpus: a scenario checked against a draft copy of the corpus says nothing
about the bundled one, so each corpus folder has its own file (`verdicts_path(corpus)`): the bundled
corpus's is `verdicts.json`, any other's `verdicts-<hash of its resolved path>.json`. A run on a draft
never changes the marks `judge ask` or a running `judge serve` show for the bundled corpus.

Light on purpose (json, hashlib): `judge ask` reads verdicts on every question.
"""
from __future__ import annotations

import difflib
import hashlib
import os
import re
import threading
from pathlib import Path
from typing import Any, Callable, Iterable

from judge.cache import atomic_write_json, cache_dir

VERDICTS_FORMAT = 2  # 2: variant flag, scenario hash, text hashes

TextHash = Callable[[str], "str | None"]  # entry id -> hash of its current text (None: no such entry)


def verdicts_path(corpus: Path | str | None = None) -> Path:
    """The verdicts file of a corpus folder (default: `--corpus`/JUDGE_CORPUS, else the bundled one)."""
    from judge.paths import default_corpus_dir, repo_root

    root = _resolved(Path(corpus) if corpus else default_corpus_dir())
    if root == _resolved(repo_root() / "rules_corpus"):
        return cache_dir() / "verdicts.json"
    return cache_dir() / f"verdicts-{hashlib.sha256(root.as_posix().encode('utf-8')).hexdigest()[:16]}.json"


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # a symlink loop: the path as given still names one corpus
        return path.absolute()


def rulings_roots(corpus: Path | str | None = None) -> list[Path]:
    """The folders whose scenarios are a corpus's own: the rulings/ folder `judge verify` runs by
    default (the current folder's, else the bundled one), and a rulings/ folder inside the corpus
    folder or beside it. A scenario elsewhere (a player's scratch file) is checked, never recorded
    as the corpus's marks."""
    from judge.paths import default_corpus_dir, repo_root

    root = Path(corpus) if corpus else default_corpus_dir()
    found = [Path.cwd() / "rulings", repo_root() / "rulings", root / "rulings", root.parent / "rulings"]
    return list(dict.fromkeys(_resolved(p) for p in found))


def is_corpus_scenario(path: Path | str, corpus: Path | str | None = None) -> bool:
    """Whether a scenario file lies in one of the corpus's rulings folders (``rulings_roots``; a copy of
    the rulings elsewhere is not: its files would take the bundled ones' keys and marks)."""
    where = _resolved(Path(path))
    return any(where.is_relative_to(r) for r in rulings_roots(corpus))


def text_hash(title: str | None, text: str | None) -> str:
    """Hash of what a judge reads of an entry: its title and its text."""
    return hashlib.sha256(f"{title or ''}\n{text or ''}".encode("utf-8")).hexdigest()[:16]


def scenario_key(path: str | Path) -> str:
    """A scenario as 'rulings/<game>/.../<name>.ruling.yaml' wherever it was run from (else its full path)."""
    parts = Path(path).parts
    if "rulings" in parts:
        i = len(parts) - 1 - parts[::-1].index("rulings")
        return "/".join(parts[i:])
    return Path(path).resolve().as_posix()


# has_verdicts() hands the verdicts it read to the next read_verdicts() of the same unchanged file (a
# first `judge ask` checks the file, then reads it for the marks: one parse of ~1.4 MB, not two). Handed
# over once: the reader owns the dict, as if it had read the file itself.
_HANDOVER: list[Any] = []  # [(path, mtime_ns, size, inode), verdicts] or empty
_HANDOVER_LOCK = threading.Lock()


def _stamp(path: Path) -> tuple[str, int, int, int] | None:
    try:
        st = Path(path).stat()
    except OSError:
        return None
    return str(path), st.st_mtime_ns, st.st_size, st.st_ino


def read_verdicts(path: Path | None = None, action: str | None = None) -> dict[str, dict[str, Any]]:
    """Scenario key -> verdict; {} when there are none (or only an older format, which lacks the
    variant flag and the text hashes the marks need). ``action``: what the caller does about a
    damaged file, said with it (by default: no marks until `judge verify` writes it again)."""
    from judge.cache import read_checked_json

    path = path or verdicts_path()
    with _HANDOVER_LOCK:
        handed = _HANDOVER[:] if _HANDOVER else None
        _HANDOVER.clear()
    if handed and handed[0] == _stamp(path):
        return handed[1]

    # the checksum is checked when there is one (judge writes one); a verdicts file written by hand
    # or by an older judge has none, and is held to its shape alone
    raw = read_checked_json(path, _verdicts_problem, require_checksum=False,
                            action=action or "answers show no engine marks until `judge verify` writes it again")
    return {} if raw is None else _still_there(raw["fixtures"])


def _still_there(fixtures: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The verdicts of scenarios whose file still exists: one deleted since it was checked is no verdict
    (it stayed listed under its rules until the next `judge verify`)."""
    listed: dict[str, frozenset[str]] = {}  # one listing per folder, not a stat per scenario: read at every ask
    out = {}
    for key, v in fixtures.items():
        if key.startswith("/"):  # a scenario outside any rulings/ folder (recorded by an older judge): not the corpus's
            continue
        if not v.get("file"):  # no file written down (a hand-made verdicts file): nothing says it is gone
            out[key] = v
            continue
        folder, sep, name = v["file"].rpartition("/")
        folder = folder or sep  # a file at the root: "/"; no folder at all: "" (the current one, as Path)
        if folder not in listed:
            try:
                listed[folder] = frozenset(os.listdir(folder or "."))
            except OSError:
                listed[folder] = frozenset()
        if name and name in listed[folder]:
            out[key] = v
    return out


_VERDICT_FIELDS = {"ruling": (str, type(None)), "cites": list, "game": str, "variant": bool, "passed": bool,
                   "applied": list, "question": str, "answer": str, "file": str, "scenario": (str, type(None)),
                   "texts": dict}


def _verdicts_problem(raw: Any) -> str | None:
    """What is wrong with the shape of a verdicts file (None: nothing). An older format is not
    wrong, only unused (it lacks what the marks need): it reads as no verdicts."""
    if not isinstance(raw, dict):
        return "not a JSON object"
    if raw.get("format") != VERDICTS_FORMAT:
        raw["fixtures"] = {}
        return None
    fixtures = raw.get("fixtures")
    if not isinstance(fixtures, dict):
        return "no 'fixtures' map in it"
    for key, v in fixtures.items():
        if not isinstance(v, dict):
            return f"the verdict of {key} is not a mapping"
        for name, kind in _VERDICT_FIELDS.items():
            if name in v and not isinstance(v[name], kind):
                return f"the verdict of {key} has {name!r} of the wrong type ({type(v[name]).__name__})"
        if not all(isinstance(x, str) for x in [*v.get("cites", []), *v.get("applied", [])]):
            return f"the verdict of {key} has an id that is not text"
    return None


def bundled_baseline(corpus: Path | str | None) -> dict[str, dict[str, Any]] | None:
    """The bundled corpus's verdicts, as the baseline of another corpus (None for the bundled one)."""
    from judge.paths import repo_root

    bundled = verdicts_path(repo_root() / "rules_corpus")
    return None if verdicts_path(corpus) == bundled else read_verdicts(bundled)


def has_verdicts(path: Path | None = None, action: str | None = None) -> bool:
    path = path or verdicts_path()
    stamp = _stamp(path)
    fixtures = read_verdicts(path, action)
    if fixtures and stamp is not None and _stamp(path) == stamp:  # unchanged while it was read
        with _HANDOVER_LOCK:
            _HANDOVER[:] = [stamp, fixtures]
    return bool(fixtures)


def file_sha(path: Path) -> str | None:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]
    except OSError:
        return None


def record(outcomes: Iterable[Any], current: TextHash, path: Path | None = None,
           corpus: Path | str | None = None, baseline: dict[str, dict[str, Any]] | None = None
           ) -> dict[str, dict[str, Any]]:
    """Merge the verdicts of `outcomes` (judge.scenarios.replay.Outcome) into the corpus's verdicts
    file and return them all. A run over some scenarios keeps the verdicts of the others (while their
    files exist). The caller leaves out scenarios that are not the corpus's (``is_corpus_scenario``:
    judge.scenarios.verify.write_verdicts). `baseline`: verdicts from another corpus (the bundled
    one) whose checked texts a scenario this corpus has not checked yet starts from, so a fresh draft copy with a changed text
    shows the scenarios checked against the old text as stale."""
    path = path or verdicts_path(corpus)
    old = read_verdicts(path)
    data = dict(old)  # read_verdicts keeps those whose scenario still exists
    for out in outcomes:
        fx = out.fixture
        key = scenario_key(fx.path)
        sha = file_sha(fx.path)
        ids = list(dict.fromkeys([x for x in [fx.ruling, *(fx.cites or [])] if isinstance(x, str)]))
        prev = old.get(key) or (baseline or {}).get(key)
        if prev and prev.get("scenario") == sha and isinstance(prev.get("texts"), dict):
            texts = prev["texts"]  # same scenario: the texts it was checked against stay the reference
        else:
            texts = {i: current(i) for i in ids}
        raw = getattr(fx, "raw", None) or {}
        data[key] = {
            "ruling": fx.ruling, "cites": list(fx.cites or []), "game": fx.game,
            "variant": bool(getattr(fx, "variant", None) or (raw.get("variant") if isinstance(raw, dict) else None)),
            "passed": out.status in ("passed", "replayed"), "applied": list(out.applied or []),
            "question": (fx.question or "").strip(), "answer": (fx.answer or "").strip(),
            "file": str(Path(fx.path).resolve()), "scenario": sha, "texts": texts,
        }
    try:
        atomic_write_json(path, {"format": VERDICTS_FORMAT, "fixtures": data,
                                 "corpus": _resolved(Path(corpus)).as_posix() if corpus else None})
    except OSError as err:  # a read-only or full cache: said once; the marks are simply not saved
        from judge.cache import cache_write_failed

        cache_write_failed(err, path)
    return data


def verdicts_missing(corpus_dir: Path | None = None, action: str | None = None) -> bool:
    """Whether `ensure_verdicts` (judge.scenarios.verify) would replay the scenarios: the bundled corpus
    with no verdicts yet. ``action``: what a damaged verdicts file is said to lead to."""
    from judge.paths import default_corpus_dir, repo_root

    root = Path(corpus_dir) if corpus_dir else default_corpus_dir()
    bundled = repo_root() / "rules_corpus"
    return _resolved(root) == _resolved(bundled) and not has_verdicts(verdicts_path(bundled), action)


def changed_texts(verdict: dict[str, Any], current: TextHash) -> list[str]:
    """Ids whose text changed since the scenario was checked (an id gone from the corpus counts)."""
    texts = verdict.get("texts")
    if not isinstance(texts, dict):
        return []
    return [i for i, h in texts.items() if current(i) != h]


def stale(verdicts: dict[str, dict[str, Any]], current: TextHash) -> list[str]:
    """Keys of passing scenarios whose checked texts changed since they were checked."""
    return sorted(k for k, v in verdicts.items() if v.get("passed") and changed_texts(v, current))


def one_line(text: str, limit: int = 160) -> str:
    """The first sentence of `text`, on one line, at most `limit` characters. A bare 'Yes.' or 'No.' (a
    sentence of at most two words) takes the next sentence with it: alone it says nothing to a reader who
    did not ask the scenario's question (NEWUSER44: 'The engine confirmed: Yes.')."""
    flat = " ".join((text or "").split())
    cut = next((i for i in _sentence_ends(flat) if len(flat[: i + 1].split()) > 2), None)
    if cut is not None and cut < limit:
        return flat[: cut + 1]
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


def question_line(text: str, limit: int = 200) -> str:
    """A scenario's question on one line, at most `limit` characters: the sentence that asks (its last one
    ending in '?'), with as many of the sentences before it -- they set the scene -- as fit; without a '?',
    its first sentence."""
    flat = " ".join((text or "").split())
    end = flat.rfind("?")
    if end < 0:
        return one_line(flat, limit)
    starts = [0] + [i + 2 for i in _sentence_ends(flat[:end])]
    for start in starts:  # the earliest start whose sentences fit
        if end + 1 - start <= limit:
            return flat[start: end + 1]
    return "…" + flat[end + 1 - (limit - 1): end + 1].lstrip()


def _sentence_ends(text: str) -> list[int]:
    """Where each sentence of ``text`` ends (the index of its '.', '?' or '!' before a space), in order."""
    return [m.start() for m in re.finditer(r"(?<=.)[.?!](?= )", text)]


def order_scenarios(entry_id: str, keys: list[str]) -> list[str]:
    """Several base scenarios may check one ruling: the one whose file name is most like the entry's
    id shows first (then by path), so the linked scenario is about that entry."""
    slug = entry_id.rsplit(":", 1)[-1]

    def likeness(k: str) -> float:
        return difflib.SequenceMatcher(None, slug, Path(k).name.removesuffix(".ruling.yaml")).ratio()

    return sorted(keys, key=lambda k: (-likeness(k), k))


class Marks:
    """The engine-checked marks of entries, from a set of verdicts.

        marks = Marks(read_verdicts())
        marks.verified("huntik:faq:...", current)   # {"fixture", "passed", "stale", "changed"} | None
        marks.failing("huntik:faq:...")             # a failing base scenario of this ruling, or None
        marks.cited_by("huntik:701.4a")             # scenarios citing it (not as their ruling)
    """

    def __init__(self, verdicts: dict[str, dict[str, Any]]):
        self.verdicts = verdicts
        self._base: dict[str, list[str]] = {}
        self._citing: dict[str, list[str]] = {}
        self._ordered: dict[str, list[str]] = {}  # base_scenarios memo (string likeness is ~0.3 ms an entry)
        for key, v in sorted(verdicts.items()):
            ruling = v.get("ruling")
            if isinstance(ruling, str) and not v.get("variant"):
                self._base.setdefault(ruling, []).append(key)
            for c in dict.fromkeys(v.get("cites") or []):
                if isinstance(c, str) and c != ruling:
                    self._citing.setdefault(c, []).append(key)

    def base_scenarios(self, entry_id: str) -> list[str]:
        """Base scenarios whose `ruling:` is this entry, the one named most like the entry first."""
        keys = self._ordered.get(entry_id)
        if keys is None:
            keys = self._ordered[entry_id] = order_scenarios(entry_id, self._base.get(entry_id, []))
        return list(keys)

    def verified(self, entry_id: str, current: TextHash) -> dict[str, Any] | None:
        """The mark of an entry that passing base scenarios check (None if any base one fails)."""
        keys = self.base_scenarios(entry_id)
        if not keys or not all(self.verdicts[k].get("passed") for k in keys):
            return None
        key = keys[0]
        changed = list(dict.fromkeys(i for k in keys for i in changed_texts(self.verdicts[k], current)))
        return {"fixture": key, "passed": True, "stale": bool(changed), "changed": changed,
                "fixtures": keys, "confirmed": one_line(self.verdicts[key].get("answer", "")),
                "question": question_line(self.verdicts[key].get("question", ""))}

    def failing(self, entry_id: str) -> str | None:
        return next((k for k in self.base_scenarios(entry_id) if not self.verdicts[k].get("passed")), None)

    def cited_by(self, entry_id: str) -> list[str]:
        return list(self._citing.get(entry_id, []))
