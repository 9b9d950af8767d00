"""The web application: server-rendered pages for judges and a JSON API mirroring the CLI.

    from judge.web.app import create_app
    app = create_app()              # a Site over the bundled corpus; or create_app(site=Site(...))

Read-only: every route is GET (HEAD); nothing a visitor sends reaches the corpus, the fixtures or
the caches. Corpus text is escaped by Jinja's autoescape, and references are linked on the
escaped text (render.py). Unknown ids are 404, bad or oversized input 400/422, never a 500.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional
from urllib.parse import quote, urlencode

from fastapi import FastAPI, Query, Request
from fastapi import Path as Path_
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from judge.graph import alias_note, children, parent
from judge.versions.compare import shown_text
from judge.versions.report import entry_history
from judge.web import render
from judge.web.serving import HeadAndCaching
from judge.web.site import (MAX_ID, MAX_K, MAX_QUERY, RULING_KINDS, BadRequest, NotFound, Site, WarmingUp,
                            fixture_key)

HERE = Path(__file__).resolve().parent

SECURITY_HEADERS = [
    (b"content-security-policy",
     b"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
     b"base-uri 'none'; form-action 'self'; frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]


def json_bytes(obj: Any) -> bytes:
    """JSON with <, > and & written as \\u escapes: the same data, harmless even if some client
    ever renders it as HTML."""
    text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026").encode("utf-8")


def json_response(obj: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(json_bytes(obj), status_code=status, media_type="application/json", headers=headers)


NO_CACHE = {"/healthz"}
PAGE = 5  # results a search page shows; "more results" adds as many again
GAME_COOKIE = "judge_game"


class WarmingGate:
    """Pure ASGI middleware: until the graph is loaded (Site.ready), every page but /healthz and the
    static files is a 503 "warming up" page that reloads itself (JSON for the API), so a server that
    has just started answers at once instead of refusing connections."""

    def __init__(self, app: Any, site: Site, render: Any):
        self.app = app
        self.site = site
        self.render = render  # (path, message) -> (status, content type, body)

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or self.site.ready.is_set() or scope["path"] in NO_CACHE \
                or scope["path"].startswith("/static/"):
            await self.app(scope, receive, send)
            return
        message = self.site.warming_up() or "warming up"
        status, ctype, body = self.render(scope["path"], message)
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", ctype), (b"retry-after", b"3"), (b"cache-control", b"no-store")]})
        await send({"type": "http.response.body", "body": body})


class ResponseCache:
    """Pure ASGI middleware: GET responses (200 and 404) kept per URL (LRU bounded by count and bytes),
    dropped when the last verdicts change. Pages depend on nothing but the URL, the corpus and the
    verdicts (the server is read-only), so a repeated page costs a dictionary lookup instead of a
    render. Every request but a static file first picks up new verdicts here (Site.refresh), once."""

    def __init__(self, app: Any, site: Site, size: int = 2048, max_bytes: int = 24 << 20):
        from judge.web.memo import BoundedLRU

        self.app = app
        self.site = site
        self.entries = BoundedLRU(size, max_bytes)

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["path"].startswith("/static/"):
            await self.app(scope, receive, send)
            return
        self.site.refresh()
        if scope["method"] != "GET" or scope["path"] in NO_CACHE or (
                scope["path"] == "/" and not scope.get("query_string")  # the bare home page reads the game cookie
                and any(k == b"cookie" and GAME_COOKIE.encode() in v for k, v in scope.get("headers", []))):
            await self.app(scope, receive, send)
            return
        key = (self.site.generation, self.site.search_ready.is_set(), scope["path"], scope.get("query_string", b""))
        hit = self.entries.get(key)
        if hit is not None:
            status, headers, body = hit
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        start: dict = {}
        chunks: list[bytes] = []

        async def capture(message: dict) -> None:
            if message["type"] == "http.response.start":
                start.update(message)
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))
                # a 404 is kept too: an unknown name costs a fuzzy match (~45 ms for 200 characters)
                if not message.get("more_body") and start.get("status") in (200, 404):
                    body = b"".join(chunks)
                    self.entries.put(key, (start["status"], list(start.get("headers", [])), body), len(body) + 512)
            await send(message)

        await self.app(scope, receive, capture)


# ------------------------------------------------------------------ API schemas (OpenAPI)
class Source(BaseModel):
    document: Optional[str] = None
    lines: Optional[list[int]] = None


class Verified(BaseModel):
    fixture: str
    passed: bool


class AskResult(BaseModel):
    id: str
    kind: str
    game: str
    number: Optional[str] = None
    title: str
    text: str
    score: float
    source: Optional[Source] = None
    related: list[str]
    verified: Optional[Verified] = None


class AskResponse(BaseModel):
    """The object `judge ask QUESTION --json` prints."""
    query: str
    results: list[AskResult]
    no_good_match: Optional[bool] = Field(None, description="present (true) when nothing answers the question")
    confidence: Optional[float] = Field(None, description="present with no_good_match")


class VerifyStatus(BaseModel):
    """`judge verify --json`'s object, from the last verdicts (read-only: nothing is replayed)."""
    fixtures: int
    passed: int
    failed: list[str]
    errors: list[dict]
    source: str
    not_run: list[str]


class Problem(BaseModel):
    error: str
    close: list[str] = []


ERRORS = {400: {"model": Problem, "description": "bad input"}, 404: {"model": Problem, "description": "unknown"}}


# ------------------------------------------------------------------ the app
def create_app(site: Site | None = None, *, corpus: Path | None = None, model: str | None = None) -> FastAPI:
    site = site or Site(corpus, model=model)
    app = FastAPI(
        title="judge",
        version=_version(),
        description="Rules-judge search, rules browser and engine-checked rulings for trading card games. "
                    "The JSON API mirrors the command line's `--json` contracts. Read-only.",
        docs_url=None, redoc_url=None,  # the Swagger/ReDoc pages load scripts from a CDN; /api lists the routes
    )
    app.state.site = site
    env = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(default=True),
                      trim_blocks=True, lstrip_blocks=True)
    env.globals.update(site=site, quote=quote, urlencode=urlencode, RULING_KINDS=RULING_KINDS, MAX_QUERY=MAX_QUERY,
                       MAX_K=MAX_K)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    def warming_response(path: str, message: str) -> tuple[int, bytes, bytes]:
        if path.startswith("/api/") or path == "/openapi.json":
            return 503, b"application/json", json_bytes({"error": message, "close": [], "retry_after": 3})
        html = env.get_template("warming.html").render(games=[], message=message, q="", game="")
        return 503, b"text/html; charset=utf-8", html.encode("utf-8")

    app.add_middleware(ResponseCache, site=site)
    app.add_middleware(WarmingGate, site=site, render=warming_response)
    # outermost: a HEAD is a GET (and a cached page) to the rest; CSP, nosniff, no framing on every response
    app.add_middleware(HeadAndCaching, headers=SECURITY_HEADERS)

    def page(request: Request, template: str, status: int = 200, **ctx: Any) -> HTMLResponse:
        html = env.get_template(template).render(request=request, games=site.games(), **ctx)
        return HTMLResponse(html, status_code=status)

    def is_api(request: Request) -> bool:
        return request.url.path.startswith("/api/") or request.url.path == "/openapi.json"

    def error(request: Request, status: int, message: str, close: list[str] | None = None,
              cards: list | None = None) -> Response:
        if is_api(request):
            return json_response({"error": message, "close": close or []}, status)
        if cards:
            items_ = [{"id": c.id, "href": site.card_href(c), "label": f"{c.name} · {site.game_name(c.game)}",
                       "kind": "card", "verified": None} for c in cards]
        else:
            items_ = [item(c) for c in close or [] if c in site.G]
        return page(request, "error.html", status=status, status_code=status, message=message, close=items_)

    @app.exception_handler(NotFound)
    async def _not_found(request: Request, err: NotFound) -> Response:
        return error(request, 404, err.message, err.close, err.cards)

    @app.exception_handler(WarmingUp)
    async def _warming(request: Request, err: WarmingUp) -> Response:
        headers = {"retry-after": str(err.retry_after), "cache-control": "no-store"}
        if is_api(request):
            return json_response({"error": err.message, "close": [], "retry_after": err.retry_after}, 503,
                                 headers)
        q = request.query_params.get("q", "")[:MAX_QUERY]
        resp = page(request, "warming.html", status=503, message=err.message, q=q,
                    game=request.query_params.get("game", "")[:MAX_ID], kinds=site.kinds())
        resp.headers.update(headers)
        return resp

    @app.exception_handler(BadRequest)
    async def _bad(request: Request, err: BadRequest) -> Response:
        return error(request, 400, err.message)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, err: RequestValidationError) -> Response:
        problems = "; ".join(f"{'.'.join(str(x) for x in e.get('loc', ())[1:])}: {e.get('msg')}"
                             for e in err.errors())[:500]
        if is_api(request):
            return json_response({"error": problems, "close": []}, 422)
        return error(request, 400, problems)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, err: StarletteHTTPException) -> Response:
        msg = {404: "no such page", 405: "this site is read-only: only GET requests"}.get(err.status_code,
                                                                                       str(err.detail))
        resp = error(request, err.status_code, msg)
        if err.headers:
            resp.headers.update(err.headers)
        return resp

    # -------------------------------------------------------------- helpers for templates
    def item(n: str) -> dict[str, Any]:
        a = site.G.nodes.get(n) or {}
        return {"id": n, "href": site.href(n), "label": site.label(n), "kind": a.get("kind"),
                "verified": site.verification(n) if a.get("kind") in RULING_KINDS else None}

    def items(ids: list[str]) -> list[dict[str, Any]]:
        return [item(n) for n in ids if n in site.G]

    def rule_href(rid: str) -> str | None:
        return site.href(rid) if rid in site.G else None

    env.globals.update(item=item, items=items, rule_href=rule_href, fixture_key=fixture_key)

    def check_filters(game: str | None, kind: str | None) -> tuple[str | None, str | None]:
        game = game or None
        kind = kind or None
        if game is not None and game not in site.games():
            raise BadRequest(f"unknown game {game[:80]!r}; known games: {', '.join(site.games())}")
        if kind is not None and kind not in site.kinds():
            raise BadRequest(f"unknown kind {kind[:80]!r}; known kinds: {', '.join(site.kinds())}")
        return game, kind

    async def results_context(q: str, game: str | None, kind: str | None, k: int) -> dict[str, Any]:
        """A page of `k` results (one more is asked for, to know whether "more" can be offered)."""
        q = site.check_query(q)
        ctx: dict[str, Any] = {"q": q, "game": game or "", "kind": kind or "", "k": k, "hits": [], "answer": None,
                               "more_href": None, "confirmed": None}
        if not q:
            return ctx
        ans, out = await site.ask_async(q, game, kind, min(k + 1, MAX_K))
        results = out["results"]
        more = len(results) > k
        hits = [result_view(r, ans.stems) for r in results[:k]]
        if more:
            more_k = min(k + PAGE, MAX_K)
            params = {"q": q, "game": game or "", "kind": kind or "", "k": more_k}
            ctx["more_href"] = "/?" + urlencode(params) + f"#r{k + 1}"
            ctx["more_fragment"] = "/search/results?" + urlencode(params)
        ctx.update(hits=hits, answer=ans, no_good_match=out.get("no_good_match", False),
                   confirmed=confirmed_view(out.get("confirmed"), hits))
        return ctx

    def result_view(r: dict[str, Any], stems: dict) -> dict[str, Any]:
        """One hit as the page shows it: the answer (or the text) in full, the question once, the
        game by name, and the engine marks the search gave it."""
        v = r.get("verified")
        failing = r.get("check_failing")
        if v and v.get("passed") is False:  # a verdict that failed is a failing check, never a ✓
            v, failing = None, failing or v
        question = r.get("question")
        answer = r.get("answer")
        body = answer if answer else r["text"]
        heading = question or r["title"]
        if heading and not answer and body.strip().startswith(heading.strip()):
            heading = None  # the text opens with its own title: said once
        return {
            "id": r["id"], "href": site.href(r["id"]) if r["id"] in site.G else "#", "kind": r["kind"],
            "game": r["game"], "game_name": r.get("game_name") or site.game_name(r["game"]),
            "heading": heading, "body": render.highlight(body, stems), "is_answer": bool(answer),
            "score": r["score"], "source": r["source"],
            "related": items(r["related"][:8]), "more_related": max(0, len(r["related"]) - 8),
            "verified": v, "stale": bool(v and v.get("stale")),
            "ruling_href": site.fixture_href(fixture_key(v["fixture"])) if v else None,
            "failing": failing,
            "failing_href": site.fixture_href(fixture_key(failing if isinstance(failing, str) else
                                                          failing.get("fixture") or "")) if failing else None,
            "cited_by": int(r.get("cited_by_scenarios") or 0),
        }

    def confirmed_view(c: dict | None, hits: list[dict]) -> dict | None:
        """The one line saying what the engine confirmed for this question (from the search)."""
        if not c:
            return None
        hit = next((h for h in hits if h["id"] == c.get("id")), None)
        return {**c, "href": site.fixture_href(fixture_key(c["fixture"])) if c.get("fixture") else None,
                "anchor": f"#r{hits.index(hit) + 1}" if hit else None}

    def remember_game(request: Request, response: Response, game: str | None) -> Response:
        """The chosen game is remembered in a cookie (as well as in the URL): the home page opens with it."""
        if "game" in request.query_params:  # the same header whoever asks: the response may be reused
            if game:
                response.set_cookie(GAME_COOKIE, game, max_age=365 * 24 * 3600, samesite="lax", httponly=True)
            else:
                response.delete_cookie(GAME_COOKIE, samesite="lax", httponly=True)
        return response

    # -------------------------------------------------------------- pages
    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def search_page(request: Request, q: str = "", game: str = "", kind: str = "",
                    k: int = Query(PAGE, ge=1, le=MAX_K)):
        remembered = request.cookies.get(GAME_COOKIE)
        if not request.query_params and remembered in site.games():  # bare home page: the game chosen last
            return RedirectResponse("/?" + urlencode({"game": remembered}), status_code=302)
        game_, kind_ = check_filters(game, kind)
        ctx = await results_context(q, game_, kind_, k)
        return remember_game(request, page(request, "search.html", kinds=site.kinds(), **ctx), game_)

    @app.get("/search/results", response_class=HTMLResponse, include_in_schema=False)
    async def search_fragment(request: Request, q: str = "", game: str = "", kind: str = "",
                        k: int = Query(PAGE, ge=1, le=MAX_K)):
        game_, kind_ = check_filters(game, kind)
        ctx = await results_context(q, game_, kind_, k)
        return remember_game(request, page(request, "_results.html", **ctx), game_)

    @app.get("/rule/{entry_id}", response_class=HTMLResponse, include_in_schema=False)
    def rule_page(request: Request, entry_id: str, game: Optional[str] = None):
        n = site.resolve(entry_id, game)
        a = site.node(n)
        if a.get("kind") in ("card", "game"):
            return RedirectResponse(site.href(n), status_code=302)
        if n != entry_id:  # one address per entry; an id from another version says so on the page
            typed = "?" + urlencode({"from": entry_id[:MAX_ID]}) if alias_note(site.G, entry_id, n) else ""
            return RedirectResponse("/rule/" + quote(n, safe=":") + typed, status_code=302)
        typed = request.query_params.get("from")
        note = alias_note(site.G, typed[:MAX_ID], n) if typed else None
        return page(request, "entry.html", alias_note=note, **entry_context(n))

    def ancestors(n: str) -> list[dict[str, Any]]:
        chain, p, seen = [], parent(site.G, n), {n}
        while p and p not in seen and site.G.nodes[p].get("kind") not in ("game", "document"):
            chain.append(item(p))
            seen.add(p)
            p = parent(site.G, p)
        return list(reversed(chain))

    def text_html(n: str, text: str | None = None) -> Markup:
        a = site.node(n)
        links = render.entry_links(site.G, n)
        rep = site.G.graph.get("reports", {}).get(a.get("game"), {})
        dangling = {str(d["ref"]).rstrip(".") for d in rep.get("refs", {}).get("dangling", []) if d["from"] == n}
        cards = render.card_names(site.G, n) if a.get("kind") != "card" else {}
        return render.paragraphs(render.linkify(a.get("text") if text is None else text, links, site.href, dangling,
                                                cards))

    env.globals.update(text_html=text_html, word_diff_html=render.word_diff_html,
                       shown_text=lambda title, text: render.paragraphs(escape(shown_text(title, text))))

    def entry_context(n: str) -> dict[str, Any]:
        info = site.rule_json(n)
        a = site.node(n)
        data = a.get("data") or {}
        return {
            "n": n, "a": a, "data": data, "info": info, "game": site.game_info(a.get("game")),
            "ancestors": ancestors(n), "text": text_html(n),
            "fixtures": site.fixtures_for(n),
            "sections": [(label, items([info[key]] if isinstance(info[key], str) else info[key]))
                         for label, key in [("Parent", "parent"), ("Children", "children"), ("Examples", "examples"),
                                            ("Cites", "cites"), ("Cited by", "cited_by"), ("Cards", "cards"),
                                            ("Errata", "errata"), ("Mentioned by", "mentioned_by"),
                                            ("Supersedes", "supersedes"), ("Superseded by", "superseded_by")]
                         if info[key]],
            "verified": site.verification(n),
            "history": entry_history(site.G, n) if len(data.get("history") or []) > 1 else [],
        }

    @app.get("/card/{name}", response_class=HTMLResponse, include_in_schema=False)
    def card_page(request: Request, name: str, game: Optional[str] = None):
        found = site.find_card(name, game)
        c = found.cards[0]
        if name != c.id:  # one address per card
            if found.match == "words":  # say how the name was read: never a silent substitution
                return RedirectResponse(site.card_href(c) + "?" + urlencode({"from": name[:MAX_ID]}), status_code=302)
            return RedirectResponse(site.card_href(c), status_code=302)
        cj = site.card_json(found)
        history = []
        for h in cj["errata"]:
            history.append({**h, "item": item(h["errata"]), "fixtures": site.fixtures_for(h["errata"])})
        printed = [x for x in children(site.G, c.id) if site.node(x).get("kind") == "card"] if c.in_graph else []
        a = site.node(c.id) if c.in_graph else {"title": c.name, "game": c.game, "source": cj["card"]["source"],
                                                "text": ""}
        typed = request.query_params.get("from")
        if typed and not site.words_name(typed, c):  # only shown when those words really lead here
            typed = None
        return page(request, "card.html", n=c.id, a=a, data=a.get("data") or {}, card=cj, history=history,
                    printed=items(printed), mentions=items(cj["mentioned_by"]), engine=cj["engine"],
                    known_from=cj["known_from"], typed=typed, in_graph=c.in_graph,
                    others=[{"id": o.id, "href": site.card_href(o), "label": o.name, "kind": "card", "verified": None}
                            for o in found.cards[1:]],
                    game=site.game_info(c.game), text=text_html(c.id) if c.in_graph else Markup(""))

    @app.get("/ruling/{entry_id}", response_class=HTMLResponse, include_in_schema=False)
    def ruling_page(request: Request, entry_id: str, game: Optional[str] = None):
        n = site.resolve(entry_id, game)
        if n != entry_id:
            return RedirectResponse("/ruling/" + quote(n, safe=":"), status_code=302)
        a = site.node(n)
        related = site.fixtures_for(n)
        own = [f for f in related if f["role"] == "ruling"]
        others = [f for f in related if f["role"] != "ruling"]
        runs = [{**f, "replay": site.replay(f["path"])} for f in own]
        return page(request, "ruling.html", n=n, a=a, data=a.get("data") or {}, text=text_html(n), runs=runs,
                    others=others, game=site.game_info(a.get("game")),
                    ancestors=ancestors(n))

    @app.get("/fixture/{path:path}", response_class=HTMLResponse, include_in_schema=False)
    def fixture_page(request: Request, path: str):
        key = fixture_key(path) if len(path) <= MAX_ID else path
        f = site.fixtures.get(key)
        if f is None:
            raise NotFound(f"unknown fixture: {path[:120]!r}")
        run = {**f, "verdict": site.verdict(key), "replay": site.replay(key), "href": site.fixture_href(key)}
        ruling = f["ruling"] if f["ruling"] in site.G else None
        a = site.node(ruling) if ruling else {}
        return page(request, "ruling.html", n=ruling, a=a, data=a.get("data") or {},
                    text=text_html(ruling) if ruling else Markup(""), runs=[run], others=[],
                    game=site.game_info(f["game"]),
                    ancestors=ancestors(ruling) if ruling else [], single=True)

    @app.get("/game/{gid}", response_class=HTMLResponse, include_in_schema=False)
    def game_page(request: Request, gid: str):
        if len(gid) > MAX_ID or gid not in site.G or site.node(gid).get("kind") != "game":
            raise NotFound(f"unknown game {gid[:80]!r}", site.games())
        rep = site.G.graph.get("reports", {}).get(gid, {})
        docs = [(n, a) for n, a in site.G.nodes(data=True) if a.get("kind") == "document" and a.get("game") == gid]
        fixtures = [{**f, "verdict": site.verdict(k), "href": site.fixture_href(k)}
                    for k, f in site.fixtures.items() if f["game"] == gid]
        cov = site.coverage(gid)
        gcov = (cov or {}).get("games", {}).get(gid) if cov else None
        rules_cov = {r: v for r, v in (cov or {}).get("rules", {}).items() if r.startswith(gid + ":")}
        by_kind = rep.get("by_kind", {})
        kinds = [(k, by_kind[k]) for k in site.kinds() if k in by_kind] + \
                [(k, v) for k, v in by_kind.items() if k not in site.kinds()]
        return page(request, "game.html", gid=gid, info=site.game_info(gid), rep=rep, kinds=kinds,
                    docs=[{"id": n, "title": a.get("title"), "path": a.get("path"), "style": a.get("style")}
                          for n, a in docs],
                    fixtures=fixtures, cov=gcov, rules_cov=rules_cov,
                    passed=sum(1 for f in fixtures if f["verdict"] and f["verdict"].get("passed")),
                    failing=sum(1 for f in fixtures if f["verdict"] and not f["verdict"].get("passed")))

    @app.get("/api", response_class=HTMLResponse, include_in_schema=False)
    def api_page(request: Request):
        return page(request, "api.html")

    @app.get("/healthz", include_in_schema=False)
    def healthz():
        return json_response({"ok": site.failed is None, "stage": site.stage, "failed": site.failed,
                              "graph_loaded": site.ready.is_set(),
                              "graph_nodes": site.G.number_of_nodes() if site.ready.is_set() else 0,
                              "search_loaded": site.search_ready.is_set(),
                              "precomputed": site.precomputed.is_set(), "encoded": site.encoded()})

    # -------------------------------------------------------------- JSON API
    def strict(**filters: Optional[str]) -> None:
        """The API, like the CLI, takes no empty filter (the HTML form's empty 'all games' is the pages' business)."""
        for name, value in filters.items():
            if value is not None and not value.strip():
                raise BadRequest(f"empty {name}: leave the parameter out for all")

    @app.get("/api/ask", response_model=AskResponse, responses=ERRORS, tags=["api"],
             summary="Search: the object of `judge ask QUESTION --json`")
    async def api_ask(q: str = Query(..., min_length=1, max_length=MAX_QUERY, pattern=r"[^\W_]",
                               description="the question (at least one letter or digit)"),
                game: Optional[str] = Query(None, max_length=MAX_ID, description="only this game"),
                kind: Optional[str] = Query(None, max_length=MAX_ID, description="only this kind of entry"),
                k: int = Query(5, ge=1, le=MAX_K, description="how many results")):
        strict(game=game, kind=kind)
        game_, kind_ = check_filters(game, kind)
        _, out = await site.ask_async(q, game_, kind_, k)
        return json_response(out)

    @app.get("/api/rule/{entry_id}", responses=ERRORS, tags=["api"],
             summary="An entry with its edges: the object of `judge rule ID --json`")
    def api_rule(entry_id: str = Path_(..., description="an id (huntik:701.4a) or, with game, a bare rule number",
                                       examples=["huntik:701.4a", "vs-system:errata:stilt-man-wilbur-day"]),
                 game: Optional[str] = Query(None, max_length=MAX_ID, description="game of a bare rule number")) -> Any:
        strict(game=game)
        n = site.resolve(entry_id, game)
        note = alias_note(site.G, entry_id, n)
        return json_response({**site.rule_json(n), "note": note} if note else site.rule_json(n))

    @app.get("/api/card/{name}", responses=ERRORS, tags=["api"],
             summary="A card, its older texts and errata: the object of `judge card NAME --json`")
    def api_card(name: str = Path_(..., description="a card name, matched loosely, or a card id",
                                   examples=["Stilt-Man", "sniktch"]),
                 game: Optional[str] = Query(None, max_length=MAX_ID, description="only this game")) -> Any:
        strict(game=game)
        return json_response(site.card_json(site.find_card(name, game)))  # with "match": how the name was read

    @app.get("/api/verify", response_model=VerifyStatus, tags=["api"],
             summary="Engine status from the last `judge verify` (read-only)")
    def api_verify() -> Any:
        return json_response(site.verify_status())

    @app.get("/api/games", tags=["api"], summary="The games in the corpus")
    def api_games() -> Any:
        return json_response({"games": [site.game_info(g) for g in site.games()]})

    def openapi() -> dict[str, Any]:
        """The schema, with the corpus's games and kinds as enums (known only once the graph is loaded)."""
        if app.openapi_schema is not None:
            return app.openapi_schema
        from fastapi.openapi.utils import get_openapi

        schema = get_openapi(title=app.title, version=app.version, description=app.description, routes=app.routes)
        values = {"game": list(site.games()), "kind": list(site.kinds())}
        for item_ in schema.get("paths", {}).values():
            for op in item_.values():
                for p in op.get("parameters", []) if isinstance(op, dict) else []:
                    if p.get("in") == "query" and values.get(p.get("name")):
                        p.setdefault("schema", {})["enum"] = values[p["name"]]
        if site.ready.is_set():
            app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]  # FastAPI's documented way to customise the schema
    return app


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("judge")
    except Exception:  # noqa: BLE001
        return "0"
