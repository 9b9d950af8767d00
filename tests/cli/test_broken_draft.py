"""A draft copy of the corpus that deleted and renumbered rules: verify names the new number,
coverage notices it; a corpus of other games replays none of the bundled scenarios (NEWUSER41 #7)."""
import json
import shutil

import pytest
from click.testing import CliRunner

from judge.cli import cli
from tests.conftest import CORPUS

DOC = "comprehensive-rules-700-712.txt"
GONE = "702.3 If a triggered power appears or disappears at the same time as the trigger event it’s watching for, it triggers. "


@pytest.fixture(scope="module")
def draft(tmp_path_factory):
    root = tmp_path_factory.mktemp("draft")
    shutil.copytree(CORPUS / "huntik", root / "huntik")
    (root / "huntik" / "aliases.yaml").unlink(missing_ok=True)
    doc = root / "huntik" / DOC
    text = doc.read_text(encoding="utf-8")
    assert GONE in text and "703.2 Additional restrictions" in text
    doc.write_text(text.replace(GONE, "").replace("703.2 Additional restrictions", "703.3 Additional restrictions"),
                   encoding="utf-8")
    return root


def test_verify_names_the_renumbered_rule(draft):
    r = CliRunner().invoke(cli, ["--corpus", str(draft), "verify", "--game", "huntik", "--json"])
    errors = json.loads(r.output)["errors"]
    assert r.exit_code == 2  # scenarios citing an id the draft no longer has: bad input, none failed
    assert any("unknown id 'huntik:703.2'" in e["message"] and "huntik:703.3" in e["message"] for e in errors)


def test_coverage_notices_the_broken_draft(draft):
    from judge.cli.coverage import coverage_report

    rep = coverage_report(draft, "huntik")
    g = rep["games"]["huntik"]
    assert rep["rules"]["huntik:702.3"]["implemented"] is False and rep["rules"]["huntik:702.3"]["in_corpus"] is False
    assert "huntik:702.3" in g["bound_ids_not_in_corpus"] and "huntik:703.2" in g["cited_ids_not_in_corpus"]
    assert g["errors"] > 0 and "huntik:702.3" not in g["implemented_never_exercised"]


def test_a_corpus_of_other_games_replays_none_of_the_bundled_scenarios(tmp_path):
    game = tmp_path / "c" / "pd"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("id: pd\nname: PD\nlanguage: en\ndocuments:\n  - path: r.txt\n", encoding="utf-8")
    (game / "r.txt").write_text("1. Basics\n\n1.1 Each player starts with twenty life.\n", encoding="utf-8")
    r = CliRunner().invoke(cli, ["--corpus", str(game.parent), "verify", "--json"])
    d = json.loads(r.output)
    assert r.exit_code == 0 and d["fixtures"] == 0 and "huntik" in d["not_replayed_games"]
    r = CliRunner().invoke(cli, ["--corpus", str(game.parent), "verify", "--ablation-report", "--json"])
    d = json.loads(r.output)  # the report's own keys, empty (review 41e: it printed verify's)
    assert d["classes"] == {} and d["unbroken"] == [] and d["not_replayed"] == {} and "huntik" in d["not_replayed_games"]
