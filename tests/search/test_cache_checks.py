"""The search caches check themselves (issue 18): a damaged model export, index record or pointer
is found on load, rebuilt with one line saying so, and answers are the same afterwards."""
from __future__ import annotations

import json
import shutil

import numpy as np
import pytest

import judge.cache as cache
from judge.errors import CacheError

QUESTION = "Does Lucky stack?"


@pytest.fixture(autouse=True)
def fresh_notes(monkeypatch):
    monkeypatch.setattr(cache, "_said_rebuilt", set())


def _flip(path, count=64):
    data = bytearray(path.read_bytes())
    for i in range(1, count + 1):
        data[i * len(data) // (count + 1)] ^= 0x5A
    path.write_bytes(bytes(data))


@pytest.fixture
def export_copy(searcher, tmp_path):
    """A copy of the session's checked model export and its record (times kept: it is as checked)."""
    src = searcher.export_dir()
    dst = tmp_path / "models" / src.parent.name
    shutil.copytree(src.parent, dst)
    return dst / "onnx", searcher.index.lookup["model"]["path"]


@pytest.mark.parametrize("damage", ["flip weights", "truncate tokenizer", "wrong dim", "no record"])
def test_a_damaged_model_export_is_written_again_with_the_same_vectors(searcher, export_copy, capsys, damage):
    from judge.search.encoder import load_checked_onnx

    export, model = export_copy
    want = searcher.encoder.encode([QUESTION, "x"])
    assert np.array_equal(load_checked_onnx(export, model).encode([QUESTION, "x"]), want)  # intact: used as is
    assert capsys.readouterr().err == ""
    if damage == "flip weights":
        _flip(export / "model.onnx.weights")
    elif damage == "truncate tokenizer":
        tok = export / "tokenizer.json"
        tok.write_bytes(tok.read_bytes()[:1000])
    elif damage == "wrong dim":
        meta = json.loads((export / "export.json").read_text())
        (export / "export.json").write_text(json.dumps({**meta, "dim": 12}))
    else:
        (export.parent / "status.json").write_text("[]")
    got = load_checked_onnx(export, model).encode([QUESTION, "x"])
    assert np.allclose(got, want, atol=1e-6)
    assert capsys.readouterr().err.count("writing the model's ONNX graph again") == 1
    load_checked_onnx(export, model)
    assert capsys.readouterr().err == ""  # repaired for good


def test_a_failed_export_is_tried_again_a_refused_one_is_not():
    from judge.search.index import needs_export

    assert needs_export(None, "m")
    assert needs_export({"onnx": None, "model": "m", "reason": "failed (OSError: No space left on device)"}, "m")
    assert not needs_export({"onnx": False, "model": "m", "reason": "cannot write this model's graph"}, "m")
    assert needs_export({"onnx": False, "model": "other"}, "m")
    assert not needs_export({"onnx": True, "model": "m"}, "m")
    assert needs_export({"onnx": True, "model": "m"}, "m", full=True)


@pytest.mark.parametrize("meta", ['{"format": 7}', "[]", '{"format": 7, "files": {"a": 5}}', ""])
def test_an_index_record_of_the_wrong_shape_is_a_cache_error(search_index, tmp_path, meta):
    from judge.search.index import Index

    copy = tmp_path / "index"
    shutil.copytree(search_index.path, copy)
    (copy / "meta.json").write_text(meta)
    with pytest.raises(CacheError):
        Index(copy)


def test_a_flipped_byte_in_an_index_file_is_a_cache_error(search_index, tmp_path):
    from judge.search.index import Index

    copy = tmp_path / "index"
    shutil.copytree(search_index.path, copy)
    Index(copy)
    _flip(copy / "dense.npy", 1)
    with pytest.raises(CacheError, match="checksum"):
        Index(copy)


def test_a_pointer_without_an_index_is_rebuilt_with_the_same_answers(searcher, capsys):
    from pathlib import Path

    from judge.search.encoder import model_key
    from judge.search.index import _pointer_path, open_index

    root = Path(searcher.index.meta["corpus"])
    pointer = _pointer_path(root, model_key(searcher.index.lookup["model"]["path"]))
    keep = pointer.read_bytes()
    try:
        cache.atomic_write_json(pointer, {"format": 1, "fingerprint": "x"})  # checksum right, shape wrong
        again = open_index(root, progress=False)
        assert again.path == searcher.index.path
        assert "no index key" in capsys.readouterr().err
        pointer.write_text("[]")
        assert open_index(root, progress=False).path == searcher.index.path
        assert "unusable" in capsys.readouterr().err
        assert json.loads(pointer.read_text())["index"] == searcher.index.path.name
    finally:
        pointer.write_bytes(keep)


def test_a_flipped_byte_in_the_weights_with_the_same_size_and_time_is_found(searcher, export_copy, capsys,
                                                                            monkeypatch):
    """The weights are too big to hash before every question: they are hashed on a thread while the
    question is encoded, and the vectors are used only once the hash matched."""
    import os

    from judge.search.encoder import load_checked_onnx
    from judge.search.search import Searcher

    export, model = export_copy
    want = searcher.encoder.encode([QUESTION])
    intact = load_checked_onnx(export, model)
    assert intact.pending_check is not None and intact.checked() is None and intact.checked() is None
    weights = export / "model.onnx.weights"
    st = weights.stat()
    data = bytearray(weights.read_bytes())
    data[len(data) * 2 // 3] ^= 0x01
    weights.write_bytes(bytes(data))
    os.utime(weights, ns=(st.st_atime_ns, st.st_mtime_ns))  # same size, same time: only the bytes differ
    assert load_checked_onnx(export, model).checked() == "model.onnx.weights does not match its checksum"
    s = Searcher(index=searcher.index)
    monkeypatch.setattr(s, "export_dir", lambda: export)
    assert np.allclose(s.encode([QUESTION]), want, atol=1e-6)
    assert capsys.readouterr().err.count("writing the model's ONNX graph again") == 1
    assert weights.read_bytes() != bytes(data) and load_checked_onnx(export, model).checked() is None


@pytest.mark.parametrize("record", ["crc32", "sha256 only (a record written before crc32)"])
def test_the_weights_check_uses_the_checksum_its_record_has(export_copy, record):
    """The per-question check reads crc32 (half sha256's time) when the record has it; an older
    record without it is still checked, by sha256. Either finds one flipped bit."""
    import os

    from judge.search.encoder import load_checked_onnx

    export, model = export_copy
    status = export.parent / "status.json"
    if record != "crc32":
        data = cache.parse_checked_json(status.read_bytes())
        for info in data["files"].values():
            info.pop("crc32")
        cache.atomic_write_json(status, data)
    assert load_checked_onnx(export, model).checked() is None
    weights = export / "model.onnx.weights"
    st = weights.stat()
    raw = bytearray(weights.read_bytes())
    raw[len(raw) // 3] ^= 0x10
    weights.write_bytes(bytes(raw))
    os.utime(weights, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert load_checked_onnx(export, model).checked() == "model.onnx.weights does not match its checksum"
