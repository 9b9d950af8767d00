"""Warhammer card scripts that put cards into play check what any card put into play checks (its text's
restrictions: unique, a Hero where one is, Limited -- clarification:put-into-play): The Unending Horde's
Action leaves a unique unit whose copy its player already has in play attached to the Horde, and puts the
others into play; with the unique restriction switched off, it enters too."""
from __future__ import annotations

from tests.engine.test_whi_zone_entry import _run

_HORDE = """
cards:
  - name: Illustrative Orc Warboss
    type: unit
    cost: 1
    unique: true
    faction: orc
    stats: {power: 1, hp: 2}
    illustrative: true
    text: "Unique."
state:
  active: A
  phase: capital
  A:
    kingdom: [The Unending Horde]
    battlefield: [Illustrative Orc Warboss]
    held:
      - {card: Illustrative Orc Warboss, attached_to: The Unending Horde}
      - {card: Illustrative Orc Boyz, attached_to: The Unending Horde}
    resources: 3
actions:
  - {player: A, use: The Unending Horde}
  - {pass: all}
"""


def _zones(eng):
    return {lbl: eng.obj(lbl).zone for lbl in ("Illustrative Orc Warboss#2", "Illustrative Orc Boyz")}


def test_unique_copy_stays_attached_the_other_enters(tmp_path):
    eng = _run(tmp_path, _HORDE)
    assert _zones(eng) == {"Illustrative Orc Warboss#2": "held", "Illustrative Orc Boyz": "battlefield"}
    blocked = [e for st in eng.trace for e in st.events if e["event"] == "put_into_play_blocked"]
    assert blocked and "unique" in blocked[0]["reason"]


def test_unique_restriction_off_both_enter(tmp_path):
    eng = _run(tmp_path, _HORDE, ablate=["warhammer-invasion:clarification:put-into-play"])
    assert _zones(eng)["Illustrative Orc Boyz"] == "battlefield"
    assert _zones(eng)["Illustrative Orc Warboss#2"] == "battlefield"
