"""Reading numbered rules: where a rule starts (also several run together on one line, a number alone
on its line with the text below, a number in a markdown heading), its title, its parent, its examples,
chapters printed without a dot ('1 Game Concepts'), and a number printed twice.

A mixin of DocumentParser (parse.py): it reads and writes the parser's state.
"""
from __future__ import annotations

import re

from judge.corpus import numbering
from judge.corpus.cards import find_card_quotes
from judge.corpus.lineforms import EXAMPLE, NOTE
from judge.corpus.model import Builder, Entry, Skipped


class RuleReader:
    def rule_tokens(self, s: str, probe: bool = False, heading: bool = False) -> list[tuple[int, int, str]]:
        """[(start, end, number)] of the rule numbers that begin rules on this line (`heading`: the
        line is a markdown heading, where a number alone is always a chapter or section)."""
        out: list[tuple[int, int, str]] = []
        m = numbering.line_start(self.sep).match(s)
        if m:
            num = numbering.normalise(m.group("num"), self.sep)
            if len(numbering.parts(num)) > 1 or (self.numbered and (heading or self._plausible_section(num, s[m.end():]))):
                out.append((m.start(), m.end(), num))
        if self.numbered and (out or probe is False):
            last = numbering.key(out[-1][2]) if out else self.last_key
            for r in numbering.run_in(self.sep).finditer(s):
                if out and r.start() < out[0][1]:
                    continue
                num = numbering.normalise(r.group("num"), self.sep)
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
        title = numbering.run_in(self.sep).split(rest)[0] if rest else ""
        k = numbering.key(num)
        if self.last_key and k[0] > self.state.last_top and (self.state.top_rules or len(num) >= 3):
            # rules numbered at the top level ('102. Riftbound is a game where ...'), in order
            return True
        if len(title.split()) > 10 or title.endswith((".", ":", ",")) and len(title.split()) > 6:
            return False
        # chapters ('1. Game Concepts') may precede rules numbered in hundreds ('100.1'), so any
        # change of top-level number counts; repeating the current one does not.
        return not self.last_key or k[0] != self.last_key[0]

    def chapter_line(self, i: int, s: str) -> str | None:
        """'1 Game Concepts' followed by rules 1.x or 100-199, or '1. Concepts' where the numbering
        starts again after a contents list: the chapter's number."""
        m = numbering.CHAPTER.match(s)
        if not m or not self.numbered or self.cells[i] or len(m.group("title").split()) > 7:
            return None
        n = int(m.group("num"))
        j = i + 1
        while j < len(self.lines) and j <= i + 6:
            toks = self.rule_tokens(self.lines[j], probe=True) if self.lines[j].strip() else []
            if toks:
                k = numbering.key(toks[0][2])
                if m.group("dot"):
                    # '1. Concepts' after a contents list '1.1 ... 1.2 ...': the rules start again under it
                    return m.group("num") if k[0] == n and self.last_key and k <= self.last_key else None
                return m.group("num") if k[0] == n or n * 100 <= k[0] < (n + 1) * 100 else None
            j += 1
        return None

    # --------------------------------------------------------------- flushing
    def _parent_of(self, num: str) -> str | None:
        st = self.state
        parent = numbering.parent_number(num, st.known)
        if parent:
            return f"{self.game}:{parent}"
        k = numbering.key(num)
        if len(k) == 1 and (k[0] >= 100 or len(num) >= 3):
            # 'X00. Game Concepts' heads X01-X99, chapter 'X' heads X00-X99
            head = str(k[0] // 100 * 100).zfill(len(num))
            if head != num and head in st.headings:
                return f"{self.game}:{head}"
            chapter = numbering.chapter_of(num, st.chapters)
            if chapter:
                return f"{self.game}:{chapter}"
        return self.group.id if self.group else None

    def _flush_rule(self, b: Builder) -> None:
        text = re.sub(r"^\.\s+", "", b.text)  # Hatalom Kártyái prints ". " before a titled rule's body
        text, examples = split_examples(text)
        top = len(numbering.parts(b.number)) == 1
        data = dict(b.data)
        heading = data.pop("heading_level", 0)
        kind = "section" if heading or (top and (b.title or not text)) else "rule"
        eid = f"{self.game}:{b.number}"
        if eid in self.ids:
            old = self.ids[eid]
            listed = old.text if old.text and len(old.text.split()) <= 10 and "\n" not in old.text else ""
            if (not old.text and (not text or old.title == b.title)) or \
                    (listed and listed.rstrip(".") == b.title):
                # the earlier one was a table-of-contents line: the rule itself replaces it
                self.entries.remove(old)
                del self.ids[eid]
                self.skipped.append(Skipped(self.document, old.source.lines, "table of contents line"))
            else:
                self.skip(b.start, b.end, f"rule number {b.number} printed a second time (first at line "
                                          f"{old.source.lines[0]})")
                return
        parent_id = self._parent_of(b.number)
        e = self.emit(kind, b.number, b.title, text, b.start, b.end, number=b.number,
                      parent=parent_id, heading=b.heading, data=data, exact_id=True)
        if not text:
            self.state.headings.add(b.number)
            if top and len(b.number) <= 2 and not b.number.startswith("0"):
                self.state.chapters.setdefault(numbering.key(b.number)[0], b.number)
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

    # -------------------------------------------------------------- starters
    def start_rules(self, i: int, s: str, tokens: list[tuple[int, int, str]]) -> int:
        self.flush()
        lineno = self.lineno(i)
        level = self.levels[i]
        for t, (start, end, num) in enumerate(tokens):
            seg_end = tokens[t + 1][0] if t + 1 < len(tokens) else len(s)
            seg = s[end:seg_end].strip()
            b = Builder("rule", lineno, lineno, number=num,
                        heading=self.group.title if self.group else None)
            if level:
                b.data["heading_level"] = level
            nxt = self.next_content(i)
            body_follows = nxt is not None and not self.rule_tokens(self.lines[nxt], probe=True) \
                and not self.levels[nxt] and not self.chapter_line(nxt, self.lines[nxt]) \
                and not (seg.endswith((".", "!")) and (NOTE.match(self.lines[nxt]) or EXAMPLE.match(self.lines[nxt])
                                                        or self._heading_breaks_rule(nxt)))
            # (a sentence, then its 'Note:' or 'Example:' child or a part of its own ('Card Errata', 'Glossary'):
            # the sentence is the rule's text, not a title)
            is_section = len(numbering.parts(num)) == 1
            if is_section and len(seg.split()) > 8 and seg.endswith((".", ":")):
                self.state.top_rules = True  # '102. Riftbound is a game where ...': rules at the top level
            short = len(seg.split()) <= 8 and len(seg) <= 70 and not seg.endswith(("?",))
            heads_children = (t == len(tokens) - 1 and start == 0 and not body_follows and nxt is not None
                              and not seg.endswith((".", ":", ";", ",")) and self._child_follows(nxt, num))
            sentence = self.state.top_rules and seg.endswith((".", ":"))  # a rule's text, not a title
            if seg and (level or short and not sentence and (is_section or heads_children
                                            or (t == len(tokens) - 1 and body_follows and start == 0))):
                b.title = seg.rstrip(".") if not is_section else seg
            elif is_section and seg and not (self.state.top_rules and seg.endswith((".", ":"))):
                # '701. Action powers 701.1 ...' is split by the tokens; a long tail is a body
                b.title = " ".join(seg.split()[:8])
                b.add(seg, lineno)
            else:
                b.add(seg, lineno)
            self.numbers.add(num)
            self.state.known.add(num)
            self.last_key = numbering.key(num)
            self.state.last_top = max(self.state.last_top, self.last_key[0]) if self.last_key else self.state.last_top

            self.cur = b
            if t + 1 < len(tokens):
                self.flush()
        return i + 1

    def _child_follows(self, j: int, num: str) -> bool:
        """The rule on line j is numbered under `num` ('8-4' then '8-4-1'): `num` is a heading."""
        toks = self.rule_tokens(self.lines[j], probe=True)
        return bool(toks) and num in numbering.prefixes(toks[0][2])

    def start_chapter(self, i: int, s: str, num: str) -> int:
        self.flush()
        lineno = self.lineno(i)
        title = s[len(num):].lstrip(".").strip()
        b = Builder("rule", lineno, lineno, number=num, title=title)
        self.numbers.add(num)
        self.state.known.add(num)
        self.last_key = numbering.key(num)
        self.cur = b
        return i + 1


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
