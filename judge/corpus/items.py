"""Readers for what is not a numbered rule: Q/A pairs, bullet rulings, titled items (clarifications,
keywords, errata), card blocks with their rulings or Old/New Text errata, restricted and banned lists.

A mixin of DocumentParser (parse.py): it reads and writes the parser's state.
"""
from __future__ import annotations

import re

from judge.corpus.cards import parse_card_block
from judge.corpus.lineforms import NEW_TEXT, OLD_TEXT, REVERSAL, RULEBOOK_ERRATA, SHOULD, VERSION_TAG
from judge.corpus.model import Builder
from judge.corpus.text import clean, fold, question_slug, slugify


class ItemReader:
    def _flush_faq(self, b: Builder) -> None:
        q = clean(b.data.get("question", ""))
        a = "\n".join(b.data.get("answer", [])).strip()
        text = f"Q: {q}\nA: {a}" if a else f"Q: {q}"
        data = {"question": q, "answer": a}
        if REVERSAL.search(text):
            data["reversal"] = True
        if b.data.get("card"):
            data["card"] = b.data["card"]
        e = self.emit("faq", f"faq:{question_slug(q)}", q, text, b.start, b.end,
                      parent=b.parent, heading=b.heading, data=data)
        if data.get("card"):
            e.cards.append(data["card"])
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
        old_new = _old_new_text(text) if ctx == "errata" or card else None
        if old_new:  # 'Card Name' + 'Old Text:' / 'New Text:' (/ 'Reason:') under an errata heading
            kind = "errata"
            data.update(old_new)
            if not card and len(title.split()) <= 8:
                card = data["card"] = title
        elif ctx == "errata" or card:
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
        if kind == "errata" and not old_new:
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

    # -------------------------------------------------------------- starters
    def start_list(self, i: int, s: str) -> int:
        lineno = self.lineno(i)
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
            self.cur = Builder("errata-card", self.lineno(i), self.lineno(j - 1), parent=parent, heading=heading,
                               data={"card": card})
        else:
            self.cur = Builder("cardrulings", self.lineno(i), self.lineno(j - 1), parent=parent, heading=heading,
                               data={"card": card, "block_end": self.lineno(j - 1)})
        return j

    def errata_card_line(self, i: int, s: str) -> int:
        b = self.cur
        lineno = self.lineno(i)
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




def _old_new_text(text: str) -> dict[str, str] | None:
    """{old_text, new_text, reason} of a titled item's 'Old Text:' / 'New Text:' / 'Reason:' lines
    (None without a 'New Text:' line)."""
    parts: dict[str, list[str]] = {"old_text": [], "new_text": [], "reason": []}
    mode = "reason"
    for line in text.splitlines():
        m_old, m_new = OLD_TEXT.match(line), NEW_TEXT.match(line)
        m_reason = re.match(r"^Reason\s*:\s*(?P<t>.*)$", line, re.I)
        m = m_old or m_new or m_reason
        if m:
            mode = "old_text" if m_old else "new_text" if m_new else "reason"
            line = m.group("t")
        if line.strip():
            parts[mode].append(line.strip())
    if not parts["new_text"]:
        return None
    return {k: "\n".join(v) for k, v in parts.items()}


def is_term_definition(term: str, text: str) -> bool:
    """'Armor' / 'Armor does not stack.' ; 'Retaliate' / 'Retaliate X (If a unit ...)'."""
    t = fold(VERSION_TAG.sub(" ", term)).strip()
    if not t or len(t.split()) > 3:
        return False
    head = re.findall(r"[a-z]+", fold(text))[:4]
    stem = t.split()[0]
    stem = stem[: max(4, len(stem) - 2)]
    return any(w.startswith(stem) for w in head)
