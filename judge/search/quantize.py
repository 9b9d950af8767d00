"""The query encoder with 8-bit integer weights: what `judge serve` encodes never-seen questions with
(the setting JUDGE_QUERY_ENCODER: `int8` or `fp32`; `judge serve` uses int8 unless it says fp32,
`judge ask` and `judge eval` use fp32 unless it says int8). The passages stay float32: the index
does not change, and only the question's vector is encoded in int8.

The int8 graph is written from the checked float32 export (judge/search/encoder.py) into
models/<model-key>/onnx-int8/, once, with its record in status-int8.json (its files' checksums, the
float32 export it was made from, its check); it is written again when that export changes or its
files are damaged, like the float32 one.

What is quantized, and why not onnxruntime.quantization.quantize_dynamic as it is:
- quantize_dynamic quantizes a matrix product's input with one scale for the whole tensor
  (DynamicQuantizeLinear): the scale comes from the largest value of every question in the model
  run, so a question's vector depends on the questions batched with it (cosine 0.977 to itself
  alone, measured), which a server batching questions must not allow. Here each token's row gets
  its own scale (its largest absolute value / 127): a question's vector is the same alone or in any
  batch (checked when the graph is written).
- onnxruntime fuses MatMulInteger, Cast and the scales' Mul into MatMulIntegerToFloat, which takes
  one scale for the input only: a per-row scale fed to it gave wrong vectors (cosine 0.73). Each row
  is therefore divided by its scale first (its values within [-1, 1]), quantized with the fixed
  scale 1/127 (uint8, zero point 128) into MatMulIntegerToFloat, and its result multiplied by the
  row's scale.
- Weights: int8 per output column (symmetric). Every product by a weight matrix is int8 except
  attention's query, key and value (the matrices that share one input): quantizing those gave half
  of the whole error (cosine to float32 0.9965 with them, 0.9986 without, on tests/data/questions.yaml)
  and lost ranking quality (see bench/RANKING.md); the feed-forward and attention output matrices
  are three quarters of the arithmetic.
Checked against the float32 export on the shipped reference texts: minimum cosine INT8_MIN_COSINE,
and each text's vector the same alone and in one batch. A graph that fails is recorded and not
used; the float32 export encodes instead, said in one line.
"""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import numpy as np

SETTING = "JUDGE_QUERY_ENCODER"
INT8_MIN_COSINE = 0.99
BATCH_TOLERANCE = 1e-5  # max |difference| of a vector alone and in a batch (float32 rounding only)
CHUNK = 1 << 20


def query_precision(default: str) -> str:
    """`int8` or `fp32`: JUDGE_QUERY_ENCODER, else `default` (the command's own)."""
    value = os.environ.get(SETTING, "").strip().lower()
    if value in ("int8", "fp32"):
        return value
    if value:
        from judge.search.encoder import note

        note(f"{SETTING}={value!r} is neither int8 nor fp32; encoding questions in {default}")
    return default


def int8_paths(export_dir: Path) -> tuple[Path, Path]:
    """(the int8 export folder, its record) next to the float32 export `export_dir`."""
    return export_dir.parent / "onnx-int8", export_dir.parent / "status-int8.json"


# ---------------------------------------------------------------------------------------------
# the graph


def write_int8_graph(src_dir: Path, out_dir: Path) -> dict[str, int]:
    """Write the int8 graph of the float32 export in `src_dir` to `out_dir` (model.onnx and its
    weights file). Weights are read and written one at a time (the 47 MB word embeddings are copied
    in chunks): a few MB of memory. Returns how many weight products are int8 and float32."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    model = onnx.load(str(src_dir / "model.onnx"), load_external_data=False)
    graph = model.graph
    inits = {t.name: t for t in graph.initializer}
    opset = next((o.version for o in model.opset_import if o.domain in ("", "ai.onnx")), 17)

    def read(t: Any) -> np.ndarray:
        if t.data_location != TensorProto.EXTERNAL:
            return numpy_helper.to_array(t)
        info = {e.key: e.value for e in t.external_data}
        dtype = helper.tensor_dtype_to_np_dtype(t.data_type)
        with open(src_dir / info["location"], "rb") as fh:
            fh.seek(int(info.get("offset", 0)))
            raw = fh.read(int(info["length"]))
        return np.frombuffer(raw, dtype=dtype).reshape(list(t.dims))

    def is_weight(n: Any) -> bool:
        t = inits.get(n.input[1]) if n.op_type == "MatMul" and len(n.input) == 2 else None
        return t is not None and len(t.dims) == 2 and t.data_type == TensorProto.FLOAT

    shared: dict[str, int] = {}  # input -> how many weight products read it
    for n in graph.node:
        if is_weight(n):
            shared[n.input[0]] = shared.get(n.input[0], 0) + 1
    weights_name = "model.onnx.weights"
    out = open(out_dir / weights_name, "wb")
    new_inits: list[Any] = []
    nodes: list[Any] = []
    quantized: dict[str, tuple[str, str]] = {}  # input -> (its uint8 rows, their scales)
    counts = {"int8": 0, "fp32": 0}

    def external(name: str, data: np.ndarray, data_type: int) -> Any:
        t = TensorProto(name=name, data_type=data_type, dims=list(data.shape))
        t.data_location = TensorProto.EXTERNAL
        for k, v in (("location", weights_name), ("offset", str(out.tell())), ("length", str(data.nbytes))):
            e = t.external_data.add()
            e.key, e.value = k, v
        out.write(np.ascontiguousarray(data).tobytes())
        return t

    def const(name: str, value: Any) -> str:
        new_inits.append(numpy_helper.from_array(np.asarray(value), name))
        return name

    try:
        row_scale = const("int8_row_scale", np.float32(1 / 127))
        zero = const("int8_zero_point", np.uint8(128))
        tiny = const("int8_tiny", np.float32(1e-12))
        axes = const("int8_axes", np.array([-1], dtype=np.int64)) if opset >= 18 else None
        replaced: set[str] = set()
        for n in graph.node:
            if not is_weight(n) or shared[n.input[0]] >= 3:  # attention's query, key and value stay float32
                counts["fp32"] += is_weight(n)
                nodes.append(n)
                continue
            x, w_name = n.input
            w = read(inits[w_name]).astype(np.float32)
            scale = (np.maximum(np.abs(w).max(axis=0), 1e-12) / 127).astype(np.float32)  # per output column
            new_inits.append(external(w_name + "_int8", np.clip(np.round(w / scale), -127, 127).astype(np.int8),
                                      TensorProto.INT8))
            new_inits.append(numpy_helper.from_array(scale, w_name + "_scale"))
            replaced.add(w_name)
            if x not in quantized:  # each row by its own largest value: the same alone or in a batch
                p = f"{x}_int8"
                reduce = helper.make_node("ReduceMax", [f"{p}_abs", axes] if axes else [f"{p}_abs"], [f"{p}_max0"],
                                          keepdims=1, **({} if axes else {"axes": [-1]}))
                nodes += [helper.make_node("Abs", [x], [f"{p}_abs"]), reduce,
                          helper.make_node("Max", [f"{p}_max0", tiny], [f"{p}_max"]),
                          helper.make_node("Div", [x, f"{p}_max"], [f"{p}_unit"]),
                          helper.make_node("QuantizeLinear", [f"{p}_unit", row_scale, zero], [p])]
                quantized[x] = (p, f"{p}_max")
            q, row_max = quantized[x]
            y = n.output[0]
            nodes += [helper.make_node("MatMulIntegerToFloat", [q, w_name + "_int8", row_scale, w_name + "_scale", zero],
                                       [f"{y}_unit"], domain="com.microsoft"),
                      helper.make_node("Mul", [f"{y}_unit", row_max], [y])]
            counts["int8"] += 1
        kept = []
        for t in graph.initializer:  # the float32 weights still used, copied as they are
            if t.name in replaced:
                continue
            if t.data_location == TensorProto.EXTERNAL:
                kept.append(external(t.name, read(t), t.data_type))
            else:
                kept.append(t)
    finally:
        out.close()
    del graph.initializer[:]
    graph.initializer.extend(kept + new_inits)
    del graph.node[:]
    graph.node.extend(nodes)
    model.opset_import.append(helper.make_opsetid("com.microsoft", 1))
    onnx.save_model(model, str(out_dir / "model.onnx"))  # the graph alone: its weights are written
    return counts


# ---------------------------------------------------------------------------------------------
# building, checking and loading it


def build_int8(export_dir: Path, out_dir: Path, reference: Any) -> tuple[bool | None, str]:
    """Write and check the int8 graph of the float32 export `export_dir` (encoded by `reference`,
    its OnnxEncoder); install it as `out_dir` when it passes. (False, why) when it fails its check;
    (None, why) when writing failed this time (it is tried again)."""
    from judge.cache import WorkingDir
    from judge.search import reference_vectors as ref
    from judge.search.encoder import OnnxEncoder, _install_export

    work = WorkingDir(out_dir.parent, ".onnx-")
    tmp = work.path
    try:
        counts = write_int8_graph(export_dir, tmp)
        shutil.copyfile(export_dir / "tokenizer.json", tmp / "tokenizer.json")
        meta = json.loads((export_dir / "export.json").read_text())
        meta.pop("check", None)
        meta.update(precision="int8", products=counts)
        (tmp / "export.json").write_text(json.dumps(meta))
        encoder = OnnxEncoder(tmp, threads=1)
        texts = list(ref.TEXTS)
        together = encoder.encode_grouped(texts)
        alone = np.concatenate([encoder.encode_grouped([t]) for t in texts])
        del encoder
        apart = float(np.abs(together - alone).max())
        cos = float(np.min(np.sum(alone * reference.encode_grouped(texts), axis=1)))
        meta["check"] = {"texts": len(texts), "min_cosine": cos, "batch_difference": apart,
                         "against": "the float32 export"}
        if apart > BATCH_TOLERANCE:
            return False, f"int8 vectors depend on the batch (difference {apart:.2g})"
        if cos < INT8_MIN_COSINE:
            return False, f"int8 vectors differ from float32 (min cosine {cos:.4f})"
        _install_export(work, meta, out_dir)
        return True, (f"int8 graph ({counts['int8']} products int8, {counts['fp32']} float32), checked on "
                      f"{len(texts)} texts: min cosine {cos:.4f} to float32, same alone and batched")
    except Exception as err:  # noqa: BLE001 - onnx missing, a full disk...: float32 encodes meanwhile
        return None, f"int8 graph failed ({type(err).__name__}: {err})"
    finally:
        work.done()
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)


def _source(export_dir: Path) -> str | None:
    """What the int8 graph is made from: the float32 export (its files' checksums as recorded) and
    the onnxruntime that checked it (another may run the int8 products differently). None without a
    checked float32 export."""
    import onnxruntime

    from judge.hashing import sha256_bytes
    from judge.search.encoder import read_export_status

    status = read_export_status(export_dir.parent / "status.json")
    if not (status and status.get("onnx")):
        return None
    files = {k: v["sha256"] for k, v in sorted(status["files"].items())}
    return sha256_bytes(json.dumps(files).encode(), onnxruntime.__version__.encode())


def _record_problem(data: Any) -> str | None:
    from judge.search.encoder import _status_problem

    problem = _status_problem(data)
    if problem is None and not isinstance(data.get("source"), str):
        return "no record of the float32 export it was made from"
    return problem


def load_int8(export_dir: Path, model_path: str, threads: int | None = None,
              problem: str | None = None) -> Any:
    """The int8 query encoder, written from the float32 export first when it is missing, damaged or
    from another export. Like `load_checked_onnx`, its big weights file is checked on a thread: call
    `checked()` before trusting its first vectors, and load again with `problem` when it finds one.
    Raises when there is no int8 encoder here (the caller encodes in float32)."""
    from judge.cache import atomic_write_json, cache_write_failed, read_checked_json, say_rebuilt
    from judge.search.encoder import (ExportCheck, OnnxEncoder, export_files, export_problem,
                                      load_checked_onnx)

    out_dir, status_path = int8_paths(Path(export_dir))
    source = _source(export_dir)
    later: list[tuple[Path, dict[str, Any]]] = []
    quiet = False  # the first time, or a damaged record (already said)
    if problem is None:
        status = read_checked_json(status_path, _record_problem, action="writing the int8 query encoder again")
        quiet = status is None or source is None
        if quiet:
            problem = "no int8 export recorded"
        elif status["source"] != source:
            problem = "the float32 export it was written from has changed"
        elif status["onnx"] is False:
            raise RuntimeError(status.get("reason") or "refused")  # failed its check: not tried again
        elif status["onnx"]:
            problem = export_problem(out_dir, status["files"], later)
        else:
            problem = "the last attempt failed"
    if problem and not quiet:
        say_rebuilt(out_dir, problem, "writing the int8 query encoder again")
    if problem:
        reference = load_checked_onnx(export_dir, model_path, threads=1)
        found = reference.checked()
        if found:
            reference = load_checked_onnx(export_dir, model_path, threads=1, problem=found)
        kept, reason = build_int8(export_dir, out_dir, reference)
        del reference
        record = {"format": 2, "onnx": kept, "reason": reason, "model": model_path,
                  "source": _source(export_dir) or "", "files": export_files(out_dir) if kept else {}}
        try:
            atomic_write_json(status_path, record)
        except OSError as err:
            cache_write_failed(err, status_path)
        if not kept:
            raise RuntimeError(reason)
        later = []
    encoder = OnnxEncoder(out_dir, threads)
    encoder.pending_check = ExportCheck(later) if later else None
    return encoder


def load_query_encoder(export_dir: Path, model_path: str, threads: int | None = None, *, int8: bool,
                       problem: str | None = None) -> Any:
    """The ONNX query encoder: int8 when asked for and possible, else float32 (said once, why).
    `problem`: what the check of the weights in use found (their export is written again)."""
    from judge.search.encoder import load_checked_onnx

    if int8:
        try:
            return load_int8(Path(export_dir), model_path, threads, problem)
        except Exception as err:  # noqa: BLE001 - float32 encodes; the reason is said once
            _say_once(f"no int8 query encoder ({err}); encoding questions in float32")
            problem = None  # it was about the int8 files
    return load_checked_onnx(Path(export_dir), model_path, threads, problem)


_said: set[str] = set()


def _say_once(message: str) -> None:
    from judge.search.encoder import note

    if message not in _said:
        _said.add(message)
        note(message)
