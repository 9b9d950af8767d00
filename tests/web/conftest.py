"""Fixtures of the web tests: one Site over the real corpus, index and fixtures; a TestClient;
a real server on a free loopback port; headless Chromium (Debian's) driven by Playwright."""
from __future__ import annotations

import contextlib
import json
import os
import socket
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "rules_corpus"
RULINGS = ROOT / "rulings"
SHOTS = Path(os.environ.get("JUDGE_TEST_OUTPUT", ROOT / "test-output")) / "web"
CHROMIUM = os.environ.get("JUDGE_TEST_CHROMIUM", "/usr/bin/chromium")  # Debian's; never a downloaded one
# Debian's Chromium as root on a closed network (see the env notes; Playwright adds --headless):
# no sandbox, no GPU, and none of the background connections that the network would refuse.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]

def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


@pytest.fixture(scope="session")
def verdicts_file(tmp_path_factory) -> Path:
    """The last verdicts as `judge verify` writes them, from a real run over rulings/, kept in a
    file of the test's own (the shared cache's verdicts.json is never written)."""
    from judge.scenarios.verify import current_text_hashes, verify
    from judge.verdicts import record

    outcomes = []
    for game_dir in sorted(p for p in RULINGS.iterdir() if p.is_dir()):
        try:  # another game's module being broken is that game's tests' business
            outcomes += verify([game_dir], corpus=CORPUS).outcomes
        except Exception:  # noqa: BLE001
            continue
    path = tmp_path_factory.mktemp("web-verdicts") / "verdicts.json"
    record(outcomes, current_text_hashes(CORPUS), path)
    return path


@pytest.fixture(scope="session")
def searcher():
    from judge.search.index import build_index
    from judge.search.search import Searcher

    return Searcher(index=build_index(CORPUS, progress=False), progress=False)


@pytest.fixture(scope="session")
def site(searcher, verdicts_file):
    from judge.web.site import Site

    s = Site(CORPUS, searcher=searcher, rulings=RULINGS, verdicts_file=verdicts_file)
    s.warm()
    return s


@pytest.fixture(scope="session")
def app(site):
    from judge.cli.serve import missing_web_packages

    if missing_web_packages():
        reason = f"the web extra is not installed ({', '.join(missing_web_packages())}): pip install -e '.[test]'"
        if in_ci():
            pytest.fail(reason)
        pytest.skip(reason)
    from judge.web.app import create_app

    return create_app(site)


@pytest.fixture(scope="session")
def client(app):
    from fastapi.testclient import TestClient

    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serve_app(app):
    """Serve `app` with uvicorn on a free loopback port in a background thread; yields its address."""
    import uvicorn

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           access_log=False))
    thread = threading.Thread(target=server.run, name="judge-web-test-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail("the test server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@pytest.fixture(scope="session")
def live_server(app):
    """The app served by uvicorn on a free loopback port, in a background thread; stopped at the end."""
    with serve_app(app) as url:
        yield url


def _no_browser(reason: str) -> None:
    """Outside CI a missing browser skips the browser tests; in CI (CI=true) it fails them."""
    if in_ci():
        pytest.fail(f"{reason} (CI=true: the browser tests must run; see scripts/install-test-browser.sh)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        _no_browser(f"Chromium is not installed at {CHROMIUM}: run `bash scripts/install-test-browser.sh`")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _no_browser("the playwright package is not installed: pip install -e '.[test]'")
    pw = sync_playwright().start()
    try:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    except Exception as err:  # noqa: BLE001
        pw.stop()
        _no_browser(f"Chromium at {CHROMIUM} did not start: {err}")
    yield b
    b.close()
    pw.stop()


@pytest.fixture()
def page(browser):
    ctx = browser.new_context(viewport={"width": 1100, "height": 900})
    pg = ctx.new_page()
    pg.set_default_timeout(20_000)
    yield pg
    ctx.close()


@pytest.fixture(scope="session")
def shots() -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS
