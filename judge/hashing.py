"""Content hashes: one function, shared by the caches, the corpus files and the quantized model (no
imports of the project, so any module may use it)."""
from __future__ import annotations

import hashlib


def sha256_bytes(*chunks: bytes) -> str:
    """The sha256 of ``chunks``, each prefixed with its length (so that (b"ab", b"c") and (b"a", b"bc")
    differ)."""
    h = hashlib.sha256()
    for c in chunks:
        h.update(len(c).to_bytes(8, "little"))
        h.update(c)
    return h.hexdigest()
