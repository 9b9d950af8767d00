"""The forms of a game's own action fields (GameModule.action_forms), checked as a scenario loads:
Warhammer's ``with: [units]``, ``defend: [units]``, ``assign: {Unit: 2, capital: 3}`` and Vs. System's
``with: [attackers]``. A name where a list is meant was read letter by letter ("R cannot attack"), and
an assignment given as a list, a name or a word amount leaked a Python error at replay time (exit 1);
now each is a load error naming the file, the line and the form to write. And a game's own action fields
are its own: `judge cards` shows Huntik's ``exhaust:`` for Huntik only."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from judge.cli import cli
from judge.errors import BadInputError
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

WHI = """\
game: warhammer-invasion
state:
  active: A
  phase: battlefield
  A:
    battlefield: [Rat Swarm, Clanrat Clawleader]
  B:
    battlefield: [Dark Zealot]
actions:
  - {{player: A, attack: battlefield, with: {with_}}}
  - {{player: B, defend: {defend}}}
  - {{player: A, assign: {assign_a}}}
  - {{player: B, assign: {{Rat Swarm: 1}}}}
  - {{pass: all}}
expect:
  - {{card: Dark Zealot, damage: 2}}
  - {{card: Rat Swarm, zone: A.discard}}
"""
RIGHT = {"with_": "[Rat Swarm, Clanrat Clawleader]", "defend": "[Dark Zealot]", "assign_a": "{Dark Zealot: 2}"}


def _write(tmp_path, **changed):
    path = tmp_path / "combat.yaml"
    path.write_text(WHI.format(**{**RIGHT, **changed}))
    return path


def _load_error(path) -> str:
    with pytest.raises(BadInputError) as err:
        load_fixture(path, known_ids=None)
    assert err.value.exit_code == 2
    return str(err.value)


def test_the_right_forms_load_and_replay(tmp_path):
    out = replay(load_fixture(_write(tmp_path), known_ids=None))
    assert out.status == "passed", out.error or out.problems


@pytest.mark.parametrize("field,value,line,wanted", [
    ("with_", "Rat Swarm", 10, "'with' must be a list of cards, e.g. with: ['Rat Swarm'], not 'Rat Swarm'"),
    ("defend", "Dark Zealot", 11, "'defend' must be a list of cards, e.g. defend: ['Dark Zealot'], not 'Dark Zealot'"),
    ("assign_a", "[Dark Zealot]", 12, "'assign' must be a mapping of card (or capital) -> amount, "
                                      "e.g. assign: {'Dark Zealot': 1}, not ['Dark Zealot']"),
    ("assign_a", "Dark Zealot", 12, "'assign' must be a mapping of card (or capital) -> amount, "
                                    "e.g. assign: {'Dark Zealot': 1}, not 'Dark Zealot'"),
    ("assign_a", "{Dark Zealot: two}", 12, "the amount for Dark Zealot must be a whole number (0 or more), "
                                           "e.g. assign: {'Dark Zealot': 2}, not 'two'"),
    ("assign_a", "{Dark Zealot: -2}", 12, "must be a whole number (0 or more)"),
])
def test_a_field_of_the_wrong_form_is_a_load_error_with_the_right_form(tmp_path, field, value, line, wanted):
    message = _load_error(_write(tmp_path, **{field: value}))
    assert f"combat.yaml:{line}:" in message and wanted in message, message


def test_a_misspelt_card_in_assign_suggests_the_closest(tmp_path):
    message = _load_error(_write(tmp_path, assign_a="{Dark Zealott: 2}"))
    assert ":12:" in message and "unknown card 'Dark Zealott' in assign" in message
    assert "did you mean 'Dark Zealot'?" in message


def test_a_misspelt_capital_in_assign_suggests_capital(tmp_path):
    message = _load_error(_write(tmp_path, assign_a="{Dark Zealot: 2, capitol: 1}"))
    assert ":12:" in message and "did you mean 'capital'?" in message


def test_capital_and_an_empty_assignment_still_load(tmp_path):
    # capital: the attacked section (the engine then refuses it before lethal damage: a rule, not a form)
    assert load_fixture(_write(tmp_path, assign_a="{Dark Zealot: 2, capital: 0}"), known_ids=None)
    assert load_fixture(_write(tmp_path, assign_a="{}", defend="[]"), known_ids=None)


def test_a_misspelt_unit_in_with_or_defend_suggests_the_closest(tmp_path):
    message = _load_error(_write(tmp_path, with_="[Rat Swam]"))
    assert ":10:" in message and "in with" in message and "did you mean 'Rat Swarm'?" in message
    message = _load_error(_write(tmp_path, defend="[Dark Zealott]"))
    assert ":11:" in message and "in defend" in message and "did you mean 'Dark Zealot'?" in message


VS = """\
game: vs-system
state:
  active: A
  phase: combat
  A:
    visible: [Hired Muscle]
  B:
    visible: [Henchman]
actions:
  - {{player: A, attack: Henchman, with: {with_}}}
  - {{strike: attack}}
expect:
  - {{card: Henchman, stunned: true}}
"""


def test_vs_attackers_are_a_list_too(tmp_path):
    path = tmp_path / "vs.yaml"
    path.write_text(VS.format(with_="Hired Muscle"))
    message = _load_error(path)
    assert "vs.yaml:10:" in message and "e.g. with: ['Hired Muscle']" in message
    path.write_text(VS.format(with_="[Hired Muscle]"))
    out = replay(load_fixture(path, known_ids=None))
    assert out.status == "passed", out.error or out.problems


def test_with_of_another_verb_keeps_its_own_form(tmp_path):
    """The form is the verb's: Vs. System's recruit reads `with:` as words (boost), one or a list."""
    path = tmp_path / "recruit.yaml"
    path.write_text("game: vs-system\nstate:\n  active: A\n  phase: build\n  A:\n    hand: [Henchman]\n"
                    "actions:\n  - {player: A, recruit: Henchman, with: boost, try: true}\n")
    assert load_fixture(path, known_ids=None)


def test_exhaust_is_a_huntik_action_field(tmp_path):
    """`exhaust:` names the hero an exhaust action card exhausts: only Huntik reads it. Elsewhere it was
    accepted and did nothing; now it is an unknown action field, as another game's own field is."""
    path = tmp_path / "x.yaml"
    path.write_text("game: warhammer-invasion\nstate:\n  A:\n    hand: [Troll Vomit]\n    battlefield: [Rat Swarm]\n"
                    "actions:\n  - {player: A, play: Troll Vomit, exhaust: Rat Swarm, try: true}\n")
    assert "unknown action field(s) 'exhaust'" in _load_error(path)
    path.write_text("game: huntik\nstate:\n  active: A\n  A:\n    hand: [Augerfrost]\n    zone1: [Zhalia Moon]\n"
                    "  B:\n    zone1: [Suit Grunt]\n"
                    "actions:\n  - {player: A, play: Augerfrost, exhaust: Zhalia Moon, targets: [Suit Grunt]}\n")
    assert load_fixture(path, known_ids=None)


def run(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.mark.parametrize("game", ["warhammer-invasion", "vs-system", "hatalom-kartyai", "star-wars-tcg"])
def test_judge_cards_shows_no_other_games_action_fields(game):
    res = run("cards", "--game", game)
    assert res.exit_code == 0 and "play:" in res.output
    assert "Huntik" not in res.output and "exhaust: HERO" not in res.output


def test_judge_cards_shows_a_games_own_action_fields():
    res = run("cards", "--game", "huntik")
    assert "Action fields of Huntik" in res.output and "exhaust: {player: A, play: CARD, exhaust: HERO}" in res.output
    data = json.loads(run("cards", "--game", "vs-system", "--json").output)
    assert set(data["action_fields"]) == {"active", "no_draw"}
    assert "exhaust" not in json.loads(run("cards", "--game", "warhammer-invasion", "--json").output)["action_fields"]
