"""Hostile input: markup in queries and ids is escaped, long or malformed input is refused with
4xx, unknown ids and path traversal are 404, and nothing a visitor sends changes any file."""
from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from judge.web.site import MAX_QUERY

SCRIPT = '<script>alert("x")</script><img src=x onerror=alert(1)>'


def no_raw_markup(html: str) -> None:
    assert "<script>alert" not in html and "<img src=x" not in html
    assert "&lt;script&gt;" in html or "&lt;img" in html


def test_script_in_query_is_escaped(client):
    for url in ("/", "/search/results"):
        r = client.get(url, params={"q": SCRIPT})
        assert r.status_code == 200
        no_raw_markup(r.text)
    r = client.get("/api/ask", params={"q": SCRIPT})
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    assert r.json()["query"] == SCRIPT


def test_markup_in_corpus_text_is_escaped(client):
    # Dante Vale's text in the Huntik document holds a literal "<p>" from the web page it came from
    html = client.get("/card/Dante Vale").text
    assert "ready me. &lt;p&gt; Megapunch" in html
    html = client.get("/", params={"q": "Dante Vale Megapunch", "game": "huntik"}).text
    assert "&lt;p&gt;" in html


@pytest.mark.parametrize("url", ["/rule/", "/ruling/", "/card/", "/api/rule/", "/api/card/", "/game/"])
def test_script_in_id_is_404_and_escaped(client, url):
    r = client.get(url + SCRIPT.replace("/", ""))
    assert r.status_code == 404
    assert "<script>alert" not in r.text and "<img src=x" not in r.text


def test_very_long_queries_are_refused(client):
    long_q = "why " * 5000
    assert client.get("/", params={"q": long_q}).status_code == 400
    assert client.get("/search/results", params={"q": long_q}).status_code == 400
    r = client.get("/api/ask", params={"q": long_q})
    assert r.status_code == 422 and "error" in r.json()
    assert client.get("/api/ask", params={"q": "x" * (MAX_QUERY + 1)}).status_code == 422
    assert client.get("/api/ask", params={"q": "rule " * (MAX_QUERY // 5)}).status_code == 200


def test_very_long_ids_are_404_fast(client):
    import time

    t = time.perf_counter()
    for url in ("/rule/", "/api/rule/", "/api/card/", "/card/", "/ruling/"):
        assert client.get(url + "huntik:" + "7" * 5000).status_code == 404
    assert time.perf_counter() - t < 5


@pytest.mark.parametrize("params", [
    {"q": "damage", "k": 0}, {"q": "damage", "k": 1000}, {"q": "damage", "k": "ten"},
    {"q": "damage", "game": "nosuch"}, {"q": "damage", "kind": "nosuch"}, {"q": ""}, {"q": "   "},
    {"q": "?!"}, {"q": "\x00"}, {},
])
def test_bad_api_parameters_are_4xx(client, params):
    r = client.get("/api/ask", params=params)
    assert 400 <= r.status_code < 500, (params, r.status_code, r.text[:200])
    assert "error" in r.json()


@pytest.mark.parametrize("params", [
    {"q": "damage", "k": 0}, {"q": "damage", "k": "ten"}, {"q": "damage", "game": "nosuch"},
    {"q": "damage", "kind": "<b>x</b>"}, {"q": "?!"}, {"q": "\x00\x01"},
])
def test_bad_page_parameters_are_400(client, params):
    r = client.get("/", params=params)
    assert r.status_code == 400, (params, r.status_code)
    assert "<b>x</b>" not in r.text


@pytest.mark.parametrize("path", [
    "/rule/..%2F..%2Fetc%2Fpasswd", "/rule/../../etc/passwd", "/rule/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "/card/..%2F..%2Fpyproject.toml", "/api/rule/..%2F..%2Fetc%2Fpasswd", "/api/card/..%5C..%5Cwin.ini",
    "/fixture/../../pyproject.toml", "/fixture/rulings/../pyproject.toml", "/fixture/%2e%2e/%2e%2e/etc/passwd",
    "/fixture/rulings/huntik/../../../../etc/passwd", "/fixture//etc/passwd", "/fixture/rulings/huntik",
    "/ruling/..%2Fpyproject.toml", "/game/..%2F..", "/static/../app.py", "/static/%2e%2e/app.py",
    "/static/..%2Fsite.py", "/rule/huntik:701.4a%00", "/card/%00", "/api/card/%FF%FE",
])
def test_path_traversal_is_404(client, path):
    r = client.get(path)
    assert r.status_code == 404, (path, r.status_code)
    assert "root:" not in r.text and "[project]" not in r.text and "import" not in r.text


def test_bad_percent_encoding_in_query(client):
    assert client.get("/?q=%FF%FE%00").status_code in (200, 400)
    assert client.get("/api/ask?q=%FF%FE").status_code in (200, 400, 422)


def test_read_only_methods(client):
    for method in ("post", "put", "delete", "patch"):
        for url in ("/", "/api/ask?q=x", "/api/rule/huntik:701.4a", "/api/verify", "/rule/huntik:701.4a"):
            r = getattr(client, method)(url)
            assert r.status_code == 405, (method, url)


def test_security_headers(client):
    r = client.get("/")
    assert "script-src 'self'" in r.headers["content-security-policy"]
    assert r.headers["x-content-type-options"] == "nosniff"
    assert client.get("/api/ask", params={"q": "x y"}).headers["x-content-type-options"] == "nosniff"


def _digest(paths: list[Path]) -> str:
    h = hashlib.sha256()
    for root in paths:
        for f in sorted(p for p in Path(root).rglob("*") if p.is_file()):
            h.update(str(f).encode())
            h.update(f.read_bytes())
    return h.hexdigest()


def test_nothing_a_visitor_sends_changes_files(client, verdicts_file):
    from tests.web.conftest import CORPUS, RULINGS

    before = (_digest([CORPUS, RULINGS]), verdicts_file.read_bytes())
    for url in ("/", "/?q=damage", "/rule/huntik:701.4a", "/card/Stilt-Man", "/ruling/huntik:701.4a:example-1",
                "/game/huntik", "/api/verify", "/api/ask?q=ready", "/fixture/rulings/../pyproject.toml"):
        client.get(url)
        client.post(url, content=b"x" * 1000)
    assert (_digest([CORPUS, RULINGS]), verdicts_file.read_bytes()) == before


def test_unknown_pages_are_html_404(client):
    r = client.get("/no/such/page")
    assert r.status_code == 404 and "Not found" in r.text
    r = client.get("/rule/huntik:701.4z")
    assert r.status_code == 404 and 'href="/rule/huntik:701.4a"' in r.text  # did you mean


def test_random_junk_never_500(client):
    """A seeded fuzz over every route: random bytes, markup, unicode, dots and slashes."""
    import random
    from urllib.parse import quote

    rnd = random.Random(6)
    alphabet = list("abcxyz019.:/\\%<>\"'&;#?=+ -_~") + ["..", "%00", "%2F", "%2e", "\u202e", "ő", "✓", "\ud7ff", "<script>"]
    routes = ["/rule/", "/ruling/", "/card/", "/game/", "/fixture/", "/api/rule/", "/api/card/", "/static/"]
    for _ in range(400):
        junk = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 40)))
        path = rnd.choice(routes) + quote(junk, safe=rnd.choice(["", "/", "/%:"]))
        params = {rnd.choice(["q", "game", "kind", "k"]): junk for _ in range(rnd.randint(0, 3))}
        for url, p in ((path, None), ("/", params), ("/api/ask", params), ("/search/results", params)):
            r = client.get(url, params=p)
            assert r.status_code < 500, (url, p, r.status_code, r.text[:300])
