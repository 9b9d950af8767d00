"""Huntik's ready (turns.py, a one-shot modifier, 707.1) succeeds as the core's does (GUIDE, then:): when one
card at least became ready -- one already ready neither counts nor makes it fail -- and binds with ``as:`` the
cards it readied (review 43L #6: it returned all(...) and took no ``as:``)."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.scenes import replay_text

SCENE = Path(__file__).parent / "data" / "huntik-ready-one-of-two-then.yaml"


def _replay(tmp_path, text: str):
    return replay_text(tmp_path, text)


def test_one_readied_of_two_is_a_success():
    out = replay(load_fixture(SCENE))
    assert out.passed, (out.problems, out.error)


def test_none_readied_is_no_success(tmp_path):
    """The rule must not apply when every card was ready already: nothing became ready, no card is drawn."""
    text = SCENE.read_text(encoding="utf-8").replace("{card: Suit Grunt, exhausted: true}", "Suit Grunt")
    text = text[:text.index("expect:")] + "expect:\n  - {card: Suit Grunt#2, zone: A.deck}\n"
    out = _replay(tmp_path, text)
    assert out.passed, (out.problems, out.error)


def test_as_binds_only_the_cards_it_readied(tmp_path):
    """'They get +2 ATK this turn. (Suit Grunt: 1 ATK)': the card that was ready already is not one of them."""
    text = SCENE.read_text(encoding="utf-8").replace(
        "          - {then: [{draw: 1}]}\n",
        "          - {modify: {affected: {all: 'true', by: rallied}, modify: {atk: 2}, duration: turn}}\n")
    assert "by: rallied" in text
    text = text[:text.index("expect:")] + "expect:\n  - {card: Suit Grunt#3, atk: 3}\n  - {card: Suit Grunt#4, atk: 1}\n"
    out = _replay(tmp_path, text)
    assert out.passed, (out.problems, out.error)
