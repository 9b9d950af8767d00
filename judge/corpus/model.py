"""Entries: what a parser makes of a document."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class Source:
    document: str  # path relative to the corpus root, e.g. "huntik/comprehensive-rules-700-712.txt"
    lines: tuple[int, int]  # 1-based, inclusive

    def to_json(self) -> dict[str, Any]:
        return {"document": self.document, "lines": list(self.lines)}


@dataclass
class Entry:
    """One addressable piece of a document: a rule, a Q/A pair, an errata, a card..."""

    id: str
    kind: str
    game: str
    title: str
    text: str
    source: Source
    number: str | None = None
    parent: str | None = None  # id of the parent entry (numbering or heading)
    heading: str | None = None  # the heading the entry sits under, as printed
    refs: list[str] = field(default_factory=list)  # raw references found in the text ("711.2", "page 11")
    cards: list[str] = field(default_factory=list)  # card names the entry talks about
    data: dict[str, Any] = field(default_factory=dict)  # kind-specific: question/answer, old/new text, version...

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["source"] = self.source.to_json()
        return d


@dataclass(frozen=True)
class Skipped:
    """A span left out of the entries, with the reason (blog chatter, boilerplate...)."""

    document: str
    lines: tuple[int, int]
    reason: str
    text: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"document": self.document, "lines": list(self.lines), "reason": self.reason}


@dataclass
class ParsedDocument:
    path: str
    style: str
    entries: list[Entry]
    skipped: list[Skipped]
    cards: list[dict[str, Any]] = field(default_factory=list)  # card blocks printed in the document
    rule_lines: int = 0  # lines that look like numbered rules
    unparsed: list[int] = field(default_factory=list)  # those of them that became no rule entry


@dataclass
class Builder:
    """An entry being collected line by line, until the parser flushes it into an Entry."""

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
