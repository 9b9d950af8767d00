"""Star Wars TCG: 'a Pilot' in card text (is_pilot) names a Character with a Pilot ability, on a
unit or in the Character arena (piloting-units-3: a card that says "a Pilot" without the word
"unit" can affect a Pilot on a unit); it must not name a unit or a Character without a Pilot
ability."""
from __future__ import annotations

from judge.games.star_wars_tcg.pilots import is_pilot

from .test_star_wars import run

BODY = """
    ruling: star-wars-tcg:ruling:piloting-units-3
    cites: [star-wars-tcg:ruling:piloting-units-3]
    question: q
    answer: a
    state:
      active: dark
      light:
        space: [Rebel X-wing, {card: Rebel Starfighter Pilot, attached_to: Rebel X-wing}]
        character: [Rebel Ace Pilot, Ewok Warrior]
    actions: []
"""


def test_pilot_on_a_unit_and_in_the_character_arena_are_pilots(tmp_path):
    eng = run(tmp_path, BODY)
    assert is_pilot(eng, eng.obj("Rebel Starfighter Pilot"))
    assert is_pilot(eng, eng.obj("Rebel Ace Pilot"))


def test_unit_and_plain_character_are_not_pilots(tmp_path):
    eng = run(tmp_path, BODY)
    assert not is_pilot(eng, eng.obj("Rebel X-wing"))
    assert not is_pilot(eng, eng.obj("Ewok Warrior"))
    assert not is_pilot(eng, "Rebel Ace Pilot")  # a label is not a card
