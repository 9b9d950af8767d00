"""Expectations that would hold (or fail) whatever the engine does are refused as the scenario loads,
naming the file, the line and what to write (judge/scenarios/expect_schema.py; a new user's findings)."""
from __future__ import annotations

import pytest

from judge.errors import BadInputError
from judge.scenarios.loader import load_fixture

SCENE = """\
game: vs-system
state:
  active: A
  phase: build
  A:
    visible: [Henchman]
actions: []
EXPECT"""


def _load(tmp_path, expect: str):
    path = tmp_path / "scene.yaml"
    path.write_text(SCENE.replace("EXPECT", expect), encoding="utf-8")
    return load_fixture(path)


@pytest.mark.parametrize("expect, says", [
    ("expect:\n  - {card: Henchman}", "checks nothing"),
    ("expect:\n  - {card: Henchman, kod: true}", "'kod' is a zone"),
    ("expect:\n  - {card: Henchman, stunned: 1}", "'stunned' must be true or false"),
    ("expect:\n  - {card: Henchman, exhausted: yes please}", "'exhausted' must be true or false"),
])
def test_an_expectation_that_checks_nothing_is_refused(tmp_path, expect, says):
    with pytest.raises(BadInputError, match=says) as err:
        _load(tmp_path, expect)
    assert err.value.line is not None


@pytest.mark.parametrize("expect", [
    "expect:\n  - {card: Henchman, zone: A.visible, stunned: false}",
    "expect:\n  - {card: Henchman, visible: true, hidden: false}",  # Vs. System's own attributes of a card
    "",  # no expect: the script is replayed without checking
])
def test_what_checks_something_still_loads(tmp_path, expect):
    assert _load(tmp_path, expect).game == "vs-system"


WHI = """\
game: warhammer-invasion
state:
  active: A
  phase: capital
  A:
    resources: 2
actions: []
expect:
  - {player: A, KEY: 2}
"""


def test_a_near_miss_of_a_player_field_is_refused(tmp_path):
    """'resource' (a card counter's kind, spelled in the game's code) for the player field 'resources'."""
    path = tmp_path / "whi.yaml"
    path.write_text(WHI.replace("KEY", "resource"), encoding="utf-8")
    with pytest.raises(BadInputError, match="did you mean 'resources'"):
        load_fixture(path)
    path.write_text(WHI.replace("KEY", "resources"), encoding="utf-8")
    assert load_fixture(path).game == "warhammer-invasion"
