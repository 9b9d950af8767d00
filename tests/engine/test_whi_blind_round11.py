"""Warhammer: Invasion, blind round 11: a burning capital section 'cannot be assigned damage' (faq: use
abilities / draw cards / get resources, bound as burning_zone_no_assign) -- for a card effect's plain
``damage`` step too, not only combat and indirect damage: a burning section it names is assigned none, and a
step naming only burning sections cannot be done in full (its ``can:damage`` check), so 'X or deal damage to
this section' offers only X. A section that is not burning takes the damage as before; switched off, the
burning section is assigned damage again. Warpstone Meteor's '(Players decide where their own damage is
assigned.)' is card data: each player picks a section of his own capital (an 'or' of the three)."""
from __future__ import annotations

from tests.engine.test_whi_terms import rid
from tests.engine.test_whi_zone_entry import _events, _run

NO_ASSIGN = rid("faq:use-abilities-draw-cards-get-resources-relevant-zone")

_METEOR = """
state:
  active: B
  phase: capital
  A:
    battlefield: [Warpstone Meteor, Savage Marauders]
  B:
    kingdom: [Dark Zealot]
    capital: {battlefield: %(state)s}
actions:
  - {player: B, choose: [%(section)s]}
  - {player: A, begin: turn, choose: [corrupt]}
"""


def test_burning_section_is_not_offered_the_player_picks_another(tmp_path):
    eng = _run(tmp_path, _METEOR % {"state": "burning", "section": "{try: battlefield}, quest"})
    assert eng.obj("B capital quest").damage == 1
    assert eng.obj("B capital battlefield").damage == 8  # burning: nothing more assigned
    assert [e for e in _events(eng, "choice_rejected") if e.get("choice") == "battlefield"]


def test_section_not_burning_may_take_the_damage(tmp_path):
    eng = _run(tmp_path, _METEOR % {"state": 3, "section": "battlefield"})
    assert eng.obj("B capital battlefield").damage == 4
    assert eng.obj("B capital quest").damage == 0


_SCREAM = """
state:
  active: A
  phase: capital
  A:
    hand: [Cacophonic Scream]
    resources: 10
  B:
    capital: {kingdom: %(state)s}
actions:
  - {player: A, begin: turn}
  - {player: A, play: Cacophonic Scream, targets: [B capital kingdom]}
  - {pass: all}
"""


def test_effect_damage_to_a_burning_section_is_not_assigned(tmp_path):
    eng = _run(tmp_path, _SCREAM % {"state": "burning"})
    assert eng.obj("B capital kingdom").damage == 8
    assert [e for e in _events(eng, "damage_not_assigned") if e.get("card") == "B capital kingdom"]
    assert not [e for e in _events(eng, "damage_dealt") if e.get("card") == "B capital kingdom"]


def test_effect_damage_to_a_section_not_burning_is_dealt(tmp_path):
    eng = _run(tmp_path, _SCREAM % {"state": 0})
    assert eng.obj("B capital kingdom").damage == 8
    assert not _events(eng, "damage_not_assigned")


def test_switched_off_a_burning_section_is_assigned_damage(tmp_path):
    eng = _run(tmp_path, _SCREAM % {"state": "burning"}, ablate=[NO_ASSIGN])
    assert not _events(eng, "damage_not_assigned")
    assert [e for e in _events(eng, "damage_dealt") if e.get("card") == "B capital kingdom"]
