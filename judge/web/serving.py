"""How `judge serve` meets its clients: slow ones get a deadline, HEAD is a GET without a body,
and every response says how long it may be cached.

* ``DeadlineProtocol``: uvicorn's HTTP protocol, with a deadline for a request's headers (from the
  connection, or from the previous response on a kept-alive one). uvicorn alone holds a client
  that trickles its headers a byte at a time for ever; the event's judges would find the server
  out of connections. ``http_protocol()`` picks the httptools parser (C, ~0.1 ms less CPU a
  request than h11's pure Python) when it is installed, else h11.
* ``settle_heap``: once the index, the rules graph and the replays are loaded, the objects then alive
  (about 200,000) are left out of Python's cyclic garbage collector (``gc.freeze``). Each full
  collection otherwise walked all of them again: 0.1-0.3 s with every request waiting, every few
  seconds under load, and ~4% of the server's CPU.
* ``HeadAndCaching``: pure ASGI middleware. HEAD is answered as GET without the body (every route
  is read-only); ``Cache-Control``: static files for an hour, pages and the API ``no-cache`` (a
  browser may keep them but asks again: they change when new verdicts are written); the app's
  security headers on every response.
"""
from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_TIMEOUT_S = 10.0


class Deadline:
    """A deadline for uvicorn's HTTP protocols (mixed in before H11Protocol or HttpToolsProtocol, which
    both start a new ``cycle`` when a request's headers are in): a request's headers must be in within
    ``header_timeout`` seconds."""

    header_timeout = HEADER_TIMEOUT_S

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._deadline: asyncio.TimerHandle | None = None
        self._arm()

    def _arm(self) -> None:
        self._disarm()
        self._waiting = self.cycle  # the headers are in when a new request cycle replaces this one
        self._deadline = self.loop.call_later(self.header_timeout, self._expire)

    def _disarm(self) -> None:
        if getattr(self, "_deadline", None) is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expire(self) -> None:
        self._deadline = None
        if self.cycle is self._waiting and not self.transport.is_closing():
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.cycle is not self._waiting:
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


class DeadlineProtocol(Deadline, H11Protocol):
    """h11 (pure Python) with the deadline."""


def http_protocol() -> type:
    """The protocol class `judge serve` runs: httptools with the deadline when httptools is installed
    (uvicorn's own choice too), else h11 with it."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:  # httptools is not installed (uvicorn's module imports it)
        return DeadlineProtocol

    class DeadlineHttpTools(Deadline, HttpToolsProtocol):
        """httptools (C) with the deadline."""

    return DeadlineHttpTools


def settle_heap() -> None:
    """Collect what is garbage now, then leave every object still alive out of later collections
    (gc.freeze). They stay in memory as before (reference counting still frees them when they are
    dropped); only a reference cycle among them that becomes garbage later is not collected."""
    import gc

    gc.collect()
    gc.freeze()


def settle_when_warm(site: Any) -> None:
    """`settle_heap` when search is ready and again when the replays are done (a warm-up that failed
    sets only `precomputed`)."""
    while not site.search_ready.wait(1.0):
        if site.precomputed.is_set():
            return
    settle_heap()
    site.precomputed.wait()
    settle_heap()


STATIC_CACHE = b"public, max-age=3600"
PAGE_CACHE = b"no-cache"


class HeadAndCaching:
    """HEAD as GET without the body; ``headers`` (the security headers) added to every response, and
    a ``Cache-Control`` header to every response that has none. One middleware wraps ``send`` once
    for all three (each wrapping costs every request a closure and a copied header list)."""

    def __init__(self, app: Any, headers: list[tuple[bytes, bytes]] = ()):
        self.app = app
        self.headers = list(headers)

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        head = scope["method"] == "HEAD"
        if head:
            scope = {**scope, "method": "GET"}
        policy = STATIC_CACHE if scope["path"].startswith("/static/") else PAGE_CACHE

        async def send_headed(message: dict) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers") or []) + self.headers
                if not any(k.lower() == b"cache-control" for k, _ in headers):
                    headers.append((b"cache-control", policy))
                message = {**message, "headers": headers}
            elif head and message["type"] == "http.response.body":
                message = {**message, "body": b""}
            await send(message)

        await self.app(scope, receive, send_headed)
