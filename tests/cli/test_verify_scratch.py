"""A player's own scenario, outside the corpus's rulings/ folder, is checked but never recorded as
the corpus's engine marks (NEWUSER41 #3)."""
import json
import shutil

from click.testing import CliRunner

from judge.cli import cli
from tests.conftest import ROOT

GOOD = ROOT / "rulings/huntik/actions/ashtoreth-changes-sides-same-card-no-second-blast-until-next-combat.ruling.yaml"


def _scratch(tmp_path):
    src = GOOD if GOOD.exists() else next((ROOT / "rulings/huntik").rglob("*.ruling.yaml"))
    text = src.read_text(encoding="utf-8")
    bad = tmp_path / "x" / "failing.ruling.yaml"
    bad.parent.mkdir()
    # a wrong expectation, and no 'game:' line: its ruling: id names the game
    assert "\ngame:" not in text and "{player: B, attacks: 4}" in text
    bad.write_text(text.replace("{player: B, attacks: 4}", "{player: B, attacks: 99}"), encoding="utf-8")
    return bad


def test_scratch_scenario_is_not_recorded(tmp_path):
    from judge.verdicts import read_verdicts, verdicts_path

    bad = _scratch(tmp_path)
    r = CliRunner().invoke(cli, ["verify", str(bad), "--json"])
    d = json.loads(r.output)
    assert r.exit_code == 1 and d["failed"], r.output
    assert d["not_recorded"] and d["not_recorded"][0].endswith("failing.ruling.yaml")
    assert not any("failing.ruling.yaml" in k for k in read_verdicts(verdicts_path()))
    r = CliRunner().invoke(cli, ["verify", str(bad)])
    assert "not recorded as the corpus's engine marks" in r.output


def test_older_verdicts_of_scratch_files_are_ignored(tmp_path):
    from judge.verdicts import VERDICTS_FORMAT, read_verdicts

    scratch = tmp_path / "mine.ruling.yaml"
    scratch.write_text("x", encoding="utf-8")
    ours = tmp_path / "rulings" / "huntik" / "a.ruling.yaml"
    ours.parent.mkdir(parents=True)
    shutil.copy(scratch, ours)
    vf = tmp_path / "verdicts.json"
    v = {"ruling": "huntik:701.3:example-1", "cites": [], "game": "huntik", "variant": False, "passed": False}
    vf.write_text(json.dumps({"format": VERDICTS_FORMAT, "fixtures": {
        str(scratch): {**v, "file": str(scratch)},
        "rulings/huntik/a.ruling.yaml": {**v, "file": str(ours)}}}), encoding="utf-8")
    assert list(read_verdicts(vf)) == ["rulings/huntik/a.ruling.yaml"]


def test_ablation_report_keeps_unloadable_scenarios_apart_from_unbroken(tmp_path):
    """A scenario that does not load is 'not classified', with why, never 'unbroken' (NEWUSER41 #11)."""
    from judge.scenarios.verify import ablation_report

    folder = tmp_path / "rulings" / "huntik" / "x"
    folder.mkdir(parents=True)
    (folder / "broken.ruling.yaml").write_text("game: huntik\nstate: [unclosed\n", encoding="utf-8")
    rep = ablation_report([tmp_path / "rulings"])
    assert rep["fixtures"] == 1 and rep["unbroken"] == [] and rep["classes"] == {}
    assert "malformed YAML" in next(iter(rep["not_replayed"].values()))
    r = CliRunner().invoke(cli, ["verify", "--ablation-report", str(tmp_path / "rulings")])
    # nothing but a file that does not load: bad input only, exit 2 (GUIDE.md section 1; NEWUSER44 #6)
    assert r.exit_code == 2 and "0 unbroken, 1 not classified" in r.output


def test_a_copy_of_a_bundled_ruling_elsewhere_does_not_take_its_mark(tmp_path):
    """A changed copy under another rulings/<game>/ folder has the bundled file's key ('rulings/huntik/...'):
    recorded, it would mark the bundled ruling failing (review 41e)."""
    from judge.verdicts import read_verdicts, scenario_key, verdicts_path

    src = GOOD if GOOD.exists() else next((ROOT / "rulings/huntik").rglob("*.ruling.yaml"))
    copy = tmp_path / "x" / "rulings" / src.relative_to(ROOT / "rulings")
    copy.parent.mkdir(parents=True)
    copy.write_text(src.read_text(encoding="utf-8").replace("{player: B, attacks: 4}", "{player: B, attacks: 99}"),
                    encoding="utf-8")
    before = read_verdicts(verdicts_path()).get(scenario_key(src))
    r = CliRunner().invoke(cli, ["verify", str(copy), "--json"])
    assert json.loads(r.output)["not_recorded"], r.output
    assert read_verdicts(verdicts_path()).get(scenario_key(src)) == before
