"""A game's own action fields: a scenario may write the fields its game's actions read (Vs. System's
``{begin: turn, active: B}``); in another game the same field is an unknown action field."""
from __future__ import annotations

import pytest

from judge.errors import BadInputError
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

VS = """\
game: vs-system
state:
  active: A
  phase: build
  A:
    visible: [Spider-Man]
actions:
  - {begin: turn, active: B}
  - {begin: draw, no_draw: true}
expect:
  - {event: turn_started, turn: 2}
  - {no_event: normal_draw}
"""

WHI = """\
game: warhammer-invasion
state:
  A:
    hand: [Troll Vomit]
actions:
  - {begin: turn, active: B}
"""


def test_vs_begin_takes_active_and_no_draw(tmp_path):
    path = tmp_path / "turn.yaml"
    path.write_text(VS)
    out = replay(load_fixture(path))
    assert out.status == "passed", out.error or out.problems
    assert out.engine.state.vars["active"] == "B"


def test_the_field_is_unknown_where_the_game_does_not_read_it(tmp_path):
    path = tmp_path / "turn.yaml"
    path.write_text(WHI)
    with pytest.raises(BadInputError, match="unknown action field.*'active'") as err:
        load_fixture(path)
    assert "line 6" in str(err.value) or ":6" in str(err.value)


def test_without_no_draw_the_normal_draw_happens(tmp_path):
    path = tmp_path / "turn.yaml"
    path.write_text(VS.replace("no_draw: true", "no_draw: false"))
    out = replay(load_fixture(path))
    assert out.status == "failed" and "normal_draw" in out.problems[0]


def test_choices_on_an_action_without_a_player_are_an_error(tmp_path):
    """Scripted choices are a player's: on a game action that names none (`{begin: quest, choose: ..}`,
    `{pass: all, choose: ..}`) they were dropped unseen; now the file and line say what is missing."""
    path = tmp_path / "nochooser.yaml"
    path.write_text("game: warhammer-invasion\nstate: {active: A, phase: capital}\nactions:\n"
                    "  - {pass: all}\n  - {begin: quest, choose: [yes]}\n")
    with pytest.raises(BadInputError) as err:
        load_fixture(path)
    assert ":5:" in str(err.value) and "whose choices" in str(err.value)
    path.write_text("game: warhammer-invasion\nstate: {active: A, phase: capital}\nactions:\n"
                    "  - {player: A, begin: quest, choose: [yes]}\n")
    assert load_fixture(path) is not None


TWO_ACTIONS = """\
game: huntik
cards:
  - name: Two Ways
    type: feature
    traits: [Good]
    text: "Free Action: Draw a card. <p> Free Action: Discard a card."
    abilities:
      - {{kind: action, timing: free, steps: [{{draw: 1}}]}}
      - {{kind: action, timing: free, steps: [{{discard_from_hand: 1}}]}}
state:
  active: A
  A:
    deck: [Lok Lambert]
    features: [Two Ways]
actions:
  - {{player: A, use: Two Ways, ability: {which}}}
  - {{pass: all}}
expect:
  - {{player: A, zone_count: {{hand: 1}}}}
"""


@pytest.mark.parametrize("which,draws", [("1", True), ("2", False), ("'ability 1'", True)])
def test_ability_by_number_counts_from_one_as_the_trace_names_it(tmp_path, which, draws):
    # was: 0-based -- `ability: 1` used the second action, which the trace calls "ability 2"
    path = tmp_path / "which.yaml"
    path.write_text(TWO_ACTIONS.format(which=which))
    out = replay(load_fixture(path, known_ids=None))
    assert out.error is None and out.passed is draws, out.problems
