"""Rule numbers: recognising them, ordering them, finding a rule's parent.

One model for every numbering style seen in published rules:

- dotted numbers: '701.4a', '8.5.1.1.', '212.5e', '100.1.', '1.0.1a', sub-sub-rules '110.2b.1.' and
  letters as parts of their own '103.1.b.2.';
- dashed numbers: '1-3-6-1.', '6-5-3-1' (a document numbered with dashes may misprint a few with dots,
  '8.4.': those are read in the document's own separator);
- sections '700.' / '000.' (the dot is needed) and chapters printed without one ('1 Game Concepts').

A number is a list of parts; a part is digits with an optional letter ('4a') or a letter alone ('b').
Ids keep the document's own spelling without the trailing dot.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable

DOTTED = "."
DASHED = "-"

_PART = r"(?:\d{1,3}[a-z]?|[a-z])"
_DOTTED = rf"\d{{1,4}}(?:\.{_PART})+"
_DASHED = rf"\d{{1,3}}(?:-{_PART})+"
# what may follow a rule number: space, end of line, or a capitalised word glued on ('7.2.Deck')
_AFTER = r"(?=\s|$|[A-Z\u00C0-\u017F(“\"'\[])"


def _line_start(sep: str) -> re.Pattern[str]:
    multi = _DASHED + "|" + _DOTTED if sep == DASHED else _DOTTED
    return re.compile(rf"^(?P<num>{multi}|\d{{1,4}}\.(?=\s|$))\.?{_AFTER}")


def _run_in(sep: str) -> re.Pattern[str]:
    multi = _DASHED if sep == DASHED else rf"\d{{1,4}}(?:\.\d{{1,3}})+[a-z]?"
    return re.compile(rf"(?<![\w.\-\[(/“\"‘'])(?P<num>{multi})\.?(?=\s+\S|[A-Z])")


LINE_START = _line_start(DOTTED)
LINE_START_DASHED = _line_start(DASHED)
RUN_IN = _run_in(DOTTED)
RUN_IN_DASHED = _run_in(DASHED)
# a chapter: '1 Game Concepts', '12 Multiplayer Rules' ('1. Concepts' only where the numbering restarts)
CHAPTER = re.compile(r"^(?P<num>\d{1,2})(?P<dot>\.)?\s+(?P<title>[A-Z][\w’',&/\- ]{1,60})$")
# any line that looks like the start of a numbered rule, in any style (for the loss count)
ANY_RULE_LINE = re.compile(
    rf"^(?:{_DOTTED}|{_DASHED})\.?\s+\S|^\d{{1,4}}\.\s+[A-Z]\w*(?:\s+\S+){{0,8}}\s*$"
)

# Words that make a number a reference, not the start of a rule.
_REF_WORDS = re.compile(
    r"(?:\b(?:see|section|sections|rule|rules|and|or|to|of|in|under|per|than|through|szabály|pont)|[,(\[–-])\s*$",
    re.I,
)


def line_start(sep: str = DOTTED) -> re.Pattern[str]:
    return LINE_START_DASHED if sep == DASHED else LINE_START


def run_in(sep: str = DOTTED) -> re.Pattern[str]:
    return RUN_IN_DASHED if sep == DASHED else RUN_IN


def normalise(num: str, sep: str | None = None) -> str:
    """Without the trailing dot; in a dashed document a misprinted '8.4' is read as '8-4'."""
    num = num.rstrip(".")
    if sep == DASHED:
        num = num.replace(".", "-")
    return num


def parts(num: str) -> list[str]:
    """'110.2b.1' -> ['110', '2b', '1']; '103.1.b.2' -> ['103', '1', 'b', '2']."""
    return [p for p in re.split(r"[.\-]", normalise(num)) if p]


def key(num: str) -> tuple[int, ...]:
    """Sort key: '701.4' < '701.4a' < '701.4b' < '701.5' < '701.10'. A letter counts as one level,
    printed on its part ('4a') or as a part of its own ('1.b'): both spell the same rule."""
    out: list[int] = []
    for part in parts(num):
        m = re.fullmatch(r"(\d*)([a-z]?)", part)
        if not m or not part:
            return tuple(out)
        if m.group(1):
            out.append(int(m.group(1)))
        if m.group(2):
            out.append(ord(m.group(2)) - 96)
    return tuple(out)


def separator(num: str) -> str:
    return DASHED if "-" in num else DOTTED


def prefixes(num: str) -> list[str]:
    """Ancestors as the document spells them, nearest first: '110.2b.1' -> ['110.2b', '110.2', '110'];
    '1-3-6-1' -> ['1-3-6', '1-3', '1']."""
    num = normalise(num)
    sep = separator(num)
    ps = parts(num)
    out: list[str] = []
    for n in range(len(ps), 0, -1):
        head = ps[:n]
        last = head[-1]
        m = re.fullmatch(r"(\d+)([a-z])", last)
        if m:  # '2b' -> '2'
            cand = sep.join(head[:-1] + [m.group(1)])
            if n < len(ps):
                out.append(sep.join(head))
            out.append(cand)
        elif n < len(ps):
            out.append(sep.join(head))
    return [p for p in dict.fromkeys(out) if p != num]


def parent_number(num: str, known: set[str]) -> str | None:
    """The nearest existing ancestor: '701.4a' -> '701.4' -> '701'. Where a prefix 'x' is missing
    but 'x.0' exists, 'x.0' heads that group (Hatalom Kártyái's '8.5.0. Varázslat' heads 8.5.x).
    A chapter 'x' read as an entry comes first: its rule 'x.0' is then a sibling of 'x.1'."""
    k = key(num)
    sep = separator(normalise(num))
    for cand in prefixes(num):
        if cand in known:
            return cand
        zero = sep.join([cand, "0"])
        if zero in known and zero != normalise(num) and key(zero) < k:
            return zero
    return None


@dataclass
class NumberingState:
    """What the rules read so far tell about a game's numbering; shared by the documents of one
    game (a rulebook split into several files continues its numbering)."""

    known: set[str] = field(default_factory=set)  # every rule number read
    headings: set[str] = field(default_factory=set)  # numbers printed with a title and no text
    chapters: dict[int, str] = field(default_factory=dict)  # chapter 1 -> '1' (heads 100-199)
    last_top: int = -1  # the highest top-level number read
    top_rules: bool = False  # rules numbered at the top level ('102. Riftbound is a game ...')


def chapter_of(num: str, chapters: dict[int, str]) -> str | None:
    """A top-level number's chapter: '100' sits in chapter '1' ('1 Game Concepts'), '512' in '5'."""
    k = key(num)
    if len(k) != 1:
        return None
    return chapters.get(k[0] // 100) if k[0] >= 100 else None


def is_reference_context(before: str) -> bool:
    return bool(_REF_WORDS.search(before[-24:]))


def in_parentheses(text: str, pos: int) -> bool:
    return text.count("(", 0, pos) > text.count(")", 0, pos)


def sort_numbers(nums: Iterable[str]) -> list[str]:
    return sorted(nums, key=key)


def detect_separator(lines: Iterable[str]) -> str:
    """DASHED when more rules start '1-3-6' than '1.3.6'."""
    dashed = dotted = 0
    for s in lines:
        if re.match(rf"^{_DASHED}\.?\s", s):
            dashed += 1
        elif re.match(rf"^{_DOTTED}\.?\s", s):
            dotted += 1
    return DASHED if dashed > dotted else DOTTED
