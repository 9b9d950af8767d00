"""War Hydra's tokens cancel damage assigned to it ("remove a resource token from this unit to cancel that
damage. Then, add 1 resource"), but not damage that cannot be cancelled: Counterstrike damage is
uncancellable (keyword:counterstrike). Damage events carry whether they may be cancelled (core
apply_damage), and the card script reads it. The token is the cost of the Forced effect ('do X to do Y',
clarification:triggering-a-card-effect): it is paid, the damage stays, and the 'Then' part does not follow."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENARIO = """\
game: warhammer-invasion
state:
  active: A
  phase: battlefield
  A:
    battlefield: [{card: War Hydra, counters: {resource: 2}}]
    resources: 0
  B:
    kingdom: [%s]
actions:
  - {player: A, attack: kingdom, with: [War Hydra]}
  - {player: B, defend: [%s]}
"""


def _hydra(tmp_path, defender: str):
    path = tmp_path / "hydra.yaml"
    path.write_text(SCENARIO % (defender, defender))
    out = replay(load_fixture(path))
    assert out.error is None, out.error
    return out.engine


def test_counterstrike_damage_is_not_cancelled_by_the_tokens(tmp_path):
    eng = _hydra(tmp_path, "Counterstrike Veteran")
    hydra = eng.obj("War Hydra")
    struck = [e for e in eng.events if e["event"] == "damage_dealt" and e.get("source") == "Counterstrike Veteran"]
    assert struck and struck[0]["amount"] == 2 and hydra.damage >= 2  # Counterstrike 2, none cancelled
    assert not [e for e in eng.events if e["event"] == "damage_cancelled" and e.get("card") == "War Hydra"
                and eng.events.index(e) < eng.events.index(struck[0])]
    assert eng.player_attr("A", "resources") == 0  # no 'Then': nothing was cancelled


def test_the_same_tokens_cancel_cancellable_damage(tmp_path):
    path = tmp_path / "hydra-flames.yaml"
    path.write_text("""\
game: warhammer-invasion
state:
  active: B
  A:
    battlefield: [{card: War Hydra, counters: {resource: 2}}]
    resources: 0
  B:
    hand: [Flames of Tzeentch]
    resources: 2
actions:
  - {player: B, play: Flames of Tzeentch, x: 2, targets: [War Hydra]}
  - {pass: all}
""")
    out = replay(load_fixture(path))
    assert out.error is None, out.error
    assert out.engine.obj("War Hydra").damage == 0 and out.engine.player_attr("A", "resources") == 2
