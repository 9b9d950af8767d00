"""Hatalom Kártyái: a rule is traced where it decides (issue 13 item 6). 8.4.1 (a level-up only on an
adventurer) is not recorded for a level-up put on an adventurer, which any creature rule would allow too,
and names itself when it refuses a monster; 8.5.1 (instants in any main, combat or healing phase) is not
recorded for an instant in its player's own main phase, and is in the opponent's combat phase."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

LEVEL_UP = """game: hatalom-kartyai
state:
  active: A
  phase: main
  A:
    reserve: [%s]
    hand: [Próba szintlépés]
    vp: 5
actions:
  - {player: A, play: Próba szintlépés, targets: [%s], try: true}
"""

INSTANT = """game: hatalom-kartyai
state:
  active: A
  phase: %s
  A: {reserve: [Próba szörny 2/3], hand: [Próba villám], vp: 3}
actions:
  - {player: A, play: Próba villám, targets: [Próba szörny 2/3]}
  - {pass: all}
"""


def _run(tmp_path, text):
    f = Path(tmp_path) / "scenario.yaml"
    f.write_text(text)
    out = replay(load_fixture(f))
    assert out.status in ("replayed", "passed"), out.error
    return out


def _rejected(out):
    return [e for st in out.engine.trace for e in st.events if e["event"] == "action_rejected"]


def test_level_up_on_an_adventurer_does_not_record_the_host_rule(tmp_path):
    out = _run(tmp_path, LEVEL_UP % ("Próba kalandozó 2/2", "Próba kalandozó 2/2"))
    assert not _rejected(out) and "hatalom-kartyai:8.4.1" not in out.applied


def test_level_up_on_a_monster_is_refused_naming_the_host_rule(tmp_path):
    out = _run(tmp_path, LEVEL_UP % ("Próba szörny 2/3", "Próba szörny 2/3"))
    [refused] = _rejected(out)
    assert "hatalom-kartyai:8.4.1" in refused["rejected_by"]


def test_instant_in_own_main_phase_does_not_record_8_5_1(tmp_path):
    out = _run(tmp_path, INSTANT % "main")
    assert out.engine.obj("Próba szörny 2/3").damage == 2
    assert "hatalom-kartyai:8.5.1" not in out.applied


def test_instant_in_own_combat_phase_records_8_5_1(tmp_path):
    out = _run(tmp_path, INSTANT % "combat")
    assert out.engine.obj("Próba szörny 2/3").damage == 2
    assert "hatalom-kartyai:8.5.1" in out.applied
