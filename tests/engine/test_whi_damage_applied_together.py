"""Warhammer: Invasion, combat damage is applied once both sides have assigned it, all at once
(clarification:battlefield-phase, combat_damage.applied_as_assigned / combat_damage_applied_together): a
defender the attacker's damage destroys still deals its damage; switched off, the attacker's damage is
applied as it is assigned and the destroyed defender adds nothing to its side's pool. With only one side
dealing damage nothing is simultaneous: not traced."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.test_whi_terms import rid
from tests.engine.test_whi_attacked_player_defends import keep_defending

BF = rid("clarification:battlefield-phase")

_FIGHT = """game: warhammer-invasion
state:
  active: A
  phase: battlefield
  A:
    battlefield: [Savage Marauders]
  B:
    kingdom: [Rat Swarm]
actions:
  - {player: A, attack: kingdom, with: [Savage Marauders]}
  - {player: B, defend: [Rat Swarm]}
  - {player: A, assign: {Rat Swarm: 1, capital: 1}}
  - {player: B, assign: {Savage Marauders: %d}, try: true}
"""


def _run(tmp_path, b_assigns: int, ablate=()):
    f = Path(tmp_path) / "fight.yaml"
    f.write_text(_FIGHT % b_assigns)
    return replay(load_fixture(f), set(ablate), lenient=bool(ablate)).engine


def test_both_sides_damage_applied_together(tmp_path):
    eng = _run(tmp_path, 1)
    assert eng.obj("Savage Marauders").damage == 1
    assert eng.obj("Rat Swarm").where == "B.discard"


def test_switched_off_attackers_damage_first_defender_deals_none(tmp_path, monkeypatch):
    keep_defending(monkeypatch)  # the entry off: only this mechanic's effect is asked about
    eng = _run(tmp_path, 1, [BF])
    assert eng.obj("Savage Marauders").damage == 0


def test_defender_deals_nothing_not_traced_as_simultaneous(tmp_path):
    from judge.engine.engine import Engine
    fired = []
    orig = Engine.fire

    def fire(self, key):
        fired.append(key)
        return orig(self, key)
    Engine.fire = fire
    try:
        _run(tmp_path, 0)
    finally:
        Engine.fire = orig
    assert "combat_damage_applied_together" not in fired
