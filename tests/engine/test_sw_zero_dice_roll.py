"""Star Wars: a unit with power 0 rolls no attack dice, so 'When an opponent's unit rolls attack dice'
(Imperial Sensor Droid) does not trigger for its attack; a unit with power 1 rolls one and it does."""
from __future__ import annotations

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

_SCENE = """game: star-wars-tcg
cards:
  - {name: Test Walker, type: ground, faction: light, stats: {speed: 10, power: POWER, health: 4}}
state:
  active: light
  phase: battle
  dice: [2]
  dark:
    force: 0
    ground: [Imperial Sensor Droid]
  light:
    ground: [Test Walker]
actions:
  - {player: light, attack: Test Walker, to: Imperial Sensor Droid}
"""


@pytest.mark.parametrize("power, force", [(0, 0), (1, 1)])
def test_sensor_droid_gains_force_only_for_dice_rolled(tmp_path, power, force):
    path = tmp_path / "s.yaml"
    path.write_text(_SCENE.replace("POWER", str(power)), encoding="utf-8")
    out = replay(load_fixture(path))
    assert out.error is None, out.error
    assert out.engine.player_attr("dark", "force") == force
