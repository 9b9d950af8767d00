"""Clause coverage (`judge coverage --clauses`): every rules-layer entry split into its clauses,
each clause mapped to the mechanic that implements it or to a reason it is not executable, and
whether a passing scenario exercises it.

Rules-layer entries: numbered rules, keyword definitions, clarifications, and FAQ answers or
rulings marked ``states_rule`` (rules_corpus/<game>/states-rule.yaml).

**Splitting** (``split_clauses``, deterministic, no model): the text (a FAQ entry's answer only)
is cut

1. at list items: a new line or a bullet (``•``, ``-``, ``*``, ``(a)``, ``a)``, ``1.``) starts one;
2. at sentence ends (``.``, ``?``, ``!``, ``;``) followed by a space and a capital letter, a digit or
   a quote -- not after an abbreviation (``e.g.``, ``i.e.``, ``etc.``, ``vs.``) or a rule number;
3. before an exception inside a sentence (``, unless ...``, ``, except ...``), which becomes a
   clause of its own.

Each clause gets a kind: ``exception`` (starts with unless / except / however / but), ``condition``
(if / when / whenever / while / only / as long as / until appears; Hungarian words alike), else
``case``. A fragment
without a letter (a lone bullet) is dropped.

**Mapping**: a clause of an entry marked not executable (``not-executable*.yaml``; a mark may name
only some ``clauses``) is ``not-executable`` with the mark's reason. Otherwise the mechanics bound
to the entry id implement it: one mechanic -> that one (``mapped_by: binding``); several -> the one
whose description shares most words with the clause (``mapped_by: best-match``, a heuristic).
A clause of an entry no mechanic is bound to is ``missing``. Being bound is not proof that every
clause is carried out: the binding says the mechanic implements the entry, and the clause count
says how much text rests on that claim.

Where binding the whole entry says too much, the game says clause by clause in
``judge/games/<game>/clauses.yaml`` (next to rules.yaml; optional)::

    game: huntik
    entries:
      "706.2":                 # an entry id (short ids get the game id)
        1: as_much_as_possible # clause number -> the mechanic carrying it out
        3: missing             # no mechanic does (yet)

Those clauses are ``mapped_by: clauses.yaml``; the others of the entry keep the default.

**Exercised**: a passing scenario cites the entry (``cites`` or ``ruling``) and the entry is among
the rules its trace applied (the mechanic fired). ``fixtures`` counts those scenarios. The count
is per entry (per mechanic), not per clause. For a ``condition`` clause, ``condition_false``
counts passing scenarios that cite the entry while its mechanic did not apply: a case where the
rule's condition was false (a proxy, since the trace records when a mechanic applies, not which
condition it read). "Its mechanic" is the clause's own one, by key (the engine's record of the
mechanics that fired), not the entry's rule ids: the mechanics bound to one entry share its id, and
another of them firing says nothing of this clause's condition.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

#: entry kinds that belong to the rules layer by themselves (FAQ answers need a states_rule mark)
RULE_KINDS = ("rule", "keyword", "clarification")

_ABBREV = re.compile(r"(?:\b(?:e\.g|i\.e|etc|vs|cf|no|p|pp|approx|incl)|\b[A-Z]|\d+(?:\.\d+)*[a-z]?)\.$", re.I)
_ITEM_MARK = re.compile(r"^(?:[*\-–]\s+|\(\w{1,3}\)\s+|[a-z]\)\s+|\d{1,2}[.)]\s+(?=[A-Z]))")
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+(?=[\"'“‘(]?[A-Z0-9])")
# English, and Hungarian for Hatalom Kártyái (kivéve = except, hacsak = unless, azonban = however,
# ha = if, amikor = when, amíg = while, csak = only)
_EXCEPTION = re.compile(r",\s+(?=(?:unless|except|kivéve|hacsak)\b)", re.I)
_EXCEPTION_START = re.compile(r"^(?:unless|except|however|but|kivéve|hacsak|azonban|de)\b", re.I)
_CONDITION = re.compile(r"\b(?:if|when|whenever|while|only|as long as|until|unless|ha|amikor|amíg|csak)\b",
                        re.I)
_WORD = re.compile(r"[a-z]{3,}")
_STOP = frozenset("the and that this with for are its from any has have not can may each into one "
                  "than then when which who was were will would been being such only also".split())


def rule_text(kind: str, text: str, data: dict | None) -> str:
    """The text whose clauses count: a FAQ entry's answer (its question states nothing)."""
    if kind == "faq":
        answer = (data or {}).get("answer")
        if answer:
            return str(answer)
        return text.split("A:", 1)[1] if "A:" in text else text
    return text


def _sentences(chunk: str) -> list[str]:
    out: list[str] = []
    start = 0
    for m in _SENTENCE_END.finditer(chunk):
        before = chunk[start:m.start()].rstrip()
        if before.endswith(".") and _ABBREV.search(before.split()[-1] if before.split() else ""):
            continue  # "e.g. Rat Swarm", "see rule 711.2. ..." is not the end of a sentence
        out.append(chunk[start:m.start()])
        start = m.end()
    out.append(chunk[start:])
    return out


def split_clauses(text: str) -> list[dict[str, str]]:
    """``[{"text", "kind"}]``: the clauses of a rule's text (see the module docstring)."""
    items: list[str] = []
    for line in text.replace("\r", "").split("\n"):
        for piece in line.split("•"):  # bullets run together on one line in converted documents
            items.append(_ITEM_MARK.sub("", piece.strip()))
    clauses: list[dict[str, str]] = []
    for item in items:
        for sentence in _sentences(item.strip()):
            for part in _EXCEPTION.split(sentence.strip()):
                part = part.strip().rstrip(",;:")
                if not re.search(r"[^\W\d_]", part):
                    continue
                if _EXCEPTION_START.match(part):
                    kind = "exception"
                elif _CONDITION.search(part):
                    kind = "condition"
                else:
                    kind = "case"
                clauses.append({"text": part, "kind": kind})
    return clauses


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _STOP}


def best_mechanic(clause: str, mechanics: list[Any]) -> Any:
    """The mechanic whose description shares most words with the clause (ties: the first key)."""
    words = _words(clause)
    return max(sorted(mechanics, key=lambda m: m.key),
               key=lambda m: len(words & _words(f"{m.key.replace('_', ' ')} {m.does or ''}")))


CLAUSES_FILE = "clauses.yaml"


def load_clause_map(game: Any, path: Path | None = None) -> dict[str, dict[int, tuple[str, str]]]:
    """{entry id: {clause number: (mechanic key or "missing", "file:line")}} from the game package's
    clauses.yaml, or ``path`` (empty when there is none); schema errors name the file and line."""
    from judge.engine.bindings import rules_path
    from judge.engine.rules import CORE_MECHANICS, rule_id
    from judge.engine.yamlload import line_of, load_yaml_with_lines
    from judge.errors import BadInputError

    if path is None:
        rules = rules_path(game)
        path = rules.parent / CLAUSES_FILE if rules else None
    if path is None or not path.is_file():
        return {}
    shown = str(path)
    data = load_yaml_with_lines(path)
    if not isinstance(data, dict) or set(data) - {"game", "entries"}:
        raise BadInputError("a clauses file is a mapping with 'game' and 'entries'", path=shown, line=1)
    if data.get("game") != game.id:
        raise BadInputError(f"game is {data.get('game')!r}, expected {game.id!r}", path=shown,
                            line=line_of(data, "game") or 1)
    entries = data.get("entries") or {}
    if not isinstance(entries, dict):
        raise BadInputError("'entries' maps entry id -> {clause number: mechanic}", path=shown,
                            line=line_of(data, "entries"))
    known = set(game.registry.mechanics) | set(CORE_MECHANICS)
    out: dict[str, dict[int, tuple[str, str]]] = {}
    for eid, clauses in entries.items():
        line = line_of(entries, eid)
        if not isinstance(clauses, dict):
            raise BadInputError(f"{eid}: expected clause number -> mechanic", path=shown, line=line)
        full = rule_id(game.id, str(eid))
        for n, key in clauses.items():
            at = line_of(clauses, n) or line
            if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                raise BadInputError(f"{eid}: clause numbers are 1, 2, ... (got {n!r})", path=shown, line=at)
            if key != "missing" and key not in known:
                raise BadInputError(f"{eid} clause {n}: {key!r} is neither a mechanic of {game.id} nor 'missing'",
                                    path=shown, line=at)
            out.setdefault(full, {})[n] = (key, f"{shown}:{at}")
    return out


def clause_report(G: Any, fixtures: list[dict[str, Any]], game: str | None = None,
                  clause_files: dict[str, Path] | None = None) -> dict[str, Any]:
    """The clause map of every rules-layer entry (of ``game``), with per-game totals.

    ``fixtures``: ``[{"game", "ruling", "cites", "passed", "applied", "fired"}]`` from a verify run
    (``fired``, the mechanics' keys, optional: ``condition_false`` falls back to the rule ids);
    ``clause_files``: game id -> a clauses.yaml to read instead of the game package's."""
    from judge.engine.game import get_game, known_games
    from judge.engine.rules import CORE_MECHANICS

    engine_games = set(known_games())
    citing: dict[str, list[dict]] = {}
    for f in fixtures:
        for rid in dict.fromkeys([*(f.get("cites") or []), *([f["ruling"]] if f.get("ruling") else [])]):
            citing.setdefault(rid, []).append(f)
    out: dict[str, list[dict]] = {}
    games: dict[str, dict[str, Any]] = {}
    maps: dict[str, dict] = {}  # game -> its clauses.yaml map
    for n, a in sorted(G.nodes(data=True), key=lambda na: na[0]):
        gid = a.get("game")
        if game is not None and gid != game:
            continue
        kind = a.get("kind")
        if kind not in RULE_KINDS and not a.get("states_rule"):
            continue
        data = a.get("data") or {}
        clauses = split_clauses(rule_text(kind, a.get("text") or "", data))
        if not clauses:
            continue
        module = get_game(gid) if gid in engine_games else None
        if module is not None and gid not in maps:
            maps[gid] = load_clause_map(module, (clause_files or {}).get(gid))
        chosen = maps.get(gid, {}).get(n, {})
        for i, (_key, where) in chosen.items():
            if i > len(clauses):
                from judge.errors import BadInputError

                path, line = where.rsplit(":", 1)
                raise BadInputError(f"{n} has {len(clauses)} clause(s), not {i}", path=path, line=int(line))
        mechanics = module.registry.mechanics_for(n) if module else []
        mark = data.get("not_executable")
        marked = set(mark.get("clauses") or range(1, len(clauses) + 1)) if mark else set()
        passing = [f for f in citing.get(n, []) if f["passed"]]
        applied = [f for f in passing if n in (f.get("applied") or [])]
        rows = []
        for i, c in enumerate(clauses, 1):
            row: dict[str, Any] = {"text": c["text"], "kind": c["kind"], "status": "missing", "mechanic": None,
                                   "fixtures": 0}
            if i in marked:
                row.update(status="not-executable", reason=mark["reason"])
            elif i in chosen and chosen[i][0] == "missing":
                row.update(mapped_by=CLAUSES_FILE)
            elif i in chosen:
                key = chosen[i][0]
                m = module.registry.mechanics.get(key)
                # exercised: a passing scenario citing the entry where that mechanic applied (an
                # unbound core mechanic is never traced, so it never counts as exercised)
                done = sum(1 for f in passing if m and set(m.ids) & set(f.get("applied") or []))
                row.update(status="implemented", mechanic=key, mapped_by=CLAUSES_FILE, fixtures=done,
                           does=(m.does if m else None) or (CORE_MECHANICS.get(key) or ("",))[0])
                if not (m and n in m.ids):
                    # the clause restates what another entry's mechanic does (or a core mechanic the game
                    # binds to no entry: bound_to []): implemented, but switching this entry off (--ablate)
                    # does not switch that mechanic off
                    row["bound_to"] = sorted(m.ids) if m else []
                if c["kind"] in ("condition", "exception"):
                    row["condition_false"] = _condition_false(passing, m)
            elif mechanics:
                m = mechanics[0] if len(mechanics) == 1 else best_mechanic(c["text"], mechanics)
                row.update(status="implemented", mechanic=m.key,
                           mapped_by="binding" if len(mechanics) == 1 else "best-match",
                           does=m.does or (CORE_MECHANICS.get(m.key) or ("",))[0], fixtures=len(applied))
                if c["kind"] in ("condition", "exception"):
                    row["condition_false"] = _condition_false(passing, m)
            rows.append(row)
        out[n] = rows
        g = games.setdefault(gid, {"entries": 0, "clauses": 0, "not_executable": 0, "executable": 0,
                                   "implemented": 0, "via_other_entry": 0, "exercised": 0, "conditions": 0,
                                   "conditions_with_false_case": 0, "missing_entries": []})
        g["entries"] += 1
        g["clauses"] += len(rows)
        for r in rows:
            if r["status"] == "not-executable":
                g["not_executable"] += 1
                continue
            g["executable"] += 1
            if r["status"] == "implemented":
                g["implemented"] += 1
                g["via_other_entry"] += "bound_to" in r
                g["exercised"] += bool(r["fixtures"])
                if "condition_false" in r:
                    g["conditions"] += 1
                    g["conditions_with_false_case"] += bool(r["condition_false"])
        if any(r["status"] == "missing" for r in rows):
            g["missing_entries"].append(n)
    for g in games.values():
        g["implemented_share"] = round(g["implemented"] / g["executable"], 3) if g["executable"] else None
        g["exercised_share"] = round(g["exercised"] / g["executable"], 3) if g["executable"] else None
    return {"clauses": out, "games": dict(sorted(games.items()))}


def _condition_false(passing: list[dict[str, Any]], m: Any) -> int:
    """The passing scenarios citing the entry in which the clause's own mechanic ``m`` did not fire. By
    the mechanic's key where the facts name the mechanics that fired: the rule ids of the trace do not
    tell the mechanics of one entry apart (8.8.0 binds the main-phase restriction and 'a skill enters
    active': every skill played records 8.8.0, so no scenario would count as the restriction not
    applying). Facts without ``fired`` fall back to the ids."""
    if m is None:
        return len(passing)
    return sum(1 for f in passing
               if (m.key not in f["fired"] if "fired" in f else not set(m.ids) & set(f.get("applied") or [])))


def fixture_facts(paths: list[Path], game: str | None, corpus: Path | None) -> list[dict[str, Any]]:
    """Replay the ruling scenarios: ruling, cites, passed and the rule ids each trace applied."""
    from judge.scenarios.verify import verify

    rep = verify(paths, game=game, corpus=corpus) if paths else None
    return [{"game": o.fixture.game, "ruling": o.fixture.ruling, "cites": list(o.fixture.cites),
             "passed": o.status == "passed", "applied": o.applied, "fired": o.fired}
            for o in (rep.outcomes if rep else [])]
