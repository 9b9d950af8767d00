"""Rule numbers: recognising them, ordering them, finding a rule's parent.

Handles '701.4a', '8.5.1.1.', '212.5e', '100.1.', '100.1a', '1.0.1a' and sections '700.' / '8.'.
"""
from __future__ import annotations

import re
from typing import Iterable

# A rule number at the start of a line: '701.4a', '8.5.1.1.', '100.1.', section '700.' (needs the dot).
LINE_START = re.compile(
    r"^(?P<num>\d{1,4}(?:\.\d{1,3})+[a-z]?|\d{1,4}\.(?=\s|$))\.?(?=\s|$|[A-Z\u00C0-\u017F(“\"'])"
)
# A dotted rule number inside a line (run-in rules, as in a web page that lost its line breaks).
RUN_IN = re.compile(r"(?<![\w.\-\[(/])(?P<num>\d{1,4}(?:\.\d{1,3})+[a-z]?)\.?(?=\s+\S|[A-Z])")
# Words that make a number a reference, not the start of a rule.
_REF_WORDS = re.compile(
    r"(?:\b(?:see|section|sections|rule|rules|and|or|to|of|in|under|per|than|through|szabály|pont)|[,(\[–-])\s*$",
    re.I,
)


def normalise(num: str) -> str:
    return num.rstrip(".")


def key(num: str) -> tuple[int, ...]:
    """Sort key: '701.4' < '701.4a' < '701.4b' < '701.5' < '701.10'."""
    out: list[int] = []
    for part in normalise(num).split("."):
        m = re.fullmatch(r"(\d+)([a-z]?)", part)
        if not m:
            return tuple(out)
        out.append(int(m.group(1)))
        if m.group(2):
            out.append(ord(m.group(2)) - 96)
    return tuple(out)


def _render(k: tuple[int, ...], template: str) -> str:
    """Inverse of key() for a prefix of `template`'s key, spelled like the template."""
    parts = normalise(template).split(".")
    out: list[str] = []
    i = 0
    for part in parts:
        m = re.fullmatch(r"(\d+)([a-z]?)", part)
        if i >= len(k) or not m:
            break
        s = str(k[i])
        i += 1
        if m.group(2) and i < len(k):
            s += chr(k[i] + 96)
            i += 1
        out.append(s)
        if i >= len(k):
            break
    return ".".join(out)


def parent_number(num: str, known: set[str]) -> str | None:
    """The nearest existing ancestor: '701.4a' -> '701.4' -> '701'. Where a prefix 'x' is missing
    but 'x.0' exists, 'x.0' heads that group (Hatalom Kártyái's '8.5.0. Varázslat' heads 8.5.x)."""
    k = key(num)
    for n in range(len(k) - 1, 0, -1):
        prefix = k[:n]
        cand = _render(prefix, num)
        if cand in known and cand != normalise(num):
            return cand
        zero = ".".join([cand, "0"])
        if zero in known and zero != normalise(num) and key(zero) < k:
            return zero
    return None


def is_reference_context(before: str) -> bool:
    return bool(_REF_WORDS.search(before[-24:]))


def in_parentheses(text: str, pos: int) -> bool:
    return text.count("(", 0, pos) > text.count(")", 0, pos)


def sort_numbers(nums: Iterable[str]) -> list[str]:
    return sorted(nums, key=key)
