"""Reliability cases of issue 18 in fresh processes: damaged cache files, a broken scenario or
cards.yaml among the bundled ones, bad game.yaml fields, leftovers of killed builds, a read-only
or full cache folder. For each: exit code, wall time, peak memory, traceback or not, the line that
says what happened, and whether the answer is the same as from an intact cache.

    python bench/bench_reliability.py            # every case (needs one index build first, ~1 min)
    python bench/bench_reliability.py --only verify

Targets (issue 18): exit 2 for bad input, 1 for a failing scenario, 0 for a damaged cache (rebuilt,
said in one line, same answer); no traceback; under 2 s and 300 MB where nothing has to be rebuilt.
Cases that rebuild (the index, the model export) say how long that took. Runs as root use a tmpfs
mount for the full-disk case and skip it otherwise.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

def measured_judge(argv: str) -> str:
    """Python source (for `python -c`) that runs the judge CLI with `argv` (a Python list expression)
    and prints '@@rss <peak KB> <seconds> <CPU seconds>' on stderr at exit (CPU: user + system, of
    the process and the children it waited for: on a shared machine it says more than the wall time).
    The peak is VmHWM, the high-water mark of this process's own address space, and of any child it
    waited for (their ru_maxrss): not its own ru_maxrss, which Linux carries over fork + exec, so a
    child of a 187 MB bench process said 187 MB whatever it used."""
    return ("import atexit, resource, sys, time\n"
            "t0 = time.perf_counter()\n"
            "def _peak_kb():\n"
            "    try:\n"
            "        own = next(int(l.split()[1]) for l in open('/proc/self/status') if l.startswith('VmHWM'))\n"
            "    except (OSError, StopIteration):\n"
            "        own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
            "    return max(own, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
            "def _cpu():\n"
            "    s, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)\n"
            "    return s.ru_utime + s.ru_stime + c.ru_utime + c.ru_stime\n"
            "atexit.register(lambda: sys.stderr.write("
            "f'\\n@@rss {_peak_kb()} {time.perf_counter() - t0} {_cpu()}\\n'))\n"
            f"sys.argv = {argv}\n"
            "from judge.cli import main\n"
            "main()\n")


WRAP = measured_judge("['judge', *sys.argv[1:]]")
QUESTION = "Does Lucky stack?"


CODE = ROOT  # the checkout whose judge is run (--code: compare with another revision)


def run(args: list[str], cache: Path, cwd: Path | None = None, env: dict | None = None) -> dict:
    t = time.perf_counter()
    r = subprocess.run([sys.executable, "-c", WRAP, *args], capture_output=True, cwd=cwd or CODE, timeout=900,
                       env={**os.environ, "JUDGE_CACHE": str(cache), "PYTHONPATH": str(CODE), **(env or {})})
    err = r.stderr.decode("utf-8", "replace")
    stats = next((line.split()[1:] for line in err.splitlines() if line.startswith("@@rss")), ["0", "0", "0"])
    said = [line for line in err.splitlines() if line.startswith("judge:") and "cache" in line]
    return {"exit": r.returncode, "wall": time.perf_counter() - t, "rss_mb": int(stats[0]) / 1024,
            "cpu": float(stats[2]) if len(stats) > 2 else 0.0,
            "traceback": "Traceback" in err or b"Traceback" in r.stdout, "stdout": r.stdout.decode("utf-8", "replace"),
            "said": said, "stderr": err}


def answer(out: dict) -> list:
    try:
        return [(r["id"], round(r["score"], 6)) for r in json.loads(out["stdout"])["results"]]
    except (ValueError, KeyError):
        return []


def copy_cache(golden: Path, to: Path) -> Path:
    """A copy sharing the golden files (hard links); a case replaces a file before changing it."""
    shutil.copytree(golden, to, copy_function=os.link)
    return to


def own(path: Path) -> bytes:
    data = path.read_bytes()
    path.unlink()  # break the hard link: the golden copy stays intact
    return data


def flip(path: Path, count: int = 64) -> None:
    data = bytearray(own(path))
    step = max(1, len(data) // (count + 1))
    for i in range(1, count + 1):
        data[min(len(data) - 1, i * step)] ^= 0x5A
    path.write_bytes(bytes(data))


def truncate(path: Path) -> None:
    data = own(path)
    path.write_bytes(data[: len(data) // 2])


def write(path: Path, text: str) -> None:
    if path.exists():
        own(path)
    path.write_text(text)


def cache_cases(golden: Path):
    search = golden / "search"
    model = next((search / "models").iterdir()).name
    pointer = next((search / "pointers").iterdir()).name
    index = json.loads((search / "pointers" / pointer).read_text())["index"]  # the index in use
    graph = next(golden.glob("graph-[0-9a-f]*.json")).name
    rel = {
        "model.onnx.weights": f"search/models/{model}/onnx/model.onnx.weights",
        "model.onnx": f"search/models/{model}/onnx/model.onnx",
        "tokenizer.json": f"search/models/{model}/onnx/tokenizer.json",
        "export.json": f"search/models/{model}/onnx/export.json",
        "status.json": f"search/models/{model}/status.json",
        "meta.json": f"search/index/{index}/meta.json",
        "dense.npy": f"search/index/{index}/dense.npy",
        "entries.jsonl": f"search/index/{index}/entries.jsonl",
        "pointer": f"search/pointers/{pointer}",
        "verdicts.json": "verdicts.json",
        "graph cache": graph,
    }
    for name, path in rel.items():
        yield f"flip 64 bytes: {name}", lambda c, p=path: flip(c / p)
        yield f"truncate: {name}", lambda c, p=path: truncate(c / p)
    yield "graph cache is []", lambda c: write(c / graph, "[]")
    def without(name: str, key: str):
        def damage(c: Path) -> None:
            data = json.loads(own(c / rel[name]))
            data.pop(key, None)
            data.pop("checksum", None)
            (c / rel[name]).write_text(json.dumps(data))
        return damage
    yield "meta.json without files", without("meta.json", "files")
    yield "pointer without index", without("pointer", "index")
    yield "verdicts.json applied: 5", lambda c: write(
        c / "verdicts.json", json.dumps({"format": 2, "fixtures": {"rulings/x.ruling.yaml": {"applied": 5}}}))

    def wrong_dim(c: Path) -> None:
        p = c / rel["export.json"]
        meta = json.loads(own(p))
        meta["dim"] = 12
        p.write_text(json.dumps(meta))
    yield "export.json with a wrong dim", wrong_dim

    def failed_export(c: Path) -> None:
        p = c / rel["status.json"]
        own(p)
        from judge.cache import atomic_write_json
        atomic_write_json(p, {"format": 2, "onnx": None, "model": "x",
                              "reason": "ONNX graph from the weights failed (OSError: No space left on device)"})
    yield "export failed last time (disk full)", failed_export

    def leftover(c: Path) -> None:
        d = c / "search" / "models" / model / ".onnx-killed"
        d.mkdir()
        (d / "model.onnx.weights").write_bytes(b"\0" * 1_000_000)
        (d / ".writing").write_text("")
    yield "export folder left by a kill -9", leftover


def bytecode_note() -> str:
    """Whether the runs below compile judge from source: with PYTHONDONTWRITEBYTECODE set (as in
    some sandboxes) and no .pyc beside the code, every run compiles ~170 modules, about 0.1-0.3 s
    that an installed judge (pip writes .pyc) or a second run in a plain checkout does not pay."""
    import importlib.util

    sources = list((CODE / "judge").rglob("*.py"))
    fresh = 0
    for src in sources:
        pyc = Path(importlib.util.cache_from_source(str(src)))
        try:
            fresh += pyc.stat().st_mtime >= src.stat().st_mtime
        except OSError:
            pass
    env = "set" if os.environ.get("PYTHONDONTWRITEBYTECODE") else "not set"
    return f"bytecode: {fresh} of {len(sources)} judge modules have a current .pyc; PYTHONDONTWRITEBYTECODE {env}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="", help="run only the cases whose name contains this")
    ap.add_argument("--golden", type=Path, help="an intact cache to copy (default: built here)")
    ap.add_argument("--code", type=Path, help="run the judge of this checkout (e.g. a worktree of main)")
    a = ap.parse_args()
    global CODE
    CODE = (a.code or ROOT).resolve()
    rows = []
    print(bytecode_note(), flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        golden = a.golden or tmp / "golden"
        ask = ["ask", QUESTION, "-k", "5", "--json"]
        base = run(ask, golden)
        print(f"intact cache: exit {base['exit']}, {base['wall']:.1f} s (first run builds)", flush=True)
        base = run(ask, golden)
        want = answer(base)
        rows.append(("ask, intact cache", base, True))
        for n, (name, damage) in enumerate(cache_cases(golden)):
            if a.only not in name:
                continue
            cache = copy_cache(golden, tmp / f"c{n}")
            damage(cache)
            out = run(ask, cache)
            again = run(ask, cache)  # repaired for good: the next run is an ordinary one
            out["again"] = again["wall"]
            leftovers = list(cache.rglob(".onnx-*"))
            rows.append((name, out, answer(out) == want and answer(again) == want and not leftovers))
            shutil.rmtree(cache, ignore_errors=True)
        rows += verify_cases(tmp, a.only)
        rows += disk_cases(tmp, a.only)
    print(f"\n{'case':<44} {'exit':>4} {'wall s':>7} {'cpu s':>6} {'next s':>7} {'MB':>6}  tb  same  said")
    for name, out, same in rows:
        print(f"{name:<44} {out['exit']:>4} {out['wall']:>7.2f} {out['cpu']:>6.2f} {out.get('again', 0):>7.2f} "
              f"{out['rss_mb']:>6.0f}"
              f"  {'TB' if out['traceback'] else '--'}  {'yes' if same else 'NO '}  "
              f"{(out['said'] or [''])[0][:110]}")


def disk_cases(tmp: Path, only: str) -> list:
    """A full (1 MB tmpfs) and a read-only cache folder: every command answers, says once what it
    could not save, exit 0. Needs root for the mounts; skipped otherwise."""
    rows = []
    commands = {"rule": ["rule", "huntik:702.2"], "verify": ["verify", str(CODE / "rulings" / "huntik"), "--json"],
                "ingest": ["ingest", "--json"], "ask": ["ask", QUESTION, "-k", "3", "--json"]}
    for state, opts in (("full", "size=1m"), ("read-only", "ro,size=1m")):
        folder = tmp / f"cache-{state}"
        folder.mkdir()
        if subprocess.run(["mount", "-t", "tmpfs", "-o", opts, "tmpfs", str(folder)], capture_output=True).returncode:
            print(f"(no {state} cache case: cannot mount a tmpfs here)")
            continue
        try:
            if state == "full":
                with open(folder / "filler", "wb") as fh:
                    try:
                        fh.write(b"\0" * (1 << 20))
                    except OSError:
                        pass
            for name, args in commands.items():
                case = f"{state} cache: {name}"
                if only not in case:
                    continue
                out = run(args, folder)
                said = sum("cannot write the cache" in line for line in out["stderr"].splitlines())
                out["said"] = [f"'cannot write the cache' said {said} time(s)"]
                rows.append((case, out, out["exit"] == 0 and said == 1))
        finally:
            subprocess.run(["umount", str(folder)], capture_output=True)
    return rows


def verify_cases(tmp: Path, only: str) -> list:
    """One broken scenario (each wrong-type field of the issue) among the bundled ones, and a broken
    cards.yaml: every other scenario reported, one error with file and line, exit 1."""
    from tests.engine.test_bad_input import ALIAS_BOMB, BASE, CASES, _case_text

    rows = []
    rulings = tmp / "rulings"
    if not any(only in n for n in ("verify + broken scenario", "verify, cards.yaml stats: strong")):
        return rows
    shutil.copytree(CODE / "rulings", rulings)
    total = len(list(rulings.rglob("*.ruling.yaml")))
    picked = {"play-list", "game-list", "card-as-list", "zone-value-number", "attached-to-list",
              "versions-value-list", "damage-text", "counters-text", "inline-filter-nested", "inline-card-stats-text"}
    texts = {c[0]: _case_text(c[1], c[2]) for c in CASES if c[0] in picked}
    texts["alias-bomb"] = ALIAS_BOMB
    texts["number-10000-digits"] = BASE.replace("round: 2", "round: " + "9" * 10000)
    broken = rulings / "huntik" / "zz-broken" / "broken.ruling.yaml"
    broken.parent.mkdir()
    cache = tmp / "verify-cache"
    for case, text in texts.items():
        if only not in f"verify {case}":
            continue
        broken.write_text(text)
        out = run(["verify", str(rulings), "--json"], cache, cwd=tmp)
        try:
            rep = json.loads(out["stdout"])
            ok = (rep["fixtures"] == total + 1 and rep["passed"] == total and len(rep["errors"]) == 1
                  and rep["errors"][0]["line"] and "broken.ruling.yaml" in rep["errors"][0]["path"])
        except (ValueError, KeyError):
            ok = False
        rows.append((f"verify + broken scenario: {case}", out, ok and out["exit"] == 1))
    broken.unlink(missing_ok=True)
    if only in "verify, cards.yaml stats: strong":  # "" (every case) is in it too
        corpus = tmp / "corpus"
        shutil.copytree(CODE / "rules_corpus", corpus)
        cards = corpus / "huntik" / "cards.yaml"
        cards.write_text(cards.read_text().replace("cards:\n", "cards:\n  - {name: Broken, stats: strong}\n", 1))
        out = run(["--corpus", str(corpus), "verify", str(rulings), "--json"], cache, cwd=tmp)
        try:
            rep = json.loads(out["stdout"])
            ok = [e["path"] for e in rep["errors"]] == [str(cards)] and rep["errors"][0]["line"]
        except (ValueError, KeyError):
            ok = False
        rows.append(("verify, cards.yaml stats: strong", out, bool(ok) and out["exit"] == 1))
    return rows


if __name__ == "__main__":
    main()
