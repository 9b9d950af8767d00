"""No Python name of Star Wars, Huntik or Hatalom Kártyái serves a single card unnoticed (issue 13).

The scan of tests/engine/test_whi_one_card_names.py (the step verbs and functions a game registers, the
keywords, ability names, attributes and fields its Python reads, each counted over the cards of
cards.yaml that use it) run for each of these games. A name one card uses is either general vocabulary
of the game listed below with the rule that defines it (and documented in judge/engine/GUIDE.md), or a
defect: made general, or a documented card script. None of these games has card scripts.
"""
from __future__ import annotations

import pytest

from judge.paths import repo_root

from . import test_whi_one_card_names as scan

#: game -> name -> why it is general vocabulary although one card uses it today (GUIDE section 3)
GENERAL_ONE_CARD = {
    "star-wars-tcg": {
        "dice_damage": "step: 'does N dice of damage', the damage form of keyword:retaliate",
        "discard_card": "step: 'Discard a card' (a cost), from the hand (clarification:discard)",
        "critical hit": "keyword: Critical Hit, whose natural sixes keyword:accuracy defines",
    },
    "huntik": {
        "go_again": "step: Go again (707.2)",
        "lose_powers": "step: a card loses its powers for a duration (700.3)",
        "take_turn": "step: 'It's now your turn' (the turn passes by a card's effect)",
    },
    "hatalom-kartyai": {
        "gain_control": "step: the core control change; attached cards keep their owner (8.11.3)",
        "hk_cost": "step: the game's cost, which pays every card's printed cost (costs.play_costs)",
        "vp": "field: VP, the players' currency in costs",
        "cards_in_play": "function: a player's cards in play for a source, locations not counted (8.9.3)",
        "ez a lap az ellenfél körében is kijátszható": "keyword: the permission of 8.5.1.1",
    },
}


def one_card_names(monkeypatch, game: str) -> dict[str, str]:
    monkeypatch.setattr(scan, "GAME", game)
    monkeypatch.setattr(scan, "PACKAGE", repo_root() / "judge" / "games" / game.replace("-", "_"))
    monkeypatch.setattr(scan, "_scripts", lambda: {})
    rows = scan.table.__wrapped__()
    return {name: cards[0] for _kind, name, n, cards in rows if n == 1}


@pytest.mark.parametrize("game", sorted(GENERAL_ONE_CARD))
def test_no_new_one_card_name(monkeypatch, game):
    one_card = one_card_names(monkeypatch, game)
    new = sorted(set(one_card) - set(GENERAL_ONE_CARD[game]))
    assert not new, f"{game}: names its Python reads for one card only: {[(n, one_card[n]) for n in new]}"
    gone = sorted(set(GENERAL_ONE_CARD[game]) - set(one_card))
    assert not gone, f"{game}: no longer read for exactly one card, drop from GENERAL_ONE_CARD: {gone}"


def test_one_card_vocabulary_is_documented():
    guide = (repo_root() / "judge" / "engine" / "GUIDE.md").read_text(encoding="utf-8")
    missing = sorted(n for names in GENERAL_ONE_CARD.values() for n in names if n not in guide)
    assert not missing, f"general vocabulary used by one card must be documented in GUIDE.md: {missing}"
