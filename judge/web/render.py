"""Corpus text -> safe HTML: always escaped first, then links and highlights are added to the
escaped text (never the other way round), so no markup from a document reaches the page."""
from __future__ import annotations

import re
from typing import Any, Callable

from markupsafe import Markup, escape

from judge.graph import cards_of, citations

# A rule number as the documents write it: 701.4a, 8.5.1.1, 212.5e, a bare section 703 (only when
# the entry's parser recorded it as a reference), optionally followed by a dot ("(42.)").
_NUMBER_RE = re.compile(r"(?<![\w.+\-/#&])(\d{1,4}(?:\.\d{1,4})*[a-z]?)(?![\w])")
_CONTROL_RE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def clean(text: Any) -> str:
    return _CONTROL_RE.sub("", "" if text is None else str(text))


def entry_links(G: Any, n: str) -> dict[str, str]:
    """Rule numbers in entry `n`'s text -> the id they name, for its game.

    Dotted numbers link when the game has that rule; bare numbers ('703') only when the parser
    recorded them as a reference of the entry (so '3 damage' never becomes a link)."""
    a = G.nodes[n]
    game = a.get("game")
    refs = {str(r).rstrip(".") for r in a.get("refs") or []}
    cites = citations(G, n)
    out: dict[str, str] = {}
    for m in _NUMBER_RE.finditer(a.get("text") or ""):
        num = m.group(1).rstrip(".")
        if "." not in num and num not in refs:
            continue
        target = f"{game}:{num}"
        if target in G and target != n and G.nodes[target].get("kind") in ("rule", "section"):
            out[num] = target
        elif num in refs:
            hit = next((c for c in cites if c.endswith(":" + num)), None)
            if hit:
                out[num] = hit
    return out


def card_names(G: Any, n: str) -> dict[str, str]:
    """Names of the cards entry `n` is about, as the text may write them -> card id: the full name
    and, for 'Dante Vale, Private Investigator', the part before the comma."""
    out: dict[str, str] = {}
    for c in cards_of(G, n):
        if c == n:
            continue
        title = (G.nodes[c].get("title") or "").strip()
        for name in (title, title.split(",")[0].strip()):
            if len(name) >= 4:
                out.setdefault(name, c)
    return out


def linkify(text: Any, links: dict[str, str], href: Callable[[str], str], dangling: set[str] | None = None,
            cards: dict[str, str] | None = None) -> Markup:
    """Escape `text`, then, in one pass over the escaped text, turn each rule number in `links`
    into a link, mark dangling ones, and link the names in `cards` to their card pages."""
    safe = str(escape(clean(text)))
    dangling = dangling or set()
    names = {str(escape(k)): v for k, v in (cards or {}).items()}
    if not (links or dangling or names):
        return Markup(safe)
    parts = [_NUMBER_RE.pattern] if (links or dangling) else []
    if names:
        alts = "|".join(re.escape(k) for k in sorted(names, key=len, reverse=True))
        parts.append(rf"(?<![\w&#])(?P<card>{alts})(?!\w)")
    combined = re.compile("|".join(parts))

    def repl(m: re.Match[str]) -> str:
        card = m.groupdict().get("card")
        if card:
            target = names[card]
            return f'<a class="card-ref" href="{escape(href(target))}" title="{escape(target)}">{card}</a>'
        num = m.group(1).rstrip(".")
        target = links.get(num)
        if target:
            return (f'<a class="ref" href="{escape(href(target))}" title="{escape(target)}">'
                    f"{m.group(1)}</a>")
        if num in dangling:
            return f'<span class="ref dangling" title="not in this corpus">{m.group(1)}</span>'
        return m.group(0)

    return Markup(combined.sub(repl, safe))


def paragraphs(html: Markup) -> Markup:
    """Line breaks of the source text kept as paragraphs (on already-escaped HTML)."""
    parts = [p.strip() for p in str(html).split("\n")]
    return Markup("".join(f"<p>{p}</p>" for p in parts if p))


_OPEN, _CLOSE = "\x01", "\x02"


def highlight(text: Any, stems: dict[str, set[str]]) -> Markup:
    """Escape `text` and wrap the words whose stem the question has in <mark>."""
    from judge.search.text import highlight as mark_words

    raw = clean(text)
    marked = mark_words(raw, stems or {}, lambda w: f"{_OPEN}{w}{_CLOSE}")
    safe = str(escape(marked))
    return Markup(safe.replace(_OPEN, "<mark>").replace(_CLOSE, "</mark>"))


def snippet(text: Any, stems: dict[str, set[str]], width: int = 260) -> Markup:
    from judge.search.text import snippet as cut

    return highlight(cut(clean(text), stems or {}, width), stems)


def word_diff_html(diff: str) -> Markup:
    """A word diff (judge.versions.compare.word_diff: [-removed-] {+added+}) as escaped HTML with
    <del> and <ins>, one paragraph per line."""
    out = []
    for line in clean(diff).splitlines():
        html = str(escape(line))
        html = re.sub(r"\[-(.*?)-\]", r"<del>\1</del>", html)
        html = re.sub(r"\{\+(.*?)\+\}", r"<ins>\1</ins>", html)
        out.append(f"<p>{html}</p>")
    return Markup("".join(out))
