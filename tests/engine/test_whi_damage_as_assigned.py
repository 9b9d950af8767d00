"""Warhammer: Invasion, damage modifiers act as combat damage is assigned, not when it is applied
(clarification:battlefield-phase: "Damage is counted then assigned, without yet being applied. Actions may
be taken by either player. Damage is applied ..."; errata: damage tokens are placed "but not yet applied";
mechanic ``damage_modified_as_assigned``). Bloodletter's 'damage assigned to a unit is doubled' (a
``damage_modifier``) doubles the damage as it is assigned: a Bloodletter that leaves play in the window
before the damage is applied still doubled it, one put into play in that window doubles nothing. Cancelling
still acts at application. Non-combat damage is assigned and applied at once: unchanged. Off: the
modifiers in play when the damage is applied act on it then."""
from __future__ import annotations

from tests.engine.test_whi_terms import mechanic_only, rid
from tests.engine.test_whi_zone_entry import _events, _run

KEY = "damage_modified_as_assigned"

_COMBAT = """
state:
  active: A
  phase: battlefield
  A:
    kingdom: [Bloodletter]
    battlefield: [Hag Queen]
  B:
    resources: 6
    hand: [Flames of Tzeentch, Seeking New Slaves, Illustrative Bulwark]
    kingdom: [Dark Zealot]
    counters: {burn_all_three: 1}
actions:
%s
  - {player: A, attack: kingdom, with: [Hag Queen]}
  - {player: B, defend: [Dark Zealot]}
  - {player: A, assign: {Dark Zealot: 2}}
  - {player: B, assign: {Hag Queen: 1}}
%s
  - {pass: all}
"""
_BURN = "  - {player: B, play: Flames of Tzeentch, x: 1, targets: [Bloodletter]}\n  - {pass: all}"
_ENTER = "  - {player: B, play: Seeking New Slaves, targets: [Bloodletter], choose: [kingdom]}\n  - {pass: all}"
_SHIELD = "  - {player: B, play: Illustrative Bulwark, targets: [Dark Zealot]}\n  - {pass: all}"


def _zealot(eng):
    z = eng.obj("Dark Zealot")
    return None if z is None or z.where != "B.kingdom" else z.damage


def test_bloodletter_leaving_after_assignment_still_doubled(tmp_path):
    # must apply: doubled as it was assigned (4 to a 3-hit-point Zealot, 2 to the Hag Queen)
    eng = _run(tmp_path, _COMBAT % ("", _BURN))
    assert eng.obj("Bloodletter").where == "A.discard"
    assert _zealot(eng) is None
    assert eng.obj("Hag Queen").damage == 2
    assert KEY in eng.fired_mechanics


def test_bloodletter_entering_after_assignment_doubles_nothing(tmp_path):
    # must apply: nothing was doubled as it was assigned; the Bloodletter entering later does not double it
    eng = _run(tmp_path, _COMBAT % (_BURN, _ENTER))
    assert eng.obj("Bloodletter").where == "B.kingdom"
    assert _zealot(eng) == 2 and eng.obj("Hag Queen").damage == 1
    assert KEY in eng.fired_mechanics  # a modifier in play at application did not act


def test_doubled_amount_logged_at_the_assignment(tmp_path):
    eng = _run(tmp_path, _COMBAT % ("", _BURN))
    combat = ("Dark Zealot", "Hag Queen")  # (the Flames' damage to the Bloodletter is assigned too)
    assigned = {e["card"]: e["amount"] for e in _events(eng, "damage_assigned") if e["card"] in combat}
    assert assigned == {"Dark Zealot": 4, "Hag Queen": 2}
    step = next(st.index for st in eng.trace for e in st.events
                if e["event"] == "damage_assigned" and e["card"] in combat)
    dealt = next(st.index for st in eng.trace for e in st.events
                 if e["event"] == "damage_dealt" and e["card"] in combat)
    assert step < dealt  # logged at the assign action, before the window


def test_cancelling_still_acts_at_application(tmp_path):
    # must not change: a shield played in the window cancels 2 of the 4 doubled as assigned
    eng = _run(tmp_path, _COMBAT % ("", _SHIELD))
    assert _zealot(eng) == 2 and eng.obj("Hag Queen").damage == 2


def test_nothing_in_play_changes_nothing(tmp_path):
    # must not apply: no Bloodletter at either moment, the amounts assigned are applied; nothing traced
    eng = _run(tmp_path, _COMBAT % (_BURN, ""))
    assert _zealot(eng) == 2 and eng.obj("Hag Queen").damage == 1
    assert KEY not in eng.fired_mechanics


_NONCOMBAT = """
state:
  active: A
  phase: capital
  A:
    kingdom: [Bloodletter]
    resources: 3
    hand: [Flames of Tzeentch]
  B:
    kingdom: [Dark Zealot]
actions:
  - {player: A, play: Flames of Tzeentch, x: 1, targets: [Dark Zealot]}
  - {pass: all}
"""


def test_noncombat_damage_unchanged(tmp_path):
    # must not apply: a card effect's damage is assigned and applied at once, doubled by the Bloodletter
    eng = _run(tmp_path, _NONCOMBAT)
    assert _zealot(eng) == 2
    assert KEY not in eng.fired_mechanics


def test_switched_off_leaving_bloodletter_doubles_nothing(tmp_path, monkeypatch):
    eng = _run(tmp_path, _COMBAT % ("", _BURN), [mechanic_only(monkeypatch, KEY)])
    assert _zealot(eng) == 2 and eng.obj("Hag Queen").damage == 1  # read at application: no Bloodletter


def test_switched_off_entering_bloodletter_doubles(tmp_path, monkeypatch):
    eng = _run(tmp_path, _COMBAT % (_BURN, _ENTER), [mechanic_only(monkeypatch, KEY)])
    assert _zealot(eng) is None and eng.obj("Hag Queen").damage == 2


def test_errata_ablation_switches_it_off(tmp_path):
    # the entry bound (its other mechanic, lethal before the capital, has no capital damage to decide here)
    eng = _run(tmp_path, _COMBAT % ("", _BURN), [rid("errata:core-set-rulebook-errata")])
    assert _zealot(eng) == 2


_WAITING = """
state:
  active: A
  phase: capital
  A:
    kingdom: [Bloodletter]
  B:
    resources: 4
    hand: [Flames of Tzeentch, Flames of Tzeentch]
    kingdom: [Dark Zealot]
actions:
  - {player: B, play: "Flames of Tzeentch#1", x: 1, targets: [Dark Zealot]}
  - {pass: all}
  - {player: B, play: "Flames of Tzeentch#2", x: 2, targets: [Bloodletter]}
  - {pass: all}
  - {pass: all}
  - {pass: all}
"""


def test_noncombat_damage_made_to_wait_keeps_its_assigned_amount(tmp_path, monkeypatch):
    # with non-combat damage made to wait (its own rule off), it is assigned -- and doubled -- before the
    # window in which the Bloodletter is destroyed
    wait = rid("clarification:non-combat-damage")
    eng = _run(tmp_path, _WAITING, [wait])
    assert eng.obj("Bloodletter").where == "A.discard"
    assert _zealot(eng) == 2
    eng = _run(tmp_path, _WAITING, [wait, mechanic_only(monkeypatch, KEY)])
    assert _zealot(eng) == 1  # off: read when it is applied, the Bloodletter gone
