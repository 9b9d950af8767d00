"""A zone expectation compares the zone's cards in any order, or, with ``in_order: true``, in the
zone's own order as the state lists it (a deck or pile from the bottom card to the top one)."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENARIO = """\
game: warhammer-invasion
state:
  active: A
  phase: capital
  A:
    deck: [Rat Swarm, Dark Zealot]
actions:
  - {player: A, effect: [{draw: 1}]}
expect:
  - {zone: A.deck, cards: %s%s}
"""


def _passed(tmp_path, cards: str, in_order: bool) -> bool:
    path = tmp_path / "deck.yaml"
    path.write_text(SCENARIO % (cards, ", in_order: true" if in_order else ""))
    out = replay(load_fixture(path))
    assert out.error is None, out.error
    return out.passed


def test_any_order_without_in_order(tmp_path):
    assert _passed(tmp_path, "[Rat Swarm]", False)  # Dark Zealot, the top card, was drawn
    assert not _passed(tmp_path, "[Dark Zealot]", False)


def test_in_order_checks_bottom_to_top(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text((SCENARIO % ("[Rat Swarm, Dark Zealot]", ", in_order: true")).replace(
        "  - {player: A, effect: [{draw: 1}]}", "  - {player: A, effect: [{draw: 0}]}"))
    out = replay(load_fixture(path))
    assert out.error is None and out.passed, out.error or out.problems
    path.write_text((SCENARIO % ("[Dark Zealot, Rat Swarm]", ", in_order: true")).replace(
        "  - {player: A, effect: [{draw: 1}]}", "  - {player: A, effect: [{draw: 0}]}"))
    out = replay(load_fixture(path))
    assert not out.passed and "from the bottom" in out.problems[0]
    # the same cards in the other order pass when the order is not asked for
    path.write_text((SCENARIO % ("[Dark Zealot, Rat Swarm]", "")).replace(
        "  - {player: A, effect: [{draw: 1}]}", "  - {player: A, effect: [{draw: 0}]}"))
    assert replay(load_fixture(path)).passed
