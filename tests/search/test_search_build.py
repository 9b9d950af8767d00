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


def _tiny_game(root, gid, rules):
    folder = root / gid
    folder.mkdir(parents=True)
    (folder / "rules.txt").write_text("".join(f"{n}. {text}\n" for n, text in rules))
    (folder / "game.yaml").write_text(f"id: {gid}\nname: {gid.title()}\nlanguage: en\ndocuments:\n  - path: rules.txt\n")


_TINY = {
    "alpha": [("1.1", "Alpha units may attack on the turn they enter play."), ("1.2", "Alpha gear is discarded at end of turn.")],
    "beta": [("2.1", "Beta spells resolve from the top of the chain."), ("2.2", "Beta heroes exhaust to use abilities.")],
    "gamma": [("3.1", "Gamma lands produce one mana each turn."), ("3.2", "Gamma tokens cease to exist off the board.")],
}


def test_embedding_cache_keeps_the_vectors_of_every_corpus_seen(search_index, tmp_path):
    """Building three one-game corpora one after the other, then one corpus of all three, embeds
    nothing new: the cache kept the first corpus's vectors though two smaller indexes came after it."""
    from judge.search.index import build_index

    for gid, rules in _TINY.items():
        _tiny_game(tmp_path / gid, gid, rules)
        assert build_index(tmp_path / gid, progress=False).meta["counts"]["embedded"] > 0
    for gid, rules in _TINY.items():
        _tiny_game(tmp_path / "all", gid, rules)
    assert build_index(tmp_path / "all", progress=False).meta["counts"]["embedded"] == 0


def test_embedding_cache_is_bounded_by_size(monkeypatch):
    from judge.search.embedding import embedding_cache_rows

    monkeypatch.setenv("JUDGE_EMBED_CACHE_MB", "1")
    assert embedding_cache_rows(384) == 1024 * 1024 // (4 * 384)
    monkeypatch.setenv("JUDGE_EMBED_CACHE_MB", "not a number")
    assert embedding_cache_rows(384) > 100_000
