"""A ``versions:`` pin names its card in any spelling the pool accepts -- the bare name ('Stilt-Man') or the
full name with its subtitle ('Stilt-Man, Wilbur Day') -- whichever spelling the state uses: the pin was
looked up by the state's spelling only, so a pin in the other one was silently not applied and a scenario
claiming the printed text tested the errata."""
from __future__ import annotations

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENARIO = """\
game: vs-system
versions: {{"{pin}": printed}}
state:
  active: A
  A:
    visible: ["{state}"]
actions: []
"""


@pytest.mark.parametrize("pin,state", [("Stilt-Man", "Stilt-Man"), ("Stilt-Man, Wilbur Day", "Stilt-Man"),
                                       ("Stilt-Man", "Stilt-Man, Wilbur Day"),
                                       ("Stilt-Man, Wilbur Day", "Stilt-Man, Wilbur Day")])
def test_a_pin_in_either_spelling_places_the_printed_text(tmp_path, pin, state):
    path = tmp_path / "pin.yaml"
    path.write_text(SCENARIO.format(pin=pin, state=state), encoding="utf-8")
    out = replay(load_fixture(path, known_ids=None))
    card = next(o for o in out.engine.state.objects.values() if o.card.name.startswith("Stilt-Man"))
    assert card.card.version == "printed" and "if that character is not named" not in card.card.text


def test_without_a_pin_the_errata_applies(tmp_path):
    path = tmp_path / "pin.yaml"
    path.write_text(SCENARIO.format(pin="Henchman", state="Stilt-Man"), encoding="utf-8")
    out = replay(load_fixture(path, known_ids=None))
    card = next(o for o in out.engine.state.objects.values() if o.card.name.startswith("Stilt-Man"))
    assert "if that character is not named" in card.card.text
