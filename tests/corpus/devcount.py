"""Independent ground truth for the real rulebooks in ../shared/corpora-dev/: per document, a plain
regex count of the numbered rules (number, text up to the next rule) and of the references inside
them, written without the parser's code so that the parser can be measured against it.

Each counter was hand-checked against its document (see the report in tests/corpus/test_dev_corpora.py).
"""
from __future__ import annotations

import re
from pathlib import Path

REF_SEE = re.compile(r"\(\s*see\s+(?:rule\s+|section\s+)?(\d{1,3}(?:[-.][0-9a-z]{1,3})*)", re.I)


def _prefix_parent(num: str, numbers: set[str], sep: str) -> str | None:
    parts = num.split(sep)
    while len(parts) > 1:
        last = parts[-1]
        if re.fullmatch(r"\d+[a-z]", last):
            parts = parts[:-1] + [last[:-1]]
        else:
            parts = parts[:-1]
        cand = sep.join(parts)
        if cand in numbers:
            return cand
    return None


class Truth:
    def __init__(self, rules: list[tuple[str, str]], refs: list[tuple[str, str]], sep: str):
        self.rules = rules  # (number, its text) in document order
        self.numbers = {n for n, _ in rules}
        self.sep = sep
        # (rule number, referenced number) pairs whose target is a rule of the document
        self.refs = [(a, b) for a, b in dict.fromkeys(refs) if b in self.numbers and a != b]

    def parent(self, num: str) -> str | None:
        return _prefix_parent(num, self.numbers, self.sep)


def onepiece(path: Path) -> Truth:
    """Rules start a line ('1-3-6-1. Text', '2-13 Rarity', misprinted '8.4.'), or run in after a
    sentence ('... \\(See 8-3.\\) 1-3-10-2. Activation ...'); chapters are '## 1. Game Overview'.
    The table of contents (before the first '## ') is not counted. References: '(See 6-5-3-1.)'."""
    text = re.sub(r"\\(.)", r"\1", path.read_text(encoding="utf-8"))
    body = text[text.index("\n## 1."):]
    starts: list[tuple[int, str]] = []
    for m in re.finditer(r"(?m)^## (\d{1,2})\. ", body):
        starts.append((m.start(), m.group(1)))
    for m in re.finditer(r"(?m)^(\d{1,2}(?:[-.]\d{1,2})+)\.? +\S", body):
        starts.append((m.start(), m.group(1).replace(".", "-")))
    for m in re.finditer(r"(?<=[.):] )(\d{1,2}(?:-\d{1,2}){2,})\. +[A-Z]", body):
        starts.append((m.start(), m.group(1)))
    refs = re.compile(REF_SEE.pattern + r"|“(\d{1,2}(?:-\d{1,2})+)\.\s", re.I)
    return _segments(body, starts, refs, "-", lambda r: r.replace(".", "-"))


def lorcana(path: Path) -> Truth:
    """After the contents (the body starts at the second '### 1. CONCEPTS'), every line starting
    with a dotted number, with or without '#' heading marks ('#### 1.3.4. Active player',
    '7.2.Deck'), up to '# GLOSSARY'. References: '(see 1.10, ...)', 'see section 6.2', 'in section 4.3.6'."""
    text = path.read_text(encoding="utf-8")
    first = text.index("### 1. CONCEPTS")
    body = text[text.index("### 1. CONCEPTS", first + 1):text.index("\n# GLOSSARY")]
    starts = [(m.start(), m.group(1)) for m in
              re.finditer(r"(?m)^(?:#+ )?(\d{1,2}(?:\.\d{1,2})*)\.(?: |[A-Z]|$)", body)]
    refs = re.compile(r"\b(?:see|section)\s+(?:section\s+)?(\d{1,2}(?:\.\d{1,2})+|\d{1,2}(?=,))", re.I)
    return _segments(body, starts, refs, ".", lambda r: r)


def riftbound(paths: list[Path]) -> Truth:
    """Every table row '<tr><td>103.1.b.2.</td><td>text</td></tr>' across the four files is a rule.
    References: 'See rule 518.', 'See 107.5.', 'Continue to rule 542', 'rules 557 through 563'."""
    rules: list[tuple[str, str]] = []
    for p in paths:
        for m in re.finditer(r"<tr><td>(\d{3}(?:\.[0-9a-z]{1,3})*)\.?</td><td>(.*?)</td></tr>",
                             p.read_text(encoding="utf-8"), re.S):
            rules.append((m.group(1), m.group(2)))
    refs_rx = re.compile(r"\b(?:see|rules?|through)\s+(?:rule\s+)?(\d{3}(?:\.[0-9a-z]{1,3})*)", re.I)
    refs = [(n, m.group(1)) for n, t in rules for m in refs_rx.finditer(t)]
    return Truth(rules, refs, ".")


def _segments(body: str, starts: list[tuple[int, str]], refs_rx: re.Pattern, sep: str, norm) -> Truth:
    starts = sorted(dict((p, n) for p, n in starts).items())
    seen: set[str] = set()
    rules: list[tuple[str, str]] = []
    refs: list[tuple[str, str]] = []
    for k, (pos, num) in enumerate(starts):
        end = starts[k + 1][0] if k + 1 < len(starts) else len(body)
        seg = body[pos:end]
        if num in seen:
            continue  # printed a second time: the first one counts
        seen.add(num)
        rules.append((num, seg))
        refs += [(num, norm((m.group(1) or m.group(m.lastindex)).rstrip(".")))
                 for m in refs_rx.finditer(seg[len(num) + 1:])]
    return Truth(rules, refs, sep)


def set_notes(path: Path) -> dict[str, int]:
    """Q/A pairs: every 'Q:' starts one; those under a '### Card Name' heading (or with the card's
    name run into the question line) are rulings on that card."""
    text = path.read_text(encoding="utf-8")
    questions = len(re.findall(r"(?m)(?:^|\s)Q:\s", text))
    headed = 0
    card = None
    for line in text.splitlines():
        if line.startswith("## "):
            card = None
        elif line.startswith("### "):
            card = line[4:].strip()
        if re.search(r"(?:^|\s)Q:\s", line) and (card or not line.startswith("Q:")):
            headed += 1
    return {"questions": questions, "on_a_card": headed}
