"""Benchmark: replay throughput (fixtures per second, cold and warm) and `judge verify` wall time.

    python bench/bench_verify.py [--rounds N]

cold  = a fresh interpreter: import the engine, load cards and fixtures, replay each once
warm  = the same process replaying the already-loaded fixtures again, N rounds (wall time, and the
        process's CPU time: over all rounds and in the best round, with the load average)
anthems = one replay with 10 and with 20 continuous modifiers in play at once (the dependency order)
full  = wall time of the `judge verify` command (subprocess, includes interpreter start)
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # measure this tree, not the installed judge

COLD = r"""
import time, sys
t0 = time.perf_counter()
from judge.scenarios.loader import find_fixtures, load_fixture, graph_ids
from judge.scenarios.replay import replay
t1 = time.perf_counter()
files = find_fixtures([sys.argv[1]])
known = graph_ids()
fx = [load_fixture(f, known_ids=known) for f in files]
t2 = time.perf_counter()
outs = [replay(f) for f in fx]
t3 = time.perf_counter()
assert all(o.status == "passed" for o in outs), [o.error or o.problems for o in outs if o.status != "passed"]
print(len(files), t1 - t0, t2 - t1, t3 - t2)
"""


def _anthems(n: int) -> Path:
    """A Warhammer scenario with n units each giving every other unit its controller controls +1 power
    (the scenario's own cards), then a damage spell: written to a temporary file."""
    import tempfile

    import yaml

    cards = [{"name": f"Banner Bearer {i}", "type": "unit", "cost": 1, "stats": {"power": 1, "hp": 3},
              "text": "Each other unit you control gets +1 power.",
              "abilities": [{"kind": "continuous", "modify": {"power": 1},
                             "applies_to": "it.type == 'unit' and it.controller == this.controller and it != this"}]}
             for i in range(n)]
    scenario = {"game": "warhammer-invasion", "cards": cards,
                "state": {"active": "A", "phase": "capital",
                          "A": {"battlefield": [c["name"] for c in cards], "hand": ["Flames of Tzeentch"], "resources": 5},
                          "B": {"battlefield": ["Rat Swarm", "Dark Zealot"]}},
                "actions": [{"player": "A", "play": "Flames of Tzeentch", "x": 3, "targets": ["Dark Zealot"]},
                            {"pass": "all"}],
                "expect": [{"card": "Banner Bearer 0", "power": n}, {"card": "Dark Zealot", "zone": "B.discard"}]}
    path = Path(tempfile.mkdtemp()) / f"anthems-{n}.yaml"
    path.write_text(yaml.safe_dump(scenario, sort_keys=False))
    return path


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--rulings", default=str(ROOT / "rulings"))
    args = ap.parse_args()

    out = subprocess.run([sys.executable, "-c", COLD, args.rulings], capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout.split()
    n, t_import, t_load, t_replay = int(out[0]), *map(float, out[1:])
    print(f"fixtures: {n}")
    print(f"cold: import {t_import * 1000:.0f} ms, load+check {t_load * 1000:.0f} ms, "
          f"replay {t_replay * 1000:.0f} ms -> {n / t_replay:.0f} fixtures/s "
          f"({n / (t_import + t_load + t_replay):.0f}/s including import and load)")

    from judge.scenarios.loader import find_fixtures, load_fixture
    from judge.scenarios.replay import replay

    fx = [load_fixture(f, known_ids=None) for f in find_fixtures([Path(args.rulings)])]
    for f in fx:
        replay(f)
    t0, cpu0 = time.perf_counter(), time.process_time()
    cpu_rounds = []
    for _ in range(args.rounds):
        c0 = time.process_time()
        for f in fx:
            replay(f)
        cpu_rounds.append(time.process_time() - c0)
    dt = time.perf_counter() - t0
    cpu = time.process_time() - cpu0
    print(f"warm: {args.rounds} rounds x {len(fx)} fixtures in {dt * 1000:.0f} ms -> "
          f"{args.rounds * len(fx) / dt:.0f} fixtures/s ({dt / args.rounds * 1000:.1f} ms of engine time per full set)")
    # CPU time is less sensitive than wall time to other processes on the same cores (the machine
    # has 2); the best round is the figure least disturbed by them
    print(f"warm CPU: {args.rounds * len(fx) / cpu:.0f} fixtures/s over all rounds, "
          f"{len(fx) / min(cpu_rounds):.0f} fixtures/s in the best round "
          f"(load average {os.getloadavg()[0]:.2f})")

    # bounded replay: scenarios whose triggered abilities feed each other must stop quickly
    for name in ("loop-multiplying-triggers", "loop-ping-pong-triggers"):
        loop = load_fixture(ROOT / "tests" / "engine" / "data" / f"{name}.scenario.yaml")
        t0 = time.perf_counter()
        out = replay(loop)
        print(f"loop stop ({name}): {(time.perf_counter() - t0) * 1000:.0f} ms, "
              f"{len(out.engine.events)} events, {'stopped' if out.error else 'NOT STOPPED'}")

    # many continuous modifiers at once: the dependency order (712.1) compares them pair by pair
    for n in (10, 20):
        loaded = load_fixture(_anthems(n))
        t0 = time.perf_counter()
        out = replay(loaded)
        print(f"{n} modifiers in play ({n} 'each other unit you control gets +1 power'): "
              f"{(time.perf_counter() - t0) * 1000:.0f} ms, {out.status}")

    judge = [sys.executable, "-m", "judge", "verify", args.rulings, "--json"]
    walls = []
    for _ in range(3):
        t0 = time.perf_counter()
        subprocess.run(judge, capture_output=True, check=False, cwd=ROOT)
        walls.append(time.perf_counter() - t0)
    print(f"full `judge verify`: best {min(walls) * 1000:.0f} ms, median {sorted(walls)[1] * 1000:.0f} ms (wall, 3 runs)")


if __name__ == "__main__":
    main()
