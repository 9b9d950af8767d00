"""References inside rules text: 'see rule 711.2', '(See rule 212.5e.)', '[1.0.1a]', '(702.4)',
'see section 703', 'see page 11', 'see “Targeting”'."""
from __future__ import annotations

import re

NUM = r"\d+(?:\.\d+)+[a-z]?|\d+[a-z]?"
_NUM_RE = re.compile(NUM)
# 'rule 100.2', 'rules 100.2 and 100.3', 'section 711.2', 'szabály 8.5.1', 'pont 8.5.1.'
_WORD_REF = re.compile(
    r"\b(?:rules?|sections?|szabály(?:ok)?|szabálypont|pont(?:ok)?|paragraph)\s+"
    r"((?:" + NUM + r")\.?(?:\s*(?:,|and|or|és|vagy|through|to|-|–)\s*(?:" + NUM + r")\.?)*)",
    re.I,
)
_BRACKET_REF = re.compile(r"\[(\d+(?:\.\d+)+[a-z]?)\]")
_PAREN_REF = re.compile(r"\((\d+(?:\.\d+)*[a-z]?)\.?\)")
_PAGE_REF = re.compile(r"\b(?:see\s+)?(?:[“\"][^”\"]{1,40}[”\"]\s+on\s+)?pages?\s+(\d+)", re.I)
_LABEL_REF = re.compile(r"\bSee ([A-Z])\s+under\b")  # '(See D under Detailed Timing Structure ...)'
_TITLE_REF = re.compile(r"\bsee\s+[“\"]([^”\"]{2,40})[”\"]", re.I)


def find_refs(text: str) -> list[str]:
    """Raw references in order of appearance, deduplicated: rule numbers as printed (trailing dot
    dropped), 'page N' for page references, 'title:X' for quoted titles."""
    found: list[tuple[int, str]] = []
    for m in _WORD_REF.finditer(text):
        for n in _NUM_RE.finditer(m.group(1)):
            found.append((m.start(1) + n.start(), n.group(0)))
    for rx in (_BRACKET_REF, _PAREN_REF):
        for m in rx.finditer(text):
            if rx is _PAREN_REF and "." not in m.group(0):
                continue  # '(3)' is a count, '(42.)' or '(702.4)' a reference
            found.append((m.start(1), m.group(1)))
    for m in _PAGE_REF.finditer(text):
        found.append((m.start(), f"page {m.group(1)}"))
    for m in _LABEL_REF.finditer(text):
        found.append((m.start(1), f"label:{m.group(1)}"))
    for m in _TITLE_REF.finditer(text):
        found.append((m.start(1), f"title:{m.group(1).strip()}"))
    out: list[str] = []
    for _, ref in sorted(found):
        if ref not in out:
            out.append(ref)
    return out
