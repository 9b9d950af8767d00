"""Marks the corpus keeps next to its documents, per game folder:

- rulings no game state can decide: rules_corpus/<game>/not-executable*.yaml

      not_executable:
        - id: warhammer-invasion:faq:let-opponent-know-many-cards-remain-deck
          reason: player-communication
          note: what a player must tell an opponent on request

- FAQ answers (and bullet rulings) that state a general rule, so that they belong to the rules
  layer: rules_corpus/<game>/states-rule.yaml. The entry gets ``data.states_rule: true`` and
  ``data.general_rule`` (the one line). A card-specific answer is never marked.

      states_rule:
        - id: warhammer-invasion:faq:move-card-zone-same-zone
          rule: A card moves only when it ends the move in a different zone than it began.
"""
from __future__ import annotations

import difflib
import re
from pathlib import Path
from typing import Any

import yaml

from judge.errors import CorpusError

#: the only reasons a ruling may be left without a fixture
REASONS: dict[str, str] = {
    "deck-building": "deck construction, restricted and banned lists, Limited/Unique/Race-only keywords",
    "tournament-procedure": "how tournaments are run",
    "player-communication": "what players must tell or show each other",
    "definition-only": "defines a term or restates a rule; no outcome a game state could check",
    "no-play-difference": "errata whose old and new text play the same in every game state",
    "duplicate": "restates another entry, whose fixture covers it",
    "front-matter": "introductions and credits",
    "undefined-term": "about a game term the documents never define (what it does is not in the corpus), so no "
                      "game state can show the rule at work",
}
RULING_KINDS = ("faq", "ruling", "example", "clarification", "errata")
#: a not-executable mark names a ruling, or a rule whose clauses (some or all) no game state can decide
MARKABLE_KINDS = RULING_KINDS + ("rule", "keyword")
#: entries a states-rule mark may name: numbered rules, keywords and clarifications are rules already
RULE_STATING_KINDS = ("faq", "ruling")
STATES_RULE_FILE = "states-rule.yaml"


def marks_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("not-executable*.yaml") if p.is_file())


def _read_list(path: Path, key: str) -> tuple[str, list]:
    """The raw text of a marks file and its list under ``key``; malformed YAML names file and line."""
    shown = str(path)
    raw = path.read_text(encoding="utf-8")
    try:
        data = yaml.safe_load(raw) or {}
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        raise CorpusError(f"malformed YAML: {getattr(err, 'problem', None) or err}", path=shown,
                          line=mark.line + 1 if mark else None) from None
    items = data.get(key, []) if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise CorpusError(f"expected a mapping with a {key!r} list", path=shown, line=1)
    return raw, items


def _line_of(raw: str, text: str) -> int | None:
    m = re.search(re.escape(text), raw)
    return raw[: m.start()].count("\n") + 1 if m else None


def _known_id(eid: str, ids: dict[str, Any], shown: str, line: int | None) -> None:
    if eid not in ids:
        close = difflib.get_close_matches(eid, list(ids), n=3, cutoff=0.6)
        raise CorpusError(f"unknown entry id {eid!r}" + (f"; closest: {', '.join(close)}" if close else ""),
                          path=shown, line=line)


def _item_id(item: Any, n: int, raw: str, shown: str) -> tuple[str, int | None]:
    """The id of the n-th mark of a file and the line it is on."""
    if not isinstance(item, dict) or not isinstance(item.get("id"), str):
        raise CorpusError(f"item #{n} needs an 'id'", path=shown)
    return item["id"], _line_of(raw, item["id"])


def _skip_unknown(eid: str, ids: dict[str, Any], unknown: list[str] | None, shown: str, line: int | None) -> bool:
    """True when the corpus lacks `eid` and the caller collects such ids (`unknown`); an id the corpus
    lacks is an error otherwise."""
    if eid not in ids and unknown is not None:
        unknown.append(eid)
        return True
    _known_id(eid, ids, shown, line)
    return False


def load_marks(folder: Path, ids: dict[str, Any], unknown: list[str] | None = None) -> dict[str, dict[str, Any]]:
    """{entry id: {reason, note, same_as}} from every not-executable*.yaml of a game folder. An id
    the corpus lacks is an error, unless `unknown` is a list: then it is skipped and added to it
    (`judge diff` reads a new version whose reworded entries the marks do not know yet)."""
    out: dict[str, dict[str, Any]] = {}
    marked_in: dict[str, str] = {}  # entry id -> name of the file that marks it (same folder)
    for path in marks_files(folder):
        shown = str(path)
        raw, items = _read_list(path, "not_executable")
        for n, item in enumerate(items, 1):
            eid, line = _item_id(item, n, raw, shown)
            if _skip_unknown(eid, ids, unknown, shown, line):
                continue
            if ids[eid].kind not in MARKABLE_KINDS:
                raise CorpusError(f"{eid} is a {ids[eid].kind}: only rulings ({', '.join(RULING_KINDS)}) and rules "
                                  f"(rule, keyword) are marked", path=shown, line=line)
            clauses = item.get("clauses")
            if clauses is not None and not (isinstance(clauses, list) and clauses and all(
                    isinstance(c, int) and not isinstance(c, bool) and c >= 1 for c in clauses)):
                raise CorpusError(f"{eid}: 'clauses' lists clause numbers (1, 2, ... as judge coverage --clauses "
                                  f"counts them), got {clauses!r}", path=shown, line=line)
            reason = item.get("reason")
            if reason not in REASONS:
                raise CorpusError(f"{eid}: reason must be one of {', '.join(REASONS)} (got {reason!r})",
                                  path=shown, line=line)
            same_as = item.get("same_as")
            if reason == "duplicate" and (not isinstance(same_as, str) or same_as not in ids):
                raise CorpusError(f"{eid}: a duplicate names the entry it repeats with 'same_as' (an existing id)",
                                  path=shown, line=line)
            if eid in out:
                raise CorpusError(f"{eid} is marked twice (also in {marked_in[eid]})", path=shown, line=line)
            out[eid] = {"reason": reason, "note": str(item.get("note") or ""), "same_as": same_as}
            if clauses is not None:  # only these clauses of a rule (judge.coverage_clauses) are not executable
                out[eid]["clauses"] = list(clauses)
            marked_in[eid] = path.name
    return out


def load_rule_marks(folder: Path, ids: dict[str, Any], unknown: list[str] | None = None) -> dict[str, str]:
    """{entry id: the general rule in one line} from the game folder's states-rule.yaml (if any);
    `unknown` as for load_marks."""
    path = folder / STATES_RULE_FILE
    if not path.is_file():
        return {}
    shown = str(path)
    raw, items = _read_list(path, "states_rule")
    out: dict[str, str] = {}
    for n, item in enumerate(items, 1):
        eid, line = _item_id(item, n, raw, shown)
        fields = sorted(set(item) - {"id", "rule"})
        if fields:
            raise CorpusError(f"{eid}: unknown field(s) {', '.join(fields)} (a mark has 'id' and 'rule')",
                              path=shown, line=line)
        if _skip_unknown(eid, ids, unknown, shown, line):
            continue
        if ids[eid].kind not in RULE_STATING_KINDS:
            raise CorpusError(f"{eid} is a {ids[eid].kind}; only {' and '.join(RULE_STATING_KINDS)} entries are "
                              "marked as stating a rule (rules, keywords and clarifications are rules already)",
                              path=shown, line=line)
        rule = item.get("rule")
        if not isinstance(rule, str) or not rule.strip() or "\n" in rule.strip():
            raise CorpusError(f"{eid}: 'rule' must be one line saying the general rule", path=shown, line=line)
        if eid in out:
            raise CorpusError(f"{eid} is marked twice", path=shown, line=line)
        out[eid] = rule.strip()
    return out
