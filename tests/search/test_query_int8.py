"""The int8 query encoder (judge/search/quantize.py): written once from the checked float32 export,
close to it, the same for a question alone or in any batch, written again when damaged or when
its float32 export changes, and float32 whenever it cannot be had (said once)."""
from __future__ import annotations

import json
import os
import shutil

import numpy as np
import pytest

import judge.cache as cache
import judge.search.quantize as quantize

QUESTIONS = ["Does Lucky stack?", "If my action gets canceled, does my exhausted hero ready again?",
             "Mikor játszhatok ki azonnali varázslatot?", "damage"]


@pytest.fixture(autouse=True)
def fresh_notes(monkeypatch):
    monkeypatch.setattr(cache, "_said_rebuilt", set())
    monkeypatch.setattr(quantize, "_said", set())


@pytest.fixture
def fp32_copy(searcher, tmp_path):
    """A copy of the session's checked float32 export and its record, without any int8 export."""
    src = searcher.export_dir()
    dst = tmp_path / "models" / src.parent.name
    shutil.copytree(src, dst / "onnx")
    shutil.copy2(src.parent / "status.json", dst / "status.json")
    return dst / "onnx", searcher.index.lookup["model"]["path"]


def _status(export):
    return cache.parse_checked_json((export.parent / "status-int8.json").read_bytes())


def test_int8_is_close_to_float32_and_the_same_alone_or_batched(searcher, fp32_copy, capsys):
    export, model = fp32_copy
    enc = quantize.load_int8(export, model)
    assert enc.checked() is None and enc.meta["precision"] == "int8"
    # attention's query, key and value stay float32; its output and the feed-forward products are int8
    assert enc.meta["products"] == {"int8": 18, "fp32": 18}
    status = _status(export)
    assert status["onnx"] is True and status["source"] and "same alone and batched" in status["reason"]
    together = enc.encode_grouped(QUESTIONS)
    alone = np.concatenate([enc.encode_grouped([q]) for q in QUESTIONS])
    assert np.abs(together - alone).max() <= quantize.BATCH_TOLERANCE
    cos = np.sum(alone * searcher.encoder.encode(QUESTIONS), axis=1)
    assert cos.min() >= quantize.INT8_MIN_COSINE and cos.min() < 0.99999  # close, and really int8
    stamp = (export.parent / "status-int8.json").stat().st_mtime_ns
    again = quantize.load_int8(export, model)  # kept: not written again
    assert (export.parent / "status-int8.json").stat().st_mtime_ns == stamp
    assert again.checked() is None and np.array_equal(again.encode_grouped(QUESTIONS), together)
    assert capsys.readouterr().err == ""


def test_a_flipped_byte_in_the_int8_weights_is_found_and_written_again(fp32_copy, capsys):
    export, model = fp32_copy
    want = quantize.load_int8(export, model).encode_grouped(QUESTIONS)
    weights = export.parent / "onnx-int8" / "model.onnx.weights"
    st = weights.stat()
    raw = bytearray(weights.read_bytes())
    raw[len(raw) // 2] ^= 0x10
    weights.write_bytes(bytes(raw))
    os.utime(weights, ns=(st.st_atime_ns, st.st_mtime_ns))  # same size and time: only the bytes differ
    damaged = quantize.load_int8(export, model)
    problem = damaged.checked()
    assert problem == "model.onnx.weights does not match its checksum"
    got = quantize.load_query_encoder(export, model, int8=True, problem=problem)
    assert got.meta["precision"] == "int8" and np.array_equal(got.encode_grouped(QUESTIONS), want)
    assert capsys.readouterr().err.count("writing the int8 query encoder again") == 1
    assert quantize.load_int8(export, model).checked() is None


def test_int8_is_written_again_when_its_float32_export_changed(fp32_copy, capsys):
    export, model = fp32_copy
    quantize.load_int8(export, model)
    status = _status(export)
    cache.atomic_write_json(export.parent / "status-int8.json", {**status, "source": "another export"})
    enc = quantize.load_int8(export, model)
    assert enc.meta["precision"] == "int8" and _status(export)["source"] == status["source"]
    err = capsys.readouterr().err
    assert "the float32 export it was written from has changed" in err and err.count("\n") == 1


def test_a_refused_int8_graph_is_float32_said_once_and_not_tried_again(fp32_copy, capsys, monkeypatch):
    export, model = fp32_copy
    monkeypatch.setattr(quantize, "INT8_MIN_COSINE", 1.01)  # no int8 graph can pass
    enc = quantize.load_query_encoder(export, model, int8=True)
    assert "precision" not in enc.meta  # the float32 export
    assert _status(export)["onnx"] is False
    monkeypatch.setattr(quantize, "build_int8", lambda *a: pytest.fail("a refused graph is not written again"))
    assert "precision" not in quantize.load_query_encoder(export, model, int8=True).meta
    err = capsys.readouterr().err
    assert err.count("no int8 query encoder (int8 vectors differ from float32") == 1 and err.count("\n") == 1


def test_an_int8_graph_that_could_not_be_written_is_tried_again(fp32_copy, capsys, monkeypatch):
    export, model = fp32_copy

    def broken(*_):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(quantize, "write_int8_graph", broken)
    assert "precision" not in quantize.load_query_encoder(export, model, int8=True).meta
    assert _status(export)["onnx"] is None
    assert "No space left on device" in capsys.readouterr().err
    monkeypatch.undo()
    monkeypatch.setattr(quantize, "_said", set())
    assert quantize.load_query_encoder(export, model, int8=True).meta["precision"] == "int8"


def test_per_tensor_quantization_is_refused_its_vectors_depend_on_the_batch(searcher, fp32_copy, monkeypatch):
    """What onnxruntime's quantize_dynamic writes (one scale for all the questions of a model run)."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    export, model = fp32_copy

    def per_tensor(src, out):
        quantize_dynamic(str(src / "model.onnx"), str(out / "model.onnx"), weight_type=QuantType.QInt8)
        return {"int8": 36, "fp32": 0}

    monkeypatch.setattr(quantize, "write_int8_graph", per_tensor)
    kept, reason = quantize.build_int8(export, export.parent / "onnx-int8", searcher.encoder)
    assert kept is False and reason.startswith("int8 vectors depend on the batch")
    assert not (export.parent / "onnx-int8").exists()


@pytest.mark.parametrize("value, default, want, noted", [
    (None, "int8", "int8", False), (None, "fp32", "fp32", False), ("INT8", "fp32", "int8", False),
    (" fp32 ", "int8", "fp32", False), ("float16", "int8", "int8", True)])
def test_the_setting(monkeypatch, capsys, value, default, want, noted):
    if value is None:
        monkeypatch.delenv(quantize.SETTING, raising=False)
    else:
        monkeypatch.setenv(quantize.SETTING, value)
    assert quantize.query_precision(default) == want
    assert ("is neither int8 nor fp32" in capsys.readouterr().err) == noted


def test_the_record_names_what_it_was_made_from(fp32_copy):
    export, model = fp32_copy
    quantize.load_int8(export, model)
    meta = json.loads((export.parent / "onnx-int8" / "export.json").read_text())
    assert meta["check"]["against"] == "the float32 export" and meta["check"]["batch_difference"] <= 1e-5
