"""A decision the rules leave one option for is not asked; a scenario that scripted exactly that
option as the player's next choice has it taken (a player naming the only card he may pick), instead
of failing with "scripted choice ... was never used". A different next choice is still left over."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

# Vengeful Oath (Huntik): two friendly heroes KO'd at once, one target chosen for each trigger; the
# second trigger has one legal target left (Suit Grunt was KO'd by the first)
SCENARIO = """\
game: huntik
state:
  active: A
  lead: A
  round: 2
  A:
    zone1: [Lok Lambert, Zhalia Moon]
    hand: [Vengeful Oath]
  B:
    zone1: [Dante Vale, Suit Grunt, "Storm Gladiator, Wind and Metal"]
actions:
  - {player: A, play: Vengeful Oath}
  - {pass: all}
  - {player: A, pass_turn: true}
  - {player: A, choose: [Suit Grunt, SECOND]}
  - {player: B, effect: {ko: {all: "it.controller == 'A' and it.is_hero"}}}
  - {pass: all}
expect:
  - {card: Suit Grunt, zone: B.discard}
  - {card: "Storm Gladiator, Wind and Metal", zone: B.discard}
"""


def _replay(tmp_path, second: str):
    path = tmp_path / "forced.yaml"
    path.write_text(SCENARIO.replace("SECOND", second), encoding="utf-8")
    return replay(load_fixture(path))


def test_the_only_option_scripted_is_taken(tmp_path):
    out = _replay(tmp_path, '"Storm Gladiator, Wind and Metal"')
    assert out.error is None and out.passed


def test_the_only_option_scripted_as_a_try_is_taken(tmp_path):
    out = _replay(tmp_path, '{try: "Storm Gladiator, Wind and Metal"}')
    assert out.error is None and out.passed


def test_another_choice_is_still_never_used(tmp_path):
    out = _replay(tmp_path, "Dante Vale")
    assert out.error and "never used" in out.error


def test_a_choice_the_rules_check_leaves_one_option_for_needs_no_script(tmp_path):
    """Star Wars: a Retaliate whose Force cost can't be paid -- 'yes' is refused by the rules' check, so
    with nothing scripted the player takes the one option left (no) instead of the replay failing."""
    from pathlib import Path

    src = Path(__file__).resolve().parents[2] / "rulings/star-wars-tcg/retaliate/retaliate-impossible-without-force.ruling.yaml"
    text = src.read_text(encoding="utf-8")
    line = '  - {player: light, choose: [{try: yes}, no], note: "the player tries to retaliate; refused (no Force), so declines"}\n'
    assert line in text
    path = tmp_path / "unscripted.yaml"
    path.write_text(text.replace(line, ""), encoding="utf-8")
    out = replay(load_fixture(path))
    assert out.error is None and out.passed
