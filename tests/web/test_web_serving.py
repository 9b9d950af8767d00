"""Issue 18, web: HEAD on every route, Cache-Control on every response, slow clients cut off."""
from __future__ import annotations

import socket
import threading
import time

import pytest

URLS = ["/", "/?q=damage", "/rule/huntik:701.4a", "/game/huntik", "/api/ask?q=ready", "/api/rule/huntik:701.4a",
        "/healthz", "/static/style.css"]


@pytest.mark.parametrize("url", URLS)
def test_head_is_a_get_without_a_body(client, url):
    get, head = client.get(url), client.head(url)
    assert get.status_code == head.status_code == 200, url
    assert head.content == b"" and head.headers["content-type"] == get.headers["content-type"]


def test_unknown_pages_are_404_for_head_too(client):
    assert client.head("/rule/huntik:no-such").status_code == 404


@pytest.mark.parametrize("url, policy", [("/", "no-cache"), ("/rule/huntik:701.4a", "no-cache"),
                                         ("/api/ask?q=ready", "no-cache"), ("/static/style.css", "max-age=3600")])
def test_every_response_says_how_long_it_may_be_cached(client, url, policy):
    assert policy in client.get(url).headers["cache-control"]


async def _ok(scope, receive, send):
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
    await send({"type": "http.response.body", "body": b"ok"})


@pytest.mark.parametrize("parser", ["h11", "served"])
def test_a_client_that_trickles_its_headers_is_cut_off(parser):
    import uvicorn

    from judge.web.serving import DeadlineProtocol, http_protocol

    class Quick(DeadlineProtocol if parser == "h11" else http_protocol()):  # served: httptools when installed
        header_timeout = 0.5

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(_ok, host="127.0.0.1", port=port, log_level="warning", http=Quick,
                                           lifespan="off"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as c:  # a whole request: answered
            c.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            assert c.recv(1024).startswith(b"HTTP/1.1 200")
        with socket.create_connection(("127.0.0.1", port), timeout=5) as c:
            t0 = time.monotonic()
            c.sendall(b"GET / HTTP/1.1\r\n")
            closed = False
            for part in (b"Host", b": x", b"\r\n", b"X-A: 1\r\n") * 10:  # a byte now and then, never done
                try:
                    c.sendall(part)
                    time.sleep(0.1)
                    c.settimeout(0.01)
                    if c.recv(1024) == b"":
                        closed = True
                        break
                except socket.timeout:
                    continue
                except OSError:
                    closed = True
                    break
            assert closed and time.monotonic() - t0 < 3
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def test_an_unknown_long_card_name_is_matched_once_then_answered_from_the_cache(client, site, monkeypatch):
    calls = []
    find = site.find_card
    monkeypatch.setattr(site, "find_card", lambda *a: calls.append(a) or find(*a))
    url = "/card/" + "Zq" * 100
    first, again = client.get(url), client.get(url)
    assert first.status_code == again.status_code == 404 and first.content == again.content
    assert len(calls) == 1


def test_the_heap_is_settled_once_search_is_ready_and_again_after_the_replays():
    """`judge serve` leaves what is loaded out of the garbage collector (gc.freeze), once search is
    ready and once the replays are done; a warm-up that failed before search freezes nothing."""
    import gc
    import threading
    from types import SimpleNamespace

    from judge.web.serving import settle_when_warm

    site = SimpleNamespace(search_ready=threading.Event(), precomputed=threading.Event())
    try:
        gc.unfreeze()
        site.precomputed.set()  # failed before search was ready
        settle_when_warm(site)
        assert gc.get_freeze_count() == 0
        site.search_ready.set()
        settle_when_warm(site)
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
