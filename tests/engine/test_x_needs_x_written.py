"""A card or power whose text has an X the player chooses (a cost X, 'deal X damage') needs `x: N` on the
action that plays or uses it: left out, the replay would play X = 0 without a word (a new user's finding)."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay


def test_a_card_with_an_x_needs_x_written(tmp_path):
    """Flames of Tzeentch (cost X): a play with no x: is a script error naming it, not X = 0 in silence."""
    path = tmp_path / "flames.yaml"
    path.write_text("""\
game: warhammer-invasion
state:
  active: A
  phase: capital
  A:
    hand: [Flames of Tzeentch]
    resources: 3
  B:
    battlefield: [Dark Zealot]
actions:
  - {player: A, play: Flames of Tzeentch, targets: [Dark Zealot]}
""", encoding="utf-8")
    out = replay(load_fixture(path))
    assert out.error and "write x: N" in out.error
