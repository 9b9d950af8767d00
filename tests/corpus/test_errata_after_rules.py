"""Errata at the end of a numbered rulebook, and a rule's sentence followed by its 'Note:' (NEWUSER41 #4)."""
import json

import pytest
from click.testing import CliRunner

from judge.cli import cli
from judge.corpus import load_corpus

RULES = """Pocket Duel Comprehensive Rules

1. Game Concepts

1.1 Each player starts the game with 20 life points.
1.2 A player who has 0 or less life points loses the game.

3. Combat

3.3 An exhausted creature can't block.
Note: Creatures with Vigilance don't exhaust when attacking.
3.4 A creature deals damage equal to its power.
"""
SHOULD = '\nCard Errata\n\n12 Ember Fox\nShould read: "Ember Fox deals 1 damage to target player when it attacks."\n'
OLD_NEW = ("\nErrata\n\nEmber Fox\nOld Text: Haste. Ember Fox deals 1 damage when it attacks.\n"
           "New Text: Ember Fox deals 1 damage to target player when it attacks.\nReason: Haste was removed.\n")


def corpus(tmp_path, tail):
    game = tmp_path / "c" / "pd"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("id: pd\nname: PD\nlanguage: en\ndocuments:\n  - path: rules.txt\n", encoding="utf-8")
    (game / "rules.txt").write_text(RULES + tail, encoding="utf-8")
    return game.parent


@pytest.mark.parametrize("tail", [SHOULD, OLD_NEW], ids=["should-read", "old-new-text"])
def test_errata_after_the_last_rule_are_errata(tmp_path, tail):
    root = corpus(tmp_path, tail)
    ids = load_corpus(root).games["pd"].by_id()
    assert ids["pd:3.4"].text == "A creature deals damage equal to its power."  # nothing glued to it
    errata = ids["pd:errata:ember-fox"]
    assert errata.kind == "errata" and errata.data["card"] == "Ember Fox"
    assert errata.data["new_text"] == "Ember Fox deals 1 damage to target player when it attacks."
    if tail is OLD_NEW:
        assert errata.data["old_text"].startswith("Haste.") and errata.data["reason"] == "Haste was removed."
    r = CliRunner().invoke(cli, ["--corpus", str(root), "card", "ember fox", "--json"])
    assert r.exit_code == 0 and "pd:errata:ember-fox" in r.output


def test_a_rule_followed_by_its_note_keeps_its_sentence(tmp_path):
    ids = load_corpus(corpus(tmp_path, "")).games["pd"].by_id()
    assert ids["pd:3.3"].text == "An exhausted creature can't block."
    assert ids["pd:3.3:note-1"].parent == "pd:3.3"


def test_rule_list_reads_the_corpus_option(tmp_path, monkeypatch):
    """`rule --list --game G` for a game of --corpus / JUDGE_CORPUS with no engine package (NEWUSER41 #6)."""
    root = corpus(tmp_path, "")
    r = CliRunner().invoke(cli, ["--corpus", str(root), "rule", "--list", "--game", "pd", "--json"])
    assert r.exit_code == 0, r.output
    assert "pd:3.3" in [e["id"] for e in json.loads(r.output)["entries"]]
    monkeypatch.setenv("JUDGE_CORPUS", str(root))
    r = CliRunner().invoke(cli, ["rule", "--list", "--game", "pd"])
    assert r.exit_code == 0 and "pd:3.4" in r.output
