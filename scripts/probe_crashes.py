"""Robustness probe: does any scenario make the engine fail internally when a card is disturbed?

    python scripts/probe_crashes.py [PATH ...]     # default: rulings/ (about 500,000 replays, ~8 min)

At every point of every fixture's actions it inserts a scripted effect -- one of the first four cards in
play returned to its owner's hand, exhausted, readied, destroyed / KO'd / sacrificed, dealt 1 damage (the
verbs its game has), or taken over by each player -- and replays leniently (as
the ablation report does). A scenario may then fail, or end in a script error: that is expected. What it
reports is every replay that ended in "the engine cannot carry out this step" (an internal error the
replay caught) or raised, grouped by the error, with one example each (file, position, inserted action).
Regression cases of what it found are in tests/engine/test_replay_robustness.py.
"""
from __future__ import annotations

import collections
import dataclasses
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's judge, installed or not

from judge.scenarios.loader import load_fixture  # noqa: E402
from judge.scenarios.replay import build_engine, replay  # noqa: E402
from judge.scenarios.schema import step_verbs  # noqa: E402

#: the disturbances tried, those of them the game's effect language has (a card's own verbs: destroy, ko ...)
STEPS = ("return_to_hand", "exhaust", "ready", "destroy", "ko", "sacrifice", "damage", "gain_control")


def _inserted(label: str, players: list[str], verbs: set[str]):
    for verb in STEPS:
        if verb not in verbs:
            continue
        for who in players if verb == "gain_control" else players[:1]:
            step = {verb: label, **({"player": who} if verb == "gain_control" else {}),
                    **({"amount": 1} if verb == "damage" else {})}
            yield {"player": who, "effect": [step]}


def probe(files: list[Path]) -> tuple[int, collections.Counter, dict]:
    crashes: collections.Counter = collections.Counter()
    example: dict = {}
    count = 0
    for f in files:
        try:
            fx = load_fixture(f, None, None)
            eng = build_engine(fx, set(), None)
        except Exception:  # noqa: BLE001 - a fixture that does not load is verify's business, not this probe's
            continue
        labels = [o.label for o in eng.in_play()][:4]
        players = list(eng.state.players)
        verbs = set(step_verbs(eng.game) or ())
        for i in range(len(fx.actions) + 1):
            for label in labels:
                for act in _inserted(label, players, verbs):
                    count += 1
                    actions = list(fx.actions[:i]) + [act] + list(fx.actions[i:])
                    try:
                        err = replay(dataclasses.replace(fx, actions=actions), lenient=True).error or ""
                    except Exception as exc:  # noqa: BLE001 - what the probe is looking for
                        err = f"cannot carry out this step (raised {type(exc).__name__}: {exc})"
                    if "cannot carry out this step" in err:
                        key = err.split("cannot carry out this step", 1)[1][:100]
                        crashes[key] += 1
                        example.setdefault(key, (str(f), i, act))
    return count, crashes, example


def main(argv: list[str]) -> int:
    files: list[Path] = []
    for p in argv or ["rulings"]:
        path = Path(p)
        files += sorted(path.rglob("*.ruling.yaml")) if path.is_dir() else [path]
    count, crashes, example = probe(files)
    print(f"{count} replays of {len(files)} scenarios: {sum(crashes.values())} internal errors")
    for key, n in crashes.most_common():
        print(f"{n:6} {key}\n       e.g. {example[key]}")
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
