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


def test_every_ruling_with_scenarios_has_a_base_scenario():
    """A `variant:` changes a count or an order of its ruling's base scenario; a ruling whose only
    scenarios are variants gets no engine-checked mark (coverage counts base scenarios), so the
    first scenario of a ruling is its base."""
    from collections import defaultdict

    import yaml

    from judge.paths import repo_root

    kinds: dict[str, list[bool]] = defaultdict(list)
    for path in sorted((repo_root() / "rulings").rglob("*.ruling.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if data.get("ruling"):
            kinds[data["ruling"]].append(bool(data.get("variant")))
    marked = set()  # not executable as a whole (a scenario may still use the card for other rules)
    for path in (repo_root() / "rules_corpus").glob("*/not-executable*.yaml"):
        for mark in (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("not_executable") or []:
            if not mark.get("clauses"):
                marked.add(mark["id"])
    only_variants = sorted(r for r, v in kinds.items() if all(v) and r not in marked)
    assert len(kinds) > 500
    # keyword definitions are scenario'd as variants of one another by design: only rulings count here
    from judge.corpus.marks import RULING_KINDS

    assert [r for r in only_variants if r.split(":")[1] in RULING_KINDS] == []
