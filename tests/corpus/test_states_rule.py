"""states-rule.yaml: FAQ answers marked as stating a general rule (issue 13 item 1)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from judge.cli import cli
from judge.corpus import load_corpus
from judge.errors import CorpusError

GAME_YAML = "id: tiny\nname: Tiny\nlanguage: en\ndocuments:\n  - path: faq.txt\n"
FAQ = ("Frequently Asked Questions\n\nQ: Can a card move to the zone it is in?\n"
       "A: No. A card must end a move in a different zone.\n\n"
       "Q: Does the Goblin Lord get +1 power?\nA: Yes, Goblin Lord counts itself.\n")


def _game(root, marks: str):
    folder = root / "tiny"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME_YAML, encoding="utf-8")
    (folder / "faq.txt").write_text(FAQ, encoding="utf-8")
    (folder / "states-rule.yaml").write_text(marks, encoding="utf-8")
    return folder


def _faq_ids(root):
    return sorted(e.id for e in load_corpus(root).games["tiny"].entries if e.kind == "faq")


def test_a_marked_faq_answer_carries_its_general_rule(tmp_path):
    folder = _game(tmp_path, "states_rule: []\n")
    move = next(i for i in _faq_ids(tmp_path) if "move" in i)
    (folder / "states-rule.yaml").write_text(
        f"states_rule:\n  - id: {move}\n    rule: A card moves only to a different zone.\n", encoding="utf-8")
    game = load_corpus(tmp_path).games["tiny"]
    entry = game.by_id()[move]
    assert entry.data["states_rule"] is True and entry.data["general_rule"] == "A card moves only to a different zone."
    assert [e for e in game.entries if e.data.get("states_rule")] == [entry]
    assert game.report()["states_rule"] == 1
    r = CliRunner().invoke(cli, ["--corpus", str(tmp_path), "ingest", "--json"])
    assert r.exit_code == 0 and json.loads(r.output)["games"]["tiny"]["states_rule"] == 1
    r = CliRunner().invoke(cli, ["--corpus", str(tmp_path), "rule", move])
    assert r.exit_code == 0 and "states a rule: A card moves only to a different zone." in r.output
    r = CliRunner().invoke(cli, ["--corpus", str(tmp_path), "graph", "export", "--format", "json"])
    nodes = {n["id"]: n for n in json.loads(r.output)["nodes"]}
    assert nodes[move]["states_rule"] == "A card moves only to a different zone."
    assert all(n["states_rule"] is None for i, n in nodes.items() if i != move)


@pytest.mark.parametrize("body, problem, line", [
    ("states_rule:\n  - id: tiny:faq:no-such-question\n    rule: x\n", "unknown entry id", 2),
    ("states_rule:\n  - id: tiny:100\n    rule: x\n", "unknown entry id", 2),
    ("states_rule:\n  - id: MOVE\n", "one line", 2),
    ("states_rule:\n  - id: MOVE\n    rule: x\n    note: y\n", "unknown field", 2),
    ("states_rule:\n  - id: MOVE\n    rule: a\n  - id: MOVE\n    rule: b\n", "marked twice", 2),
    ("states_rule: yes\n", "'states_rule' list", 1),
    ("states_rule: [\n", "malformed YAML", 2),
])
def test_bad_marks_name_file_and_line(tmp_path, body, problem, line):
    folder = _game(tmp_path, "states_rule: []\n")
    move = next(i for i in _faq_ids(tmp_path) if "move" in i)
    (folder / "states-rule.yaml").write_text(body.replace("MOVE", move), encoding="utf-8")
    with pytest.raises(CorpusError) as info:
        load_corpus(tmp_path)
    assert problem in str(info.value) and info.value.path.endswith("states-rule.yaml")
    assert info.value.line == line
    r = CliRunner().invoke(cli, ["--corpus", str(tmp_path), "ingest"])
    assert r.exit_code == 2 and "states-rule.yaml" in r.output


def test_bundled_marks_only_name_faq_answers_and_rulings():
    games = load_corpus().games
    marked = {g: [e for e in game.entries if e.data.get("states_rule")] for g, game in games.items()}
    assert all(e.kind in ("faq", "ruling") and e.data["general_rule"] for es in marked.values() for e in es)
    assert len(marked["warhammer-invasion"]) >= 40 and len(marked["star-wars-tcg"]) >= 30
