"""Which `derived` fixtures are derived only through WHICH RULE a refusal names?

A fixture is `derived` when switching off a cited rule (not its own ruling) makes its expectations fail.
Some expectations name the rule that refuses an action (`rejected_by`) or the card whose text does
(`refused_by_text`): switching that rule off can make such an expectation fail although the game goes
exactly the same way (another rule refuses it, or nothing changes but the name). This script replays,
for each derived fixture of an ablation report, every ablation that broke it with those naming keys taken
out of its expectations and checks; a fixture none of whose breaking ablations still fails is derived
through the naming only.

    judge verify --ablation-report --json > /tmp/abl.json
    python scripts/naming_only.py /tmp/abl.json [--json]
"""
from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

from judge.scenarios.loader import graph_ids, load_fixture
from judge.scenarios.replay import replay

NAMING = ("rejected_by", "refused_by_text")


def strip_naming(value):
    """``value`` (expectations, actions with their checks) without the keys that name a refusing rule."""
    if isinstance(value, list):
        return [strip_naming(v) for v in value]
    if isinstance(value, dict):
        return {k: strip_naming(v) for k, v in value.items() if k not in NAMING}
    return value


def naming_only(report: dict) -> list[str]:
    known = graph_ids(None)
    found = []
    for path, cls in sorted(report["classes"].items()):
        if cls != "derived":
            continue
        fx = load_fixture(Path(path), None, known)
        breakers = [r for r, v in report["ablations"].get(path, {}).items() if v == "fails" and r != fx.ruling]
        stripped = dataclasses.replace(fx, expect=strip_naming(fx.expect), actions=strip_naming(fx.actions))
        if not any(replay(stripped, {rid}, None, lenient=True).status == "failed" for rid in breakers):
            found.append(path)
    return found


def main(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-"):
        print(__doc__)
        return 2
    report = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    found = naming_only(report)
    derived = sum(1 for c in report["classes"].values() if c == "derived")
    if "--json" in argv:
        print(json.dumps({"derived": derived, "naming_only": found}, indent=1))
    else:
        for path in found:
            print(path)
        print(f"{len(found)} of {derived} derived fixtures are derived only through the rule a refusal names; "
              f"{derived - len(found)} through a changed outcome")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
