"""The search index: build it (heavy, once per corpus and model) and open it (light, every query).

Cache layout under `judge.cache.cache_dir()/search/`:

    index/<key>/          one index per (corpus content, glossaries, model):
        meta.json         written last; sizes and checksums of every other file (a missing or
                          mismatching file means corrupt: rebuilt, never trusted)
        entries.jsonl     one record per entry (what `judge ask` prints), read by offset for the hits only
        *.npy             per-entry arrays, passage -> entry map, dense matrix (float32, memory-mapped),
                          lexical BM25 matrices per language (CSC arrays of bm25s, scored with numpy)
        lookup.json       games, kinds, rule numbers, card names, compiled glossaries, encoder info
    models/<model-key>/   the ONNX export of the model and whether it passed the check
    embeddings/<model-key>.{npy,json}   passage vectors keyed by passage content hash: editing one
                          document re-embeds only the passages that changed
    pointers/<hash>.json  corpus folder + model -> index key and the corpus files' stat fingerprint,
                          so a fresh `judge ask` does not parse the corpus to find its index
"""
from __future__ import annotations

import gc
import hashlib
import io
import json
import threading
import time
from collections import OrderedDict
from pathlib import Path
from typing import Any, Callable

import numpy as np

from judge.cache import (atomic_write_bytes, atomic_write_json, atomic_write_with, cache_unwritable,
                         cache_write_failed, cached_corpus, clean_stale_temps, configured_cache_dir,
                         ensure_writable_cache, parse_checked_json, prune, read_checked_json, say_rebuilt)
from judge.errors import CacheError
from judge.search.embedding import (BLOCK, Progress, drop_pages, embed, embedding_cache_rows,
                                    load_embedding_cache, npy_header, save_embedding_cache, search_root)
from judge.search.encoder import model_key, note, onnxruntime_available, resolve_model
from judge.search.lexical import LookupViews, build_lookup, entry_tables, lexical_matrices
from judge.search.text import normalize, split_passages

INDEX_FORMAT = 9  # 6: records carry question, answer, text_hash; no verdicts in the index; 7: checked meta.json;
# 8: lookup has each entry's parent (judge eval's lenient hits); 9: Hungarian stems carry their roots (text.with_roots)
POINTER_FORMAT = 1
RECORDS_KEPT = 2048  # parsed entry records an opened index keeps (a few KB each)
_FULL_HASH_LIMIT = 64 * 1024 * 1024  # bigger files: size + head/tail hash (a full hash costs too much per query)
_PASSAGE_MARGIN = 8  # tokens kept free under the model's max_seq_length (special tokens, title join)


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _file_digest(path: Path) -> str:
    size = path.stat().st_size
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        if size <= _FULL_HASH_LIMIT:
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                h.update(chunk)
        else:
            h.update(fh.read(1 << 20))
            fh.seek(size - (1 << 20))
            h.update(fh.read(1 << 20))
    return h.hexdigest()


def _npy_bytes(arr: np.ndarray) -> bytes:
    buf = io.BytesIO()
    np.save(buf, arr, allow_pickle=False)
    return buf.getvalue()


def _write_npy(path: Path, arr: np.ndarray) -> None:
    atomic_write_with(path, lambda fh: np.save(fh, arr, allow_pickle=False))


def corpus_fingerprint(root: Path) -> str:
    from judge.search.source import fingerprint_files

    h = hashlib.sha256(str(root.resolve()).encode())
    # the parsers and the graph code decide the entries too (corpus.hash covers them; so must this)
    package = Path(__file__).resolve().parents[1]
    code = [f for sub in ("corpus", "graph") for f in sorted((package / sub).glob("*.py"))]
    for f in [*fingerprint_files(root), *code]:
        st = f.stat()
        h.update(f"{f}:{st.st_size}:{st.st_mtime_ns}".encode())
    return h.hexdigest()


def _pointer_path(root: Path, mkey: str) -> Path:
    return search_root() / "pointers" / (_sha(f"{root.resolve()}|{mkey}".encode())[:24] + ".json")


# ---------------------------------------------------------------------------------------------
# opening


class Index(LookupViews):
    """An opened index: small arrays in memory, the dense matrix memory-mapped, entry records on demand."""

    def __init__(self, path: Path, verify: bool = True):
        self.path = path
        meta_path = path / "meta.json"
        try:
            self.meta = parse_checked_json(meta_path.read_bytes())
        except FileNotFoundError as err:
            raise CacheError(f"index {path.name} is incomplete (no meta.json)") from err
        except OSError as err:
            raise CacheError(f"index {path.name}: meta.json is unreadable ({err})") from err
        except CacheError as err:
            raise CacheError(f"index {path.name}: meta.json: {err}") from err
        if not isinstance(self.meta, dict) or self.meta.get("format") != INDEX_FORMAT:
            got = self.meta.get("format") if isinstance(self.meta, dict) else type(self.meta).__name__
            raise CacheError(f"index {path.name} has format {got}, expected {INDEX_FORMAT}")
        files = self.meta.get("files")
        if not isinstance(files, dict) or not files or not all(
                isinstance(v, dict) and isinstance(v.get("size"), int) and isinstance(v.get("sha256"), str)
                for v in files.values()):
            raise CacheError(f"index {path.name}: meta.json does not list its files with their checksums")
        if verify:
            self._verify()
        try:
            self.lookup = json.loads((path / "lookup.json").read_text())
            self.entry_game = self._npy("entry_game.npy")
            self.entry_kind = self._npy("entry_kind.npy")
            self.entry_lang = self._npy("entry_lang.npy")
            self.offsets = self._npy("entries.offsets.npy")
            self.passage_start = self._npy("passage_start.npy")
            self.dense = self._npy("dense.npy", mmap=True)
            self.lexical: dict[str, dict[str, Any]] = {}
            for lang in self.lookup["languages"]:
                self.lexical[lang] = {
                    "data": self._npy(f"lex.{lang}.data.npy", mmap=True),
                    "indices": self._npy(f"lex.{lang}.indices.npy", mmap=True),
                    "indptr": self._npy(f"lex.{lang}.indptr.npy"),
                    "docs": self._npy(f"lex.{lang}.docs.npy"),
                    "vocab": json.loads((path / f"lex.{lang}.vocab.json").read_text()),
                }
        except (OSError, ValueError, KeyError) as err:
            raise CacheError(f"index {path.name} is unreadable ({err})") from err
        self.n = int(self.entry_game.shape[0])
        if self.offsets.shape[0] != self.n + 1 or self.passage_start.shape[0] != self.n:
            raise CacheError(f"index {path.name}: array sizes disagree")
        self._records: OrderedDict[int, dict[str, Any]] = OrderedDict()  # entry -> its parsed record (LRU)
        self._records_lock = threading.Lock()
        try:  # opened now: an old index pruned by another judge stays readable to this one
            self._entries_fh = open(self.path / "entries.jsonl", "rb")
        except OSError as err:
            raise CacheError(f"index {path.name}: entries.jsonl is unreadable ({err})") from err

    def _verify(self) -> None:
        for name, info in self.meta["files"].items():
            f = self.path / name
            try:
                size = f.stat().st_size
            except FileNotFoundError as err:
                raise CacheError(f"index {self.path.name}: {name} is missing") from err
            if size != info["size"] or _file_digest(f) != info["sha256"]:
                raise CacheError(f"index {self.path.name}: {name} does not match its checksum")

    def _npy(self, name: str, mmap: bool = False) -> np.ndarray:
        arr = np.load(self.path / name, mmap_mode="r" if mmap else None, allow_pickle=False)
        # a plain array over the same mapped pages: np.memmap's Python hooks cost each slice and each
        # operation on it (~40 a question, ~0.1 ms)
        return np.asarray(arr) if mmap else arr

    def record(self, i: int) -> dict[str, Any]:
        """Entry i's record: a new dict each call (a caller adds its marks to it); the values inside
        it are shared between calls, not to be changed. The last RECORDS_KEPT records read are kept
        parsed: a server reads the top hits of every question, mostly the same few hundred entries
        (a seek, a read and a JSON parse each, ~7% of a question's ranking)."""
        with self._records_lock:
            rec = self._records.get(i)
            if rec is not None:
                self._records.move_to_end(i)
                return dict(rec)
            if self._entries_fh is None:
                self._entries_fh = open(self.path / "entries.jsonl", "rb")
            start, end = int(self.offsets[i]), int(self.offsets[i + 1])
            self._entries_fh.seek(start)
            rec = json.loads(self._entries_fh.read(end - start))
            self._records[i] = rec
            while len(self._records) > RECORDS_KEPT:
                self._records.popitem(last=False)
            return dict(rec)

    def close(self) -> None:
        if self._entries_fh is not None:
            self._entries_fh.close()
            self._entries_fh = None


def _pointer_problem(data: Any) -> str | None:
    import re

    if not isinstance(data, dict) or data.get("format") != POINTER_FORMAT:
        return f"not an index pointer of format {POINTER_FORMAT}"
    if not isinstance(data.get("fingerprint"), str):
        return "no corpus fingerprint in it"
    if not isinstance(data.get("index"), str) or not re.fullmatch(r"[0-9a-f]{24}", data["index"]):
        return "no index key in it"
    return None


def open_index(
    corpus_dir: Path | None = None,
    model: str | None = None,
    *,
    progress: bool = True,
    words_only: bool = False,
) -> Any:
    """The index for this corpus and model, built or rebuilt if missing, stale or corrupt.

    `words_only`: when there is no usable index and the cache folder cannot take one (read-only,
    full), answer from a `judge.search.lexical.WordsOnlyIndex` built in memory in about half a
    second instead of embedding every passage for one question and throwing the vectors away
    (`judge ask`; a server or `judge eval` builds the whole index anyway)."""
    from judge.search.source import default_corpus_dir

    root = Path(corpus_dir) if corpus_dir else default_corpus_dir()
    model_path = resolve_model(model)
    mkey = model_key(model_path)
    pointer_path = _pointer_path(root, mkey)
    fingerprint = corpus_fingerprint(root)
    for folder in (search_root() / "models" / mkey, search_root().parent, pointer_path.parent):
        clean_stale_temps(folder)  # what killed builds left
    pointer = read_checked_json(pointer_path, _pointer_problem)
    reuse = True
    if pointer and pointer.get("fingerprint") == fingerprint:
        try:
            return Index(search_root() / "index" / pointer["index"])
        except CacheError as err:
            note(f"search index cache is corrupt or stale ({err}); rebuilding")
            reuse = False
    if words_only:
        problem = cache_unwritable(_build_bytes(root, model_path, mkey))
        if problem is not None:
            cache_write_failed(problem, configured_cache_dir())
            return _index_without_saving(root, mkey, problem, reuse)
    return _build_where_writable(root, model, progress, reuse=reuse, words_only=words_only)


def _build_bytes(root: Path, model_path: str, mkey: str) -> int:
    """About how much a build writes to the cache: the index and the embedding cache (a generous
    multiple of the corpus's size), and the model's ONNX export (its weights' size) when there is
    none yet."""
    from judge.search.source import fingerprint_files

    need = 16 << 20
    try:
        need += 8 * sum(f.stat().st_size for f in fingerprint_files(root))
        if not (search_root() / "models" / mkey / "status.json").is_file():
            need += sum(f.stat().st_size for f in Path(model_path).glob("*") if f.is_file())
    except OSError:
        pass
    return need


def _index_without_saving(root: Path, mkey: str, problem: OSError, reuse: bool) -> Any:
    """For a cache folder that cannot take a new index: the corpus's index if the folder already
    holds it (found by content, without a pointer), else its words-only index in memory."""
    from judge.search.lexical import WordsOnlyIndex
    from judge.search.source import load_search_corpus

    corpus = load_search_corpus(root, save_graph=False)
    gc.collect()
    key = _sha(f"{INDEX_FORMAT}|{corpus.hash}|{mkey}".encode())[:24]
    held = configured_cache_dir() / "search" / "index" / key
    if reuse and (held / "meta.json").is_file():
        try:
            return Index(held)
        except CacheError:
            pass
    folder = configured_cache_dir()
    return WordsOnlyIndex(corpus, f"the cache folder {folder} cannot take the search index "
                                  f"({problem.strerror or problem})")


def _build_where_writable(root: Path, model: str | None, progress: bool, reuse: bool = True,
                          words_only: bool = False) -> Any:
    """Build in the cache; a read-only or full cache folder builds in a temporary one (said once),
    or with `words_only`, gives the words-only index when the build finds the folder full."""
    ensure_writable_cache()
    try:
        return build_index(root, model, progress=progress, reuse=reuse)
    except OSError as err:
        cache_write_failed(err)
        if words_only:
            return _index_without_saving(root, model_key(resolve_model(model)), err, reuse=False)
        return build_index(root, model, progress=progress, reuse=reuse)


# ---------------------------------------------------------------------------------------------
# building


_CHECK_PASSAGES = 40  # corpus passages in the ONNX check set (spread over the corpus)
_CHECK_QUESTIONS = (
    "Does an exhausted hero ready again if the action is cancelled?",
    "Can I respond to a triggered ability?",
    "Mikor játszhatok ki lényt?",
    "x",
)


def _passage_text(title: str, chunk: str) -> str:
    if title and not normalize(chunk).startswith(normalize(title)[:40]):
        return f"{title}. {chunk}"
    return chunk


def entry_passages(doc: Any, count_tokens: Callable[[str], int], max_seq_length: int) -> list[str]:
    """The passages embedded for one entry: its text split to fit the model, each with the entry title."""
    label = doc.title or doc.heading or ""  # numbered rules have no title: their section heading helps
    budget = max(32, max_seq_length - _PASSAGE_MARGIN - (count_tokens(label) if label else 0))
    return [_passage_text(label, chunk) for chunk in split_passages(doc.text or label, count_tokens, budget)]


def passage_key(mkey: str, text: str) -> str:
    """A passage's key in the embedding cache."""
    return _sha(f"{mkey}|{text}".encode())[:24]


def needs_export(status: dict[str, Any] | None, model_path: str, full: bool = False) -> bool:
    """Whether to (re-)make the model's ONNX graph: when asked to, or when there is no usable checked
    one and none was refused for this model. An export that failed (a full disk, a kill) rather than
    was refused (another architecture, a failed check) is tried again."""
    if full or status is None or status.get("onnx") is None:
        return True
    return not status.get("onnx") and status.get("model") != model_path


def build_index(
    corpus_dir: Path | None = None,
    model: str | None = None,
    *,
    full: bool = False,
    progress: bool = True,
    reuse: bool = True,
    corpus_loader: Callable[[Path], Any] | None = None,
) -> Index:
    """Build (or reuse) the index of `corpus_dir` for `model`.

    `full` drops every cache: sentence-transformers is loaded, the ONNX export redone and re-checked,
    and every passage re-embedded. Otherwise only passages not in the embedding cache are embedded,
    with the checked ONNX export when there is one (same vectors, no torch import).
    """
    from judge.search.encoder import (OnnxEncoder, SentenceTransformerEncoder, build_onnx_from_weights, export_onnx,
                                      export_problem, read_export_status, write_export_status)
    from judge.search.source import default_corpus_dir, load_search_corpus

    t0 = time.perf_counter()
    prog = Progress(progress)
    root = Path(corpus_dir) if corpus_dir else default_corpus_dir()
    prog.stage(f"building the search index of {root} (once per corpus change; questions then answer "
               "in about half a second)")
    fingerprint = corpus_fingerprint(root)
    corpus = (corpus_loader or load_search_corpus)(root)
    gc.collect()  # the parsed documents and the graph are garbage now (reference cycles): free them first
    model_path = resolve_model(model)
    mkey = model_key(model_path)
    key = _sha(f"{INDEX_FORMAT}|{corpus.hash}|{mkey}".encode())[:24]
    out = search_root() / "index" / key
    pointer_path = _pointer_path(root, mkey)

    def point() -> None:
        atomic_write_json(pointer_path, {"format": POINTER_FORMAT, "corpus": str(root.resolve()), "model": model_path,
                                         "fingerprint": fingerprint, "index": key})

    if reuse and not full and (out / "meta.json").exists():
        try:
            index = Index(out)
            try:
                point()
            except OSError as err:  # a read-only cache holding this index: it is used, not pointed at
                cache_write_failed(err, pointer_path)
            return index
        except CacheError as err:
            note(f"search index cache is corrupt ({err}); rebuilding")

    prog.stage(f"{len(corpus.docs)} entries from {len(corpus.games)} games")
    # --- encoder: ONNX Runtime with the checked ONNX graph of the model (written once per machine);
    # sentence-transformers only when no checked graph can be had (or onnxruntime is missing)
    model_dir = search_root() / "models" / mkey
    export_dir = model_dir / "onnx"
    status_path = model_dir / "status.json"
    clean_stale_temps(model_dir)  # export folders of builds killed half-way
    status = read_export_status(status_path)
    st: SentenceTransformerEncoder | None = None
    onnx: OnnxEncoder | None = None
    have_ort = onnxruntime_available()
    if not full and status and status.get("onnx") and not have_ort:
        # the checked export stays valid: it is only unusable in this environment
        note("onnxruntime is not installed; embedding with sentence-transformers (slower)")
    elif not full and status and status.get("onnx"):
        problem = export_problem(export_dir, status["files"])
        try:
            if problem:
                raise CacheError(problem)
            onnx = OnnxEncoder(export_dir)
        except Exception as err:  # noqa: BLE001 - a broken export is re-made below
            say_rebuilt(export_dir, str(err) or type(err).__name__, "writing the model's ONNX graph again")
            status = None
    if have_ort and needs_export(status, model_path, full):
        prog.stage("writing the model's ONNX graph and checking it (once per machine)")
        kept, reason = build_onnx_from_weights(model_path, export_dir)
        if not kept:  # another architecture, or no shipped reference: export through torch (heavier)
            prog.stage(f"{reason}; exporting with torch (loading sentence-transformers {model_path})")
            st = SentenceTransformerEncoder(model_path)
            step = max(1, len(corpus.docs) // _CHECK_PASSAGES)
            texts = [_passage_text(d.title, d.text or d.title) for d in corpus.docs[::step][:_CHECK_PASSAGES]]
            kept, reason = export_onnx(st, export_dir, [*texts, *_CHECK_QUESTIONS])
        status = write_export_status(status_path, kept, reason, model_path, export_dir)
        prog.stage(reason)
        if kept:
            onnx = OnnxEncoder(export_dir)
        else:
            note(f"{reason}; questions will be encoded with sentence-transformers (slower)")
    if onnx is None and st is None:
        prog.stage(f"loading sentence-transformers model {model_path}")
        st = SentenceTransformerEncoder(model_path)
    embedder = onnx or st
    assert embedder is not None

    # --- passages (long entries are split; each passage carries the entry title). Only the keys are
    # kept for all of them; the texts only of the passages that need embedding.
    n_docs = len(corpus.docs)
    cache_keys, cache_vecs = ({}, None) if full else load_embedding_cache(mkey)
    pkeys: list[str] = []
    passage_start = np.zeros(n_docs, dtype=np.int64)
    to_embed: dict[str, str] = {}  # key -> passage text, first occurrence
    for i, d in enumerate(corpus.docs):
        passage_start[i] = len(pkeys)
        for text in entry_passages(d, embedder.count_tokens, embedder.max_seq_length):
            k = passage_key(mkey, text)
            pkeys.append(k)
            if k not in cache_keys and k not in to_embed:
                to_embed[k] = text
    n_passages = len(pkeys)

    # --- embeddings: reuse the cache, embed what changed. The dense matrix is streamed to its file
    # block by block (cached rows read from the memory-mapped cache): never whole in memory.
    dim = embedder.dim
    first: dict[str, int] = {}  # key -> first passage row with it
    for i, k in enumerate(pkeys):
        first.setdefault(k, i)
    missing = [first[k] for k in to_embed]
    new = np.zeros((len(missing), dim), dtype=np.float32)  # vectors of `to_embed`, in its order
    if missing:
        texts = list(to_embed.values())
        embed(embedder, texts, new, prog, n_passages)
        del texts
    else:
        prog.stage(f"all {n_passages} passage vectors found in the embedding cache")
    if st is not None:
        del st  # let go of the model before the rest of the build
    new_pos = {k: j for j, k in enumerate(to_embed)}
    to_embed.clear()
    from_new = np.fromiter((new_pos.get(k, -1) for k in pkeys), dtype=np.int64, count=n_passages)
    from_cache = np.fromiter((cache_keys.get(k, -1) for k in pkeys), dtype=np.int64, count=n_passages)
    del new_pos
    if ((from_new < 0) & (from_cache < 0)).any():  # cannot happen: every key is cached or embedded
        raise CacheError("internal: a passage has no vector")
    out.mkdir(parents=True, exist_ok=True)
    for folder in (out, search_root() / "embeddings"):  # files of a build killed mid-write
        clean_stale_temps(folder)
    (out / "meta.json").unlink(missing_ok=True)  # an index is whole only once its meta.json is back
    names: list[str] = []

    def write_dense(fh: Any) -> None:
        npy_header(fh, (n_passages, dim))
        for s in range(0, n_passages, BLOCK):
            blk = np.empty((min(BLOCK, n_passages - s), dim), dtype=np.float32)
            c, m = from_cache[s : s + BLOCK], from_new[s : s + BLOCK]
            if cache_vecs is not None:
                blk[c >= 0] = cache_vecs[c[c >= 0]]
                drop_pages(cache_vecs)
            blk[m >= 0] = new[m[m >= 0]]
            fh.write(blk.tobytes())

    atomic_write_with(out / "dense.npy", write_dense)
    names.append("dense.npy")
    del from_new, from_cache, new
    if missing:
        # keep the current vectors plus those of every other corpus seen before (another rulebook,
        # an older version), most recent first, up to the cache's size limit: adding a rulebook to a
        # corpus never re-embeds the passages of one seen before
        dense = np.load(out / "dense.npy", mmap_mode="r", allow_pickle=False)
        keep_keys = list(first)
        parts = [(dense, np.fromiter(first.values(), dtype=np.int64, count=len(first)))]
        if cache_vecs is not None:
            room = max(0, embedding_cache_rows(dim) - len(keep_keys))
            extra = [k for k in cache_keys if k not in first][:room]
            keep_keys += extra
            parts.append((cache_vecs, np.fromiter((cache_keys[k] for k in extra), dtype=np.int64, count=len(extra))))
        save_embedding_cache(mkey, keep_keys, parts, dim)
        del parts, dense
    del cache_keys, cache_vecs, first

    def save_npy(name: str, arr: np.ndarray) -> None:
        _write_npy(out / name, arr)
        names.append(name)

    save_npy("passage_start.npy", passage_start)

    # --- lexical: one BM25 index per document language (judge.search.lexical), each written and
    # freed before the next
    prog.stage("building the lexical index")
    tables = entry_tables(corpus)
    for lang, lex in lexical_matrices(corpus, tables["languages"]):
        for part in ("data", "indices", "indptr", "docs"):
            save_npy(f"lex.{lang}.{part}.npy", lex.pop(part))
        name = f"lex.{lang}.vocab.json"
        atomic_write_bytes(out / name, json.dumps(lex.pop("vocab"), ensure_ascii=False).encode())
        names.append(name)
        del lex

    # --- entry records (streamed, one line each) and per-entry arrays
    offsets = np.zeros(n_docs + 1, dtype=np.int64)

    def write_entries(fh: Any) -> None:
        pos = 0
        for i, d in enumerate(corpus.docs):
            line = json.dumps(d.record(), ensure_ascii=False).encode() + b"\n"
            fh.write(line)
            pos += len(line)
            offsets[i + 1] = pos

    atomic_write_with(out / "entries.jsonl", write_entries)
    names.append("entries.jsonl")
    save_npy("entries.offsets.npy", offsets)
    for name in ("entry_game", "entry_kind", "entry_lang"):
        save_npy(f"{name}.npy", tables[name])
    lookup = build_lookup(corpus, tables, {"path": model_path, "key": mkey, "dim": dim},
                          {"onnx": bool(status and status.get("onnx")), "dir": str(export_dir),
                           "reason": (status or {}).get("reason", "")})
    atomic_write_bytes(out / "lookup.json", json.dumps(lookup, ensure_ascii=False).encode())
    names.append("lookup.json")
    del lookup

    # --- every file was written atomically; meta.json (with their checksums) last
    meta = {
        "format": INDEX_FORMAT,
        "key": key,
        "corpus": str(root.resolve()),
        "corpus_hash": corpus.hash,
        "model_key": mkey,
        "built": time.time(),
        "counts": {"entries": n_docs, "passages": n_passages, "embedded": len(missing)},
        "files": {name: {"size": (out / name).stat().st_size, "sha256": _file_digest(out / name)} for name in names},
    }
    atomic_write_json(out / "meta.json", meta)
    point()
    # older indexes: two versions per corpus (by meta.json's corpus), the eight corpora used last
    prune(out.parent, "*", keep=out, max_items=2, max_bytes=2 << 30, group=cached_corpus)
    prog.stage(f"index built in {time.perf_counter() - t0:.1f} s "
               f"({n_docs} entries, {n_passages} passages, {len(missing)} embedded)")
    return Index(out, verify=False)
