"""The one text folding and slug function of the project (entry ids, card ids, card slugs).

Kept dependency-free so the engine and the corpus parser share it without importing each other.
"""
from __future__ import annotations

import re
import unicodedata

_DASHES = str.maketrans({"\u2013": "-", "\u2014": "-", "\u2212": "-"})


def fold(text: str) -> str:
    """Lowercase ASCII folding: 'Kártyái’s' -> "kartyai's"."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").translate(_DASHES)
    norm = unicodedata.normalize("NFKD", text)
    return "".join(c for c in norm if not unicodedata.combining(c)).lower()


def slugify(text: str, max_words: int = 0) -> str:
    """Words of ``text`` joined by '-', apostrophes dropped: "Grimgor's Spike" -> "grimgors-spike"
    (the corpus ids use this form)."""
    words = re.findall(r"[a-z0-9]+", fold(text).replace("'", ""))
    if max_words:
        words = words[:max_words]
    return "-".join(words)
