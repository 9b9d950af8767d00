"""References inside rules text: 'see rule 711.2', '(See rule 212.5e.)', '[1.0.1a]', '(702.4)',
'see section 703', '(See 6-5-3-1.)', '(see 601.3d)', 'See 9. Rule Processing', ranges '601.2a-h',
'rules 110.2 and 112.2', '“6-6. End Phase”', 'see page 11', 'see “Targeting”', and bare numbers in running text
('as specified in 101.4a').

A bare number (or a bracketed '[2]') is only a *candidate*: it is returned as 'bare:NUM' and cites a
rule only when the game has a rule by that number (a measurement '6.3 cm' or a version '1.1.8' is not
a reference)."""
from __future__ import annotations

import re

NUM = r"\d+(?:\.(?:\d+[a-z]?|[a-z])|-\d+[a-z]?)+|\d+[a-z]?"
_NUM_RE = re.compile(NUM)
_JOIN = r"\s*(?:,|and|or|és|vagy|through|to|-|–)\s*"
# 'rule 100.2', 'rules 100.2 and 100.3', 'section 711.2', 'szabály 8.5.1', 'pont 8.5.1.'
_WORD_REF = re.compile(
    r"\b(?:rules?|sections?|chapters?|szabály(?:ok)?|szabálypont|pont(?:ok)?|paragraph)\s+"
    r"((?:" + NUM + r")\.?(?:" + _JOIN + r"(?:" + NUM + r")\.?)*)",
    re.I,
)
# 'see 601.3d', '(See 6-5-3-1.)', 'See 9. Rule Processing', 'see also 1.10, “Materials”'
_SEE_REF = re.compile(r"\bsee\s+(?:also\s+)?((?:" + NUM + r")(?:" + _JOIN + r"(?:" + NUM + r"))*)", re.I)
_BRACKET_REF = re.compile(r"\[(\d+(?:[.\-]\d+)+[a-z]?)\]")
_BRACKET_BARE = re.compile(r"\[(\d{1,3})\]")
_PAREN_REF = re.compile(r"\((\d+(?:[.\-]\d+)*[a-z]?)\.?\)")
# a rule quoted by its number and title: 'proceed to “6-6. End Phase”'
_QUOTED_REF = re.compile(r"[“\"](\d{1,4}(?:[.\-]\d{1,3})+[a-z]?)\.?\s+[A-Z]")
_PAGE_REF = re.compile(r"\b(?:see\s+)?(?:[“\"][^”\"]{1,40}[”\"]\s+on\s+)?pages?\s+(\d+)", re.I)
_LABEL_REF = re.compile(r"\bSee ([A-Z])\s+under\b")  # '(See D under Detailed Timing Structure ...)'
_TITLE_REF = re.compile(r"\bsee\s+[“\"]([^”\"]{2,40})[”\"]", re.I)
# '601.2a-h': rules 601.2a through 601.2h
_LETTER_RANGE = re.compile(r"(?<![\w.])(\d+(?:\.\d+)+)([a-z])\s*[-–]\s*([a-z])\b")
# numbers in running text: dotted with two parts or more, dashed with three parts or more
_BARE = re.compile(r"(?<![\w.\-/])(\d{1,4}(?:\.\d{1,3})+[a-z]?|\d{1,2}(?:-\d{1,2}){2,})(?![\w\-]|\.\d)")
_NOT_A_RULE_AFTER = re.compile(r"^\.?\s*(?:cm|mm|in\b|inch|%|″|\"|x\s*\d|by\s+\d)", re.I)
_NOT_A_RULE_BEFORE = re.compile(r"(?:version|\bv|ver\.)\s*$", re.I)


def _expand_letters(num: str, a: str, b: str) -> list[str]:
    if not a < b or ord(b) - ord(a) > 25:
        return [num + a]
    return [num + chr(c) for c in range(ord(a), ord(b) + 1)]


def find_refs(text: str) -> list[str]:
    """Raw references in order of appearance, deduplicated: rule numbers as printed (trailing dot
    dropped), 'page N' for page references, 'title:X' for quoted titles, 'label:X' for lettered steps,
    'bare:N' for numbers in running text that cite a rule only if the game has one by that number."""
    found: list[tuple[int, str]] = []
    strong: set[int] = set()  # positions already read as references

    def add(pos: int, ref: str) -> None:
        found.append((pos, ref))
        strong.add(pos)

    for rx in (_WORD_REF, _SEE_REF):
        for m in rx.finditer(text):
            for n in _NUM_RE.finditer(m.group(1)):
                add(m.start(1) + n.start(), n.group(0))
    for m in _LETTER_RANGE.finditer(text):
        for i, ref in enumerate(_expand_letters(m.group(1), m.group(2), m.group(3))):
            found.append((m.start() + i, ref))
        strong.add(m.start())
    for rx in (_BRACKET_REF, _PAREN_REF):
        for m in rx.finditer(text):
            if rx is _PAREN_REF and not re.search(r"[.\-]", m.group(0)):
                continue  # '(3)' is a count, '(42.)' or '(702.4)' a reference
            add(m.start(1), m.group(1))
    for m in _QUOTED_REF.finditer(text):
        add(m.start(1), m.group(1))
    for m in _BRACKET_BARE.finditer(text):
        found.append((m.start(1), f"bare:{m.group(1)}"))
    for m in _BARE.finditer(text):
        if m.start(1) in strong or _NOT_A_RULE_AFTER.match(text[m.end():]) \
                or _NOT_A_RULE_BEFORE.search(text[: m.start()]):
            continue
        found.append((m.start(1), f"bare:{m.group(1)}"))
    for m in _PAGE_REF.finditer(text):
        found.append((m.start(), f"page {m.group(1)}"))
    for m in _LABEL_REF.finditer(text):
        found.append((m.start(1), f"label:{m.group(1)}"))
    for m in _TITLE_REF.finditer(text):
        if m.group(1)[:1].isdigit():
            continue  # 'see “1.2. Drawing”' cites rule 1.2, read above
        found.append((m.start(1), f"title:{m.group(1).strip()}"))
    out: list[str] = []
    plain: set[str] = set()
    for _, ref in sorted(found):
        if ref.startswith("bare:") and ref[5:] in plain:
            continue
        if ref not in out:
            out.append(ref)
            plain.add(ref)
    return [r for r in out if not (r.startswith("bare:") and r[5:] in plain)]
