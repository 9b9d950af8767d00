"""Write judge/search/reference_vectors.py: sentence-transformers' own vectors of a few check texts
for the packaged model, so a fresh install can check its ONNX graph (judge/search/bert_onnx.py)
without importing torch.

    python scripts/make_encoder_reference.py [MODEL]      # default: the packaged MiniLM

Re-run it when the packaged model changes; tests/search/test_bert_onnx.py recomputes the vectors
with sentence-transformers and compares them with the file.
"""
from __future__ import annotations

import base64
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# short and long, English and Hungarian, numbers, punctuation, and one text past the 256-token limit
TEXTS = [
    "Does an exhausted hero ready again if the action is cancelled?",
    "Can I respond to a triggered ability?",
    "Mikor játszhatok ki lényt?",
    "x",
    "Does Lucky stack?",
    "701.4a If an effect would cause a Hunter to be knocked out, that Hunter's controller may instead "
    "discard a card from their hand (see rule 710.1b).",
    "Az azonos szakértelmek összeadódnak, és a szintjük megegyezik a játékos oldalán lévő ugyanolyan "
    "szakértelmek számával.",
    "Q: If Deathmaster Sniktch targets a unit and, in response, a Skaven is destroyed, what happens? "
    "A: The response resolves first; Sniktch's effect is cancelled because its target became illegal.",
    "Errata — Stilt-Man, Wilbur Day: \"Stilt-Man can't be stunned by characters not named Stilt-Man.\" "
    "(v1.7) Cost 4, ATK 6 / DEF 5.",
    " ".join(f"Rule {i}.{i % 7} says a player may pay {i} resources to ready a unit during the "
             "action window of the capital phase." for i in range(1, 40)),
]


def main() -> None:
    import hashlib

    import numpy as np

    from judge.search.encoder import SentenceTransformerEncoder, resolve_model, weights_digest

    model = resolve_model(sys.argv[1] if len(sys.argv) > 1 else None)
    st = SentenceTransformerEncoder(model)
    vecs = st.encode(TEXTS, batch_size=4).astype(np.float32)
    digest = weights_digest(Path(model))
    blob = base64.b64encode(vecs.tobytes()).decode()
    lines = [f"    {blob[i:i + 96]!r}" for i in range(0, len(blob), 96)]
    out = ROOT / "judge" / "search" / "reference_vectors.py"
    out.write_text(
        '"""sentence-transformers\' vectors of check texts, per model weights (sha256 of model.safetensors).\n\n'
        "Written by scripts/make_encoder_reference.py; read by judge.search.encoder.shipped_reference to\n"
        'trust an ONNX graph without importing torch. Do not edit by hand."""\n\n'
        f"TEXTS = {TEXTS!r}\n\n"
        "# weights digest -> base64 of float32 vectors, len(TEXTS) x dim, row by row\n"
        f"VECTORS = {{\n    {digest!r}: (\n" + "\n".join(lines) + "\n    ),\n}\n"
        f"DIM = {vecs.shape[1]}\n"
        f"# check: {hashlib.sha256(vecs.tobytes()).hexdigest()[:16]}\n",
        encoding="utf-8")
    print(f"wrote {out} ({len(TEXTS)} texts, model {model})")


if __name__ == "__main__":
    main()
