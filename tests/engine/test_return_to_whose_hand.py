"""{return_to_hand: X} sends a card to its owner's hand; {return_to_hand: X, to: controller} to the hand of
the player who controls it as it returns (a text saying 'its controller's hand', Hatalom's 'gazdája
kezébe'). A card its owner controls goes to the same hand either way."""
from __future__ import annotations

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENARIO = """\
game: huntik
cards:
  - name: Sender
    type: free action
    traits: [Good]
    text: "Return every hero to its {whose} hand."
    abilities:
      - kind: play
        steps: [{{return_to_hand: {{all: "'hero' in it.type"}}{to}}}]
state:
  active: A
  A:
    hand: [Sender]
    zone1: [Lok Lambert, {{card: Sophie Casterwill, controller: B}}]
actions:
  - {{player: A, play: Sender}}
  - {{pass: all}}
expect:
  - {{card: Lok Lambert, zone: A.hand}}
  - {{card: Sophie Casterwill, zone: {sophie}}}
"""


@pytest.mark.parametrize("to,sophie", [("", "A.hand"), (", to: owner", "A.hand"), (", to: controller", "B.hand")])
def test_whose_hand_a_returned_card_goes_to(tmp_path, to, sophie):
    path = tmp_path / "whose.yaml"
    path.write_text(SCENARIO.format(whose="controller's" if "controller" in to else "owner's", to=to, sophie=sophie),
                    encoding="utf-8")
    out = replay(load_fixture(path, known_ids=None))
    assert out.status == "passed", out.problems or out.error


def test_an_unknown_hand_is_named(tmp_path):
    path = tmp_path / "whose.yaml"
    path.write_text(SCENARIO.format(whose="", to=", to: gazda", sophie="A.hand"), encoding="utf-8")
    out = replay(load_fixture(path, known_ids=None))
    assert out.status == "error" and "return_to_hand 'to' is owner or controller, not 'gazda'" in out.error
