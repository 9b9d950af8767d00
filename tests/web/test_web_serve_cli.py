"""`judge serve`: registered, binds to loopback by default, a clear one-line message without the
web extra, and a real process that serves the pages and stops."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request

from click.testing import CliRunner

from judge.cli import cli
from tests.web.conftest import ROOT, free_port


def test_serve_is_registered_with_loopback_default():
    r = CliRunner().invoke(cli, ["serve", "--help"])
    assert r.exit_code == 0
    assert "--host" in r.output and "--port" in r.output and "127.0.0.1" in r.output
    from judge.cli.serve import serve

    opts = {p.name: p.default for p in serve.params}
    assert opts["host"] == "127.0.0.1" and opts["port"] == 8000


def test_serve_module_imports_nothing_heavy():
    code = ("import sys, judge.cli.serve\n"
            "heavy = [m for m in ('fastapi', 'uvicorn', 'starlette', 'jinja2', 'torch', 'numpy', 'networkx') "
            "if m in sys.modules]\n"
            "print(','.join(heavy))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == "", out.stdout + out.stderr


def test_serve_without_the_web_extra_says_so(monkeypatch):
    import judge.cli.serve as s

    monkeypatch.setattr(s, "missing_web_packages", lambda: ["fastapi", "uvicorn"])
    r = CliRunner().invoke(cli, ["serve"])
    assert r.exit_code == 2
    lines = [line for line in r.output.splitlines() if line.strip()]
    assert len(lines) == 1
    assert "pip install -e '.[web]'" in lines[0] and "fastapi" in lines[0]
    r = CliRunner().invoke(cli, ["serve", "--json"])  # with --json the error is JSON, as every command's
    assert r.exit_code == 2 and "fastapi" in json.loads(r.output)["error"]["message"]


def test_serve_process_serves_and_stops(site):
    """`judge serve --port P` in its own process (the session's index is already built)."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "judge.cli", "serve", "--port", str(port)], cwd=ROOT,
                            env=dict(os.environ), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 240
        body = None
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/ask?q=Does+Lucky+stack%3F", timeout=5) as r:
                    body = r.read().decode()
                break
            except OSError:
                time.sleep(0.5)
        assert body is not None, proc.stderr.read() if proc.poll() is not None else "server did not answer"
        assert '"query":"Does Lucky stack?"' in body
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/rule/huntik:701.4a", timeout=5) as r:
            assert r.status == 200 and "huntik:701.4a" in r.read().decode()
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_warming_up_then_browse_pages_before_search(verdicts_file):
    """A server that has just started answers at once: a 503 page that reloads itself until the graph
    is loaded, then the browse pages while search still says it is warming up."""
    from starlette.testclient import TestClient

    from judge.web.app import create_app
    from judge.web.site import Site
    from tests.web.conftest import CORPUS, RULINGS

    site = Site(CORPUS, rulings=RULINGS, verdicts_file=verdicts_file, load=False)
    client = TestClient(create_app(site))
    site._warming = True  # as start() sets it, before any stage has run
    r = client.get("/rule/huntik:701.4a")
    assert r.status_code == 503 and r.headers["retry-after"]
    assert '<meta http-equiv="refresh"' in r.text and "Warming up" in r.text
    assert client.get("/api/rule/huntik:701.4a").json()["retry_after"] > 0
    assert client.get("/healthz").json()["graph_loaded"] is False

    site.start(stages=("browse",)).join(120)
    assert client.get("/rule/huntik:701.4a").status_code == 200
    assert client.get("/card/Stilt-Man").status_code == 200
    assert client.get("/game/huntik").status_code == 200
    r = client.get("/", params={"q": "Does Lucky stack?"})
    assert r.status_code == 503 and "warming up: rules graph loaded; the search index is next" in r.text
    assert "Does Lucky stack?" in r.text and 'href="/game/huntik"' in r.text  # the question kept, browsing offered
    api = client.get("/api/ask", params={"q": "Does Lucky stack?"})
    assert api.status_code == 503 and "warming up" in api.json()["error"]
    health = client.get("/healthz").json()
    assert health["graph_loaded"] is True and health["search_loaded"] is False
