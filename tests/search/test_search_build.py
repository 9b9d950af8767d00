"""The index build: every passage has its vector, caches are not trusted blindly, token counts are real."""
import json

import numpy as np


def test_every_passage_has_a_unit_vector(search_index):
    # repeated passages (the same text in two entries) once got zero vectors: never found by dense search
    dense = np.load(search_index.path / "dense.npy")
    assert dense.shape == (search_index.meta["counts"]["passages"], search_index.lookup["model"]["dim"])
    np.testing.assert_allclose(np.linalg.norm(dense, axis=1), 1.0, atol=1e-3)


def test_embedding_cache_rows_that_are_not_unit_vectors_are_not_reused(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE", str(tmp_path))
    from judge.search.embedding import load_embedding_cache as _load_embedding_cache
    from judge.search.index import _npy_bytes, search_root

    base = search_root() / "embeddings"
    base.mkdir(parents=True)
    vecs = np.zeros((3, 4), dtype=np.float32)
    vecs[0, 0] = 1.0
    vecs[2, 1] = 1.0  # row 1 stays zero
    (base / "m.npy").write_bytes(_npy_bytes(vecs))
    (base / "m.json").write_text(json.dumps(["a", "b", "c"]))
    keys, cached = _load_embedding_cache("m")
    assert keys == {"a": 0, "c": 2}
    np.testing.assert_array_equal(cached[2], vecs[2])


def test_saved_embedding_cache_round_trips(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE", str(tmp_path))
    from judge.search.embedding import load_embedding_cache as _load_embedding_cache
    from judge.search.embedding import save_embedding_cache as _save_embedding_cache

    rng = np.random.default_rng(0)
    a = rng.standard_normal((5, 8)).astype(np.float32)
    a /= np.linalg.norm(a, axis=1, keepdims=True)
    b = a[::-1].copy()
    _save_embedding_cache("m", ["p", "q", "r"], [(a, np.array([4, 0])), (b, np.array([2]))], 8)
    keys, cached = _load_embedding_cache("m")
    assert keys == {"p": 0, "q": 1, "r": 2}
    np.testing.assert_array_equal(np.asarray(cached), np.stack([a[4], a[0], b[2]]))


def test_sentence_transformers_token_counts_match_the_onnx_tokenizer(search_index):
    # the model's own tokenizer may carry padding from its saved config: 128 [PAD]s were counted
    from pathlib import Path

    from judge.search.encoder import OnnxEncoder, SentenceTransformerEncoder

    st = SentenceTransformerEncoder(search_index.lookup["model"]["path"])
    onnx = OnnxEncoder(Path(search_index.lookup["encoder"]["dir"]))
    texts = ["", "hello world", "Lapok típusa", "Does an exhausted hero ready again? " * 40]
    assert [st.count_tokens(t) for t in texts] == [onnx.count_tokens(t) for t in texts]
    assert st.count_tokens("hello world") == 4
