"""'At random' picks read the scenario's scripted dice (Engine.random_index): a die r picks the r-th
item, counted from 1 in the order the effect lists them, and wraps round past the last."""
from __future__ import annotations

import pytest

from tests.engine.test_whi_attachment_zone import _run

_DISCARD = """\
state:
  active: A
  phase: capital
  dice: [DIE]
  A:
    hand: [Rat Swarm, Dark Zealot, Hag Queen]
actions:
  - {player: A, effect: [{discard_hand: 1, player: you, pick: random}]}
"""


@pytest.mark.parametrize("die, discarded", [(1, "Rat Swarm"), (2, "Dark Zealot"), (3, "Hag Queen"),
                                            (4, "Rat Swarm")])
def test_a_die_picks_the_card_it_counts_to_in_listing_order(tmp_path, die, discarded):
    eng = _run(tmp_path, _DISCARD.replace("DIE", str(die)))
    gone = [e["card"] for e in eng.events if e.get("event") == "zone_change" and e.get("to") == "A.discard"]
    assert gone == [discarded]
