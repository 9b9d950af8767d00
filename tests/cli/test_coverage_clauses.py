"""`judge coverage --clauses` (issue 13 item 2): rules split into clauses, each mapped to a mechanic
or a not-executable reason, and whether a passing scenario exercises it."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from judge.cli import cli
from judge.corpus import load_corpus
from judge.coverage_clauses import split_clauses
from judge.errors import CorpusError


def _texts(text):
    return [(c["text"], c["kind"]) for c in split_clauses(text)]


def test_sentences_list_items_and_exceptions_are_clauses():
    assert _texts("A unit, e.g. Rat Swarm, dies (see rule 711.2). It goes away, unless it is a hero.") == [
        ("A unit, e.g. Rat Swarm, dies (see rule 711.2).", "case"),
        ("It goes away", "case"),
        ("unless it is a hero.", "exception")]
    assert _texts("If powers resolve together: •Features first. •Then the lead player's, one at a time.") == [
        ("If powers resolve together", "condition"), ("Features first.", "case"),
        ("Then the lead player's, one at a time.", "case")]
    assert _texts("Cards:\n- a unit enters ready\n(b) a hero enters exhausted when played") == [
        ("Cards", "case"), ("a unit enters ready", "case"), ("a hero enters exhausted when played", "condition")]
    assert _texts("Ha a lény passzív, nem támadhat. Kivéve a szörnyeket.") == [
        ("Ha a lény passzív, nem támadhat.", "condition"), ("Kivéve a szörnyeket.", "exception")]
    assert split_clauses("•  • ") == []


def test_the_clause_map_of_a_game(tmp_path):
    r = CliRunner().invoke(cli, ["coverage", "--clauses", "--game", "huntik", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert set(d["games"]) == {"huntik"} and all(k.startswith("huntik:") for k in d["clauses"])
    for rows in d["clauses"].values():
        for c in rows:
            assert {"text", "status", "mechanic", "fixtures"} <= set(c)
            assert c["status"] in ("implemented", "missing", "not-executable")
            assert (c["mechanic"] is None) == (c["status"] != "implemented")
    bound = d["clauses"]["huntik:710.1b"]
    assert bound and all(c["status"] == "implemented" and c["fixtures"] >= 1 for c in bound)
    g = d["games"]["huntik"]
    assert g["clauses"] == sum(len(v) for v in d["clauses"].values())
    assert g["executable"] == g["clauses"] - g["not_executable"] and g["exercised"] <= g["implemented"]
    missing = [n for n, rows in d["clauses"].items() if any(c["status"] == "missing" for c in rows)]
    assert sorted(missing) == sorted(g["missing_entries"])
    text = CliRunner().invoke(cli, ["coverage", "--clauses", "--game", "huntik", "--list"])
    assert text.exit_code == 0 and "huntik" in text.output and "exercised" in text.output
    assert all(f"{n} #" in text.output for n in missing)
    assert CliRunner().invoke(cli, ["coverage", "--clauses", "--game", "nosuch"]).exit_code == 2


GAME_YAML = "id: tiny\nname: Tiny\nlanguage: en\ndocuments:\n  - path: rules.txt\n"
RULES = "100. Basics\n100.1. This document explains. A unit with no damage is ready.\n"


def _game(root, marks):
    folder = root / "tiny"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME_YAML, encoding="utf-8")
    (folder / "rules.txt").write_text(RULES, encoding="utf-8")
    (folder / "not-executable-rules.yaml").write_text(marks, encoding="utf-8")


def test_a_rule_mark_may_name_some_clauses(tmp_path):
    _game(tmp_path, "not_executable:\n  - id: tiny:100.1\n    reason: front-matter\n    clauses: [1]\n")
    r = CliRunner().invoke(cli, ["--corpus", str(tmp_path), "coverage", "--clauses", "--json"])
    assert r.exit_code == 0, r.output
    rows = json.loads(r.output)["clauses"]["tiny:100.1"]
    assert [(c["status"], c.get("reason")) for c in rows] == [("not-executable", "front-matter"), ("missing", None)]
    shown = CliRunner().invoke(cli, ["--corpus", str(tmp_path), "rule", "tiny:100.1"])
    assert "not executable: front-matter (clauses 1)" in shown.output


@pytest.mark.parametrize("clauses", ["[0]", "one", "[]", "[true]"])
def test_bad_clause_numbers_name_file_and_line(tmp_path, clauses):
    _game(tmp_path, f"not_executable:\n  - id: tiny:100.1\n    reason: front-matter\n    clauses: {clauses}\n")
    with pytest.raises(CorpusError) as info:
        load_corpus(tmp_path)
    assert "clause numbers" in str(info.value) and info.value.line == 2


@pytest.fixture(scope="module")
def huntik_facts():
    from judge.coverage_clauses import fixture_facts
    from judge.graph import load_graph
    from judge.paths import repo_root

    return load_graph(with_verdicts=False), fixture_facts([repo_root() / "rulings"], "huntik", None)


def _report(huntik_facts, tmp_path, text):
    from judge.coverage_clauses import clause_report

    path = tmp_path / "clauses.yaml"
    path.write_text(text, encoding="utf-8")
    G, facts = huntik_facts
    return clause_report(G, facts, "huntik", {"huntik": path})


def test_a_clauses_file_maps_clause_by_clause(huntik_facts, tmp_path):
    rep = _report(huntik_facts, tmp_path, "game: huntik\nentries:\n  '710.1b':\n    1: missing\n")
    rows = rep["clauses"]["huntik:710.1b"]
    assert rows[0]["status"] == "missing" and rows[0]["mapped_by"] == "clauses.yaml"
    assert all(c["status"] == "implemented" for c in rows[1:])
    assert "huntik:710.1b" in rep["games"]["huntik"]["missing_entries"]


def test_a_clause_mapped_to_another_entrys_mechanic_says_so(huntik_facts, tmp_path):
    # 706.6's clause 3 restates 708.3c's rule: implemented by that mechanic, but ablating 706.6 leaves it on
    rep = _report(huntik_facts, tmp_path, "game: huntik\nentries:\n  '706.6':\n    3: definite_independent_of_source\n"
                                          "  '708.3c':\n    1: definite_independent_of_source\n")
    other = rep["clauses"]["huntik:706.6"][2]
    assert other["status"] == "implemented" and other["bound_to"] == ["huntik:708.3c"]
    assert "bound_to" not in rep["clauses"]["huntik:708.3c"][0]
    assert rep["games"]["huntik"]["via_other_entry"] == 1


@pytest.mark.parametrize("text, problem, line", [
    ("game: huntik\nentries:\n  '710.1b':\n    1: no_such_mechanic\n", "neither a mechanic", 4),
    ("game: huntik\nentries:\n  '710.1b':\n    0: missing\n", "clause numbers", 4),
    ("game: huntik\nentries:\n  '710.1b':\n    99: missing\n", "not 99", 4),
    ("game: vs-system\nentries: {}\n", "expected 'huntik'", 1),
])
def test_a_bad_clauses_file_names_file_and_line(huntik_facts, tmp_path, text, problem, line):
    from judge.errors import BadInputError

    with pytest.raises(BadInputError) as info:
        _report(huntik_facts, tmp_path, text)
    assert problem in str(info.value) and info.value.line == line and info.value.path.endswith("clauses.yaml")


def test_condition_false_reads_the_clauses_own_mechanic_not_the_entrys_ids():
    """Two mechanics bound to one entry share its id: a scenario where only the other one fired is a case
    where this clause's mechanic did not apply (Hatalom 8.8.0: 'a skill enters active' fires on every
    skill played, the main-phase restriction only when it refuses one)."""
    from types import SimpleNamespace

    from judge.coverage_clauses import _condition_false

    restriction = SimpleNamespace(key="main_phase_skill", ids=("hatalom-kartyai:8.8.0",))
    played = {"applied": ["hatalom-kartyai:8.8.0"], "fired": ["skill_enters_active"]}
    refused = {"applied": ["hatalom-kartyai:8.8.0"], "fired": ["main_phase_skill", "skill_enters_active"]}
    assert _condition_false([played, refused], restriction) == 1
    # facts without the mechanics' keys: the ids decide, as before (both record 8.8.0: none counts)
    bare = [{"applied": f["applied"]} for f in (played, refused)]
    assert _condition_false(bare, restriction) == 0
    assert _condition_false([played], None) == 1  # no mechanic: nothing of it applied


def test_a_replay_outcome_names_the_mechanics_that_fired():
    from judge.paths import repo_root
    from judge.scenarios.loader import load_fixture
    from judge.scenarios.replay import replay

    path = repo_root() / "rulings/hatalom-kartyai/skills/identical-skills-add-up.ruling.yaml"
    out = replay(load_fixture(path, None, None), set(), None)
    assert out.status == "passed"
    assert "skill_enters_active" in out.fired and "main_phase_skill" not in out.fired
    assert "hatalom-kartyai:8.8.0" in out.applied
    off = replay(load_fixture(path, None, None), {"hatalom-kartyai:8.8.0"}, None, lenient=True)
    assert "skill_enters_active" not in off.fired
