"""Warhammer: Invasion, 'lose all Actions and Forced Effects' (Eataine Harbour's errata, the granted keyword
``loses actions and forced effects``, triggered.keep_forced): a Forced Effect is a triggered ability whose text
says 'Forced:' (``timing: forced`` in cards.yaml), whatever the ability is named; the unit keeps its keywords
(clarification:card-effects names Actions, Forced Effects, Constant Effects and Keywords apart). Where it must
apply: River Troll ('Forced: At the beginning of your turn, deal 1 damage to this unit') in a zone with no
developments does not trigger; where it must not: in a zone with a development, and with the Harbour's errata
switched off (its printed text has no abilities)."""
from __future__ import annotations

from tests.engine.test_whi_attachment_zone import _run  # replay a scenario text, no error allowed
from tests.engine.test_whi_terms import rid

ERRATA = rid("errata:eataine-harbour")

_TROLL = """\
state:
  active: B
  phase: capital
  A:
    battlefield: [River Troll, Illustrative Savage Beast DEV]
  B:
    kingdom: [Eataine Harbour]
actions:
  - {end: turn}
  - {begin: turn}
"""


def _script(dev: bool) -> str:
    return _TROLL.replace(" DEV", ", {card: Dark Zealot, development: true}" if dev else "")


def test_forced_effect_lost_in_a_zone_without_developments(tmp_path):
    eng = _run(tmp_path, _script(False))
    assert eng.obj("River Troll").damage == 0
    assert any(e.get("event") == "trigger_lost" and e.get("source") == "River Troll" for e in eng.events)


def test_forced_effect_kept_in_a_zone_with_a_development(tmp_path):
    eng = _run(tmp_path, _script(True))
    assert eng.obj("River Troll").damage == 1


def test_errata_off_forced_effect_kept(tmp_path):
    eng = _run(tmp_path, _script(False), {ERRATA})
    assert eng.obj("River Troll").damage == 1
