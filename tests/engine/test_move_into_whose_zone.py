"""{move: X, to: ZONE} sends a card leaving play into its owner's ZONE; {move: X, to: ZONE, of: controller}
into the ZONE of the player who controls it as it moves (a text saying 'into its controller's deck',
Hatalom's 'a gazdája paklijába'), as return_to_hand's `to: controller` does for the hand. A card its owner
controls goes to the same zone either way; an unknown value, or `of` with a zone in play, is an error."""
from __future__ import annotations

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENARIO = """\
game: huntik
cards:
  - name: Shuffler
    type: free action
    traits: [Good]
    text: "Put every hero into its {whose} deck."
    abilities:
      - kind: play
        steps: [{{move: {{all: "'hero' in it.type"}}, to: {zone}{of}}}]
state:
  active: A
  A:
    hand: [Shuffler]
    zone1: [Lok Lambert, {{card: Sophie Casterwill, controller: B}}]
actions:
  - {{player: A, play: Shuffler}}
  - {{pass: all}}
expect:
  - {{card: Lok Lambert, zone: A.{zone}}}
  - {{card: Sophie Casterwill, zone: {sophie}}}
"""


def _replay(tmp_path, **kw):
    path = tmp_path / "whose.yaml"
    path.write_text(SCENARIO.format(**{"whose": "owner's", "zone": "deck", **kw}), encoding="utf-8")
    return replay(load_fixture(path, known_ids=None))


@pytest.mark.parametrize("of,sophie", [("", "A.deck"), (", of: owner", "A.deck"), (", of: controller", "B.deck")])
def test_whose_deck_a_moved_card_goes_to(tmp_path, of, sophie):
    out = _replay(tmp_path, of=of, sophie=sophie)
    assert out.status == "passed", out.problems or out.error
    ev = [e for e in out.engine.events if e["event"] == "zone_change" and e.get("card") == "Sophie Casterwill"]
    assert ev and ev[-1]["to"] == sophie, ev


def test_an_unknown_player_is_named(tmp_path):
    out = _replay(tmp_path, of=", of: gazda", sophie="A.deck")
    assert out.status == "error" and "move 'of' is owner or controller, not 'gazda'" in out.error


def test_of_is_for_zones_out_of_play_only(tmp_path):
    out = _replay(tmp_path, zone="zone2", of=", of: controller", sophie="A.zone2")
    assert out.status == "error" and "move 'of' names whose out-of-play zone" in out.error
