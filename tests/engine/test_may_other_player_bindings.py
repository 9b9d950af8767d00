"""`{may: [..], player: P}` with P another player keeps the names its steps bind (`as:`) for the steps after it,
as it does when P is `you` (review 43L finding 10: its steps ran on a copy of the bindings, so 'That hero gets
-1 ATK' found no 'rested'). The same for `unless`'s Y. No rule decides it (the card language does), so the
scene lives under tests/engine/data."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.scenes import replay_variant

SCENE = Path(__file__).parent / "data" / "may-another-player-keeps-bindings.yaml"


def _variant(tmp_path, pairs):
    return replay_variant(tmp_path, SCENE, pairs)


def test_the_opponents_choice_is_known_after_the_may():
    out = replay(load_fixture(SCENE))
    assert out.passed, (out.problems, out.error)


def test_you_still_is_the_cards_controller_after_the_may(tmp_path):
    # 'you' inside the may is B; after it, A again: a step after it reads A's hand
    out = _variant(tmp_path, [
        ("          - {modify: {target: rested, modify: {atk: -1}, duration: round}}\n",
         "          - {modify: {target: rested, modify: {atk: -1}, duration: round}}\n"
         "          - {exhaust: {all: \"it.is_hero and it.controller == you\"}}\n"),
        ("  A:\n    hand: [Illustrative Offered Rest]\n",
         "  A:\n    hand: [Illustrative Offered Rest]\n    zone1: [Lok Lambert]\n"),
        ("  - {card: Suit Grunt, exhausted: true, atk: 0}",
         "  - {card: Suit Grunt, exhausted: true, atk: 0}\n  - {card: Lok Lambert, exhausted: true}")])
    assert out.passed, (out.problems, out.error)


def test_declined_binds_nothing(tmp_path):
    # B declines: nothing chosen, nothing exhausted (the later step then names no card: written in an `if`)
    out = _variant(tmp_path, [
        ("  - {player: B, choose: ['yes', Suit Grunt]}", "  - {player: B, choose: ['no']}"),
        ("          - {modify: {target: rested, modify: {atk: -1}, duration: round}}\n", ""),
        ("  - {card: Suit Grunt, exhausted: true, atk: 0}", "  - {card: Suit Grunt, exhausted: false, atk: 1}")])
    assert out.passed, (out.problems, out.error)


def test_unless_keeps_the_names_its_player_bound(tmp_path):
    # 'Draw a card unless your opponent exhausts one of his minor heroes. That hero gets -1 ATK this round.'
    out = _variant(tmp_path, [
        ("          - may:\n", "          - unless:\n"),
        ("            player: opponent\n", "            player: opponent\n            do: [{draw: 1}]\n")])
    assert out.passed, (out.problems, out.error)
