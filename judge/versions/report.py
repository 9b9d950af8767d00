"""`judge diff`'s report: per game, what changed between two versions, the ruling scenarios each
change touches, and the new entries nothing checks yet."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from judge.corpus.marks import RULING_KINDS
from judge.versions.compare import GameChanges, compare, items
from judge.versions.sources import Side


def scenario_index(rulings: Path | None) -> dict[str, list[tuple[str, str]]]:
    """entry id -> [(scenario path, "ruling" | "cites")] over every *.ruling.yaml under `rulings`.
    Only the two id fields are read (safe YAML), so a scenario broken in other ways still counts."""
    import yaml

    from judge.scenarios.loader import display_path

    out: dict[str, list[tuple[str, str]]] = {}
    if rulings is None or not Path(rulings).is_dir():
        return out
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    for path in sorted(Path(rulings).rglob("*.ruling.yaml")):
        try:
            raw = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)  # noqa: S506 - a safe loader
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            continue
        if not isinstance(raw, dict):
            continue
        shown = display_path(path)
        ruling = raw.get("ruling")
        if isinstance(ruling, str):
            out.setdefault(ruling, []).append((shown, "ruling"))
        for c in raw.get("cites") or []:
            if isinstance(c, str) and c != ruling:
                out.setdefault(c, []).append((shown, "cites"))
    return out


def diff_report(old: Side, new: Side, rulings: Path | None = None) -> dict[str, Any]:
    """The `judge diff --json` object (DESIGN.md section 8), with details: per changed or renamed
    entry its word diff, per touched entry the scenarios (role "ruling": the scenario confirms it;
    "cites": it relies on it)."""
    index = scenario_index(rulings)
    games: dict[str, Any] = {}
    changes: dict[str, GameChanges] = {}
    for gid in sorted(set(old.games) | set(new.games)):
        o = items(old.games[gid].entries) if gid in old.games else {}
        n = items(new.games[gid].entries) if gid in new.games else {}
        ch = changes[gid] = compare(gid, o, n)
        touched = ch.changed + ch.removed + list(ch.renamed)
        affected: dict[str, list[dict[str, str]]] = {}
        for i in touched:
            if index.get(i):
                affected[i] = [{"fixture": p, "role": r} for p, r in index[i]]
        fixtures = sorted({x["fixture"] for v in affected.values() for x in v})
        unchecked = [i for i in ch.added if ch.new[i].kind in RULING_KINDS and not index.get(i)
                     and not ch.new[i].marked]
        games[gid] = {
            "added": ch.added, "removed": ch.removed, "changed": ch.changed, "renamed": ch.renamed,
            "affected_fixtures": fixtures, "new_without_fixture": unchecked,
            "affected": affected,
            "diffs": {**{i: ch.word_diff(i) for i in ch.changed},
                      **{n_: ch.word_diff(n_, o_) for o_, n_ in ch.renamed.items()}},
            "entries": {"old": len(o), "new": len(n)},
            # not-executable marks naming an id the new version lacks (a reworded entry: --accept)
            "unknown_marks": list(getattr(new.games.get(gid), "unknown_marks", None) or []),
        }
    return {"old": old.label, "new": new.label, "games": games, "_changes": changes,
            "_shown": {"old": old.shown, "new": new.shown}}


def render(report: dict[str, Any], accepted: bool = False) -> list[str]:
    """The readable report: per game the counts, each change with its word diff and the scenarios
    it touches, and the new entries nothing checks yet (styled with click: echo strips the styles
    when they are not wanted). ``accepted``: the run wrote the renamed entries (--accept), so it does
    not advise running --accept. Places are the documents' paths as the user named each side."""
    from click import style as st

    shown = report.get("_shown") or {}
    old_doc, new_doc = shown.get("old", str), shown.get("new", str)

    out = [f"judge diff {report['old']} -> {report['new']}"]
    for gid, g in report["games"].items():
        ch: GameChanges = report["_changes"][gid]
        n = sum(len(g[k]) for k in ("added", "removed", "changed", "renamed"))
        out.append("")
        out.append(st(gid, bold=True) + f": {g['entries']['old']} -> {g['entries']['new']} entries; "
                   f"{len(g['added'])} added, {len(g['removed'])} removed, {len(g['changed'])} changed, "
                   f"{len(g['renamed'])} renamed" + ("" if n else " (no change)"))

        def scenarios(i: str) -> None:
            for x in g["affected"].get(i, []):
                verb = "confirms it" if x["role"] == "ruling" else "cites it"
                out.append(st(f"      scenario {x['fixture']} ({verb})", fg="yellow"))

        for i in g["changed"]:
            out.append(f"  changed  {i}  {_where(ch.new[i].source, new_doc)}")
            out.extend("      " + line for line in _colour(g["diffs"][i], st).splitlines())
            scenarios(i)
        for o, i in g["renamed"].items():
            out.append(f"  renamed  {o} -> {i}  {_where(ch.new[i].source, new_doc)}")
            if "[-" in g["diffs"].get(i, "") or "{+" in g["diffs"].get(i, ""):
                out.extend("      " + line for line in _colour(g["diffs"][i], st).splitlines())
            scenarios(o)
        for i in g["removed"]:
            out.append(f"  removed  {i}  (was {_where(ch.old[i].source, old_doc)})")
            scenarios(i)
        for i in g["added"]:
            title = ch.new[i].title or ch.new[i].text[:80]
            out.append(f"  added    {i}  {_where(ch.new[i].source, new_doc)}  {title}")
        if g["new_without_fixture"]:
            out.append(st(f"  {len(g['new_without_fixture'])} new ruling(s) with no scenario and no "
                          "not-executable mark:", fg="yellow"))
            out.extend(f"    {i}" for i in g["new_without_fixture"])
        if g["unknown_marks"]:
            out.append(st(f"  not-executable marks naming ids the new version lacks: {', '.join(g['unknown_marks'])}",
                          fg="yellow"))
        if g["affected_fixtures"]:
            out.append(f"  {len(g['affected_fixtures'])} scenario(s) to review: run `judge verify --strict` "
                       "on the new version")
        if g["renamed"] and not accepted:
            out.append(f"  keep the old ids of renamed entries: `judge diff {report['old']} {report['new']} --accept` "
                       "writes them to the game's aliases.yaml")
    return out


def public(report: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in report.items() if not k.startswith("_")}


def _where(src: dict | None, shown=str) -> str:
    if not src or not src.get("lines"):
        return ""
    a, b = src["lines"]
    return f"{shown(src['document'])}:{a}" + (f"-{b}" if b != a else "")


def _colour(diff: str, st) -> str:
    import re

    diff = re.sub(r"\[-(.*?)-\]", lambda m: st(f"[-{m.group(1)}-]", fg="red"), diff, flags=re.S)
    return re.sub(r"\{\+(.*?)\+\}", lambda m: st("{+" + m.group(1) + "+}", fg="green"), diff, flags=re.S)


def entry_history(G: Any, n: str) -> list[dict[str, Any]]:
    """How entry `n` read in each version of its document, oldest first: each version's label,
    date, place, text, and "status" (first / unchanged / changed, with a word diff against the
    version before). One item (the current text) when its document lists no earlier versions."""
    from judge.versions.compare import shown_text, word_diff

    a = G.nodes[n]
    raw = (a.get("data") or {}).get("history") or [
        {"version": None, "date": None, "document": (a.get("source") or {}).get("document"),
         "lines": (a.get("source") or {}).get("lines"), "title": a.get("title"), "text": a.get("text")}]
    out: list[dict[str, Any]] = []
    prev: str | None = None
    for h in raw:
        shown = shown_text(h.get("title"), h.get("text"))
        item = {**h, "status": "first" if prev is None else ("unchanged" if " ".join(shown.split()) ==
                                                             " ".join(prev.split()) else "changed")}
        if item["status"] == "changed":
            item["diff"] = word_diff(prev, shown)
        out.append(item)
        prev = shown
    return out
