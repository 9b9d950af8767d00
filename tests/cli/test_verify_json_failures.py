"""`judge verify --json` keeps its contract's keys (``failed``: paths; DESIGN.md section 8 and
checks/contracts read them) and adds each failed scenario as an object like an error's, with its line
and problems; `--ablation-report --json` keeps ``not_replayed`` (path -> text) and adds
``not_classified``, the same as objects (NEWUSER44 #11)."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from judge.cli import cli

ROOT = Path(__file__).resolve().parents[2]
GOOD = ROOT / "rulings" / "huntik" / "actions" / "blind24-breakspell-cancels-augerfrost.ruling.yaml"
TYPO = "game: huntik\nstate:\n  A:\n    hand: [Augerfrost]\nactions:\n  - {player: A, plya: Augerfrost}\n"


def _folder(tmp_path: Path) -> Path:
    text = GOOD.read_text(encoding="utf-8")
    line = text[: text.index("{card: Lok Lambert, exhausted: true}")].count("\n") + 1
    (tmp_path / "fails.ruling.yaml").write_text(text.replace("{card: Lok Lambert, exhausted: true}",
                                                             "{card: Lok Lambert, exhausted: false}"), encoding="utf-8")
    (tmp_path / "typo.ruling.yaml").write_text(TYPO, encoding="utf-8")
    return line


def test_failed_stays_paths_and_failures_are_objects(tmp_path):
    line = _folder(tmp_path)
    r = CliRunner().invoke(cli, ["verify", str(tmp_path), "--json"])
    d = json.loads(r.output)
    assert r.exit_code == 1
    assert d["failed"] == [str(tmp_path / "fails.ruling.yaml")]  # unchanged: the contract's shape
    assert d["errors"] == [{"path": str(tmp_path / "typo.ruling.yaml"), "line": 6,
                            "message": "unknown field 'plya' -- did you mean 'play'?"}]
    [f] = d["failures"]
    assert f["path"] == d["failed"][0] and f["status"] == "failed" and f["line"] == line
    assert f["message"].startswith("Lok Lambert: expected exhausted False") and f["problems"][0]["line"] == line


def test_ablation_report_not_classified_as_objects(tmp_path):
    line = _folder(tmp_path)
    r = CliRunner().invoke(cli, ["verify", str(tmp_path), "--ablation-report", "--json"])
    d = json.loads(r.output)
    assert r.exit_code == 1
    assert all(isinstance(v, str) for v in d["not_replayed"].values()) and len(d["not_replayed"]) == 2
    by_status = {x["status"]: x for x in d["not_classified"]}
    assert by_status["bad_input"]["line"] == 6 and "did you mean 'play'" in by_status["bad_input"]["message"]
    assert by_status["failed"]["line"] == line and by_status["failed"]["path"].endswith("fails.ruling.yaml")
