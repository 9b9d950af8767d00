"""Documents -> entries.

One line-oriented parser reads every style found in rules documents and FAQ pages, recognising
constructs line by line:

- numbered rules ('701.4a', '8.5.1.1.', '212.5e'), also several run together on one line;
  a short text after the number followed by a body paragraph is the rule's title;
- 'Example:' / 'For example:' paragraphs and 'Note:' paragraphs, as child entries;
- Q:/A: (also Q./A.) pairs, under the heading they sit in;
- headings: a heading followed by another heading, by Q/A or by bullets heads a section; a heading
  followed by prose titles an item (clarification, keyword, errata or ruling by its section and body);
- bullet rulings; card blocks (name, type, cost, stats, text) with their rulings or Old/New Text errata;
  numbered card errata ('08 Dwarf Cannon Crew' + 'Should read: …'); restricted and banned lists;
- '[Kiegészítés]' markers and '(v1.7)' version tags, kept as data.

Text that is not rules (blog dates, chatter in another language, site boilerplate, comment prompts,
navigation, headings with nothing under them) becomes a Skipped span with the reason.

Document style ('numbered' for comprehensive rules, 'faq' for everything else) is detected from the
text: it only decides whether bare section numbers ('700.') and rules run together on one line are
recognised.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from judge.corpus import numbering
from judge.corpus.cards import (
    DEFAULT_CARD_TYPES,
    find_card_quotes,
    is_card_block,
    parse_card_block,
)
from judge.corpus.model import Entry, ParsedDocument, Skipped, Source
from judge.corpus.noise import (
    is_boilerplate,
    is_comment_prompt,
    is_date_line,
    is_foreign,
    is_navigation,
)
from judge.corpus.refs import find_refs
from judge.corpus.text import clean, fold, question_slug, slugify

Q_LINE = re.compile(r"^(?:Q|Question)\s*[:.]\s*(?P<t>.*)$")
A_LINE = re.compile(r"^(?:A|Answer)\s*[:.]\s*(?P<t>.*)$")
BULLET = re.compile(r"^(?:[•●▪◦*]|-(?=\s*[A-Z])|–(?=\s))\s*(?P<t>\S.*)$")
EXAMPLE = re.compile(r"^(?:For example|Example|E\.g\.|Példa)\s*:\s*(?P<t>.*)$", re.I)
NOTE = re.compile(r"^Note\s*:\s*(?P<t>.*)$", re.I)
OLD_TEXT = re.compile(r"^Old Text\s*:\s*(?P<t>.*)$", re.I)
NEW_TEXT = re.compile(r"^New Text\s*:\s*(?P<t>.*)$", re.I)
NUMBERED_CARD = re.compile(r"^(?P<no>\d{1,3}(?:\s*&\s*\d{1,3})?)\s+(?P<name>[A-Z][^.:]{1,60})$")
VERSION_TAG = re.compile(r"\s*\(v(?P<v>\d+(?:\.\d+)*)\)\s*")
SUPPLEMENT = re.compile(r"^\[(?P<t>Kiegészítés|Supplement|Addendum|Errata)\]$", re.I)
SHOULD = re.compile(r"\bshould\s+(?:read|have)\b|\bshouldn[’']t have\b|reversal of previous ruling|\bis unique\b", re.I)
REVERSAL = re.compile(r"reversal of previous ruling", re.I)
LIST_HEADING = re.compile(r"\b(?:restricted|banned|ban)\s+list\b", re.I)
RULEBOOK_ERRATA = re.compile(r"^On page (?P<page>\d+) of the (?P<book>[^,]+)", re.I)

_CONTEXT_WORDS = [
    ("list", LIST_HEADING),
    ("errata", re.compile(r"\berrata\b", re.I)),
    ("faq", re.compile(r"frequently asked|\bfaq\b|questions\b", re.I)),
    ("cards", re.compile(r"card[- ]specific", re.I)),
    ("keywords", re.compile(r"\bkeywords?\b|\bglossary\b|\bszójegyzék\b|\bdefinitions\b", re.I)),
    ("clarification", re.compile(r"clarification", re.I)),
]


def context_of(title: str) -> str | None:
    for name, rx in _CONTEXT_WORDS:
        if rx.search(title):
            return name
    return None


@dataclass
class Builder:
    kind: str  # rule, section, faq, item, bullet, example, note, errata-card, cardrulings, list
    start: int  # 1-based line
    end: int
    title: str = ""
    lines: list[str] = field(default_factory=list)
    number: str | None = None
    parent: str | None = None
    heading: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
    owner: Any = None  # for examples/notes: the owning entry id

    def add(self, text: str, lineno: int) -> None:
        self.lines.append(text)
        self.end = max(self.end, lineno)

    @property
    def text(self) -> str:
        return "\n".join(self.lines).strip()


class DocumentParser:
    def __init__(self, lines: list[str], *, game: str, language: str, document: str,
                 card_types: list[str] | None = None, style: str | None = None):
        self.raw = lines
        self.lines = [self._strip_cells(l) for l in lines]
        self.game = game
        self.language = language
        self.document = document
        self.card_types = card_types or DEFAULT_CARD_TYPES
        self.style = style or detect_style(lines)
        self.entries: list[Entry] = []
        self.ids: dict[str, Entry] = {}
        self.skipped: list[Skipped] = []
        self.cur: Builder | None = None
        self.owner_id: str | None = None  # last main entry: examples and notes attach to it
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
            refs=find_refs(text), data=dict(data or {}),
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
        if is_navigation(s):
            return "site navigation"
        if self.table_closed and self.style == "numbered" and not self.rule_tokens(s, probe=True):
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

    def rule_tokens(self, s: str, probe: bool = False) -> list[tuple[int, int, str]]:
        """[(start, end, number)] of the rule numbers that begin rules on this line."""
        out: list[tuple[int, int, str]] = []
        m = numbering.LINE_START.match(s)
        if m:
            num = numbering.normalise(m.group("num"))
            if "." in num or (self.style == "numbered" and self._plausible_section(num, s[m.end():])):
                out.append((m.start(), m.end(), num))
        if self.style == "numbered" and (out or probe is False):
            last = numbering.key(out[-1][2]) if out else self.last_key
            for r in numbering.RUN_IN.finditer(s):
                if out and r.start() < out[0][1]:
                    continue
                num = numbering.normalise(r.group("num"))
                before = s[: r.start()]
                if numbering.is_reference_context(before) or numbering.in_parentheses(s, r.start()):
                    continue
                k = numbering.key(num)
                if not last or k <= last or k[0] != last[0]:
                    continue
                out.append((r.start(), r.end(), num))
                last = k
        return out

    def _plausible_section(self, num: str, rest: str) -> bool:
        rest = rest.strip()
        title = numbering.RUN_IN.split(rest)[0] if rest else ""
        k = numbering.key(num)
        if len(title.split()) > 10 or title.endswith((".", ":", ",")) and len(title.split()) > 6:
            return False
        # chapters ('1. Game Concepts') may precede rules numbered in hundreds ('100.1'), so any
        # change of top-level number counts; repeating the current one does not.
        return not self.last_key or k[0] != self.last_key[0]

    # --------------------------------------------------------------- flushing
    def flush(self) -> None:
        b, self.cur = self.cur, None
        if b is None:
            return
        getattr(self, f"_flush_{b.kind.replace('-', '_')}")(b)

    def _flush_rule(self, b: Builder) -> None:
        text = re.sub(r"^\.\s+", "", b.text)  # Hatalom Kártyái prints ". " before a titled rule's body
        text, examples = split_examples(text)
        kind = "section" if "." not in b.number else "rule"
        parent = numbering.parent_number(b.number, self.numbers)
        parent_id = f"{self.game}:{parent}" if parent else (self.group.id if self.group else None)
        data = dict(b.data)
        eid = f"{self.game}:{b.number}"
        if eid in self.ids:
            old = self.ids[eid]
            if not old.text and (not text or old.title == b.title):
                # the earlier one was a table-of-contents line: the rule itself replaces it
                self.entries.remove(old)
                del self.ids[eid]
                self.skipped.append(Skipped(self.document, old.source.lines, "table of contents line"))
            else:
                self.skip(b.start, b.end, f"rule number {b.number} printed a second time (first at line "
                                          f"{old.source.lines[0]})")
                return
        e = self.emit(kind, b.number, b.title, text, b.start, b.end, number=b.number,
                      parent=parent_id, heading=b.heading, data=data, exact_id=True)
        self.owner_id = e.id
        for n, ex in enumerate(examples, 1):
            self._emit_example(e.id, ex, b.start, b.end, n)

    def _emit_example(self, owner: str, text: str, start: int, end: int, n: int | None = None,
                      kind: str = "example") -> Entry:
        narrative, quotes = find_card_quotes(text, self.card_types)
        label = "example" if kind == "example" else "note"
        if n is None:
            n = sum(1 for e in self.entries if e.parent == owner and e.id.split(":")[-1].startswith(label)) + 1
        e = self.emit(kind, f"{owner.split(':', 1)[1]}:{label}-{n}", f"{label.title()} ({owner.split(':', 1)[1]})",
                      narrative, start, end, parent=owner)
        if quotes:
            e.data["card_quotes"] = [
                {"name": q.name, "type": q.type, "traits": q.traits, "stats": q.stats, "text": q.text}
                for q in quotes
            ]
            e.cards.extend(q.name for q in quotes)
        return e

    def _flush_example(self, b: Builder) -> None:
        if b.owner:
            self._emit_example(b.owner, b.text, b.start, b.end)

    def _flush_note(self, b: Builder) -> None:
        if b.owner:
            self._emit_example(b.owner, b.text, b.start, b.end, kind="clarification")

    def _flush_faq(self, b: Builder) -> None:
        q = clean(b.data.get("question", ""))
        a = "\n".join(b.data.get("answer", [])).strip()
        text = f"Q: {q}\nA: {a}" if a else f"Q: {q}"
        data = {"question": q, "answer": a}
        if REVERSAL.search(text):
            data["reversal"] = True
        e = self.emit("faq", f"faq:{question_slug(q)}", q, text, b.start, b.end,
                      parent=b.parent, heading=b.heading, data=data)
        self.owner_id = e.id

    def _flush_bullet(self, b: Builder) -> None:
        topic = b.heading or "general"
        n = self.bullet_count[topic] = self.bullet_count.get(topic, 0) + 1
        title = f"{topic}: " + " ".join(b.text.split()[:10]) + ("…" if len(b.text.split()) > 10 else "")
        e = self.emit("ruling", f"ruling:{slugify(topic, 6)}-{n}", title, b.text, b.start, b.end,
                      parent=b.parent, heading=b.heading, data=dict(b.data))
        self.owner_id = e.id

    def _flush_item(self, b: Builder) -> None:
        text = b.text
        title = b.title
        data = dict(b.data)
        m = VERSION_TAG.search(title)
        if m:
            data["version"] = m.group("v")
            title = VERSION_TAG.sub(" ", title).strip()
        ctx = data.pop("ctx", None)
        card = data.get("card")
        if ctx == "errata" or card:
            kind = "errata" if SHOULD.search(text) else ("ruling" if card else "clarification")
        elif ctx == "keywords":
            kind = "keyword"
        elif ctx in ("faq", "cards"):
            kind = "ruling"
        elif ctx == "clarification":
            kind = "clarification"
        else:
            kind = "keyword" if is_term_definition(title, text) else "clarification"
        if REVERSAL.search(text):
            data["reversal"] = True
        if kind == "errata":
            should = re.search(r"should read\s*:?\s*(?P<t>[“\"].*?(?:[”\"]|$))", text, re.I | re.S)
            if should:
                data["new_text"] = should.group("t").strip("“”\" ")
        if kind == "keyword":
            data["term"] = re.sub(r"\s+X$", "", title)
        slug_src = card or title
        rb = RULEBOOK_ERRATA.match(title)
        if rb:
            slug_src = f"{rb.group('book')} page {rb.group('page')}"
            title = f"{rb.group('book')}, page {rb.group('page')}"
        e = self.emit(kind, f"{kind}:{slugify(slug_src, 10)}", title, text, b.start, b.end,
                      parent=b.parent, heading=b.heading, data=data)
        if card:
            e.cards.append(card)
        self.owner_id = e.id
        self.last_item = e

    def _flush_errata_card(self, b: Builder) -> None:
        card = b.data["card"]
        old = "\n".join(b.data.get("old", [])).strip()
        new = "\n".join(b.data.get("new", [])).strip()
        reason = "\n".join(b.data.get("reason", [])).strip()
        text = f"Old text: {old}\nNew text: {new}" + (f"\n{reason}" if reason else "")
        data = {"card": card["name"], "old_text": old, "new_text": new, "reason": reason, "card_block": card}
        e = self.emit("errata", f"errata:{slugify(card['name'], 10)}", card["name"], text, b.start, b.end,
                      parent=b.parent, heading=b.heading, data=data)
        e.cards.append(card["name"])
        self.owner_id = e.id

    def _flush_cardrulings(self, b: Builder) -> None:
        card = b.data["card"]
        paras = b.data.get("paras", [])
        self.card_blocks.append((card, b.start, b.data.get("block_end", b.start)))
        for ptext, pstart, pend in paras:
            e = self.emit("ruling", f"ruling:{slugify(card['name'], 10)}", card["name"],
                          ptext, pstart, pend, parent=b.parent, heading=b.heading, data={"card": card["name"]})
            e.cards.append(card["name"])
            self.owner_id = e.id

    def _flush_list(self, b: Builder) -> None:
        items = b.data.get("items", [])
        desc = "\n".join(b.lines).strip()
        text = desc + ("\n" if desc else "") + "\n".join(items)
        e = self.emit("list", f"list:{slugify(b.title, 8)}", b.title, text, b.start, b.end,
                      parent=b.parent, heading=b.heading, data={"items": items})
        e.cards.extend(items)
        self.owner_id = e.id

    # ----------------------------------------------------------------- driver
    def parse(self) -> ParsedDocument:
        self.card_blocks: list[tuple[dict, int, int]] = []
        lines = self.lines
        i = 0
        while i < len(lines):
            s = lines[i]
            lineno = i + 1
            if not s:
                if self.cur and self.cur.kind == "cardrulings":
                    self.cur.data["para_break"] = True
                i += 1
                continue
            closes = self.style == "numbered" and not self.table_closed and bool(re.search(r"\|\s*\|\s*$", self.raw[i]))
            reason = self.noise_reason(i)
            if reason:
                self.flush()
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
        return ParsedDocument(self.document, self.style, self.entries, self.skipped, cards)

    def step(self, i: int, s: str) -> int:
        lineno = i + 1
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
        tokens = self.rule_tokens(s)
        if tokens:
            return self.start_rules(i, s, tokens)
        m = Q_LINE.match(s)
        if m:
            self.flush()
            topic = self.topic or self.last_item
            self.cur = Builder("faq", lineno, lineno, parent=(topic or self.group).id if (topic or self.group) else None,
                               heading=topic.title if topic else (self.group.title if self.group else None))
            self.cur.data["question"] = m.group("t")
            return i + 1
        m = A_LINE.match(s)
        if m and cur and cur.kind == "faq":
            cur.data.setdefault("answer", []).append(m.group("t"))
            cur.end = lineno
            return i + 1
        m = EXAMPLE.match(s) or NOTE.match(s)
        if m and (cur or self.owner_id):
            kind = "example" if EXAMPLE.match(s) else "note"
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
        if self.looks_like_heading(s) and not (cur and cur.kind in ("rule",) and self.style == "numbered"
                                               and not self._heading_breaks_rule(i)):
            return self.heading(i, s)
        # prose: continues what is open
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
        if self.style == "numbered" and self.entries and self.owner_id:
            # an unnumbered paragraph right after a rule continues it
            prev = self.ids[self.owner_id]
            if prev.kind in ("rule", "section", "example"):
                prev.text = (prev.text + "\n" + s).strip()
                prev.source = Source(prev.source.document, (prev.source.lines[0], lineno))
                prev.refs = find_refs(prev.text)
                return i + 1
        # prose with nothing open: an untitled item under the current group
        self.cur = Builder("item", lineno, lineno, title=" ".join(s.split()[:8]),
                           parent=self.group.id if self.group else None,
                           heading=self.group.title if self.group else None, data={"ctx": self.ctx})
        self.cur.add(s, lineno)
        return i + 1

    def _heading_breaks_rule(self, i: int) -> bool:
        """In numbered documents a short unnumbered line after a rule is a heading only when a
        glossary-like block follows (term then definition), not a continuation."""
        j = self.next_content(i)
        return j is not None and not self.rule_tokens(self.lines[j], probe=True) and \
            context_of(self.lines[i]) == "keywords"

    # -------------------------------------------------------------- starters
    def start_rules(self, i: int, s: str, tokens: list[tuple[int, int, str]]) -> int:
        self.flush()
        lineno = i + 1
        for t, (start, end, num) in enumerate(tokens):
            seg_end = tokens[t + 1][0] if t + 1 < len(tokens) else len(s)
            seg = s[end:seg_end].strip()
            b = Builder("rule", lineno, lineno, number=num,
                        heading=self.group.title if self.group else None)
            nxt = self.next_content(i)
            body_follows = nxt is not None and not self.rule_tokens(self.lines[nxt], probe=True)
            is_section = "." not in num
            short = len(seg.split()) <= 8 and len(seg) <= 70 and not seg.endswith(("?",))
            if seg and short and (is_section or (t == len(tokens) - 1 and body_follows and start == 0)):
                b.title = seg.rstrip(".") if not is_section else seg
            elif is_section and seg:
                # '701. Action powers 701.1 ...' is split by the tokens; a long tail is a body
                b.title = " ".join(seg.split()[:8])
                b.add(seg, lineno)
            else:
                b.add(seg, lineno)
            self.numbers.add(num)
            self.last_key = numbering.key(num)
            self.cur = b
            if t + 1 < len(tokens):
                self.flush()
        return i + 1

    def heading(self, i: int, s: str) -> int:
        lineno = i + 1
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

    def start_list(self, i: int, s: str) -> int:
        lineno = i + 1
        self.group = self.topic = None  # a list is a part of its own, not an item of the set above it
        self.cur = Builder("list", lineno, lineno, title=s.strip())
        return i + 1

    def start_card_block(self, i: int) -> int:
        self.flush()
        card, j = parse_card_block(self.lines, i)
        k = self.next_content(j - 1)
        parent = self.group.id if self.group else None
        heading = self.group.title if self.group else None
        if k is not None and OLD_TEXT.match(self.lines[k]):
            self.cur = Builder("errata-card", i + 1, j, parent=parent, heading=heading, data={"card": card})
        else:
            self.cur = Builder("cardrulings", i + 1, j, parent=parent, heading=heading,
                               data={"card": card, "block_end": j})
        return j

    def errata_card_line(self, i: int, s: str) -> int:
        b = self.cur
        lineno = i + 1
        m = OLD_TEXT.match(s)
        if m:
            b.data["mode"] = "old"
            if m.group("t"):
                b.data.setdefault("old", []).append(m.group("t"))
        elif NEW_TEXT.match(s):
            b.data["mode"] = "new"
            t = NEW_TEXT.match(s).group("t")
            if t:
                b.data.setdefault("new", []).append(t)
            b.data["new_start"] = lineno
        else:
            mode = b.data.get("mode", "old")
            if mode == "new" and lineno - b.end > 1:
                mode = b.data["mode"] = "reason"
            b.data.setdefault(mode, []).append(s)
        b.end = lineno
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


def split_examples(text: str) -> tuple[str, list[str]]:
    """'... rule text. Example: narrative. Card quote ... •Bullet back in the rule.' ->
    (rule text with bullets, [example texts])."""
    parts = re.split(r"(?:(?<=[.!?”\"])\s+|^)(?:For example|Example)\s*:\s*", text)
    if len(parts) == 1:
        return text, []
    rule = parts[0].strip()
    examples = []
    for p in parts[1:]:
        # bullets after an example's card quotes belong to the rule again
        m = re.search(r"\s•", p)
        if m:
            rule = (rule + " " + p[m.start():].strip()).strip()
            p = p[: m.start()]
        examples.append(p.strip())
    return rule, examples


def is_term_definition(term: str, text: str) -> bool:
    """'Armor' / 'Armor does not stack.' ; 'Retaliate' / 'Retaliate X (If a unit ...)'."""
    t = fold(VERSION_TAG.sub(" ", term)).strip()
    if not t or len(t.split()) > 3:
        return False
    head = re.findall(r"[a-z]+", fold(text))[:4]
    stem = t.split()[0]
    stem = stem[: max(4, len(stem) - 2)]
    return any(w.startswith(stem) for w in head)


def detect_style(lines: list[str]) -> str:
    """'numbered' when numbered rules carry most of the text, else 'faq'."""
    total = 0
    numbered = 0
    for line in lines:
        s = DocumentParser._strip_cells(line)
        if not s:
            continue
        total += 1
        if numbering.LINE_START.match(s):
            numbered += 1
    return "numbered" if total and numbered / total >= 0.25 else "faq"


def parse_document(lines: list[str], **kw: Any) -> ParsedDocument:
    return DocumentParser(lines, **kw).parse()
