"""Without Chromium the browser tests skip with a clear reason, except in CI (CI=true): there they
fail. And the set-up script that installs the browser is idempotent."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.web.conftest import ROOT


def run_browser_test(ci: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "JUDGE_TEST_CHROMIUM": "/nonexistent/chromium", "CI": ci, "JUDGE_TEST_OWN_CACHE": "0"}
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs",
                           "tests/web/test_web_browser.py::test_game_page"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


def test_missing_browser_skips_outside_ci():
    r = run_browser_test("")
    assert r.returncode == 0, r.stdout[-2000:]
    assert "1 skipped" in r.stdout and "install-test-browser.sh" in r.stdout


def test_missing_browser_fails_in_ci():
    r = run_browser_test("true")
    assert r.returncode == 1, r.stdout[-2000:]
    assert "CI=true" in r.stdout and "install-test-browser.sh" in r.stdout


@pytest.mark.skipif(not os.path.exists("/usr/bin/chromium"), reason="installs packages: only checked where Chromium is")
def test_install_script_is_idempotent():
    r = subprocess.run(["bash", str(ROOT / "scripts" / "install-test-browser.sh")], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0 and "already installed" in r.stdout
