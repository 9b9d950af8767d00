"""Documents -> entries.

One line-oriented parser reads every style found in rules documents and FAQ pages, recognising
constructs line by line:

- numbered rules in any numbering ('701.4a', '8.5.1.1.', '1-3-6-1.', '103.1.b.2.', '110.2b.1.'),
  several run together on one line, a number alone on its line, in markdown bold or in a heading
  (rules.py, numbering.py); chapters and sections as entries;
- 'Example:' / 'For example:' paragraphs and 'Note:' paragraphs, as child entries; in an unnumbered
  document an example ends with its paragraph (a line) and the next paragraph that is not one is its
  entry's text again ('Another example ...' goes on with the example); in a numbered one it runs to
  the next numbered rule;
- a glossary: terms as keyword entries (glossary.py);
- Q:/A: (also Q./A.) pairs, under the heading they sit in; bullet rulings; titled items; card blocks;
  errata; restricted and banned lists (items.py);
- '[Kiegészítés]' markers and '(v1.7)' version tags, kept as data.

Before that, conversion markup is read through (markup.py: HTML tables, markdown, images, page
numbers and running headers) and a table of contents is set aside (contents.py). Text that is not
rules (blog dates, chatter in another language, site boilerplate, comment prompts, navigation,
headings with nothing under them) becomes a Skipped span with the reason. Lines that look like
numbered rules but did not become one are counted (ParsedDocument.unparsed): the loss warning.

Document style ('numbered' or 'numbered-dashed' for comprehensive rules, 'faq' for everything else)
is detected from the text; game.yaml's `style:` overrides it.
"""
from __future__ import annotations

import re
from typing import Any

from judge.corpus import numbering
from judge.corpus.cards import DEFAULT_CARD_TYPES, is_card_block
from judge.corpus.contents import REASON as CONTENTS_REASON
from judge.corpus.contents import contents_lines
from judge.corpus.glossary import GlossaryReader, is_glossary_heading
from judge.corpus.items import ItemReader
from judge.corpus.lineforms import (
    A_LINE,
    ANOTHER_EXAMPLE,
    BULLET,
    EXAMPLE,
    LIST_HEADING,
    NEW_TEXT,
    NOTE,
    NUMBERED_CARD,
    OLD_TEXT,
    Q_LINE,
    SHOULD,
    SUPPLEMENT,
    VERSION_TAG,
    context_of,
)
from judge.corpus.markup import prepare, repeated_headers
from judge.corpus.model import Builder, Entry, ParsedDocument, Skipped, Source
from judge.corpus.noise import (
    is_boilerplate,
    is_comment_prompt,
    is_date_line,
    is_foreign,
    is_metadata_line,
    is_navigation,
)
from judge.corpus.refs import find_refs
from judge.corpus.rules import RuleReader
from judge.corpus.text import clean, slugify

STYLES = ("numbered", "numbered-dashed", "faq")
# 'Captain Amelia - Commander of the Legacy Q: Does ...': a heading run into its first question
_HEADING_THEN_Q = re.compile(r"^(?P<h>[A-Z][^:?!]{2,80}?[A-Za-z])\s+(?P<q>Q\s*:\s+\S.*)$")


class DocumentParser(RuleReader, GlossaryReader, ItemReader):
    def __init__(self, lines: list[str], *, game: str, language: str, document: str,
                 card_types: list[str] | None = None, style: str | None = None,
                 numbering_state: numbering.NumberingState | None = None):
        prep = prepare(lines)
        self.style = style or detect_style(prep.lines)
        self.numbered = self.style.startswith("numbered")
        self.sep = numbering.DASHED if self.style == "numbered-dashed" else numbering.DOTTED
        if self.numbered:
            repeated_headers(prep)
        if not self.numbered:
            _split_heading_questions(prep)
        self.raw = prep.raw
        self.lines = [self._strip_cells(l) for l in prep.lines]
        self.linenos = prep.linenos
        self.levels = prep.levels
        self.cells = prep.cells
        self.game = game
        self.language = language
        self.document = document
        self.card_types = card_types or DEFAULT_CARD_TYPES
        self.state = numbering_state or numbering.NumberingState()
        self.contents = contents_lines(self.lines, self.sep) if self.numbered else set()
        self.glossary: Entry | None = None  # the glossary being read
        self.glossary_level = 0
        self.glossary_lines: set[int] = set()
        self.entries: list[Entry] = []
        self.ids: dict[str, Entry] = {}
        self.skipped: list[Skipped] = [Skipped(document, (a, b), r) for a, b, r in prep.skipped]
        self.cur: Builder | None = None
        self.owner_id: str | None = None  # last main entry: examples and notes attach to it
        # (entry, entries emitted then): the titled entry an example interrupted, taking its paragraphs again
        self.resumed: tuple[Entry, int] | None = None
        self.numbers: set[str] = set()
        self.last_key: tuple[int, ...] = ()
        self.part_ctx: str | None = None  # set by headings that name a part ("Frequently Asked Questions")
        self.sect_ctx: str | None = None  # set by any group heading
        self.group: Entry | None = None  # current section entry
        self.group_fresh = False  # nothing under the current section yet: a heading now nests in it
        self.part: Entry | None = None  # the current part ("Rules Clarifications", "Keywords")
        self.topic: Entry | None = None  # heading that Q/A or bullets sit under
        self.last_item: Entry | None = None  # titled item just closed: bullets and Q/A after it belong to it
        self.table_closed = False
        self.bullet_count: dict[str, int] = {}

    # ---------------------------------------------------------------- helpers
    @staticmethod
    def _strip_cells(line: str) -> str:
        s = line.strip()
        s = re.sub(r"^\|\s*", "", s)
        s = re.sub(r"(\s*\|)+\s*$", "", s)
        return s

    @property
    def ctx(self) -> str | None:
        return self.sect_ctx or self.part_ctx

    def lineno(self, i: int) -> int:
        """The source line (1-based) logical line i starts on."""
        return self.linenos[i] if i < len(self.linenos) else (self.linenos[-1] if self.linenos else 1)

    def src(self, start: int, end: int) -> Source:
        return Source(self.document, (start, end))

    def unique(self, local: str) -> str:
        base = f"{self.game}:{local}"
        eid, n = base, 2
        while eid in self.ids:
            eid = f"{base}-{n}"
            n += 1
        return eid

    def emit(self, kind: str, local: str, title: str, text: str, start: int, end: int, *,
             number: str | None = None, parent: str | None = None, heading: str | None = None,
             data: dict | None = None, exact_id: bool = False) -> Entry:
        eid = f"{self.game}:{local}" if exact_id else self.unique(local)
        entry = Entry(
            id=eid, kind=kind, game=self.game, title=clean(title), text=text.strip(),
            source=self.src(start, end), number=number, parent=parent, heading=heading,
            refs=find_refs(f"{title}\n{text}" if title and kind in ("rule", "section") else text),
            data=dict(data or {}),
        )
        self.entries.append(entry)
        self.ids[eid] = entry
        if kind != "section":
            self.group_fresh = False
        return entry

    def skip(self, start: int, end: int, reason: str) -> None:
        last = self.skipped[-1] if self.skipped else None
        if last and last.reason == reason and start - last.lines[1] <= 3:
            self.skipped[-1] = Skipped(self.document, (last.lines[0], end), reason)
        else:
            self.skipped.append(Skipped(self.document, (start, end), reason))

    def extend_entry(self, e: Entry, text: str, lineno: int) -> None:
        """An unnumbered paragraph that continues an entry already emitted."""
        e.text = (e.text + "\n" + text).strip()
        e.source = Source(e.source.document, (e.source.lines[0], max(lineno, e.source.lines[1])))
        e.refs = find_refs(f"{e.title}\n{e.text}" if e.kind in ("rule", "section") else e.text)

    def next_content(self, i: int) -> int | None:
        j = i + 1
        while j < len(self.lines) and not self.lines[j].strip():
            j += 1
        return j if j < len(self.lines) else None

    # ------------------------------------------------------------ recognisers
    def noise_reason(self, i: int) -> str | None:
        s = self.lines[i]
        if is_date_line(s):
            return "date line (blog post or publication date)"
        if is_comment_prompt(s):
            return "comment prompt"
        if self.numbered and is_metadata_line(s):
            return "publication date or version of the document"
        if is_navigation(s):
            return "site navigation"
        if self.table_closed and self.numbered and not self.rule_tokens(s, probe=True):
            return "text after the end of the rules (site boilerplate)"
        if is_foreign(s, self.language):
            return f"not in the document's language ({self.language}): blog chatter"
        if is_boilerplate(s) and len(s.split()) > 3 and not self.rule_tokens(s, probe=True):
            return "site boilerplate"
        return None

    def looks_like_heading(self, s: str) -> bool:
        if not s or len(s) > 80:
            return False
        if Q_LINE.match(s) or A_LINE.match(s) or BULLET.match(s) or EXAMPLE.match(s) or NOTE.match(s):
            return False
        if OLD_TEXT.match(s) or NEW_TEXT.match(s) or SUPPLEMENT.match(s):
            return False
        if self.rule_tokens(s, probe=True) or SHOULD.search(s) or re.search(r":\s*[“\"]", s):
            return False
        n = len(s.split())
        if n > 9 or s.endswith((".", ",", ";", ":", "?")) and not s.endswith("...”"):
            return False
        first = s.lstrip("“\"'‘")[:1]
        return bool(first) and (first.isupper() or first.isdigit())

    def flush(self) -> None:
        b, self.cur = self.cur, None
        if b is None:
            return
        getattr(self, f"_flush_{b.kind.replace('-', '_')}")(b)

    def parse(self) -> ParsedDocument:
        self.card_blocks: list[tuple[dict, int, int]] = []
        lines = self.lines
        i = 0
        while i < len(lines):
            s = lines[i]
            lineno = self.lineno(i)
            if not s:
                if self.cur and self.cur.kind == "cardrulings":
                    self.cur.data["para_break"] = True
                i += 1
                continue
            if i in self.contents:
                self.flush()
                self.skip(lineno, lineno, CONTENTS_REASON)
                i += 1
                continue
            if self.glossary is not None:
                self.glossary_lines.add(i)
                nxt = self.glossary_step(i, s)
                if nxt is not None:
                    i = nxt
                    continue
                self.flush()
            if "\t" in s:
                s = lines[i] = s.replace("\t", " ")
            closes = self.numbered and not self.table_closed and bool(re.search(r"\|\s*\|\s*$", self.raw[i]))
            reason = self.noise_reason(i)
            if reason:
                self.flush()
                self.resumed = None
                if reason.startswith("date line"):
                    self.part_ctx = self.sect_ctx = None
                    self.group = self.topic = self.part = None
                self.skip(lineno, lineno, reason)
                i += 1
                continue
            i = self.step(i, s)
            if closes:
                self.table_closed = True
        self.flush()
        self._drop_empty_sections()
        cards = [dict(card, source=self.src(a, b - 1 if b > a else a)) for card, a, b in self.card_blocks]
        doc = ParsedDocument(self.document, self.style, self.entries, self.skipped, cards)
        doc.rule_lines, doc.unparsed = self.unparsed_rule_lines()
        return doc

    def unparsed_rule_lines(self) -> tuple[int, list[int]]:
        """(lines that look like numbered rules, source lines of those that became no rule entry)."""
        skipped = {ln for sk in self.skipped for ln in range(sk.lines[0], sk.lines[1] + 1)
                   if sk.reason == CONTENTS_REASON}
        seen = 0
        lost: list[int] = []
        for i, s in enumerate(self.lines):
            if i in self.contents or i in self.glossary_lines or not numbering.ANY_RULE_LINE.match(s):
                continue
            if self.lineno(i) in skipped:
                continue
            num = re.match(r"[\d.\-a-z]+", s).group(0)
            if not self.numbered and len(numbering.parts(num)) < 2:
                continue  # numbered steps in a FAQ ('1. Choose targets'), not rules
            seen += 1
            if numbering.normalise(num, self.sep) not in self.numbers:
                lost.append(self.lineno(i))
        return seen, lost

    def step(self, i: int, s: str) -> int:
        lineno = self.lineno(i)
        cur = self.cur
        # list items: short lines while a restricted/banned list is open
        if cur and cur.kind == "list":
            if LIST_HEADING.search(s) and self.looks_like_heading(s):
                self.flush()
                return self.start_list(i, s)
            if self.looks_like_heading(s) or NUMBERED_CARD.match(s):
                item = re.sub(r"^\d{1,3}(?:\s*&\s*\d{1,3})?\s+", "", s).strip()
                cur.data.setdefault("items", []).append(item)
                cur.end = lineno
                return i + 1
            cur.add(s, lineno)
            return i + 1
        if SUPPLEMENT.match(s):
            if cur is not None:
                cur.data["supplement"] = True
                cur.end = lineno
            elif self.entries:
                self.entries[-1].data["supplement"] = True
            return i + 1
        if self.numbered and is_glossary_heading(s) and (self.levels[i] or self.looks_like_heading(s)):
            return self.start_glossary(i, s)
        tokens = self.rule_tokens(s, heading=bool(self.levels[i]))
        if tokens:
            return self.start_rules(i, s, tokens)
        chapter = self.chapter_line(i, s)
        if chapter:
            return self.start_chapter(i, s, chapter)
        m = Q_LINE.match(s)
        if m:
            self.flush()
            topic = self.topic or self.last_item
            self.cur = Builder("faq", lineno, lineno, parent=(topic or self.group).id if (topic or self.group) else None,
                               heading=topic.title if topic else (self.group.title if self.group else None))
            self.cur.data["question"] = m.group("t")
            if self.ctx == "cards" and self.topic is not None:
                self.cur.data["card"] = self.topic.title  # Q/A under a card's name: a ruling on that card
            return i + 1
        m = A_LINE.match(s)
        if m and cur and cur.kind == "faq":
            cur.data.setdefault("answer", []).append(m.group("t"))
            cur.end = lineno
            return i + 1
        m = EXAMPLE.match(s) or NOTE.match(s)
        if m is None and not (cur and cur.kind == "example"):
            m = ANOTHER_EXAMPLE.match(s)  # after an example it goes on with it (below): its id stays
        if m and (cur or self.owner_id):
            kind = "note" if NOTE.match(s) else "example"
            self.flush()
            self.cur = Builder(kind, lineno, lineno, owner=self.owner_id)
            self.cur.add(m.group("t"), lineno)
            return i + 1
        if is_card_block(self.lines, i):
            return self.start_card_block(i)
        if cur and cur.kind == "errata-card":
            return self.errata_card_line(i, s)
        if cur and cur.kind == "cardrulings" and not self.looks_like_heading(s):
            paras = cur.data.setdefault("paras", [])
            if cur.data.pop("para_break", False) or not paras:
                paras.append((s, lineno, lineno))
            else:
                t, a, _ = paras[-1]
                paras[-1] = (t + "\n" + s, a, lineno)
            cur.end = lineno
            return i + 1
        m = BULLET.match(s)
        if m:
            self.flush()
            topic = self.topic or self.last_item or self.group
            self.cur = Builder("bullet", lineno, lineno, parent=topic.id if topic else None,
                               heading=topic.title if topic else None)
            self.cur.add(m.group("t"), lineno)
            return i + 1
        if self.ctx == "errata" or (cur and cur.data.get("ctx") == "errata"):
            m = NUMBERED_CARD.match(s)
            if m and len(m.group("name").split()) <= 8:
                self.flush()
                name = m.group("name").strip()
                self.cur = Builder("item", lineno, lineno, title=name, parent=self.group.id if self.group else None,
                                   heading=self.group.title if self.group else None,
                                   data={"card": name, "card_number": m.group("no"), "ctx": "errata"})
                if self.group is not None:
                    self.cur.data["set"] = self.group.title
                return i + 1
            if SHOULD.search(s) and (cur is None or (cur.kind == "item" and not cur.data.get("card") and cur.lines)):
                # 'All instances of “after” ... should read “when.”' lines: one errata each
                self.flush()
                title = " ".join(s.split()[:9])
                self.cur = Builder("item", lineno, lineno, title=title, parent=self.group.id if self.group else None,
                                   heading=self.group.title if self.group else None, data={"ctx": "errata"})
                self.cur.add(s, lineno)
                return i + 1
        if self.levels[i] and self.numbered and not self.rule_tokens(s, probe=True):
            return self.heading(i, s)
        if self.looks_like_heading(s) and not (cur and cur.kind in ("rule",) and self.numbered
                                               and not self._heading_breaks_rule(i)):
            return self.heading(i, s)
        # prose: continues what is open
        owner = self._resumed_owner(cur, s)
        if owner is not None:
            self.flush()
            self.extend_entry(owner, s, lineno)
            self.resumed = (owner, len(self.entries))
            return i + 1
        if cur is not None:
            if cur.kind == "faq" and cur.data.get("answer") is not None:
                cur.data["answer"].append(s)
                cur.end = lineno
            elif cur.kind == "faq":
                cur.data["question"] += " " + s
                cur.end = lineno
            else:
                cur.add(s, lineno)
            return i + 1
        if self.numbered and self.entries and self.owner_id:
            # an unnumbered paragraph right after a rule continues it
            prev = self.ids[self.owner_id]
            if prev.kind in ("rule", "section", "example"):
                self.extend_entry(prev, s, lineno)
                return i + 1
        # prose with nothing open: an untitled item under the current group
        self.cur = Builder("item", lineno, lineno, title=" ".join(s.split()[:8]),
                           parent=self.group.id if self.group else None,
                           heading=self.group.title if self.group else None, data={"ctx": self.ctx})
        self.cur.add(s, lineno)
        return i + 1

    def _resumed_owner(self, cur: Builder | None, s: str) -> Entry | None:
        """The titled entry (clarification, keyword, ruling, errata) a prose paragraph belongs to when
        it follows an example or note of that entry in an unnumbered document: there a paragraph is a
        line, and an example is the paragraph that starts so ('For example:', 'Another example');
        the next paragraph that is not one is the entry's text again. Not in numbered documents,
        where each rule paragraph carries its number and unnumbered text after an example goes on
        with it (wrapped lines, the example's own explanation); not under a Q/A, whose answer is its
        'A:' paragraphs (what follows its example goes on with the example)."""
        if self.numbered:
            return None
        if cur is None:
            r = self.resumed
            return r[0] if r and r[1] == len(self.entries) and r[0].id == self.owner_id else None
        if cur.kind not in ("example", "note") or ANOTHER_EXAMPLE.match(s) or not cur.lines:
            return None
        owner = self.ids.get(cur.owner) if cur.owner else None
        if owner is None or owner.kind not in ("clarification", "keyword", "ruling", "errata"):
            return None
        # a paragraph break, not a line wrapped inside one: a sentence ended, a new one starts
        ended = re.search(r"[.!?][”\"’')\]]*$", cur.lines[-1].rstrip())
        return owner if ended and re.match(r"[“\"‘(]?[A-Z0-9]", s) else None

    def _heading_breaks_rule(self, i: int) -> bool:
        """In numbered documents a short unnumbered line after a rule is a heading only when a
        glossary-like block follows (term then definition), an errata block (a card, then its new
        text) or Q/A pairs, not a continuation."""
        j = self.next_content(i)
        if j is None or self.rule_tokens(self.lines[j], probe=True):
            return False
        ctx, nxt = context_of(self.lines[i]), self.lines[j]
        if ctx == "keywords":
            return True
        # 'Card Errata' then '12 Ember Fox' or a card's name and its 'Old Text:'/'Should read:';
        # 'Frequently Asked Questions' then 'Q: ...': a part of its own after the last rule
        if ctx == "errata":
            k = self.next_content(j)
            after = self.lines[k] if k is not None else ""
            return bool(NUMBERED_CARD.match(nxt) or SHOULD.search(nxt) or OLD_TEXT.match(nxt)
                        or (self.looks_like_heading(nxt) and (OLD_TEXT.match(after) or SHOULD.search(after))))
        return ctx in ("faq", "clarification") and bool(Q_LINE.match(nxt))

    # -------------------------------------------------------------- starters
    def heading(self, i: int, s: str) -> int:
        lineno = self.lineno(i)
        self.last_item = None
        j = self.next_content(i)
        nxt = self.lines[j] if j is not None else ""
        ctx = context_of(s)
        if LIST_HEADING.search(s):
            self.flush()
            return self.start_list(i, s)
        if j is None or self.noise_reason(j):
            self.flush()
            self.skip(lineno, lineno, "heading with no rules text under it")
            return i + 1
        nxt_is_group = (
            self.looks_like_heading(nxt) and not is_card_block(self.lines, j)
            and not (self.ctx == "errata" and NUMBERED_CARD.match(nxt) and NUMBERED_CARD.match(s))
        ) or bool(self.rule_tokens(nxt, probe=True)) or is_card_block(self.lines, j) or \
            (NUMBERED_CARD.match(nxt) and self.ctx == "errata" and not NUMBERED_CARD.match(s))
        if nxt_is_group or Q_LINE.match(nxt) or BULLET.match(nxt):
            self.flush()
            title = VERSION_TAG.sub(" ", s).strip()
            data = {}
            vm = VERSION_TAG.search(s)
            if vm:
                data["version"] = vm.group("v")
            if not nxt_is_group:
                parent = self.group.id if self.group else None
            elif ctx in ("faq", "clarification", "errata", "cards", "list"):
                parent = self.group.id if self.group is not None and self.group_fresh else None
            elif self.group is not None and self.group_fresh:
                parent = self.group.id
            else:
                parent = self.part.id if self.part is not None else None
            e = self.emit("section", f"section:{slugify(title, 8)}", title, "", lineno, lineno,
                          parent=parent, data=data)
            if nxt_is_group:
                self.group = e
                self.group_fresh = True
                self.topic = None
                self.sect_ctx = ctx
                if ctx is not None and parent is None:
                    self.part = e
            else:
                self.topic = e
            if ctx in ("faq", "clarification", "errata", "cards"):
                self.part_ctx = ctx
                if nxt_is_group:
                    self.sect_ctx = None
            self.owner_id = e.id
            return i + 1
        # a titled item: clarification, keyword, errata or ruling
        self.flush()
        if ctx in ("faq", "clarification", "errata", "cards"):
            self.part_ctx = ctx  # 'FAQ 3.1 Card Clarification and Errata' + its introduction
        self.topic = None
        self.cur = Builder("item", lineno, lineno, title=s, parent=self.group.id if self.group else None,
                           heading=self.group.title if self.group else None,
                           data={"ctx": ctx if ctx == "errata" else self.ctx})
        if NUMBERED_CARD.match(s) and self.ctx == "errata":
            m = NUMBERED_CARD.match(s)
            self.cur.title = m.group("name")
            self.cur.data.update(card=m.group("name"), card_number=m.group("no"))
        return i + 1

    def _drop_empty_sections(self) -> None:
        has_children = {e.parent for e in self.entries if e.parent}
        keep = []
        for e in self.entries:
            if e.kind == "section" and not e.text and e.id not in has_children and not e.number:
                self.skipped.append(Skipped(self.document, e.source.lines, "heading with no rules text under it"))
                del self.ids[e.id]
                continue
            keep.append(e)
        self.entries = keep
        self.skipped.sort(key=lambda s: s.lines)



def _split_heading_questions(prep: Any) -> None:
    """'Card Name - Subtitle Q: question' (a PDF that lost a line break): heading, then the question."""
    for i in range(len(prep.lines) - 1, -1, -1):
        m = _HEADING_THEN_Q.match(prep.lines[i].strip())
        if m and not re.search(r"[.!?]\s", m.group("h")):
            prep.lines[i:i + 1] = [m.group("h"), m.group("q")]
            for arr in (prep.linenos, prep.levels, prep.cells, prep.raw):
                arr.insert(i, arr[i])


def detect_style(lines: list[str]) -> str:
    """'numbered' (or 'numbered-dashed') when numbered rules carry a quarter of the lines, else 'faq'."""
    texts = [DocumentParser._strip_cells(line) for line in lines]
    texts = [s for s in texts if s]
    sep = numbering.detect_separator(texts)
    rx = numbering.line_start(sep)
    numbered = sum(1 for s in texts if rx.match(s))
    if not texts or numbered / len(texts) < 0.25:
        return "faq"
    return "numbered-dashed" if sep == numbering.DASHED else "numbered"


def parse_document(lines: list[str], **kw: Any) -> ParsedDocument:
    return DocumentParser(lines, **kw).parse()
