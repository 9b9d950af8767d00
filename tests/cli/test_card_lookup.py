"""`judge card`: the exact name first, never another card silently, every card the corpus knows
(the documents, their headings, the engine's definitions) with the engine's text."""
import json

import pytest
from click.testing import CliRunner

from judge.cli import cli

FAQ = """Frequently Asked Questions

Hand
Q. Can I reveal my hand if I have no cards in it?
A. Yes. You reveal a hand of 0 cards.

Grim Lantern Keeper
Q. Can this unit be destroyed with damage?
A. Yes. When Grim Lantern Keeper is dealt damage equal to its hit points, it is destroyed.

Stun
Q. Does Stun stack?
A. No. A unit with Stun twice is stunned once.
"""


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_engine_card_found_by_its_exact_name_with_its_text():
    r = run("card", "Arkayne Vampire")
    assert r.exit_code == 0, r.output
    assert r.output.startswith("Arkayne Vampire ")
    assert "This unit gets +1 hit point for each damage on it." in r.output  # cards.yaml's text
    assert "cards.yaml:" in r.output and "Arcane Power" not in r.output


def test_typo_is_not_answered_with_another_card():
    r = run("card", "Arkayne Vampyre")
    assert r.exit_code == 2
    assert "no card named 'Arkayne Vampyre'; closest: Arkayne Vampire (warhammer-invasion)" in r.output


def test_part_of_one_name_is_said_and_engine_text_shown():
    r = run("card", "sniktch")
    assert r.exit_code == 0, r.output
    assert "'sniktch' is part of the name 'Deathmaster Sniktch'" in r.output
    assert "Corrupt this unit to destroy one target unit" in r.output
    assert "not printed" not in r.output
    d = json.loads(run("card", "sniktch", "--json").output)
    assert d["match"] == "words" and d["card"]["title"] == "Deathmaster Sniktch"
    assert d["engine"]["file"] == "cards.yaml" and d["engine"]["text"].startswith("Action: Corrupt")
    assert d["known_from"] == ["documents", "engine card definitions"]


def test_words_of_several_names_list_them_and_exit_2():
    r = run("card", "lucky", "--game", "star-wars-tcg")
    assert r.exit_code == 2
    assert "several cards match 'lucky': " in r.output and "Lucky Probe Droid" in r.output


def test_shared_name_shows_every_card_of_that_name():
    d = json.loads(run("card", "Daredevil", "--json").output)
    assert d["match"] == "exact"
    assert d["card"]["id"].startswith("vs-system:card:daredevil-") and len(d["other_matches"]) == 1


def test_heading_names_a_card_the_documents_print_no_text_for(tmp_path):
    g = tmp_path / "tiny"
    g.mkdir()
    (g / "game.yaml").write_text("id: tiny\nname: Tiny Game\nlanguage: en\ndocuments:\n  - path: faq.txt\n")
    (g / "faq.txt").write_text(FAQ)
    r = run("--corpus", str(tmp_path), "card", "Grim Lantern Keeper", "--json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["known_from"] == ["document headings"]
    assert "tiny:faq:unit-destroyed-damage" in d["mentioned_by"]
    # a one-word heading is as often a game term: neither is made a card
    for word in ("Hand", "Stun"):
        assert run("--corpus", str(tmp_path), "card", word).exit_code == 2


@pytest.mark.parametrize("name", ["", "   ", "zzzzqqq"])
def test_nothing_close_exits_2(name):
    r = run("card", name)
    assert r.exit_code == 2 and "Traceback" not in r.output
