"""`judge serve`: the web page for judges. Nothing heavy at module level (`judge --help` imports it)."""
from __future__ import annotations

import importlib.util

import click

from judge.cli.common import corpus_dir, json_option

WEB_PACKAGES = ("fastapi", "uvicorn", "jinja2")


def missing_web_packages() -> list[str]:
    return [p for p in WEB_PACKAGES if importlib.util.find_spec(p) is None]


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to bind. The default serves this machine only; 0.0.0.0 serves the network.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option("--model", envvar="JUDGE_MODEL", default=None,
              help="sentence-transformers model name or local path (as for judge ask). Env: JUDGE_MODEL.")
@json_option  # the server answers in JSON anyway (/api/...): with --json a start-up error is JSON
@click.pass_context
def serve(ctx: click.Context, host: str, port: int, model: str | None, as_json: bool) -> None:
    """Serve the rules browser and search for judges, with a JSON API, on http://HOST:PORT/.

    Pages: search (with game and kind filters), rule/entry pages with every reference linked,
    card pages (current and older texts, errata), ruling pages (fixture, verdict, replay trace),
    game pages (documents, ingest report, coverage). API: /api/ask, /api/rule/ID, /api/card/NAME,
    /api/verify, described by /openapi.json. Read-only.

    It answers at once: while the rules graph loads (seconds) every page says it is warming up and
    reloads itself; then the rules, cards and games can be browsed while the search index loads
    (or, on the first run, is built: a minute or two), and search says it is warming up until then.
    /healthz tells the stage.

    \b
    Examples:
      judge serve
      judge serve --port 8080
    """
    missing = missing_web_packages()
    if missing:
        from judge.errors import BadInputError

        raise BadInputError(f"judge serve needs the web extra (missing: {', '.join(missing)}); "
                            "install it with: pip install -e '.[web]'")
    import uvicorn

    from judge.web.app import create_app
    from judge.web.site import Site

    site = Site(corpus_dir(ctx), model=model, progress=True, load=False)
    app = create_app(site)
    site.start()  # graph, then index and model, then replays and coverage, while it already serves
    import threading

    from judge.web.serving import settle_when_warm

    # the loaded index, graph and replays out of the garbage collector's way once they are there
    threading.Thread(target=settle_when_warm, args=(site,), name="judge-settle-heap", daemon=True).start()
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"judge serve: http://{shown}:{port}/  (Ctrl+C stops); warming up: browse pages in a few "
               "seconds, search once the index is loaded (the first run builds it: a minute or two)", err=True)
    from judge.web.serving import http_protocol

    # a slow client is cut off: headers within 10 s (serving.Deadline), 5 s idle between requests; uvloop's
    # event loop when it is installed (loop="auto")
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False, http=http_protocol(),
                loop="auto", timeout_keep_alive=5)
