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
    hand: [Bloodletter]  # in the game, but not a candidate (a name nothing bears is a misspelling: an error)
actions: []
"""


@pytest.fixture
def eng(tmp_path):
    path = tmp_path / "choice.yaml"
    path.write_text(SCENARIO)
    return build_engine(load_fixture(path), set(), None)


def test_a_try_not_among_the_options_is_logged_and_the_next_choice_taken(eng):
    eng.choices["A"] = [{"try": "Bloodletter"}, "Dark Zealot"]
    got = eng.decide_checked("A", "pick", ["Rat Swarm", "Dark Zealot"], "a unit", lambda v: None)
    assert got == "Dark Zealot"
    rejected = [e for e in eng.events if e["event"] == "choice_rejected"]
    assert len(rejected) == 1 and rejected[0]["choice"] == "Bloodletter"


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


def test_a_refused_try_names_no_rule_that_merely_fired_earlier_in_the_action(eng):
    # a rule that fired before the choice was asked did not refuse it (a review found 9 scenarios whose
    # refused {try} choices were credited to such a rule)
    eng.fire("savage")
    eng.choices["A"] = [{"try": "Bloodletter"}, "Dark Zealot"]
    assert eng.decide("A", "pick", ["Rat Swarm", "Dark Zealot"], "a unit") == "Dark Zealot"
    [rej] = [e for e in eng.events if e["event"] == "choice_rejected"]
    assert "rejected_by" not in rej


def test_the_rule_that_makes_the_options_refuses_a_try_outside_them(eng):
    eng.choices["A"] = [{"try": "Bloodletter"}, "Dark Zealot"]
    assert eng.decide("A", "pick", ["Rat Swarm", "Dark Zealot"], "a unit", refusing="savage") == "Dark Zealot"
    [rej] = [e for e in eng.events if e["event"] == "choice_rejected"]
    assert "warhammer-invasion:keyword:savage-x" in rej["rejected_by"]
