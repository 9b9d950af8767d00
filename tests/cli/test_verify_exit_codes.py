"""`judge verify` exits as GUIDE.md (section 1), README and `--help` say (NEWUSER44 #6): 2 when the only
problem is bad input (a scenario that does not load), 1 when a scenario failed, 0 when all pass; the
ablation report on the same folder alike."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from judge.cli import cli

ROOT = Path(__file__).resolve().parents[2]
GOOD = ROOT / "rulings" / "huntik" / "actions" / "blind24-breakspell-cancels-augerfrost.ruling.yaml"

SCHEMA_ERROR = """\
game: huntik
state:
  A:
    hand: [Augerfrost]
actions:
  - {player: A, plya: Augerfrost}
"""


def _run(*args):
    return CliRunner().invoke(cli, ["verify", *map(str, args)])


def test_only_schema_errors_exit_2_in_verify_and_the_ablation_report(tmp_path):
    (tmp_path / "typo.ruling.yaml").write_text(SCHEMA_ERROR, encoding="utf-8")
    r = _run(tmp_path)
    assert r.exit_code == 2 and "typo.ruling.yaml:6: unknown field 'plya'" in r.output, r.output
    r = _run(tmp_path, "--json")
    d = json.loads(r.output)
    assert r.exit_code == 2 and d["failed"] == [] and d["errors"][0]["line"] == 6
    r = _run(tmp_path / "typo.ruling.yaml")
    assert r.exit_code == 2
    r = _run(tmp_path, "--ablation-report")
    assert r.exit_code == 2 and "1 not classified" in r.output, r.output
    r = _run(tmp_path, "--ablation-report", "--json")
    assert r.exit_code == 2 and json.loads(r.output)["classes"] == {}


def test_a_failed_scenario_with_bad_input_exits_1(tmp_path):
    (tmp_path / "typo.ruling.yaml").write_text(SCHEMA_ERROR, encoding="utf-8")
    text = GOOD.read_text(encoding="utf-8")
    (tmp_path / "good.ruling.yaml").write_text(text, encoding="utf-8")
    assert _run(tmp_path / "good.ruling.yaml").exit_code == 0
    assert _run(tmp_path).exit_code == 2  # a passing scenario and a bad file: still bad input only
    fails = text.replace("exhausted: true", "exhausted: false")
    assert fails != text
    (tmp_path / "good.ruling.yaml").write_text(fails, encoding="utf-8")
    assert _run(tmp_path).exit_code == 1
    assert _run(tmp_path, "--ablation-report").exit_code == 1  # it does not pass as it is
