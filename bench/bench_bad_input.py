"""Bad input is refused fast and small: every malformed scenario of tests/engine/test_bad_input.py
(and the bad files there, alias bomb included) through `judge replay FILE` in a fresh process.

    python bench/bench_bad_input.py

Prints, per case, the exit code, wall time and peak memory, then the slowest and largest, and
flags any case over 1 s or 200 MB, with a traceback, or with an exit code other than 2. Targets
(issue 15 item 7): every case under a second and under 200 MB, exit 2, no traceback.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

sys.path.insert(0, str(ROOT / "bench"))

from bench_reliability import measured_judge  # noqa: E402
from tests.engine.test_bad_input import ALIAS_BOMB, BASE, CASES, _case_text  # noqa: E402

WRAP = measured_judge("['judge', 'replay', sys.argv[1]]")

FILES = {
    "alias-bomb": ALIAS_BOMB.encode(),
    "deep-nesting": (BASE + "note: " + "[" * 5000 + "]" * 5000 + "\n").encode(),
    "binary": b"\x00\x01\x02\xff\xfe\x89PNG\r\n",
    "utf-16": BASE.encode("utf-16"),
    "empty": b"",
    "oversize": (BASE + "note: '" + "x" * 5_000_000 + "'\n").encode(),
}


def run(path: Path) -> tuple[int, float, float, bool, float]:
    t = time.perf_counter()
    r = subprocess.run([sys.executable, "-c", WRAP, str(path)], capture_output=True, text=True, cwd=ROOT,
                       env={**os.environ, "JUDGE_NO_GRAPH_CHECK": "1"}, timeout=120)
    wall = time.perf_counter() - t
    stats = next((line.split()[1:] for line in r.stderr.splitlines() if line.startswith("@@rss")), ["0", "0"])
    return r.returncode, wall, int(stats[0]) / 1024, "Traceback" in r.stdout + r.stderr, float(stats[1])


def main() -> None:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for case, old, new, _line, _words in CASES:
            path = Path(tmp) / f"{case}.yaml"
            path.write_text(_case_text(old, new), encoding="utf-8")
            rows.append((case, *run(path)))
        for case, data in FILES.items():
            path = Path(tmp) / f"{case}.yaml"
            path.write_bytes(data)
            rows.append((case, *run(path)))
    for case, code, wall, rss, tb, inner in rows:
        print(f"{case:32} exit {code}  {wall:5.2f} s wall ({inner:4.2f} s in judge)  {rss:6.1f} MB"
              f"{'  TRACEBACK' if tb else ''}")
    bad = [r for r in rows if r[1] != 2 or r[2] > 1.0 or r[3] > 200 or r[4]]
    print(f"\n{len(rows)} cases; slowest {max(r[2] for r in rows):.2f} s, largest {max(r[3] for r in rows):.1f} MB; "
          f"{len(bad)} over a target: {', '.join(r[0] for r in bad) or 'none'}")
    print(f"time in judge (imports + load + check, without interpreter start): slowest {max(r[5] for r in rows):.2f} s; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
