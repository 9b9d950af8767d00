"""The first run (issue 15 item 6, issue 14 item 7): the model's ONNX graph is written from its weights
without torch and checked against sentence-transformers' vectors; the build says what it builds and
for how long, with a progress bar that moves, and nothing from third-party libraries."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("torch", "transformers", "sentence_transformers")


def test_shipped_reference_vectors_are_sentence_transformers_own():
    """The vectors a fresh install checks its ONNX graph against are what sentence-transformers
    computes for the packaged model (recomputed here, the one place torch is loaded for it)."""
    from judge.search.encoder import SentenceTransformerEncoder, resolve_model, shipped_reference

    model = resolve_model(None)
    texts, shipped = shipped_reference(model)
    live = SentenceTransformerEncoder(model).encode(texts, batch_size=4)
    assert float(np.min(np.sum(live * shipped, axis=1))) > 0.9999


def test_onnx_graph_from_the_weights_matches_sentence_transformers(tmp_path):
    from judge.search.encoder import OnnxEncoder, build_onnx_from_weights, resolve_model, shipped_reference

    model = resolve_model(None)
    kept, reason = build_onnx_from_weights(model, tmp_path / "onnx")
    assert kept, reason
    meta = json.loads((tmp_path / "onnx" / "export.json").read_text())
    assert meta["check"]["min_cosine"] >= 0.999 and meta["pooling"] == "mean_tokens" and meta["normalize"]
    texts, expected = shipped_reference(model)
    enc = OnnxEncoder(tmp_path / "onnx")
    one_by_one = np.stack([enc.encode([t])[0] for t in texts])  # no padding at all
    assert float(np.min(np.sum(one_by_one * expected, axis=1))) >= 0.999


def test_other_architectures_are_refused_with_a_reason(tmp_path):
    from judge.search.bert_onnx import Unsupported, write_bert_onnx
    from judge.search.encoder import build_onnx_from_weights

    model = tmp_path / "model"
    model.mkdir()
    (model / "config.json").write_text(json.dumps({"model_type": "roberta", "hidden_act": "gelu"}))
    with pytest.raises(Unsupported, match="roberta"):
        write_bert_onnx(model, tmp_path / "m.onnx")
    kept, reason = build_onnx_from_weights(str(model), tmp_path / "onnx")
    assert not kept and "reference" in reason  # no shipped vectors for unknown weights: torch export instead


class _Fake:
    kind = "fake"
    dim = 3

    def encode(self, texts, batch_size=8):
        return np.ones((len(texts), self.dim), dtype=np.float32)


def test_embedding_progress_says_how_long_and_moves(capsys):
    from judge.search.embedding import Progress, embed

    texts = [("word " * (i % 40 + 1)).strip() for i in range(200)]
    out = np.zeros((len(texts), 3), dtype=np.float32)
    embed(_Fake(), texts, out, Progress(True), 210)
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "judge index: embedding 200 of 210 passages with fake"
    assert err[1].startswith("judge index: about ") and err[1].endswith(" s to go (fake on this machine)")
    steps = [line for line in err if line.startswith("judge index: embedding ") and "/200" in line]
    assert len(steps) >= 4 and steps[-1].startswith("judge index: embedding 200/200 (100%)")
    assert out.all()


def test_first_ask_on_an_empty_cache_is_quiet_and_never_loads_torch(tmp_path):
    """A fresh install's first question: its own empty cache, a small corpus. Every line on stderr is
    judge's own; torch, transformers and sentence-transformers are never imported."""
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "rules_corpus" / "huntik", corpus / "huntik")
    check = ("import atexit, sys\n"
             "atexit.register(lambda: print('HEAVY', sorted(m for m in %r if m in sys.modules), file=sys.stderr))\n"
             % (HEAVY,))
    code = check + "from judge.cli import main\nsys.argv = ['judge', '--corpus', %r, 'ask', 'If my action gets canceled, does my exhausted hero ready?']\nmain()\n" % str(corpus)
    env = {**os.environ, "JUDGE_CACHE": str(tmp_path / "cache")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, timeout=600)
    assert out.returncode == 0, out.stderr
    lines = [line for line in out.stderr.splitlines() if line.strip()]
    assert lines[0].startswith("judge index: building the search index of ")
    assert any("ONNX graph written from the weights, checked on" in line for line in lines)
    assert any(line.startswith("judge index: index built in ") for line in lines)
    assert lines[-1] == "HEAVY []"
    assert all(line.startswith("judge") or line == "HEAVY []" for line in lines), lines
    assert out.stdout.startswith("1. ") or out.stdout.startswith("The engine confirmed")
