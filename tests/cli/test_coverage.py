import json

from click.testing import CliRunner

from judge.cli import cli


def test_coverage_json_contract():
    r = CliRunner().invoke(cli, ["coverage", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert set(d["games"]) >= {"huntik", "warhammer-invasion", "vs-system", "star-wars-tcg", "hatalom-kartyai"}
    for g in d["games"].values():
        assert {"rulings", "executable", "verified", "failing", "not_executable"} <= set(g)
        assert g["executable"] == g["rulings"] - g["not_executable"]
        assert g["verified"] <= g["executable"]
    rule = d["rules"]["huntik:710.1b"]
    assert rule["implemented"] is True and rule["fixtures"] >= 1
    assert d["rules"]["vs-system:212.5e"]["fixtures"] >= 1


def test_coverage_game_filter_and_unknown_game():
    r = CliRunner().invoke(cli, ["coverage", "--game", "huntik"])
    assert r.exit_code == 0 and "huntik" in r.output and "vs-system" not in r.output
    assert CliRunner().invoke(cli, ["coverage", "--game", "nosuch"]).exit_code == 2
