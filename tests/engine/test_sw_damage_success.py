"""Star Wars' damage step (damage.py step_damage) succeeds, for a following ``then:`` ('If you did'), only when
damage was done to one of the units it names (GUIDE, then:): an amount of 0 is none (review 43L #7: it always
succeeded)."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.scenes import variant

SCENE = Path(__file__).parent / "data" / "sw-damage-zero-then.yaml"


def test_no_damage_done_is_no_success():
    out = replay(load_fixture(SCENE))
    assert out.passed, (out.problems, out.error)


def test_damage_done_is_a_success(tmp_path):
    """The rule must not stop the draw when damage was done: one tapped unit, 1 damage, a card drawn."""
    path = variant(tmp_path, SCENE, [("ground: [Rebel Shield Squad]",
                                      "ground: [{card: Rebel Shield Squad, exhausted: true}]")],
                   expect="  - {card: Battle Droid Platoon, damage: 1}\n  - {card: Rebel Dodging Squad, zone: light.hand}\n",
                   name="scene.yaml")
    assert "exhausted: true" in path.read_text(encoding="utf-8")
    out = replay(load_fixture(path))
    assert out.passed, (out.problems, out.error)
