"""A new game is a folder with a game.yaml and a rules text: no code changes needed."""
from pathlib import Path

import pytest

from judge.corpus import load_corpus

ROOT = Path(__file__).resolve().parents[1] / "data" / "newgames"


@pytest.mark.parametrize("game", ["skyforge", "emberfall", "ironvale"])
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


def test_markdown_rulebook_reads_through_conversion_noise():
    """ironvale: bold and heading numbers, a number alone on its line, escaped brackets, a contents
    list, chapters without a dot, running headers, page numbers, an image, a glossary with numbered
    senses and a table row, distinct rules with the same words."""
    g = load_corpus(ROOT).games["ironvale"]
    ids = g.by_id()
    assert ids["ironvale:100"].parent == "ironvale:1" and ids["ironvale:200"].parent == "ironvale:2"
    assert ids["ironvale:101.2b.1"].parent == "ironvale:101.2b"
    assert ids["ironvale:101.1"].text.startswith("The player with priority")  # number alone on its line
    assert "ironvale:2" in g.citations["ironvale:100.1"]  # '[2]' names chapter 2
    # same words, different rules: both kept
    assert ids["ironvale:101.2a"].text == ids["ironvale:200.2"].text
    assert ids["ironvale:100.2a"].text == ids["ironvale:100.2b"].text == "General"
    keywords = {e.title: e for e in g.entries if e.kind == "keyword"}
    assert set(keywords) == {"Priority", "Untap", "Zone"}
    assert "2. The order" in keywords["Priority"].text  # a numbered sense, not rule 2
    assert g.citations[keywords["Zone"].id] == ["ironvale:100.1"]
    reasons = {s.reason for s in g.skipped}
    assert {"table of contents line", "page number (PDF page footer)", "embedded image (base64 data)",
            "page header or footer repeated on every page"} <= reasons
    assert all("Ironvale Comprehensive Rules v1.0" not in e.text for e in g.entries)


def _write_game(root, text, style=None):
    folder = root / "lost"
    folder.mkdir()
    (folder / "rules.txt").write_text(text)
    extra = f"\n    style: {style}" if style else ""
    (folder / "game.yaml").write_text(f"id: lost\nname: Lost\nlanguage: en\ndocuments:\n  - path: rules.txt{extra}\n")
    return root


def test_unrecognised_numbering_gives_the_loss_warning(tmp_path):
    """Rules numbered '1-2-3.' in a document read as a FAQ (style forced): the rules are lost, and
    `judge ingest` says so, with the line numbers, in text and in --json."""
    from click.testing import CliRunner

    from judge.cli import cli

    rules = "\n\n".join(f"1-{i}-{j}. A player may do thing {i}{j} during the main phase." for i in range(1, 4)
                         for j in range(1, 4))
    root = _write_game(tmp_path, "Lost Rules\n\n" + rules + "\n", style="faq")
    g = load_corpus(root).games["lost"]
    lost = g.report()["unparsed_rule_lines"]
    assert lost["count"] == 9 and lost["under_parsed"] and lost["lines"][0] == {"document": "lost/rules.txt", "line": 3}
    r = CliRunner().invoke(cli, ["--corpus", str(root), "ingest"])
    assert r.exit_code == 0 and "warning: 9 of 9 lines that look like numbered rules" in r.output
    assert "lost/rules.txt:3" in r.output
    r = CliRunner().invoke(cli, ["--corpus", str(root), "ingest", "--json"])
    import json

    assert json.loads(r.output)["games"]["lost"]["unparsed_rule_lines"]["count"] == 9


def test_recognised_numbering_gives_no_warning(tmp_path):
    rules = "\n\n".join(f"1-{i}-{j}. A player may do thing {i}{j} during the main phase." for i in range(1, 4)
                         for j in range(1, 4))
    g = load_corpus(_write_game(tmp_path, "Lost Rules\n\n" + rules + "\n")).games["lost"]
    assert g.documents[0].style == "numbered-dashed"
    assert g.report()["unparsed_rule_lines"]["count"] == 0
    assert g.by_id()["lost:1-2-3"].text.startswith("A player may do thing 23")
