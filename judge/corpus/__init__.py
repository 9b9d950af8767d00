"""Rules corpus: game folders -> manifests -> documents -> entries, with cards and references resolved.

    corpus = load_corpus()                       # the bundled rules_corpus/
    corpus.games["huntik"].entries               # list[Entry]
    corpus.hash                                  # content hash of manifests, documents and parser code
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from judge.corpus.aliases import apply_aliases, load_aliases
from judge.corpus.cards import names_from_mentions
from judge.corpus.manifest import GameManifest, load_manifest, read_listed
from judge.corpus.marks import load_marks, load_rule_marks
from judge.corpus.model import Entry, ParsedDocument, Skipped, Source
from judge.corpus import numbering
from judge.corpus.numbering import NumberingState
from judge.corpus.parse import parse_document
from judge.corpus.text import fold, slugify
from judge.corpus_files import corpus_hash, game_folders, warn_if_symlink_loop  # noqa: F401 - kept importable from here
from judge.errors import CorpusError, UnknownGameError
from judge.paths import default_corpus_dir

__all__ = ["Corpus", "GameCorpus", "Entry", "Source", "Skipped", "load_corpus", "load_manifest", "default_corpus_dir"]


@dataclass
class GameCorpus:
    manifest: GameManifest
    entries: list[Entry]
    skipped: list[Skipped]
    documents: list[ParsedDocument]
    citations: dict[str, list[str]] = field(default_factory=dict)  # entry id -> cited entry ids
    marks: dict[str, dict[str, Any]] = field(default_factory=dict)  # not-executable rulings (marks.py)
    rule_marks: dict[str, str] = field(default_factory=dict)  # entries that state a general rule (marks.py)
    dangling: list[dict[str, str]] = field(default_factory=list)  # {"from", "ref", "reason"}
    aliases: dict[str, str] = field(default_factory=dict)  # another id -> the id its entry keeps (aliases.py)
    found_aliases: dict[str, str] = field(default_factory=dict)  # of those, found by content, not in aliases.yaml
    unknown_marks: list[str] = field(default_factory=list)  # marked ids this version lacks (lenient_marks)

    @property
    def id(self) -> str:
        return self.manifest.id

    def by_id(self) -> dict[str, Entry]:
        return {e.id: e for e in self.entries}

    def report(self) -> dict[str, Any]:
        by_kind: dict[str, int] = {}
        for e in self.entries:
            by_kind[e.kind] = by_kind.get(e.kind, 0) + 1
        return {
            "entries": len(self.entries),
            "by_kind": dict(sorted(by_kind.items())),
            "documents": [{"path": d.path, "style": d.style, "entries": len(d.entries)} for d in self.documents],
            "refs": {
                "resolved": sum(len(v) for v in self.citations.values()),
                "dangling": self.dangling,
            },
            "skipped": [s.to_json() for s in self.skipped],
            "not_executable": len(self.marks),
            "aliases": len(self.aliases),
            "folder": str(self.manifest.folder),
            "found_aliases": dict(self.found_aliases),
            "states_rule": len(self.rule_marks),
            "unparsed_rule_lines": self.unparsed_rule_lines(),
        }

    def unparsed_rule_lines(self) -> dict[str, Any]:
        """Lines that look like numbered rules but became no rule entry; `under_parsed` when there
        are enough of them to think the document's numbering was not understood."""
        lost = [{"document": d.path, "line": n} for d in self.documents for n in d.unparsed]
        seen = sum(d.rule_lines for d in self.documents)
        return {"count": len(lost), "of": seen, "lines": lost[:20],
                "under_parsed": len(lost) >= max(3, 0.02 * seen)}


@dataclass
class Corpus:
    root: Path
    games: dict[str, GameCorpus]
    hash: str

    def entries(self) -> Iterator[Entry]:
        for g in self.games.values():
            yield from g.entries

    def game(self, gid: str) -> GameCorpus:
        if gid not in self.games:
            raise UnknownGameError(gid, sorted(self.games))
        return self.games[gid]


_game_folders = game_folders  # the name judge.cli.browse and judge.card_lookup import


def load_corpus(corpus_dir: Path | str | None = None, lenient_marks: bool = False) -> Corpus:
    root = Path(corpus_dir) if corpus_dir else default_corpus_dir()
    games: dict[str, GameCorpus] = {}
    for folder in _game_folders(root):
        manifest = load_manifest(folder)
        if manifest.id in games:
            raise CorpusError(f"game id {manifest.id!r} used twice", path=str(folder / "game.yaml"))
        games[manifest.id] = load_game(root, manifest, lenient_marks)
    return Corpus(root, games, corpus_hash(root))


def load_game(root: Path, manifest: GameManifest, lenient_marks: bool = False) -> GameCorpus:
    """One game's entries. `lenient_marks`: not-executable marks naming ids this version lacks are
    skipped (listed in `unknown_marks`) instead of an error (a new version read by `judge diff`)."""
    docs: list[ParsedDocument] = []
    numbering = NumberingState()  # a rulebook in several files continues its numbering
    for spec in manifest.documents:
        path = manifest.folder / spec.path
        rel = str(path.relative_to(root))
        lines = read_listed(manifest, spec.path)
        parsed = parse_document(
            lines, game=manifest.id, language=manifest.language, document=rel,
            card_types=list(manifest.card_types) or None, style=spec.style, numbering_state=numbering,
        )
        if not parsed.entries:
            raise CorpusError("no recognisable entries (numbered rules, Q/A pairs, headed rulings or errata)",
                              path=str(path))
        docs.append(parsed)
    aliases = load_aliases(manifest.folder, manifest.id)
    found: dict[str, str] = {}
    for spec, d in zip(manifest.documents, docs):
        if spec.earlier:  # ids carried forward from the earlier versions, each entry's history
            from judge.versions.history import trace_versions

            found.update(trace_versions(root, manifest, spec, d.entries, aliases))
    entries: list[Entry] = []
    skipped: list[Skipped] = []
    for d in docs:
        entries.extend(d.entries)
        skipped.extend(d.skipped)
    apply_aliases(entries, aliases)
    entries, dupes = _drop_duplicates(entries)
    skipped.extend(dupes)
    cards = _collect_cards(manifest.id, docs, entries)
    entries.extend(cards)
    _find_mentions(entries, cards)
    game = GameCorpus(manifest, entries, skipped, docs, aliases={**found, **aliases},
                      found_aliases={k: v for k, v in found.items() if aliases.get(k) != v})
    _resolve_refs(game)
    ids = game.by_id()
    game.marks = load_marks(manifest.folder, ids, game.unknown_marks if lenient_marks else None)
    for eid, mark in game.marks.items():
        ids[eid].data["not_executable"] = dict(mark)
    game.rule_marks = load_rule_marks(manifest.folder, ids, game.unknown_marks if lenient_marks else None)
    for eid, rule in game.rule_marks.items():
        ids[eid].data["states_rule"] = True
        ids[eid].data["general_rule"] = rule
    return game


def _drop_duplicates(entries: list[Entry]) -> tuple[list[Entry], list[Skipped]]:
    """An entry printed twice word for word (same kind and title) is kept once; the repeat is reported."""
    seen: dict[tuple[str, str, str], Entry] = {}
    keep: list[Entry] = []
    dupes: list[Skipped] = []
    for e in entries:
        k = (e.kind, e.title, e.text)
        # a numbered rule is its own rule even when its words repeat another's ('Second, the active
        # player gets priority.' is 504.2 and 507.2): a number printed twice is the parser's business
        if e.text and k in seen and not e.number:
            dupes.append(Skipped(e.source.document, e.source.lines, f"repeats {seen[k].id} word for word"))
            continue
        seen[k] = e
        keep.append(e)
    return keep, dupes


def _collect_cards(game: str, docs: list[ParsedDocument], entries: list[Entry]) -> list[Entry]:
    cards: dict[str, Entry] = {}

    def card(name: str, source: Source) -> Entry:
        name = re.sub(r"\s+", " ", name).strip().strip("“”\"")
        sid = f"{game}:card:{slugify(name, 12)}"
        if sid not in cards:
            cards[sid] = Entry(id=sid, kind="card", game=game, title=name, text="", source=source,
                               data={"texts": [], "errata": [], "printed_text": None})
        return cards[sid]

    for d in docs:
        for block in d.cards:
            c = card(block["name"], block["source"])
            c.source = block["source"]
            c.data.update(type=block.get("type"), cost=block.get("cost"), stats=block.get("stats"))
            c.data["printed_text"] = block.get("text") or c.data.get("printed_text")
    for e in entries:
        for q in e.data.get("card_quotes", []):
            c = card(q["name"], e.source)
            c.data.update(type=q["type"], traits=q["traits"], stats=q["stats"])
            c.data["printed_text"] = q["text"]
        block = e.data.get("card_block")
        if block:
            c = card(block["name"], e.source)
            c.data.update(type=block.get("type"), cost=block.get("cost"), stats=block.get("stats"))
        if e.kind == "errata" and e.data.get("card"):
            c = card(e.data["card"], e.source)
            c.data["errata"].append(e.id)
            old = e.data.get("old_text")
            if old and not c.data.get("printed_text"):
                c.data["printed_text"] = old
            if e.data.get("new_text"):
                c.data["texts"].append({"text": e.data["new_text"], "errata": e.id,
                                        "reason": e.data.get("reason") or ""})
        elif e.data.get("card"):
            card(e.data["card"], e.source)
        if e.kind == "list":
            for item in e.data.get("items", []):
                card(item, e.source)
        for name in names_from_mentions(e.text):
            card(name, e.source)
    for c in cards.values():
        texts = c.data["texts"]
        c.text = texts[-1]["text"] if texts else (c.data.get("printed_text") or "")
        if texts and c.data.get("printed_text"):
            c.data["old_texts"] = [c.data["printed_text"]] + [t["text"] for t in texts[:-1]]
    return list(cards.values())


def _find_mentions(entries: list[Entry], cards: list[Entry]) -> None:
    """entry.cards: names said in the entry (full names; short names before a comma when unique)."""
    full = {c.title: c.title for c in cards}
    short: dict[str, list[str]] = {}
    for c in cards:
        base = re.sub(r"\s*\([A-Z]\)$", "", c.title)
        for alias in {base, base.split(",")[0].strip(), base.split(" <> ")[0].strip()}:
            if alias != c.title and len(alias) >= 4:
                short.setdefault(alias, []).append(c.title)
    aliases = dict(full)
    for alias, owners in short.items():
        if len(set(owners)) == 1 and alias not in aliases:
            aliases[alias] = owners[0]
    if not aliases:
        return
    rx = re.compile(r"(?<![\w’'])(" + "|".join(re.escape(a) for a in sorted(aliases, key=len, reverse=True)) + r")(?![\w])")
    for e in entries:
        if e.kind == "card":
            continue
        found = list(dict.fromkeys([*e.cards, *(aliases[m.group(1)] for m in rx.finditer(e.text + "\n" + e.title))]))
        e.cards = [aliases.get(n, n) for n in found]


def _resolve_refs(game: GameCorpus) -> None:
    ids = game.by_id()
    # a reference spelled another way than the rule's number ('8.4' in a dashed rulebook, '103.1b'
    # for '103.1.b') finds it by its sort key
    by_key: dict[tuple[int, ...], str] = {}
    for e in game.entries:
        if e.number:
            by_key.setdefault(numbering.key(e.number), e.id)
    by_title: dict[str, str] = {}
    for e in game.entries:
        if e.kind in ("section", "clarification", "keyword", "rule"):
            by_title.setdefault(fold(e.title), e.id)
    for e in game.entries:
        targets: list[str] = []
        kept: list[str] = []
        for ref in e.refs:
            if ref.startswith("bare:"):
                # a number in running text: a reference only when the game has that rule
                t = _rule_id(game.id, ref[5:], ids, by_key)
                if t and t != e.id:
                    targets.append(t)
                    kept.append(ref[5:])
                continue
            kept.append(ref)
            if ref.startswith("page "):
                game.dangling.append({"from": e.id, "ref": ref, "reason": "page of a printed rulebook"})
                continue
            if ref.startswith("label:"):
                label = ref[6:] + "."
                t = next((x.id for x in game.entries if x.title.startswith(label + " ") and x.id != e.id), None)
                if t:
                    targets.append(t)
                else:
                    game.dangling.append({"from": e.id, "ref": ref, "reason": "no entry with that label"})
                continue
            if ref.startswith("title:"):
                t = by_title.get(fold(ref[6:]))
                if t and t != e.id:
                    targets.append(t)
                else:
                    game.dangling.append({"from": e.id, "ref": ref, "reason": "no entry with that title"})
                continue
            tid = _rule_id(game.id, ref, ids, by_key) or f"{game.id}:{ref}"
            if tid in ids and tid != e.id:
                targets.append(tid)
            elif tid != e.id:
                game.dangling.append({"from": e.id, "ref": ref, "reason": "rule not in this corpus"})
        if e.data.get("reversal"):
            game.dangling.append({"from": e.id, "ref": "previous ruling",
                                  "reason": "reversal of a ruling that is not in this corpus"})
        e.refs = list(dict.fromkeys(kept))
        if targets:
            game.citations[e.id] = list(dict.fromkeys(targets))


def _rule_id(game: str, ref: str, ids: dict[str, Entry], by_key: dict[tuple[int, ...], str]) -> str | None:
    ref = ref.rstrip(".")
    if f"{game}:{ref}" in ids:
        return f"{game}:{ref}"
    k = numbering.key(ref)
    return by_key.get(k) if k and re.fullmatch(r"[\d.\-a-z]+", ref) else None
