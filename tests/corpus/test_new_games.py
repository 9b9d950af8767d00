"""A new game is a folder with a game.yaml and a rules text: no code changes needed."""
from pathlib import Path

import pytest

from judge.corpus import load_corpus

ROOT = Path(__file__).resolve().parents[1] / "data" / "newgames"


@pytest.mark.parametrize("game", ["skyforge", "emberfall"])
def test_new_numbered_rules_document_ingests(game):
    g = load_corpus(ROOT).games[game]
    numbers, refs = (ROOT / game / "expected.txt").read_text().split("--refs--")
    numbers, refs = numbers.split(), refs.split()
    ids = g.by_id()
    found = sum(f"{game}:{n}" in ids for n in numbers)
    assert found / len(numbers) >= 0.98
    resolved = sum(len(v) for v in g.citations.values())
    assert resolved / len(refs) >= 0.95
    for e in g.entries:
        if e.kind == "rule" and e.number and "." in e.number:
            assert e.parent, e.id


def test_glossary_terms_become_keywords():
    g = load_corpus(ROOT).games["skyforge"]
    terms = {e.title for e in g.entries if e.kind == "keyword"}
    assert {"Activate", "Banish", "Priority"} <= terms
