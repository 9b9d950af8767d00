"""Match the entries of two versions of a game: same id, else renamed (same kind, like content,
near position), else added or removed; and a word diff of what changed."""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any

#: kinds that are not document entries (the graph's own nodes)
_NOT_ENTRIES = ("game", "document", "fixture")
#: a renamed entry reads at least this much like its old self (difflib ratio over words)
RENAME_SIMILARITY = 0.6
#: beyond this many unmatched entries of a kind, only the nearest by position are compared
_WINDOW = 60


@dataclass
class Item:
    """What a diff knows of an entry: enough to compare, show and locate it."""

    id: str
    kind: str
    title: str
    text: str
    position: float  # 0..1, its place in its game's entries (document order)
    body: str  # what stays when the entry is renamed: a FAQ's answer, else the text without its number
    source: dict[str, Any] | None = None
    marked: bool = False  # a not-executable mark in the corpus

    @property
    def content(self) -> str:
        return shown_text(self.title, self.text)


@dataclass
class GameChanges:
    game: str
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    renamed: dict[str, str] = field(default_factory=dict)  # old id -> new id
    old: dict[str, Item] = field(default_factory=dict)
    new: dict[str, Item] = field(default_factory=dict)

    def word_diff(self, new_id: str, old_id: str | None = None) -> str:
        return word_diff(self.old[old_id or new_id].content, self.new[new_id].content)


def numbered(entry_id: str) -> bool:
    """Whether an id is a printed number (a rule, a section, an example under a rule): such an id
    follows the document's numbering (a renumbered rule takes its new number, the old number finds
    it); any other id (a FAQ's question slug, a title) is kept when the entry is reworded or moves."""
    return bool(re.match(r"\d", entry_id.split(":", 1)[-1]))


def kept_ids(renamed: dict[str, str], kept: dict[str, str] | None = None) -> dict[str, str]:
    """The aliases that keep the ids of renamed entries (old id -> new id pairs): a numbered entry's
    old id finds the new one (old -> new); any other entry keeps its old id (new -> old, the old
    id itself followed through `kept`, the aliases already known)."""
    kept = kept or {}
    return {(o if numbered(n) else n): (n if numbered(n) else kept.get(o, o)) for o, n in renamed.items()}


def items(entries: list[Any]) -> dict[str, Item]:
    """judge.corpus Entry objects -> Items by id (cards that are only a name mentioned are left out:
    they are derived from other entries, whose own change the diff reports)."""
    kept = [e for e in entries if e.kind not in _NOT_ENTRIES and not (e.kind == "card" and not e.text)]
    n = max(1, len(kept) - 1)
    out: dict[str, Item] = {}
    for i, e in enumerate(kept):
        data = e.data or {}
        body = data.get("answer") if e.kind == "faq" and data.get("answer") else e.text
        out[e.id] = Item(e.id, e.kind, e.title or "", e.text or "", i / n, _norm(body or ""),
                         e.source.to_json() if hasattr(e.source, "to_json") else None,
                         bool(data.get("not_executable")))
    return out


def compare(game: str, old: dict[str, Item], new: dict[str, Item]) -> GameChanges:
    """Same id and like content: changed (or not); otherwise matched by content (renamed), else
    added or removed. A numbered id whose text is now unlike its old text (a rule inserted before
    it shifted the numbers) takes part in the matching too: its old text may have moved on."""
    ch = GameChanges(game, old=old, new=new)
    differ = [i for i in new if i in old and _norm(old[i].content) != _norm(new[i].content)]
    shifted = {i for i in differ if numbered(i) and similarity(old[i], new[i]) < RENAME_SIMILARITY}
    gone = [i for i in old if i not in new or i in shifted]
    came = [i for i in new if i not in old or i in shifted]
    renamed = match_renamed([old[i] for i in gone], [new[i] for i in came])
    taken = set(renamed.values())
    ch.renamed = dict(sorted(((o, n) for o, n in renamed.items() if o != n), key=lambda p: new[p[1]].position))
    ch.changed = [i for i in differ if i not in shifted or (i not in renamed and i not in taken) or renamed.get(i) == i]
    ch.removed = [i for i in gone if i not in renamed and i not in shifted]
    ch.added = [i for i in came if i not in taken and i not in shifted]
    ch.added += [i for i in shifted if i in renamed and i not in taken]  # its old text moved on; a new one here
    ch.removed += [i for i in shifted if i in taken and i not in renamed]  # it took another's text; its own went
    return ch


def match_renamed(gone: list[Item], came: list[Item]) -> dict[str, str]:
    """Old id -> new id for entries that changed id but not substance: the same kind, a body that
    reads alike (a reworded FAQ question keeps its answer; a renumbered rule keeps its words), the
    nearest in position first. Greedy on the best pairs, each entry used once."""
    out: dict[str, str] = {}
    by_kind: dict[str, tuple[list[Item], list[Item]]] = {}
    for it in gone:
        by_kind.setdefault(it.kind, ([], []))[0].append(it)
    for it in came:
        by_kind.setdefault(it.kind, ([], []))[1].append(it)
    for olds, news in by_kind.values():
        if not olds or not news:
            continue
        pairs = []
        for n in news:
            near = sorted(olds, key=lambda o: abs(o.position - n.position))[:_WINDOW]
            for o in near:
                sim = similarity(o, n)
                if sim >= RENAME_SIMILARITY:
                    pairs.append((sim - 0.1 * abs(o.position - n.position), o.id, n.id))
        used_old: set[str] = set()
        used_new: set[str] = set()
        for _score, o, n in sorted(pairs, key=lambda p: (-p[0], p[1], p[2])):
            if o not in used_old and n not in used_new:
                out[o] = n
                used_old.add(o)
                used_new.add(n)
    return out


def similarity(a: Item, b: Item) -> float:
    """How alike two entries read: their bodies (exactly equal bodies: 1.0), else their whole texts."""
    if a.body and a.body == b.body:
        return 1.0
    wa, wb = a.body.split(), b.body.split()
    sm = difflib.SequenceMatcher(None, wa, wb, autojunk=False)
    if sm.real_quick_ratio() < RENAME_SIMILARITY or sm.quick_ratio() < RENAME_SIMILARITY:
        return 0.0
    body = sm.ratio()
    whole = difflib.SequenceMatcher(None, _norm(a.content).split(), _norm(b.content).split(), autojunk=False).ratio()
    return max(body, whole) if body >= RENAME_SIMILARITY else whole


def shown_text(title: str | None, text: str | None) -> str:
    """What a reader sees of an entry: its text, headed by its title unless the text says it (a
    FAQ's question is both its title and its first line)."""
    title, text = (title or "").strip(), (text or "").strip()
    return text if not title or " ".join(title.split()) in " ".join(text.split()) else f"{title}\n{text}"


def word_diff(old: str, new: str) -> str:
    """The new text with removed words as [-...-] and added ones as {+...+}."""
    a, b = re.findall(r"\S+|\n", old), re.findall(r"\S+|\n", new)
    out: list[str] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(_join(a[i1:i2]))
            continue
        if i2 > i1:
            out.append("[-" + _join(a[i1:i2]) + "-]")
        if j2 > j1:
            out.append("{+" + _join(b[j1:j2]) + "+}")
    return " ".join(x for x in out if x).replace(" \n ", "\n")


def _join(words: list[str]) -> str:
    return " ".join(words).replace(" \n ", "\n").strip(" ")


def _norm(text: str) -> str:
    """Text as compared: whitespace and the leading number or Q/A marker do not count."""
    t = " ".join(text.split())
    return re.sub(r"^(?:[QA][.:]\s*)", "", t)
