"""Reading through the markup a PDF-to-text or PDF-to-markdown conversion leaves in a document.

The parser works on *logical lines*, each with the source line it starts on:

- HTML tables (`<table><tr><td>103.1.</td><td>text</td></tr>`, rows spanning several source lines):
  a row becomes one line, its cells joined by a space ('103.1. text'), or by a tab when a row of
  two cells does not start with a rule number (a glossary term and its definition);
- markdown headings (`## 100. General`): the text, with the heading level kept aside;
- markdown bold (`**1-3-6.**`), escaped punctuation (`\\(See 6-5-3-1.\\)`), HTML entities;
- image lines (`![...](data:image/jpeg;base64,...)`), page numbers printed alone on a line or at
  the end of the last line of a page, and page headers or footers repeated through the document:
  left out, each reported as a skipped span with its reason.
"""
from __future__ import annotations

import html
import re
from collections import Counter
from dataclasses import dataclass, field

_TAG = re.compile(r"(<[^>]+>)")
_IMAGE = re.compile(r"^!\[[^\]]*\]\(")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_BOLD = re.compile(r"\*\*(.*?)\*\*|__(.*?)__")
_ESCAPED = re.compile(r"\\([\\`*_{}\[\]()#+\-.!<>|\"'~])")
_PAGE_NUMBER = re.compile(r"^\s*\d{1,3}\s*$")
_GLUED_PAGE = re.compile(r"\s(\d{1,3})\s*$")
_NUMBER_CELL = re.compile(r"^\d{1,4}(?:[.\-][0-9a-z]{1,4})*\.?$")
_PIPE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)+\|?\s*$")

PAGE_REASON = "page number (PDF page footer)"
HEADER_REASON = "page header or footer repeated on every page"


@dataclass
class Prepared:
    lines: list[str] = field(default_factory=list)  # logical lines
    linenos: list[int] = field(default_factory=list)  # source line each starts on (1-based)
    levels: list[int] = field(default_factory=list)  # markdown heading level, 0 when not a heading
    cells: list[bool] = field(default_factory=list)  # read from a table cell
    raw: list[str] = field(default_factory=list)  # the source line each comes from
    skipped: list[tuple[int, int, str]] = field(default_factory=list)

    def add(self, text: str, lineno: int, raw: str, level: int = 0, cell: bool = False) -> None:
        self.lines.append(text)
        self.linenos.append(lineno)
        self.levels.append(level)
        self.cells.append(cell)
        self.raw.append(raw)

    def skip(self, start: int, end: int, reason: str) -> None:
        self.skipped.append((start, end, reason))


def inline(text: str) -> str:
    """Bold markers, escapes and entities removed: '**1-3-6.**' -> '1-3-6.', '\\(See 8-3.\\)' -> '(See 8-3.)'."""
    if "*" in text or "_" in text:
        text = _BOLD.sub(lambda m: m.group(1) if m.group(1) is not None else m.group(2), text)
        text = re.sub(r"^\*\*\s*|\s*\*\*$", "", text)
    if "\\" in text:
        text = _ESCAPED.sub(r"\1", text)
    if "&" in text:
        text = html.unescape(text)
    return text


def _join_cells(cells: list[str]) -> str:
    cells = [c.strip() for c in cells if c.strip()]
    if len(cells) == 2 and not _NUMBER_CELL.match(cells[0]):
        return cells[0] + "\t" + cells[1]
    return " ".join(cells)


class _Table:
    """An HTML table read row by row; a cell's text that runs over several source lines continues
    as lines of its own."""

    def __init__(self, out: Prepared, start: int):
        self.out = out
        self.start = start
        self.row: list[str] = []
        self.cell: str | None = None
        self.row_line = start
        self.raw = ""
        self.header = False  # the open row has only <th> cells so far

    def feed(self, line: str, lineno: int) -> bool:
        """Reads one source line; False once the table is closed."""
        self.raw = line
        if not self.row and self.cell is None:
            self.row_line = lineno
        open_ = True
        for tok in _TAG.split(line):
            if not tok:
                continue
            if tok.startswith("<") and tok.endswith(">"):
                name = tok.strip("</>").split()[0].lower() if tok.strip("</>") else ""
                closing = tok.startswith("</")
                if name in ("td", "th"):
                    if closing:
                        self.row.append(self.cell or "")
                        self.cell = None
                    else:
                        self.cell = ""
                        self.header = self.header and name == "th"
                elif name == "tr":
                    self.emit(lineno)
                    self.row_line = lineno
                    self.header = True
                elif name == "table" and closing:
                    self.emit(lineno)
                    open_ = False
                continue
            if self.cell is not None:
                if not self.row and not self.cell:
                    self.row_line = lineno
                self.cell += tok
        # a cell running on to the next source line: what is read so far is a line of its own
        if open_ and (self.row or self.cell):
            pending = self.row + ([self.cell] if self.cell else [])
            if any(c.strip() for c in pending):
                self.out.add(inline(_join_cells(pending)), self.row_line, line, cell=True)
            self.row = []
            self.cell = "" if self.cell is not None else None
            self.row_line = lineno + 1
        return open_

    def emit(self, lineno: int) -> None:
        cells = self.row + ([self.cell] if self.cell else [])
        if self.header and cells:  # a row of <th> cells names the columns
            self.row, self.cell = [], None
            return
        if any(c.strip() for c in cells):
            self.out.add(inline(_join_cells(cells)), self.row_line, self.raw, cell=True)
        self.row, self.cell = [], None


def prepare(raw_lines: list[str]) -> Prepared:
    out = Prepared()
    table: _Table | None = None
    pipe_table = False
    for i, line in enumerate(raw_lines):
        no = i + 1
        if table is None and "<table" in line.lower():
            table = _Table(out, no)
            line = line[line.lower().index("<table"):]
        if table is not None:
            if not table.feed(line, no):
                out.skip(table.start, no, "HTML table markup (cells read as text)")
                table = None
            continue
        s = line.strip()
        if _IMAGE.match(s):
            reason = "embedded image (base64 data)" if "base64," in s[:400] else "image link"
            out.skip(no, no, reason)
            out.add("", no, line)
            continue
        # markdown pipe tables with a |---| rule: rows read like HTML rows
        if _PIPE_RULE.match(s) and i > 0 and raw_lines[i - 1].strip().startswith("|"):
            pipe_table = True
            out.lines[-1] = ""  # the header row: column names, not a term or a rule
            out.skip(no - 1, no, "markdown table header")
            out.add("", no, line)
            continue
        if pipe_table and s.startswith("|"):
            cells = s.strip("|").split("|")
            out.add(inline(_join_cells(cells)), no, line, cell=True)
            continue
        pipe_table = False
        m = _HEADING.match(s)
        if m:
            out.add(inline(m.group(2)), no, line, level=len(m.group(1)))
            continue
        out.add(inline(line), no, line)
    if table is not None:
        table.emit(len(raw_lines))
    _page_numbers(out)
    return out


def _page_numbers(out: Prepared) -> None:
    """Page numbers alone on a line, and those printed at the end of a page's last line ('... 2')
    when the pages alone on a line skip that number."""
    n = len(out.lines)
    alone = [i for i, s in enumerate(out.lines)
             if _PAGE_NUMBER.match(s) and not out.cells[i] and not out.levels[i]
             and (i == 0 or not out.lines[i - 1].strip() or i + 1 >= n or not out.lines[i + 1].strip())]
    if len(alone) < 2:
        return
    pages = [int(out.lines[i]) for i in alone]
    if sum(1 for a, b in zip(pages, pages[1:]) if b > a) < len(pages) // 2:
        return  # not a rising sequence: numbers that mean something else
    for i in alone:
        out.skip(out.linenos[i], out.linenos[i], PAGE_REASON)
        out.lines[i] = ""
    k = 0
    for i, s in enumerate(out.lines):
        while k < len(alone) and alone[k] < i:
            k += 1
        before = pages[k - 1] if k else 0
        after = pages[k] if k < len(alone) else 10**6
        m = _GLUED_PAGE.search(s)
        if not m or not s[: m.start()].strip() or out.cells[i]:
            continue
        num = int(m.group(1))
        next_blank = i + 1 >= n or not out.lines[i + 1].strip()
        if before < num < after and next_blank and num not in pages:
            out.lines[i] = s[: m.start()].rstrip()
            out.skip(out.linenos[i], out.linenos[i], PAGE_REASON)


def repeated_headers(out: Prepared) -> None:
    """Short lines printed again and again (a running title, 'Comprehensive Rules v1.2 — page'):
    left out. Only in rulebooks: in FAQs a card's type line repeats for good reason."""
    counts = Counter(s.strip() for i, s in enumerate(out.lines) if s.strip() and not out.cells[i])
    for i, s in enumerate(out.lines):
        t = s.strip()
        if counts.get(t, 0) < 3 or out.cells[i] or out.levels[i]:
            continue
        n = len(t.split())
        if n < 2 or n > 12 or t.endswith((".", ":", ";", "?", "!")) or re.match(r"^[\d(\[•*-]", t):
            continue
        out.skip(out.linenos[i], out.linenos[i], HEADER_REASON)
        out.lines[i] = ""
