"""What the web pages and the JSON API show, computed from the graph, the search index, the
ruling fixtures and the last verdicts. No HTML here (see render.py and templates/).

One `Site` per server process: the graph, the search index and the query encoder are loaded once
and kept warm; fixture replays, coverage and answers are memoised (the server is read-only, so
nothing a visitor sends changes them). The last verdicts (`judge verify`'s verdicts.json) are
re-read when the file changes, so a verify run is reflected without a restart.
"""
from __future__ import annotations

import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from judge.web.memo import BoundedLRU

MAX_QUERY = 500  # characters of a question; longer ones are refused (400/422)
MAX_ID = 200  # characters of an id or card name; longer ones are unknown (404) without a fuzzy search
MAX_K = 50

RULING_KINDS = ("faq", "ruling", "example", "clarification", "errata")
KIND_ORDER = ["section", "rule", "faq", "clarification", "keyword", "ruling", "example", "errata", "list", "card"]
HEADLINE_EVENTS = {"effect_cancelled", "zone_change", "damage_dealt", "replaced", "resolving", "triggered",
                   "action_rejected", "choice_rejected", "modifier_created", "zone_burned", "then_skipped",
                   "option_chosen", "damage_redirected", "damage_cancelled", "effect_created", "player_counter",
                   "extra_turn", "control_changed", "loop_detected", "game_drawn",
                   "enters_with_damage"}


class NotFound(Exception):
    """An id, card, game or fixture the corpus does not have (404), with close matches."""

    def __init__(self, message: str, close: list[str] | None = None, cards: list | None = None):
        super().__init__(message)
        self.message = message
        self.close = list(close or [])
        self.cards = list(cards or [])  # judge.card_lookup.Card: close card names (not all are graph nodes)


class WarmingUp(Exception):
    """Search asked for while the index is still loading or being built (503, try again shortly)."""

    def __init__(self, message: str, retry_after: int = 5):
        super().__init__(message)
        self.message = message
        self.retry_after = retry_after


class BadRequest(Exception):
    """A request the server refuses (400): too long, empty, unknown filter."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@contextmanager
def _search_errors() -> Iterator[None]:
    """The searcher's complaints about a question as a 400."""
    from judge.errors import BadInputError, UnknownGameError

    try:
        yield
    except UnknownGameError as err:
        raise BadRequest(str(err)) from None
    except BadInputError as err:
        raise BadRequest(err.problem) from None


def fixture_key(path: str | Path) -> str:
    """A fixture path as 'rulings/<game>/.../<name>.ruling.yaml' whatever folder it was run from."""
    parts = Path(path).parts
    if "rulings" in parts:
        i = len(parts) - 1 - parts[::-1].index("rulings")
        return "/".join(parts[i:])
    return Path(path).as_posix()


class Site:
    def __init__(self, corpus: Path | None = None, *, searcher: Any = None, model: str | None = None,
                 rulings: Path | None = None, verdicts_file: Path | None = None, progress: bool = False,
                 load: bool = True):
        """`load=False`: nothing is read yet; `start()` reads the graph, then the search index, in a
        thread, while the server already answers (a warming-up page until each part is there)."""
        import time

        from judge.scenarios.loader import default_rulings

        self.corpus = Path(corpus) if corpus else None
        self.model = model
        self.progress = progress
        self._searcher = searcher
        self._lock = threading.RLock()
        self._search_lock = threading.Lock()
        self.precomputed = threading.Event()  # set when warm(background=True) has replayed everything
        self._engine_lock = threading.Lock()  # one replay or coverage run at a time (engine state is per game module)
        self.rulings_dir = Path(rulings) if rulings else default_rulings()
        self._verdicts_path = Path(verdicts_file) if verdicts_file else None
        self._verdicts_found: Path | None = None  # the file shown (_verdicts_file)
        self._verdicts_stamp: tuple[int, int] | None = None
        self.generation = 0  # bumped whenever the graph or the verdicts are reloaded
        self._games: list[str] = []
        self._kinds: list[str] = []
        self.G: Any = None
        self.verdicts: dict[str, dict] = {}
        self._answers = BoundedLRU(1024, 16 << 20)  # (q, game, kind, k) -> (Answer, JSON)
        self._marks: tuple[int, Any] | None = None  # (generation, judge.verdicts.Marks)
        # (generation, entry id -> its engine mark): at most one per graph node, dropped with the graph
        self._verifications: tuple[int, dict[str, dict | None]] = (-1, {})
        self._replays: dict[str, dict] = {}
        self._coverage: dict[str, dict | None] = {}
        self.fixtures: dict[str, dict] = {}
        self.ready = threading.Event()  # the graph and the fixtures are loaded: browse pages work
        self.search_ready = threading.Event()  # the index and the encoder are loaded: search works
        self.started_at = time.monotonic()
        self.stage = "starting"
        self.failed: str | None = None  # why warming up stopped, shown on every search
        self._warming = False
        if searcher is not None:
            self.search_ready.set()
        if load:
            self._load_graph()
            self.fixtures = self._scan_fixtures()
            self.ready.set()

    # ------------------------------------------------------------------ loading
    def _verdicts_file(self) -> Path:
        """The verdicts file this site shows, found once: `refresh` stats it on every request, and
        finding it resolves the corpus folder's path (~50 us of lstat calls)."""
        if self._verdicts_found is None:
            from judge.verdicts import verdicts_path

            self._verdicts_found = self._verdicts_path or verdicts_path(self.corpus)
        return self._verdicts_found

    def _stamp(self) -> tuple[int, int] | None:
        try:
            st = self._verdicts_file().stat()
            return (st.st_mtime_ns, st.st_size)
        except OSError:
            return None

    def _load_graph(self) -> None:
        from judge.graph import add_verdicts, games, load_graph

        stamp = self._stamp()
        G = load_graph(self.corpus, with_verdicts=False)
        raw = add_verdicts(G, self._verdicts_file())
        verdicts = {fixture_key(k): v for k, v in raw.items() if isinstance(v, dict)}
        present = {a.get("kind") for _, a in G.nodes(data=True)}
        self._games = games(G)
        self._kinds = [k for k in KIND_ORDER if k in present]
        self.G, self.verdicts, self._verdicts_stamp = G, verdicts, stamp
        self._answers.clear()
        self._coverage.clear()
        self.generation += 1

    def refresh(self) -> None:
        """Re-read the last verdicts when `judge verify` wrote new ones (a stat per request)."""
        if not self.ready.is_set():
            return
        if self._stamp() != self._verdicts_stamp:
            with self._lock:
                if self._stamp() != self._verdicts_stamp:
                    self._load_graph()

    def _scan_fixtures(self) -> dict[str, dict]:
        """Every fixture under rulings/: its ruling, cites, question and answer (raw YAML, no replay)."""
        from judge.engine.yamlload import load_yaml_with_lines
        from judge.errors import BadInputError

        out: dict[str, dict] = {}
        if not self.rulings_dir.is_dir():
            return out
        for p in sorted(self.rulings_dir.rglob("*.ruling.yaml")):
            try:  # the bounded loader: an alias bomb or an oversize file is refused, never expanded
                raw = load_yaml_with_lines(p)
            except BadInputError:
                raw = None
            raw = raw if isinstance(raw, dict) else {}
            cites = raw.get("cites") if isinstance(raw.get("cites"), list) else []
            key = fixture_key(p)
            parts = key.split("/")
            out[key] = {
                "path": key, "file": p, "name": p.name.removesuffix(".ruling.yaml"),
                "game": parts[1] if len(parts) > 2 else None,
                "ruling": raw.get("ruling") if isinstance(raw.get("ruling"), str) else None,
                "cites": [c for c in cites if isinstance(c, str)],
                "question": str(raw.get("question") or "").strip(),
                "answer": str(raw.get("answer") or "").strip(),
                "variant": raw.get("variant"),
            }
        return out

    @property
    def searcher(self) -> Any:
        if self._searcher is None:
            with self._search_lock:
                if self._searcher is None:
                    from judge.web.searching import ServerSearcher

                    self._searcher = ServerSearcher(self.corpus, self.model, progress=self.progress)
        return self._searcher

    def warm(self, background: bool = False) -> None:
        """Load the index and the query encoder now, so the first visitor does not wait; with
        `background`, also replay every fixture and compute each game's coverage in a thread."""
        s = self.searcher
        s.ask("warm up the query encoder", k=1, threshold=False)
        self.search_ready.set()
        if background:
            threading.Thread(target=self._precompute, name="judge-web-warm", daemon=True).start()

    def start(self, stages: tuple[str, ...] = ("browse", "search", "precompute")) -> threading.Thread:
        """Warm up in a thread: "browse" the graph and fixtures (browse pages), "search" the index and
        the encoder, "precompute" every replay and coverage report. Returns the thread."""
        self._warming = True

        def run() -> None:
            try:
                if "browse" in stages and not self.ready.is_set():
                    self.stage = "loading the rules graph"
                    self._load_graph()
                    self.fixtures = self._scan_fixtures()
                    self.ready.set()
                    from judge.card_lookup import catalogue

                    catalogue(self.G, self.corpus)  # the first card page is then instant
                    self.stage = "rules graph loaded; the search index is next"
                if "search" in stages:
                    self.stage = "loading the search index (the first run builds it: a minute or two)"
                    self.warm()
                    self.stage = "ready"
                if "precompute" in stages:
                    self._precompute()
            except BaseException as err:  # noqa: BLE001 - shown on the pages instead of a silent hang
                self.failed = f"{type(err).__name__}: {err}"
                self.stage = "failed"
                self.precomputed.set()
                raise

        t = threading.Thread(target=run, name="judge-web-start", daemon=True)
        t.start()
        return t

    def encoded(self) -> dict[str, int] | None:
        """How many texts the server's searcher encoded, in how many batches (None: not loaded yet)."""
        batches = getattr(self._searcher, "batches", None)
        return {"batches": batches.calls, "texts": batches.texts} if batches is not None else None

    def warming_up(self) -> str | None:
        """Why search cannot answer yet (None when it can)."""
        import time

        if self.failed:
            return f"search is unavailable: warming up failed ({self.failed[:300]})"
        if self._warming and not self.search_ready.is_set():
            return f"warming up: {self.stage} — {time.monotonic() - self.started_at:.0f} s so far"
        return None

    def _precompute(self) -> None:
        try:
            for gid in list(self._games):
                self.coverage(gid)
            for key in list(self.fixtures):
                self.replay(key)
        finally:
            self.precomputed.set()

    # ------------------------------------------------------------------ helpers
    def games(self) -> list[str]:
        return self._games

    def game_info(self, gid: str | None) -> dict[str, Any] | None:
        """Id, name and language of a game; None for an id that is not a game of the corpus."""
        if gid not in self.G:
            return None
        a = self.G.nodes[gid]
        return {"id": gid, "name": a.get("title") or gid, "language": a.get("language")}

    def game_name(self, gid: str | None) -> str:
        info = self.game_info(gid)
        return info["name"] if info else (gid or "")

    def node(self, n: str) -> dict[str, Any]:
        return self.G.nodes[n]

    def label(self, n: str) -> str:
        a = self.G.nodes.get(n) or {}
        t = a.get("title") or " ".join((a.get("text") or "").split())[:80]
        return t

    def href(self, n: str) -> str:
        """Where an id is shown: cards on the card page, fixtures on their ruling page, games on theirs."""
        from urllib.parse import quote

        a = self.G.nodes.get(n) or {}
        kind = a.get("kind")
        if kind == "card":
            return "/card/" + quote(n, safe=":")
        if kind == "game":
            return "/game/" + quote(n, safe="")
        if kind == "fixture":
            return self.fixture_href(fixture_key(a.get("path") or n.removeprefix("fixture:")))
        if kind == "document":
            return "/game/" + quote(a.get("game") or "", safe="") + "#documents"
        return "/rule/" + quote(n, safe=":")

    def fixture_href(self, key: str) -> str:
        from urllib.parse import quote

        f = self.fixtures.get(key)
        if f and f["ruling"] and f["ruling"] in self.G:
            return "/ruling/" + quote(f["ruling"], safe=":") + "#" + f["name"]
        return "/fixture/" + quote(key, safe="/")

    def verdict(self, key: str) -> dict | None:
        return self.verdicts.get(key)

    def fixtures_for(self, n: str) -> list[dict]:
        """Fixtures whose ruling is `n` or that cite `n`, with their last verdict."""
        out = []
        for key, f in self.fixtures.items():
            role = "ruling" if f["ruling"] == n else ("cites" if n in f["cites"] else None)
            if role is None:
                v = self.verdicts.get(key)
                if not (v and n in (v.get("applied") or [])):
                    continue
                role = "applies"
            out.append({**f, "role": role, "verdict": self.verdicts.get(key), "href": self.fixture_href(key)})
        order = {"ruling": 0, "cites": 1, "applies": 2}
        return sorted(out, key=lambda f: (order[f["role"]], f["path"]))

    # ------------------------------------------------------------------ resolving
    def resolve(self, query: str, game: str | None = None) -> str:
        from judge.errors import UnknownEntryError, UnknownGameError
        from judge.graph import resolve

        q = (query or "").strip()
        game = game or None
        if not q or len(q) > MAX_ID:
            raise NotFound(f"unknown id: {q[:80]!r}")
        if game is not None and game not in self.G:
            raise NotFound(f"unknown game {game[:80]!r}", self.games())
        try:
            n = resolve(self.G, q, game)
        except UnknownGameError as err:
            raise NotFound(str(err), err.known) from None
        except UnknownEntryError as err:
            raise NotFound(str(err), [c for c in err.candidates if c in self.G]) from None
        if self.G.nodes[n].get("kind") == "fixture":
            raise NotFound(f"unknown id: {q!r}")
        return n

    def find_card(self, name: str, game: str | None = None) -> Any:
        """The card named `name` (judge.card_lookup: exact name, id, or whole words of one name);
        NotFound with the closest names otherwise: a typo is never answered with another card."""
        from judge.card_lookup import UnknownCardError, lookup_card

        q = (name or "").strip()
        game = game or None
        if not q or len(q) > MAX_ID:
            raise NotFound(f"unknown card: {q[:80]!r}")
        if game is not None and (game not in self.G or self.G.nodes[game].get("kind") != "game"):
            raise NotFound(f"unknown game {game[:80]!r}", self.games())
        found = lookup_card(self.G, q, game, self.corpus)
        if not found.cards:
            err = UnknownCardError(found, game)
            raise NotFound(err.problem, [c.id for c in found.close], cards=found.close)
        return found

    # ------------------------------------------------------------------ JSON mirrors of the CLI
    def rule_json(self, n: str) -> dict[str, Any]:
        """The object `judge rule ID --json` prints."""
        from judge.graph import entry_report

        return entry_report(self.G, n)

    def card_json(self, found: Any) -> dict[str, Any]:
        """The object `judge card NAME --json` prints."""
        from judge.card_lookup import card_view

        return card_view(self.G, found)

    def words_name(self, typed: str, card: Any) -> bool:
        """Whether `typed` finds `card` as whole words of its name (see judge.card_lookup)."""
        from judge.card_lookup import lookup_card

        if len(typed) > MAX_ID:
            return False
        found = lookup_card(self.G, typed, card.game, self.corpus)
        return found.match == "words" and found.cards[0].id == card.id

    def card_href(self, card: Any) -> str:
        from urllib.parse import quote

        return "/card/" + quote(card.id, safe=":")

    def verify_status(self) -> dict[str, Any]:
        """`judge verify --json`'s object, read from the last verdicts (nothing is replayed)."""
        known = self.verdicts
        failed = sorted(k for k, v in known.items() if not v.get("passed"))
        return {"fixtures": len(known), "passed": len(known) - len(failed), "failed": failed, "errors": [],
                "source": "last verdicts" if self._verdicts_stamp else "none (run `judge verify`)",
                "not_run": sorted(k for k in self.fixtures if k not in known)}

    # ------------------------------------------------------------------ search
    def check_query(self, q: str | None) -> str:
        q = (q or "").strip()
        if len(q) > MAX_QUERY:
            raise BadRequest(f"question too long ({len(q)} characters; at most {MAX_QUERY})")
        return q

    def ask(self, q: str, game: str | None = None, kind: str | None = None, k: int = 5) -> tuple[Any, dict]:
        """(Answer, JSON object of `judge ask --json`). Answers are memoised per (q, game, kind, k)."""
        key, hit = self._memoised(q, game, kind, k)
        if hit is not None:
            return hit
        s = self.searcher
        with _search_errors():
            if getattr(s, "thread_safe", False):
                ans = s.ask(key[0], game=game, kind=kind, k=k)
            else:
                with self._search_lock:  # a plain Searcher's vector cache and entry file are not thread-safe
                    ans = s.ask(key[0], game=game, kind=kind, k=k)
        return self._answered(key, ans)

    async def ask_async(self, q: str, game: str | None = None, kind: str | None = None,
                        k: int = 5) -> tuple[Any, dict]:
        """`ask` for a coroutine. A loaded ServerSearcher ranks on the event loop's thread, which serves
        other requests while the question is encoded: no worker thread per request, each waiting for
        the encoder and then for the ranking lock (with 50 requests at once, those threads' hand-offs
        cost more CPU than the ranking). Otherwise (a plain Searcher, or none loaded yet) `ask` runs in
        a worker thread."""
        key, hit = self._memoised(q, game, kind, k)
        if hit is not None:
            return hit
        s = self._searcher
        if not hasattr(s, "ask_async"):
            from starlette.concurrency import run_in_threadpool

            return await run_in_threadpool(self.ask, q, game, kind, k)
        with _search_errors():
            ans = await s.ask_async(key[0], game=game, kind=kind, k=k)
        return self._answered(key, ans)

    def _memoised(self, q: str, game: str | None, kind: str | None, k: int) -> tuple[tuple, Any]:
        """The memo's key of a question (checked: BadRequest, WarmingUp) and its memoised answer or None."""
        q = self.check_query(q)
        if not q:
            raise BadRequest("empty question: type the question to look up")
        busy = self.warming_up()
        if busy:
            raise WarmingUp(busy)
        if not 1 <= k <= MAX_K:
            raise BadRequest(f"k must be between 1 and {MAX_K}")
        key = (q, game, kind, k)
        return key, self._answers.get(key)

    def _answered(self, key: tuple, ans: Any) -> tuple[Any, dict]:
        """The site's marks on a new answer, its JSON, both memoised."""
        if self._verdicts_path is not None:  # a verdicts file of its own (the searcher marks from the cache's)
            marks = self.marks()
            for h in ans.hits:  # the same rules as judge ask's, on this site's verdicts
                rid = h.record["id"]
                h.record["verified"] = marks.verified(rid, self._text_hash)
                h.record["check_failing"] = marks.failing(rid)
                h.record["cited_by_scenarios"] = len(marks.cited_by(rid))
        out = ans.to_json()
        size = 1024 + sum(len(r.get("text") or "") + 200 for r in out["results"])  # about what it holds
        self._answers.put(key, (ans, out), 2 * size)
        return ans, out

    def marks(self) -> Any:
        """judge.verdicts.Marks of the verdicts this site shows (re-read with the graph)."""
        from judge.verdicts import Marks, read_verdicts

        with self._lock:
            if self._marks is None or self._marks[0] != self.generation:
                self._marks = (self.generation, Marks(read_verdicts(self._verdicts_file())))
            return self._marks[1]

    def _text_hash(self, n: str) -> str | None:
        from judge.graph import node_text_hash

        return node_text_hash(self.G, n)

    def verification(self, n: str) -> dict | None:
        """The engine mark of an entry: only the ruling of base (not variant) scenarios is checked
        (judge.graph.verification); a failing base scenario shows as failing; "stale" when a text it
        checks changed since it was checked."""
        from judge.graph import failing_check, verification

        gen = self.generation  # read before the graph: a mark of a newer graph is at worst dropped early
        memo = self._verifications
        if memo[0] != gen:
            memo = self._verifications = (gen, {})
        if n in memo[1]:  # ordering an entry's scenarios by name likeness is ~0.3 ms; a results page asks ~7 times
            hit = memo[1][n]
            return dict(hit) if hit else None
        if n not in self.G:
            return None
        v = verification(self.G, n)
        failing = None if v else failing_check(self.G, n)
        out = ({"fixture": str(v["fixture"]), "passed": True, "stale": bool(v.get("stale"))} if v else
               {"fixture": failing, "passed": False, "stale": False} if failing else None)
        memo[1][n] = out
        return dict(out) if out else None

    def kinds(self) -> list[str]:
        return self._kinds

    # ------------------------------------------------------------------ replay
    def replay(self, key: str) -> dict[str, Any]:
        """Replay a fixture now (memoised): status, problems, and the trace with rule ids per step."""
        with self._lock:
            if key in self._replays:
                return self._replays[key]
        f = self.fixtures.get(key)
        if f is None:
            raise NotFound(f"unknown fixture: {key[:120]!r}")
        with self._engine_lock:
            with self._lock:
                if key in self._replays:
                    return self._replays[key]
            out = self._replay(key, f)
            with self._lock:
                self._replays[key] = out
            return out

    def _replay(self, key: str, f: dict) -> dict[str, Any]:
        out: dict[str, Any] = {"status": "error", "error": None, "problems": [], "steps": [], "applied": []}
        try:
            from judge.scenarios.loader import load_fixture
            from judge.scenarios.replay import replay

            fx = load_fixture(f["file"], self.corpus, None)
            res = replay(fx, set(), self.corpus)
            out.update(status=res.status, error=res.error, problems=list(res.problems), applied=res.applied)
            for s in res.engine.trace if res.engine else []:
                if s.index == 0 and not s.events and not s.rules:
                    continue
                out["steps"].append({
                    "index": s.index, "action": s.action, "rules": list(s.rules),
                    "events": [{"event": e.get("event"), "detail": ", ".join(f"{k}={v}" for k, v in e.items()
                                                                            if k != "event"),
                                "headline": e.get("event") in HEADLINE_EVENTS} for e in s.events],
                })
        except Exception as err:  # noqa: BLE001 - a broken fixture is shown as such, never a 500
            out["error"] = f"{type(err).__name__}: {err}"
        try:
            out["scenario"] = self._scenario_text(f["file"])
        except OSError:
            out["scenario"] = ""
        return out

    @staticmethod
    def _scenario_text(path: Path) -> str:
        """The fixture's state, actions and expectations as written (question/answer shown apart)."""
        lines = path.read_text(encoding="utf-8").splitlines()
        keep, skipping = [], False
        for line in lines:
            top = line[:1] not in (" ", "\t", "-", "") and ":" in line
            if top:
                skipping = line.split(":", 1)[0] in ("question", "answer")
            if not skipping:
                keep.append(line)
        return "\n".join(keep).strip()

    # ------------------------------------------------------------------ coverage
    def coverage(self, gid: str) -> dict | None:
        """`judge coverage --json` for one game (coverage_report), memoised; None if unavailable."""
        with self._lock:
            if gid in self._coverage:
                return self._coverage[gid]
        with self._engine_lock:
            with self._lock:
                if gid in self._coverage:
                    return self._coverage[gid]
            try:
                from judge.cli.coverage import coverage_report

                rep = coverage_report(self.corpus, gid)
            except Exception:  # noqa: BLE001 - the page shows the ingest report and fixture counts instead
                rep = None
            with self._lock:
                self._coverage[gid] = rep
            return rep
