"""Tables of contents: the lines that list chapters and sections before the rules themselves.

A contents line must never become the rule (or stand in for it): the body prints the same number
again with its text. Two signs mark one:

- leader dots to a page number ('3. Game Areas ........ 6');
- a run of short numbered titles (or headings) after a 'Contents' heading, up to the line whose
  number the run has already listed: there the body starts.
"""
from __future__ import annotations

import re

from judge.corpus import numbering
from judge.corpus.text import fold

_LEADER = re.compile(r"(?:\.\s*){5,}\s*\d*\s*$|…{2,}\s*\d*\s*$")
_CONTENTS = re.compile(r"^(?:table of )?contents\b|^tartalomjegyz[eé]k\b|^sommaire$|^inhalt$", re.I)

REASON = "table of contents line"


def _short_title(text: str) -> bool:
    n = len(text.split())
    return 0 < n <= 10 and not text.rstrip().endswith((".", "?", ":", ";", ","))


def contents_lines(lines: list[str], sep: str) -> set[int]:
    """Indices of table-of-contents lines."""
    out = {i for i, s in enumerate(lines) if _LEADER.search(s) and len(s.split()) <= 16}
    rx = numbering.line_start(sep)
    i = 0
    while i < len(lines):
        if not _CONTENTS.match(fold(lines[i].strip())) or len(lines[i].split()) > 6:
            i += 1
            continue
        seen: set[str] = set()
        j = i + 1
        region: list[int] = []
        while j < len(lines):
            s = lines[j].strip()
            if not s:
                j += 1
                continue
            m = rx.match(s)
            chapter = None if m else numbering.CHAPTER.match(s)
            if m or chapter:
                num = numbering.normalise((m or chapter).group("num"), sep)
                if num in seen or (m and not _short_title(s[m.end():])):
                    break
                seen.add(num)
            elif not (_short_title(s) or j in out):
                break
            region.append(j)
            j += 1
        if len(seen) >= 2:
            out.update(region)
            out.add(i)
        i = j
    return out
