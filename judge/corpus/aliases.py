"""Entry ids kept across versions: rules_corpus/<game>/aliases.yaml.

An entry's id comes from its words (a FAQ's question, a rule's number). When a new version of a
document rewords a question, the parser derives a new id; the alias map says which id the entry
keeps, so the scenarios, marks and URLs that use it go on working. A renumbered rule is the other
way round: it takes its new number (the number judges will quote), and its old number finds it:

    aliases:
      # ALIAS: ID   (typing ALIAS finds ID, with a note; an entry the parser now derives as ALIAS,
      #              unless ALIAS is a printed number, keeps the id ID)
      warhammer-invasion:faq:reworded-question-slug: warhammer-invasion:faq:original-question-slug
      one-piece:1-3-4: one-piece:1-3-5

Written by `judge diff OLD NEW --accept` and by `judge ingest` when a game lists earlier versions
of a document (renamed entries matched by content); a person may edit it too.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from judge.errors import CorpusError

FILE = "aliases.yaml"
_HEADER = ("# Entry ids kept across versions of the documents (judge diff --accept, judge ingest).\n"
           "# ALIAS: ID - typing ALIAS finds ID; a reworded entry the parser now derives as ALIAS keeps the\n"
           "# id ID; a renumbered rule's old number (ALIAS) finds it under its new number (ID).\n")


def load_aliases(folder: Path, game: str) -> dict[str, str]:
    """{alias: kept id} of a game folder ({} without an aliases.yaml)."""
    path = Path(folder) / FILE
    if not path.is_file():
        return {}
    shown = str(path)
    try:
        raw = path.read_text(encoding="utf-8")
        data = yaml.safe_load(raw) or {}
    except UnicodeDecodeError:
        raise CorpusError("not UTF-8 text", path=shown) from None
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        raise CorpusError(f"malformed YAML: {getattr(err, 'problem', None) or err}", path=shown,
                          line=mark.line + 1 if mark else None) from None
    table = data.get("aliases") if isinstance(data, dict) else None
    if not isinstance(table, dict):
        raise CorpusError("expected a mapping with an 'aliases' mapping (ALIAS: ID)", path=shown, line=1)
    out: dict[str, str] = {}
    for alias, kept in table.items():
        line = _line_of(raw, str(alias))
        if not isinstance(alias, str) or not isinstance(kept, str):
            raise CorpusError(f"alias {alias!r}: both sides must be entry ids (text)", path=shown, line=line)
        for x in (alias, kept):
            if not x.startswith(game + ":"):
                raise CorpusError(f"{x!r} is not an id of this game (ids start with {game + ':'!r})",
                                  path=shown, line=line)
        if alias == kept:
            raise CorpusError(f"alias {alias!r} names itself", path=shown, line=line)
        out[alias] = kept
    from judge.versions.compare import numbered

    for alias in out:  # a chain a -> b -> c of reworded entries resolves to c (a printed number
        seen = {alias}  # both old and current, when rules shifted, names its current rule: no chain)
        while out[alias] in out and not numbered(out[alias]):
            if out[alias] in seen:
                raise CorpusError(f"aliases loop: {' -> '.join(sorted(seen))}", path=shown, line=_line_of(raw, alias))
            seen.add(out[alias])
            out[alias] = out[out[alias]]
    return out


def apply_aliases(entries: list[Any], aliases: dict[str, str]) -> dict[str, str]:
    """Give each entry whose derived id is an alias the id it keeps (unless another entry of this
    version already has that id: then both keep their own, and the alias still finds the kept one).
    A printed number is never replaced (judge.versions.compare.numbered: a renumbered rule takes
    its new number; its old number is the alias). Parent links follow. Returns {derived id: kept id}
    of the entries renamed."""
    from judge.versions.compare import numbered

    ids = {e.id for e in entries}
    renamed = {e.id: aliases[e.id] for e in entries
               if e.id in aliases and aliases[e.id] not in ids and not numbered(e.id)}
    if renamed:
        for e in entries:
            e.id = renamed.get(e.id, e.id)
            if e.parent in renamed:
                e.parent = renamed[e.parent]
    return renamed


def add_aliases(folder: Path, game: str, new: dict[str, str]) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """Add {alias: kept id} to the game's aliases.yaml (written atomically; lines already there stay
    as written: a person's line is never replaced). Returns the aliases actually added, and the
    conflicts: {alias: {"kept": the id the file names, "found": the id judge would have written}}."""
    from judge.cache import atomic_write_text

    path = Path(folder) / FILE
    have = load_aliases(folder, game)
    raw = _written(path)  # as written, before chains are followed: the line a person wrote
    conflicts = {a: {"kept": raw.get(a, have.get(a)), "found": k} for a, k in new.items()
                 if a != k and a in have and have.get(a) != k and raw.get(a) != k}
    added = {a: k for a, k in new.items() if a != k and a not in have}
    if not added:
        return {}, conflicts
    text = path.read_text(encoding="utf-8") if path.is_file() else _HEADER + "aliases:\n"
    if not re.search(r"^aliases:", text, re.M):
        raise CorpusError("has no 'aliases:' mapping to add to", path=str(path))
    if re.search(r"^aliases:\s*\{\s*\}\s*$", text, re.M):
        text = re.sub(r"^aliases:\s*\{\s*\}\s*$", "aliases:", text, flags=re.M)
    if not text.endswith("\n"):
        text += "\n"
    for alias, kept in sorted(added.items()):
        text += f"  {_quote(alias)}: {_quote(kept)}\n"
    atomic_write_text(path, text)
    load_aliases(folder, game)  # what was written reads back
    return added, conflicts


def _written(path: Path) -> dict[str, str]:
    """The aliases table as the file writes it (no chains followed; {} when there is none)."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) if path.is_file() else None
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return {}
    table = data.get("aliases") if isinstance(data, dict) else None
    return {str(a): str(k) for a, k in table.items()} if isinstance(table, dict) else {}


def _quote(s: str) -> str:
    return s if re.fullmatch(r"[A-Za-z0-9][\w.\-:]*", s) and not s.endswith(":") else yaml.safe_dump(s).strip().removesuffix("\n...")


def _line_of(raw: str, text: str) -> int | None:
    i = raw.find(text)
    return raw[:i].count("\n") + 1 if i >= 0 else None
