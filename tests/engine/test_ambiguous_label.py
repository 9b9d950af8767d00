"""An action naming a card by a name several cards of the scenario share (their labels are Name#1, Name#2)
is a script error naming the labels -- not a refusal a `try` action could expect whatever the rules say.
Where it must not apply: a unique card's name, an ability named like its card, a scripted choice."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.errors import BadInputError
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

_VS = """game: vs-system
state:
  active: A
  phase: combat
  A:
    visible: [Luke Cage, Shang Chi]
    deck: [Luke Cage]
  B:
    visible: [Hired Muscle]
actions:
  - {player: A, attack: Hired Muscle, with: [%s], try: true}
"""


def _run(tmp_path, text):
    f = Path(tmp_path) / "s.ruling.yaml"
    f.write_text(text)
    return replay(load_fixture(f))


def test_a_shared_name_in_a_try_action_is_a_script_error(tmp_path):
    # Vs. System's attackers are a list of cards (action_forms): the name is checked as the file loads
    with pytest.raises(BadInputError) as err:
        _run(tmp_path, _VS % "Luke Cage")
    message = str(err.value)
    assert ":11:" in message and "'Luke Cage' is the name of 2 cards here in with" in message
    assert "Luke Cage#1" in message and "Luke Cage#2" in message and "name one by its label" in message


@pytest.mark.parametrize("who", ["Luke Cage#2", "Shang Chi"])  # labels follow the zone order: deck first
def test_a_label_or_a_unique_name_is_fine(tmp_path, who):
    out = _run(tmp_path, _VS % who)
    assert out.status != "error", out.error
    assert any(e["event"] == "attack_declared" for e in out.engine.events)


def test_an_ability_named_like_its_card_is_no_card(tmp_path):
    text = """game: huntik
state:
  active: A
  lead: A
  round: 3
  A:
    zone1: [Seeker Recruit]
    hand: [Thundercut, Thundercut]
  B:
    zone1: [Suit Grunt]
actions:
  - {player: A, play: "Thundercut#1", targets: [Seeker Recruit]}
  - {pass: all}
  - {player: A, use: Seeker Recruit, ability: Thundercut, targets: [Suit Grunt]}
  - {pass: all}
"""
    out = _run(tmp_path, text)
    assert out.status != "error", out.error
    assert out.engine.obj("Suit Grunt").zone == "discard"


def test_a_shared_name_as_a_tentative_choice_is_a_script_error_too(tmp_path):
    text = (_VS % "Luke Cage#2").replace("try: true}", "try: true, choose: [{try: Luke Cage}]}")
    out = _run(tmp_path, text)
    assert out.status == "error" and "Luke Cage#1" in out.error
