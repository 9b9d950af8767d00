"""Warhammer: Invasion corruption is a change made as its event is performed (corruption.py
``_perform_corrupted``), like the core's exhaust / flag / counter changes: several cards corrupted by one
step become corrupted together (one batch of simultaneous events), and a replacement ('if a unit would
become corrupted, ... instead') replaces the corruption itself, so the unit never becomes corrupted and
nothing triggers on it."""
from __future__ import annotations

from tests.engine.test_whi_zone_entry import _run

_PLAGUE = """
cards:
  - name: Illustrative Plague Wind
    type: tactic
    cost: 0
    illustrative: true
    text: "Action: Corrupt each unit target opponent controls."
    abilities:
      - kind: play
        targets: [{name: victim, player: true, filter: "it == opponent"}]
        steps:
          - {corrupt: {all: "it.type == 'unit' and it.controller == victim"}}
  - name: Illustrative Warding Idol
    type: support
    cost: 0
    illustrative: true
    text: "If a unit you control would become corrupted, put a resource token on this card instead."
    abilities:
      - kind: replacement
        replaces: {event: corrupted, filter: "event.obj.controller == you"}
        instead:
          - {counter: this, kind: resource, amount: 1}
state:
  active: A
  phase: capital
  A:
    hand: [Illustrative Plague Wind]
    kingdom: [Fellblade]
  B:
    battlefield: [Rat Swarm, Dark Zealot%s]
actions:
  - {player: A, play: Illustrative Plague Wind, targets: [B]}
  - {pass: all}
"""


def test_units_corrupted_by_one_step_are_one_batch(tmp_path):
    eng = _run(tmp_path, _PLAGUE % "")
    kinds = [e["event"] for e in eng.trace[-1].events]
    first = kinds.index("corrupted")
    assert kinds[first:first + 2] == ["corrupted", "corrupted"]  # both before any trigger resolves
    assert all("corrupted" in eng.obj(u).flags for u in ("Rat Swarm", "Dark Zealot"))
    assert eng.obj("Fellblade").counters.get("resource") == 2  # 'when a unit is corrupted': each one


def test_a_replaced_corruption_never_happens(tmp_path):
    eng = _run(tmp_path, _PLAGUE % ", Illustrative Warding Idol")
    assert not any("corrupted" in eng.obj(u).flags for u in ("Rat Swarm", "Dark Zealot"))
    assert eng.obj("Illustrative Warding Idol").counters.get("resource") == 2
    assert not eng.obj("Fellblade").counters.get("resource")  # no unit became corrupted
    assert not [e for st in eng.trace for e in st.events if e["event"] == "corrupted"]
