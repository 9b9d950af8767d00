"""The cards one step moves change zones together: one batch of simultaneous events, and the cards
entering play in it have one timestamp (so their always-on modifiers start to apply simultaneously:
Huntik 711.3 lets the lead player order them). Cards moved by separate steps keep separate times."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENARIO = """\
game: huntik
state:
  active: A
  lead: A
  round: 2
  A:
    zone1: [Sophie Casterwill]
    discard: [Stoneward Sentinel, Ironhide Sentinel]
actions:
ACTIONS
"""


def _replay(tmp_path, actions: str):
    path = tmp_path / "together.yaml"
    path.write_text(SCENARIO.replace("ACTIONS", actions), encoding="utf-8")
    return replay(load_fixture(path))


def _ts(out, label: str) -> int:
    return out.engine.obj(label).timestamp


def test_one_step_moves_them_together_with_one_timestamp(tmp_path):
    out = _replay(tmp_path, "  - {player: A, choose: [[Ironhide Sentinel, Stoneward Sentinel]]}\n"
                            "  - {player: A, effect: {move: \"['Stoneward Sentinel', 'Ironhide Sentinel']\", to: zone2}}\n")
    assert out.error is None
    assert _ts(out, "Stoneward Sentinel") == _ts(out, "Ironhide Sentinel")
    # the lead player's order decides: the Stoneward's modifier applies last
    assert out.engine.obj_attr(out.engine.obj("Sophie Casterwill"), "def") == 2


def test_two_steps_move_them_one_after_the_other(tmp_path):
    out = _replay(tmp_path, "  - {player: A, effect: {move: Stoneward Sentinel, to: zone2}}\n"
                            "  - {player: A, effect: {move: Ironhide Sentinel, to: zone2}}\n")
    assert out.error is None
    assert _ts(out, "Stoneward Sentinel") < _ts(out, "Ironhide Sentinel")
    assert out.engine.obj_attr(out.engine.obj("Sophie Casterwill"), "def") == 5  # the later Ironhide wins
