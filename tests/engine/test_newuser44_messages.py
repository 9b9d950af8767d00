"""What a scenario writer is told when a scenario is wrong (NEWUSER44, finding 5): an expected event of a
kind this replay never logged names the kinds it did log, nearest by name first."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from judge.scenarios.vocabulary import nearest_logged

ZONE_ATTACK = """\
game: warhammer-invasion
state:
  active: A
  phase: kingdom
  A:
    quest: [Wolves of the North, {card: Savage Gors, questing: true}]
actions:
  - {begin: quest}
  - {player: A, attack: kingdom, with: [Savage Gors]}
  - {player: B, defend: []}
expect:
  - {event: attack_declared}
  - {event: attack_declared, count: 1}
"""


def test_an_expected_kind_never_logged_names_the_kinds_logged(tmp_path):
    path = tmp_path / "attack.yaml"
    path.write_text(ZONE_ATTACK)
    out = replay(load_fixture(path))
    assert out.status == "failed"
    first, counted = out.problems
    assert "none of that kind (this replay logged: declared_attacker" in first
    assert counted.endswith("got 0 (this replay logged: declared_attacker, phase_ends, phase_begins)")


def test_nearest_logged_kinds_first_a_few_at_most():
    logged = ["zone_change", "phase_begins", "declared_attacker", "turn_started", "resolving", "declared_defender"]
    assert nearest_logged("attack_declared", logged)[:2] == ["declared_attacker", "declared_defender"]
    assert len(nearest_logged("attack_declared", logged)) == 4
    assert nearest_logged("attack_declared", []) == []
