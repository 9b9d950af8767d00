"""Card text accounted for (issue 13 item 5): each sentence of a card's text is modelled, a
keyword the card's data carries, listed under `unmodelled:` with a reason, or unaccounted."""
from __future__ import annotations

import textwrap

import pytest

from judge.coverage_cards import card_sentences, card_text_report, classify
from judge.engine.cards import load_cards
from judge.errors import BadInputError

CARDS = """
game: tiny
cards:
  - name: Plain Unit
    type: unit
    text: "Kingdom. Limited."
    keywords: [kingdom]
  - name: Two Actions, One Modelled
    type: unit
    text: "Action: Draw a card. Then discard a card. Forced: When this unit leaves play, draw a card."
    abilities:
      - {kind: action, steps: [{draw: 1}]}
  - name: Listed
    type: tactic
    text: "Destruction only. Action: Deal 1 damage to target unit."
    unmodelled:
      - {text: "Destruction only", reason: deck-building}
      - {text: "Action: Deal 1 damage", reason: not needed by any scenario}
  - name: Blank
    type: unit
    text: "(Blank, Core Set 12)"
  - name: Vanilla Text
    type: unit
    text: "This unit gets +1 power while attacking."
"""


@pytest.fixture()
def pool(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text(textwrap.dedent(CARDS), encoding="utf-8")
    return load_cards(path, "tiny")


def _status(pool, name):
    card = pool.get(name)
    return [(r["text"], r["status"]) for r in classify(card, card.extra.get("unmodelled") or [])]


def test_sentences_and_their_status(pool):
    assert card_sentences("Action: Deal 1 damage. (Limit once per turn.) Then draw.") == [
        "Action: Deal 1 damage.", "Then draw."]
    assert card_sentences("(Blank, Core Set 12)") == []
    assert _status(pool, "Plain Unit") == [("Kingdom.", "keyword"), ("Limited.", "keyword")]
    assert _status(pool, "Two Actions, One Modelled") == [
        ("Action: Draw a card.", "modelled"), ("Then discard a card.", "modelled"),
        ("Forced: When this unit leaves play, draw a card.", "unaccounted")]
    assert [s for _, s in _status(pool, "Listed")] == ["listed", "listed"]
    assert _status(pool, "Blank") == []
    assert _status(pool, "Vanilla Text") == [("This unit gets +1 power while attacking.", "unaccounted")]
    rep = card_text_report("tiny", pool)
    assert (rep["cards"], rep["sentences"], rep["modelled"], rep["keyword"], rep["listed"], rep["unaccounted"]) == \
        (5, 8, 2, 2, 2, 2)
    assert rep["unaccounted_by_card"] == {"Two Actions, One Modelled": ["Forced: When this unit leaves play, draw a card."],
                                          "Vanilla Text": ["This unit gets +1 power while attacking."]}


@pytest.mark.parametrize("item, problem", [
    ('{text: "Deal 3 damage", reason: x}', "is not in the card's text"),
    ('{text: "Deal 1 damage"}', "each 'unmodelled' item"),
    ("just text", "each 'unmodelled' item"),
])
def test_bad_unmodelled_items_name_file_and_line(tmp_path, item, problem):
    path = tmp_path / "cards.yaml"
    path.write_text("game: tiny\ncards:\n  - name: X\n    type: unit\n    text: \"Action: Deal 1 damage.\"\n"
                    f"    unmodelled:\n      - {item}\n", encoding="utf-8")
    with pytest.raises(BadInputError) as info:
        load_cards(path, "tiny")
    assert problem in str(info.value) and info.value.line == 7


def test_judge_coverage_counts_card_text_per_game():
    import json

    from click.testing import CliRunner

    from judge.cli import cli

    r = CliRunner().invoke(cli, ["coverage", "--game", "huntik", "--json"])
    assert r.exit_code == 0, r.output
    t = json.loads(r.output)["games"]["huntik"]["card_text"]
    assert t["sentences"] == t["modelled"] + t["keyword"] + t["listed"] + t["unaccounted"] and t["cards"] > 0


def test_trait_text_and_card_scripts_account_for_their_sentences():
    """A sentence the rules attach to a trait (WHI's Hero: 'Limit one Hero per zone') is carried by the
    card's data; a documented card script counts as modelling an ability sentence, as an ability does."""
    from judge.engine.cards import CardDef

    hero = CardDef("H", "h", "unit", ("Hero",), (), {}, 1, "Hero. Limit one Hero per zone.", ())
    assert [r["status"] for r in classify(hero, [])] == ["keyword", "unaccounted"]
    assert [r["status"] for r in classify(hero, [], {"Hero": ("Limit one Hero per zone",)})] == ["keyword", "keyword"]
    scripted = CardDef("S", "s", "tactic", (), (), {}, 0, "When this card is played, end the chain. Action: Draw a card.",
                       ())
    assert [r["status"] for r in classify(scripted, [])] == ["unaccounted", "unaccounted"]
    assert [r["status"] for r in classify(scripted, [], None, scripts=2)] == ["modelled", "modelled"]


@pytest.mark.parametrize("game", ["warhammer-invasion", "star-wars-tcg", "huntik", "vs-system", "hatalom-kartyai"])
def test_card_text_all_accounted(game):
    from judge.scenarios.loader import card_pool, default_corpus

    rep = card_text_report(game, card_pool(game, str(default_corpus())))
    assert rep["unaccounted"] == 0, rep["unaccounted_by_card"]


def test_a_valued_keywords_name_carries_its_sentence():
    """'Overload (+2 power, 1 damage to itself)' is the keyword "overload 2 1": its values are in the
    parentheses, its name carries the sentence."""
    from judge.engine.cards import CardDef

    card = CardDef("O", "o", "space", (), ("overload 2 1",), {}, 1, "Overload (+2 power, 1 damage to itself).", ())
    assert [r["status"] for r in classify(card, [])] == ["keyword"]
