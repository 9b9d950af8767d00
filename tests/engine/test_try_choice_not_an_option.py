"""A scripted ``{try: VALUE}`` for a checked choice (decide_checked) that is not even among the options
the rules offer is rejected like one a rule's check refuses: logged as ``choice_rejected`` and the next
scripted choice taken (GUIDE section 4). It raised instead (Hatalom blind round 5: a forced sacrifice's
try-choice of a card that is not a candidate); a plain scripted value that is not an option still fails."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import build_engine

SCENARIO = """\
game: warhammer-invasion
state:
  active: A
  phase: capital
  A:
    kingdom: [Rat Swarm, Dark Zealot]
actions: []
"""


@pytest.fixture
def eng(tmp_path):
    path = tmp_path / "choice.yaml"
    path.write_text(SCENARIO)
    return build_engine(load_fixture(path), set(), None)


def test_a_try_not_among_the_options_is_logged_and_the_next_choice_taken(eng):
    eng.choices["A"] = [{"try": "Bloodthirster"}, "Dark Zealot"]
    got = eng.decide_checked("A", "pick", ["Rat Swarm", "Dark Zealot"], "a unit", lambda v: None)
    assert got == "Dark Zealot"
    rejected = [e for e in eng.events if e["event"] == "choice_rejected"]
    assert len(rejected) == 1 and rejected[0]["choice"] == "Bloodthirster"


def test_a_try_the_check_refuses_is_logged_too(eng):
    eng.choices["A"] = [{"try": "Rat Swarm"}, "Dark Zealot"]
    got = eng.decide_checked("A", "pick", ["Rat Swarm", "Dark Zealot"], "a unit",
                             lambda v: "not that one" if v == "Rat Swarm" else None)
    assert got == "Dark Zealot"
    assert [e["reason"] for e in eng.events if e["event"] == "choice_rejected"] == ["not that one"]


def test_a_plain_choice_not_among_the_options_still_fails(eng):
    eng.choices["A"] = ["Bloodthirster"]
    with pytest.raises(ReplayError):
        eng.decide_checked("A", "pick", ["Rat Swarm", "Dark Zealot"], "a unit", lambda v: None)
