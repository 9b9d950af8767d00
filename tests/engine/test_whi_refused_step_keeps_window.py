"""Warhammer: a combat step (declaring the attack, the defenders, the first damage assignment) ends the action
window before it -- once it is made. A refused declaration (a second attack in the phase, one_attack_per_phase)
changes nothing: a Triggered Action whose condition the first attack met can still be used."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

_TEXT = """game: warhammer-invasion
state:
  active: A
  phase: battlefield
  A:
    battlefield: [Druchii Noble, Rat Swarm]
  B:
    battlefield: [Bloodsworn]
actions:
  - {player: A, attack: battlefield, with: [Druchii Noble]}
%s  - {player: A, use: Druchii Noble, targets: [Bloodsworn], try: true}
"""


def _used(tmp_path, extra: str) -> bool:
    f = Path(tmp_path) / "s.ruling.yaml"
    f.write_text(_TEXT % extra)
    eng = replay(load_fixture(f)).engine
    return any(e["event"] == "used" and e.get("card") == "Druchii Noble" for e in eng.events)


def test_a_refused_second_attack_leaves_the_window_open(tmp_path):
    assert _used(tmp_path, "  - {player: A, attack: kingdom, with: [Rat Swarm], try: true}\n")


def test_the_triggered_action_is_usable_without_it(tmp_path):
    assert _used(tmp_path, "")
