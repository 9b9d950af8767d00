"""Earlier versions of a document (game.yaml `earlier:`): carry entry ids forward across versions
and keep, on each current entry, how it read in every version it appears in.

Called by judge.corpus.load_game: an entry renamed by a later version (a reworded question, a
renumbered rule), matched by content and position (compare.match_renamed), keeps its first id."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from judge.versions.compare import compare, items, kept_ids, numbered


def trace_versions(root: Path, manifest: Any, spec: Any, current: list[Any], aliases: dict[str, str]) -> dict[str, str]:
    """Parse the earlier versions of `spec`, rename `current`'s entries to the ids they had (after
    the game's aliases), and set each current entry's data["history"]: [{version, date, document,
    lines, title, text}] oldest first. Returns the aliases found by content {derived id: kept id}."""
    from judge.corpus.aliases import apply_aliases

    versions = [*spec.earlier, spec]
    parsed = [parse_version(root, manifest, v) for v in spec.earlier] + [current]
    printed = {id(e): e.id for entries in parsed for e in entries}  # the id each version itself gives
    found: dict[str, str] = {}
    for k, entries in enumerate(parsed):
        apply_aliases(entries, {**found, **aliases})
        if k == 0:
            continue
        ch = compare(manifest.id, items(parsed[k - 1]), items(entries))
        step = kept_ids(ch.renamed, {**found, **aliases})
        found.update(step)
        apply_aliases(entries, step)
        # a renumbered entry takes its new number: its earlier versions' entries follow, for the history
        moved = {o: n for o, n in ch.renamed.items() if numbered(n)}
        for earlier in parsed[:k]:
            for e in earlier:
                e.id = moved.get(e.id, e.id)
    seen: dict[str, list[dict[str, Any]]] = {}
    for v, entries in zip(versions, parsed):
        for e in entries:
            seen.setdefault(e.id, []).append({
                "version": v.version, "date": v.date, "document": e.source.document, "id": printed[id(e)],
                "lines": list(e.source.lines), "title": e.title, "text": e.text})
    for e in current:
        e.data["history"] = seen.get(e.id, [])
    return found


def parse_version(root: Path, manifest: Any, v: Any) -> list[Any]:
    from judge.corpus.numbering import NumberingState
    from judge.corpus.parse import parse_document
    from judge.corpus.manifest import read_listed

    path = manifest.folder / v.path
    lines = read_listed(manifest, v.path)
    parsed = parse_document(lines, game=manifest.id, language=manifest.language,
                            document=str(path.relative_to(root)), card_types=list(manifest.card_types) or None,
                            style=v.style, numbering_state=NumberingState())
    return parsed.entries
