"""A draw of 0 cards draws nothing, so it has not been done: a `then:` after it ('Then, ...' = 'if you did')
does not happen (review 43L finding 9: the core `draw` and Warhammer's returned success for 0). A draw that
takes fewer cards than it says (a short deck) was already not done in full; a draw of one card or more is.
No rule decides the `then:` of a card's own effect (GUIDE's card language does), so the scenes live under
tests/engine/data."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.scenes import replay_variant

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize("name", ["huntik-draw-zero-then.yaml", "whi-draw-zero-then.yaml"])
def test_nothing_drawn_no_then(name):
    out = replay(load_fixture(DATA / name))
    assert out.passed, (out.problems, out.error)


def _variant(tmp_path, name, pairs):
    return replay_variant(tmp_path, DATA / name, pairs)


def test_huntik_a_card_drawn_then_happens(tmp_path):
    out = _variant(tmp_path, "huntik-draw-zero-then.yaml", [
        ("    zone1: [Suit Grunt]\n    deck:", "    zone1: [{card: Suit Grunt, exhausted: true}]\n    deck:"),
        ("  - {card: Suit Grunt#2, zone: A.deck}\n  - {card: Suit Grunt#4, exhausted: false}",
         "  - {card: Suit Grunt#2, zone: A.hand}\n  - {card: Suit Grunt#4, exhausted: true}")])
    assert out.passed, (out.problems, out.error)


def test_whi_a_card_drawn_then_happens(tmp_path):
    out = _variant(tmp_path, "whi-draw-zero-then.yaml", [
        ("targets: [Bloodsworn]}", "targets: [Bloodsworn#2]}"),
        ("  A:\n    deck: [Rat Swarm, Rat Swarm]\n    hand: [Illustrative Counted Blessing]\n",
         "  A:\n    deck: [Rat Swarm, Rat Swarm]\n    hand: [Illustrative Counted Blessing]\n"
         "    battlefield: [{card: Bloodsworn, damage: 1}]\n"),
        ("  - {card: Bloodsworn, damage: 0}", "  - {card: Bloodsworn#2, damage: 1}")])
    assert out.passed, (out.problems, out.error)
