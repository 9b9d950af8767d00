"""`judge verify --game G PATH`: a scenario outside rulings/ with no `game:` line is replayed as G's (blind
round 33 doc gap 4: it was silently left out, '0 fixtures'); one whose `game:` names another game is left out."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.verify import verify

_SCENARIO = """
state:
  active: A
  phase: capital
  A:
    resources: 3
    hand: [Flames of Tzeentch]
  B:
    kingdom: [Dark Zealot]
actions:
  - {player: A, play: Flames of Tzeentch, x: 1, targets: [Dark Zealot]}
  - {pass: all}
expect:
  - {card: Dark Zealot, zone: B.kingdom, damage: 1}
"""


def _write(tmp_path, name: str, head: str = "") -> Path:
    f = Path(tmp_path) / name
    f.write_text(head + _SCENARIO)
    return f


def test_game_option_gives_the_game_of_a_scenario_without_one(tmp_path):
    f = _write(tmp_path, "mine.yaml")
    rep = verify([f], "warhammer-invasion", check_ids=False)
    assert rep.fixtures == 1 and rep.passed == 1 and not rep.errors


def test_without_the_option_the_game_is_still_asked_for(tmp_path):
    f = _write(tmp_path, "mine.yaml")
    rep = verify([f], None, check_ids=False)
    assert rep.fixtures == 1 and rep.passed == 0
    assert "cannot tell the game" in rep.errors[0]["message"]


def test_a_scenario_naming_another_game_is_left_out(tmp_path):
    other = _write(tmp_path, "theirs.yaml", "game: huntik\n")
    mine = _write(tmp_path, "mine.yaml", "game: warhammer-invasion\n")
    rep = verify([other, mine], "warhammer-invasion", check_ids=False)
    assert rep.fixtures == 1 and rep.passed == 1
