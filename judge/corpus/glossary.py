"""Reading a rulebook's glossary: each term becomes a keyword entry, linked to the rules it cites.

Layouts seen in published rules:

- a term on its own line (plain, or a markdown heading '## activated ability'), its definition below,
  possibly in several paragraphs ('noun. …' / 'verb. …');
- numbered senses under a term ('1. A zone used only …', '2. …'): part of the definition, never
  rule numbers;
- a term per table row (term cell, definition cell).

The glossary starts at a heading 'Glossary' (or 'Definitions', 'Glossary of Terms') and ends at the next
numbered rule or numbered heading. A mixin of DocumentParser (parse.py).
"""
from __future__ import annotations

import re

from judge.corpus import numbering
from judge.corpus.model import Builder
from judge.corpus.text import slugify

GLOSSARY_HEADING = re.compile(
    r"^(?:glossary(?: of (?:terms|keywords))?|definitions|keyword glossary|szójegyzék|fogalomtár)\s*:?$", re.I
)
_NOT_TERM_END = (".", ":", ";", ",", "!", "?", "”", '"', ")")


def is_glossary_heading(s: str) -> bool:
    return bool(GLOSSARY_HEADING.match(s.strip()))


class GlossaryReader:
    def start_glossary(self, i: int, s: str) -> int:
        self.flush()
        lineno = self.lineno(i)
        e = self.emit("section", f"section:{slugify(s, 8)}", s.strip().rstrip(":"), "", lineno, lineno)
        self.group = self.glossary = e
        self.glossary_level = self.levels[i]
        self.topic = None
        return i + 1

    def _is_term(self, i: int, s: str) -> bool:
        t = s.strip()
        if not t or re.match(r"^\d", t) or re.match(r"^(?:example|note)\b", t, re.I):
            return False
        if self.levels[i]:
            return True
        words = t.split()
        if len(words) > 6 or len(t) > 60 or t.endswith(_NOT_TERM_END):
            return False
        j = self.next_content(i)
        return j is not None and len(self.lines[j].split()) > len(words)

    def glossary_step(self, i: int, s: str) -> int | None:
        """Reads one line of the glossary; None when the glossary has ended there."""
        lineno = self.lineno(i)
        toks = self.rule_tokens(s, probe=True)
        if toks and (len(numbering.parts(toks[0][2])) > 1 or self.levels[i]):
            self.glossary = None
            return None
        if self.levels[i] and self.glossary_level and self.levels[i] < self.glossary_level:
            self.glossary = None
            return None
        if "\t" in s:
            term, _, definition = s.partition("\t")
            self.flush()
            self.cur = Builder("term", lineno, lineno, title=term.strip())
            self.cur.add(definition.strip(), lineno)
            return i + 1
        if self._is_term(i, s):
            self.flush()
            self.cur = Builder("term", lineno, lineno, title=s.strip())
            return i + 1
        if self.cur is not None and self.cur.kind == "term":
            self.cur.add(s, lineno)
            return i + 1
        # a definition whose term the conversion lost: it continues the previous one
        prev = self.ids.get(self.owner_id) if self.owner_id else None
        if prev is not None and prev.kind == "keyword":
            self.extend_entry(prev, s, lineno)
            return i + 1
        return None

    def _flush_term(self, b: Builder) -> None:
        term = b.title
        e = self.emit("keyword", f"keyword:{slugify(term, 8)}", term, b.text, b.start, b.end,
                      parent=self.glossary.id if self.glossary else None,
                      heading=self.glossary.title if self.glossary else None,
                      data={"term": term, "glossary": True})
        self.owner_id = e.id
