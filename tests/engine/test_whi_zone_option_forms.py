"""Warhammer: Invasion, the question of a move's zone choice says how its options are named
(movement._move_to_zone): 'move ... to another zone' offers every player's zones, named with the player
(`A.kingdom`); 'another of your zones' (``side:``) the chooser's own by name (`kingdom`). A choice in the
other form is refused by a message that says which form it wants."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENARIO = """game: warhammer-invasion
ruling: warhammer-invasion:clarification:moving-cards
cites: [warhammer-invasion:clarification:moving-cards]
question: q
answer: a
state:
  active: A
  phase: capital
  A:
    battlefield: [Pistoliers, Savage Marauders]
    resources: 1
actions:
  - {ACTION}
"""


def _error(tmp_path: Path, action: str) -> str:
    p = tmp_path / "s.yaml"
    p.write_text(SCENARIO.replace("{ACTION}", action))
    out = replay(load_fixture(p, known_ids=None))
    assert out.status == "error"
    return out.error


def test_move_to_another_zone_wants_the_player(tmp_path):
    err = _error(tmp_path, "{player: A, effect: [{move_to_zone: Savage Marauders, by: A}], choose: [kingdom]}")
    assert "named with its player: A.kingdom" in err and "'kingdom' is not a legal option" in err


def test_move_to_another_of_your_zones_wants_the_name_alone(tmp_path):
    err = _error(tmp_path, "{player: A, use: Pistoliers, choose: [A.kingdom]}")
    assert "one of A's zones, named alone: kingdom" in err
