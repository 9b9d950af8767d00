"""Hatalom Kártyái: a card may say "a köröd elején" / "a harci fázis elején" (at the start of your turn / of a
phase) -- a trigger on turn_begins {turn, player} / phase_begins {phase, player}, which the game's ``begin``
emits (timing.py; blind round 29: they were only logged, so such a card was refused as it loaded). A new turn
emits turn_begins once, before its first phase's phase_begins; moving to a later phase of the same turn emits
only phase_begins."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENE = """\
game: hatalom-kartyai
cards:
  - name: Próba hajnali kút építmény
    type: építmény
    cost: 1
    illustrative: true
    text: "Minden köröd elején kapsz 1 VP-t."
    abilities:
      - kind: trigger
        on: {event: turn_begins, filter: "event.player == this.controller"}
        steps:
          - {player_counter: vp, amount: 1}
  - name: Próba harci kürt építmény
    type: építmény
    cost: 1
    illustrative: true
    text: "Minden harci fázis elején kapsz 1 erőforrást."
    abilities:
      - kind: trigger
        on: {event: phase_begins, filter: "event.phase == 'combat'"}
        steps:
          - {player_counter: kurt, amount: 1}
state:
  active: %(active)s
  phase: %(phase)s
  A:
    table: [Próba hajnali kút építmény, Próba harci kürt építmény]
    vp: 0
actions:
%(actions)s
"""


def _run(tmp_path, active, phase, actions):
    f = Path(tmp_path) / "scene.yaml"
    f.write_text(SCENE % {"active": active, "phase": phase, "actions": "\n".join(f"  - {a}" for a in actions)})
    out = replay(load_fixture(f), set())
    assert out.error is None, out.error
    eng = out.engine
    return eng, eng.state.player_data["A"]


def test_own_turn_start_triggers_once(tmp_path):
    eng, a = _run(tmp_path, "B", "end", ["{player: A, begin: preparation}", "{player: A, begin: draw}",
                                         "{player: A, begin: main}"])
    assert a["vp"] == 1  # one turn began, A's: later phases of the same turn are no new turn
    assert [e["player"] for e in eng.events if e.get("event") == "turn_begins"] == ["A"]
    assert [e["phase"] for e in eng.events if e.get("event") == "phase_begins"] == ["preparation", "draw", "main"]


def test_opponents_turn_start_does_not_trigger_a_your_turn_card(tmp_path):
    eng, a = _run(tmp_path, "A", "end", ["{player: B, begin: preparation}"])
    assert a["vp"] == 0
    assert [e["player"] for e in eng.events if e.get("event") == "turn_begins"] == ["B"]


def test_phase_start_triggers_in_either_players_combat_phase_only(tmp_path):
    eng, a = _run(tmp_path, "A", "main", ["{player: A, begin: combat}", "{player: A, begin: healing}",
                                          "{player: B, begin: combat}"])
    assert a.get("kurt") == 2  # A's combat phase and B's, not the healing phase
    assert a["vp"] == 0  # B's turn began (jumping straight to its combat phase), not A's
