"""Warhammer: Invasion, faceup developments are developments (developments.py, combat.py):

* ``developments(side, zone)`` counts the developments in a zone: cards face down, and cards an effect made
  faceup developments (Judgement of Loec's host: 'becomes a development'; clarification:developments,
  mechanic ``faceup_is_development``). Off: only face-down cards count. A faceup development in another
  zone is not counted.
* only units (and legends) are declared as attackers or defenders: a development in the battlefield --
  face down, or a unit made a faceup development -- cannot attack, and one in the attacked zone cannot
  defend (combat.refuse_non_unit)."""
from __future__ import annotations

from tests.engine.test_whi_terms import rid
from tests.engine.test_whi_zone_entry import _events, _run

DEVELOPMENTS = rid("clarification:developments")

# Savage Gors: 'deals 2 additional damage while attacking if you have 2 or more developments in your
# battlefield'; Judgement of Loec makes its host a faceup development
_GORS = """
state:
  active: A
  phase: capital
  A:
    battlefield: [Savage Gors, {card: Rat Swarm, development: true}%s]
    kingdom: [Hag Queen%s]
    hand: [Judgement of Loec]
    resources: 2
actions:
  - {player: A, play: Judgement of Loec, targets: [Dark Zealot]}
  - {pass: all}
  - {begin: battlefield}
  - {player: A, attack: kingdom, with: [Savage Gors]}
  - {player: B, defend: []}
  - {player: A, assign: {capital: %d}, try: true}
"""


def _kingdom_damage(eng):
    return eng.obj("B capital kingdom").damage


def test_faceup_development_counts_with_a_facedown_one(tmp_path):
    eng = _run(tmp_path, _GORS % (", Dark Zealot", "", 3))
    assert not _events(eng, "action_rejected")
    assert _kingdom_damage(eng) == 3


def test_faceup_development_not_counted_when_switched_off(tmp_path):
    eng = _run(tmp_path, _GORS % (", Dark Zealot", "", 3), [DEVELOPMENTS])
    assert _events(eng, "action_rejected")  # only 1 damage to assign: the Gors see one development
    assert _kingdom_damage(eng) == 0


def test_faceup_development_in_another_zone_not_counted(tmp_path):
    eng = _run(tmp_path, _GORS % ("", ", Dark Zealot", 1))
    assert not _events(eng, "action_rejected")
    assert _kingdom_damage(eng) == 1


_DECLARE = """
state:
  active: A
  phase: battlefield
  A:
    battlefield: [Savage Marauders, {card: Rat Swarm, development: true}, Dark Zealot,
                  {card: Judgement of Loec, attached_to: Dark Zealot}]
  B:
    kingdom: [Hag Queen, {card: Bloodsworn, development: true}]
actions:
  - {player: A, attack: kingdom, with: [Savage Marauders, Rat Swarm], try: true}
  - {player: A, attack: kingdom, with: [Savage Marauders, Dark Zealot], try: true}
  - {player: A, attack: kingdom, with: [Savage Marauders]}
  - {player: B, defend: [Bloodsworn], try: true}
  - {player: B, defend: [Hag Queen]}
"""


def test_developments_neither_attack_nor_defend(tmp_path):
    eng = _run(tmp_path, _DECLARE)
    rejected = _events(eng, "action_rejected")
    assert len(rejected) == 3
    assert "defending" in eng.obj("Hag Queen").flags
    assert "attacking" in eng.obj("Savage Marauders").flags
    assert not {"attacking", "defending"} & (eng.obj("Rat Swarm").flags | eng.obj("Dark Zealot").flags
                                             | eng.obj("Bloodsworn").flags)
