"""An always-on power given to a card (`grant_powers` of kind continuous) is carried out only by a game whose rules
do so (Huntik 711.2d: GameModule.given_always_on); elsewhere a card giving one is refused as it loads -- it was
accepted and did nothing (blind round 51, Star Wars)."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from judge.engine.cards import given_powers_in
from judge.engine.game import get_game
from judge.errors import BadInputError
from tests.engine.scenes import replay_text

CORPUS = Path(__file__).resolve().parents[2] / "rules_corpus"

SCENE = """\
cards:
  - name: Given Wing Leader
    type: character
    faction: light
    stats: {speed: 30, power: 1, health: 2}
    illustrative: true
    text: "Units you control have \\"Your other units get +1 power.\\""
    abilities:
      - kind: continuous
        applies_to: "is_unit(it) and it.controller == you"
        grant_powers:
          - {kind: continuous, name: lead, applies_to: "is_unit(it) and it != this", modify: {power: 1}}
state:
  active: light
  phase: build
  light:
    character: [Given Wing Leader]
actions: []
"""


def test_a_given_always_on_power_is_refused_naming_its_card_and_line(tmp_path):
    with pytest.raises(BadInputError, match=r"scene.yaml:\d+: card 'Given Wing Leader': star-wars-tcg does not carry out"):
        replay_text(tmp_path, SCENE, game="star-wars-tcg")


@pytest.mark.parametrize("game", ["hatalom-kartyai", "star-wars-tcg", "vs-system", "warhammer-invasion"])
def test_no_bundled_card_gives_one_where_its_game_does_not_carry_it_out(game):
    assert not get_game(game).given_always_on
    cards = yaml.safe_load((CORPUS / game / "cards.yaml").read_text(encoding="utf-8"))
    cards = cards.get("cards", cards) if isinstance(cards, dict) else cards
    given = [c["name"] for c in cards for p in given_powers_in(c) if isinstance(p, dict) and p.get("kind") == "continuous"]
    assert given == []
