"""Issue 15 item 9: every `--json` error is a JSON object with an "error" key (exit 2 for bad input),
NO_COLOR turns colours off, `judge coverage` shows real percentages under clear column names."""
from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]


def _judge(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "judge.cli", *args], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, **(env or {})}, timeout=300)


BAD = [
    ("ask", "", "--json"),
    ("ask", "Does Lucky stack?", "--game", "chess", "--json"),
    ("ask", "Does Lucky stack?", "-k", "0", "--json"),
    ("ask", "Does Lucky stack?", "--no-such-option", "--json"),
    ("eval", "no/such/questions.yaml", "--json"),
    ("rule", "nosuch:9.9.9", "--json"),
    ("card", "zzzz qqqq xxxx", "--json"),
    ("games", "--json", "--corpus", "no/such/corpus"),
    ("ingest", "--game", "chess", "--json"),
    ("graph", "stats", "--json", "--corpus", "no/such/corpus"),
    ("verify", "no/such/path", "--json"),
    ("replay", "no/such/scenario.yaml", "--json"),
    ("coverage", "--game", "chess", "--json"),
    ("cards", "--game", "chess", "--json"),
]


@pytest.mark.parametrize("args", BAD, ids=lambda a: " ".join(a[:2]))
def test_every_json_error_is_json(args):
    # global options go before the command
    if "--corpus" in args:
        i = args.index("--corpus")
        args = (args[i], args[i + 1], *args[:i], *args[i + 2:])
    out = _judge(*args)
    assert out.returncode == 2, (args, out.stdout, out.stderr)
    assert "Traceback" not in out.stderr
    data = json.loads(out.stdout)
    assert isinstance(data, dict) and data["error"], data


def _through_a_terminal(args: list[str], env: dict) -> str:
    """What `judge ARGS` writes to a terminal (a pseudo-terminal: colours are on unless told not to)."""
    master, slave = pty.openpty()
    try:
        proc = subprocess.Popen([sys.executable, "-m", "judge.cli", *args], stdout=slave, stderr=subprocess.DEVNULL,
                                cwd=ROOT, env={**os.environ, **env})
        os.close(slave)
        chunks = []
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:
                break
            if not data:
                break
            chunks.append(data)
        proc.wait(timeout=300)
    finally:
        os.close(master)
    return b"".join(chunks).decode("utf-8", "replace")


@pytest.mark.parametrize("args", [["ask", "Does Lucky stack?", "-k", "2"], ["rule", "huntik:701.4a:example-1"]],
                         ids=["ask", "rule"])
def test_no_color_is_honoured(args, search_index):
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    assert "\x1b[" in _through_a_terminal(args, {**env, "NO_COLOR": ""})  # empty means unset
    plain = _through_a_terminal(args, {"NO_COLOR": "1"})
    assert plain.strip() and "\x1b[" not in plain


def test_percentages_never_round_up_to_a_whole():
    from judge.cli.coverage import percent

    assert percent(242, 243) == "99.5%"
    assert percent(243, 243) == "100%"
    assert percent(1, 3) == "33.3%" and percent(0, 7) == "0%" and percent(0, 0) == "-"


def test_coverage_table_has_clear_columns():
    from judge.cli import cli

    r = CliRunner().invoke(cli, ["coverage", "--game", "huntik"])
    assert r.exit_code == 0, r.output
    header = r.output.splitlines()[0].split()
    assert header[:3] == ["game", "rulings", "executable"] and "engine-checked" in header
    row = next(line for line in r.output.splitlines() if line.startswith("huntik"))
    assert "/" in row and "%" in row  # checked/executable (share)
