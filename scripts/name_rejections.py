"""Name the refusing rule in ruling scenarios that expect a rejection (issue 13 item 4).

    python scripts/name_rejections.py            # report: each expected rejection and the rule the engine names
    python scripts/name_rejections.py --write    # add `rejected_by: ID` to those expectations (one edit a line)

An expectation counting refusals by different rules together (`{event: action_rejected, player: A,
count: 2}`) keeps its line, and gets one line per refusing rule below it (status "split"). A refusal no
rule decided but a card's own text did (its condition, its use limit, a restriction its effect granted)
gets `refused_by_text: CARD` (status "propose text"). An expectation counting refusals for different
reasons together, each of which another expectation of the scenario names (a rule or a card's text), is
"named" (_covered).

For each `{event: action_rejected | choice_rejected ...}` expectation of a passing scenario, the
events it matches are read from the replay; when every one of them carries the same refusing
mechanic (`rejected_by`, Engine.refusing_rules), the expectation gets that rule: of the mechanic's
ids in the rules layer (numbered rules, keywords, clarifications, entries marked states_rule), one
the scenario cites, else the first. A mechanic bound only to card rulings or errata is not named
(those bindings are being replaced by derived rules), nor is an expectation the engine names no
rule for (or different rules for): they are listed and left alone.
Review the diff: the engine names the mechanic whose decision ended the check, which is a
report of what the code did, not of what the documents say.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judge.scenarios import loader, replay  # noqa: E402

REJECTIONS = ("action_rejected", "choice_rejected")


RULE_KINDS = ("rule", "section", "keyword", "clarification")


def rules_layer(G, rid: str) -> bool:
    a = G.nodes[rid] if rid in G else {}
    return a.get("kind") in RULE_KINDS or bool(a.get("states_rule"))


def proposals(paths: list[Path]):
    from judge.graph import load_graph

    G = load_graph(with_verdicts=False)
    known = loader.graph_ids()
    for path in loader.find_fixtures(paths):
        if "_rejected" not in path.read_text(encoding="utf-8"):
            continue
        fx = loader.load_fixture(path, known_ids=known)
        out = replay.replay(fx)
        every = out.engine.events if out.engine else []
        for where, items, events in _expectation_lists(fx, out, every):
            for i, exp in enumerate(items):
                if exp.get("event") not in REJECTIONS:
                    continue
                line = fx.line(*where, i)
                if "rejected_by" in exp or "refused_by_text" in exp:
                    yield fx, line, exp, "named", exp.get("rejected_by") or exp["refused_by_text"]
                    continue
                if out.status != "passed":
                    yield fx, line, exp, f"scenario {out.status}", None
                    continue
                want = {k: v for k, v in exp.items() if k != "count"}
                hits = [e for e in events if e["event"] == exp["event"] and replay._match(e, want)]
                named = {tuple(e.get("rejected_by") or ()) for e in hits}
                if len({(tuple(e.get("rejected_by") or ()), e.get("refused_by_text")) for e in hits}) > 1 and \
                        _covered(G, items, i, hits):
                    # refusals for different reasons counted together, each named by another expectation
                    yield fx, line, exp, "named", None
                    continue
                if len(named) > 1 and all(named):
                    # refusals by different rules counted together: each rule gets an expectation of its own
                    # (the count of the refusals naming it), beside the one that counts them all
                    split = _split(G, fx, items, want, hits)
                    if split is not None:
                        yield fx, line, exp, "split" if split else "named", split or None
                        continue
                texts = {e.get("refused_by_text") for e in hits}
                if named == {()} and len(texts) == 1 and None not in texts and "refused_by_text" not in exp:
                    # refused by a card's own text, no rule: the expectation names that card
                    yield fx, line, exp, "propose text", next(iter(texts))
                    continue
                if len(named) != 1 or not next(iter(named)):
                    yield fx, line, exp, "no rule named" if named == {()} else "different rules", None
                    continue
                ids = [r for r in next(iter(named)) if rules_layer(G, r)]
                if not ids:
                    yield fx, line, exp, "card ruling", next(iter(named))[0]
                    continue
                cited = [r for r in ids if r in fx.cites or r == fx.ruling]
                yield fx, line, exp, "propose", (cited or ids)[0]


def _expectation_lists(fx, out, every: list[dict]):
    """The scenario's expectations with where they sit and the events they are read against: ``expect``
    against every event, each `{check: ...}` step's against the events logged when it was read."""
    if fx.expect:
        yield ("expect",), fx.expect, every
    for i, act in enumerate(fx.actions):
        if isinstance(act, dict) and "check" in act and i in out.check_events:
            yield ("actions", i, "check"), loader.checked(act), every[:out.check_events[i]]


def _covered(G, items: list[dict], index: int, hits: list[dict]) -> bool:
    """Each of the refusals is matched by another rejection expectation of the scenario that names why:
    one of its ids (`rejected_by`), or -- for a refusal no rules-layer id decided -- the card whose text
    refused it (`refused_by_text`)."""
    others = [x for j, x in enumerate(items) if j != index and x.get("event") in REJECTIONS
              and ("rejected_by" in x or "refused_by_text" in x)]

    def names(e: dict) -> bool:
        ids = e.get("rejected_by") or ()
        by_text = e.get("refused_by_text") and not any(rules_layer(G, r) for r in ids)
        return any(x["event"] == e["event"] and replay._match(e, {k: v for k, v in x.items() if k != "count"})
                   and (x.get("rejected_by") in ids
                        or by_text and "rejected_by" not in x and x["refused_by_text"] == e["refused_by_text"])
                   for x in others)
    return all(names(e) for e in hits)


def _split(G, fx, items: list[dict], want: dict, hits: list[dict]) -> list[tuple[str, int]] | None:
    """For refusals by different rules: one rules-layer id per refusal (a cited one first) and how many
    of the refusals name it; None when a refusal has no rules-layer id."""
    picked: dict[str, int] = {}
    for e in hits:
        ids = [r for r in e["rejected_by"] if rules_layer(G, r)]
        if not ids:
            return None
        cited = [r for r in ids if r in fx.cites or r == fx.ruling]
        picked.setdefault((cited or ids)[0], 0)
    for rid in picked:
        picked[rid] = sum(1 for e in hits if rid in e["rejected_by"])
    # a rule another expectation of the scenario already names for these refusals is not named twice
    named = {x.get("rejected_by") for x in items if x.get("event") == want.get("event")}
    return sorted((rid, n) for rid, n in picked.items() if rid not in named)


def add_lines_after(text: str, line: int, want: dict, split: list[tuple[str, int]]) -> str | None:
    """Below a one-line rejection expectation, one line per refusing rule."""
    lines = text.split("\n")
    src = lines[line - 1]
    m = re.match(r"^(\s*-\s*)\{.*\}\s*(#.*)?$", src)
    if not m or not re.match(r"^\s*-\s*\{\s*event:\s*\w+_rejected\b", src):
        return None
    fields = ", ".join(f"{k}: {v}" for k, v in want.items())
    new = [f"{m.group(1)}{{{fields}, rejected_by: {rid}{f', count: {n}' if n != 1 else ''}}}" for rid, n in split]
    lines[line:line] = new
    return "\n".join(lines)


def add_to_line(text: str, line: int, rule: str, field: str = "rejected_by") -> str | None:
    lines = text.split("\n")
    src = lines[line - 1]
    m = re.match(r"^(\s*-\s*\{.*?)(\}\s*(#.*)?)$", src)
    if not m or not re.match(r"^\s*-\s*\{\s*event:\s*\w+_rejected\b", src):
        return None  # not a one-line rejection (e.g. a {check: [...]} step holding one): left alone
    value = rule if re.fullmatch(r"[\w .:-]+", rule) and not rule.endswith(":") else '"' + rule.replace('"', '\\"') + '"'
    lines[line - 1] = f"{m.group(1)}, {field}: {value}{m.group(2)}"
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="*", type=Path, default=[ROOT / "rulings"])
    ap.add_argument("--write", action="store_true", help="add the proposed rejected_by to each scenario")
    args = ap.parse_args()
    counts: dict[str, int] = {}
    edits: dict[Path, list[tuple[int, str]]] = {}
    for fx, line, exp, status, rule in proposals(args.paths):
        counts[status] = counts.get(status, 0) + 1
        print(f"{status:16} {loader.display_path(fx.path)}:{line}  {rule or ''}")
        if status in ("propose", "propose text", "split"):
            edits.setdefault(fx.path, []).append((line, (exp, rule) if status == "split" else
                                                  (rule if status == "propose" else {"refused_by_text": rule})))
    if args.write:
        for path, items in edits.items():
            text = path.read_text(encoding="utf-8")
            for line, rule in sorted(items, key=lambda item: -item[0]):  # from the bottom: lines shift
                if isinstance(rule, dict):  # a card's text
                    new = add_to_line(text, line, rule["refused_by_text"], field="refused_by_text")
                elif isinstance(rule, tuple):
                    exp, split = rule
                    new = add_lines_after(text, line, {k: v for k, v in exp.items() if k != "count"}, split)
                else:
                    new = add_to_line(text, line, rule)
                if new is None:
                    print(f"not a one-line expectation, left alone: {loader.display_path(path)}:{line}")
                    counts["left alone"] = counts.get("left alone", 0) + 1
                    continue
                text = new
            path.write_text(text, encoding="utf-8")
    print(", ".join(f"{k}: {v}" for k, v in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
