"""Vs. System: an attack never outlasts its phase. One that never struck ends when the next phase (or the
next turn) begins: its attackers are no longer 'attacking' (Shang Chi's bonus 'while attacking' is gone)
and the combat record is cleared. Game structure (attacks are made in the combat phase), no off switch.
Within the combat phase, before the strike, the attack is still under way."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

_SCENE = """game: vs-system
state:
  active: A
  phase: combat
  A:
    visible: ["Shang Chi, Master of Kung Fu"]
  B:
    visible: [Henchman]
actions:
  - {player: A, attack: Henchman, with: ["Shang Chi, Master of Kung Fu"]}
STEPS
"""


def _after(tmp_path, steps: str):
    path = tmp_path / "s.yaml"
    path.write_text(_SCENE.replace("STEPS", steps), encoding="utf-8")
    out = replay(load_fixture(path))
    assert out.error is None, out.error
    eng = out.engine
    shang = eng.obj("Shang Chi, Master of Kung Fu")
    return eng, shang, eng.obj_attr(shang, "atk")


def test_still_attacking_in_the_combat_phase(tmp_path):
    """Must not end: no phase has begun since the attack."""
    eng, shang, atk = _after(tmp_path, "")
    assert atk == 4 and "attacking" in shang.flags and eng.state.vars.get("combat")


def test_the_attack_ends_with_its_phase(tmp_path):
    eng, shang, atk = _after(tmp_path, "  - {begin: recovery}\n")
    assert atk == 2 and "attacking" not in shang.flags and not eng.state.vars.get("combat")
    assert "defending" not in eng.obj("Henchman").flags


def test_the_attack_ends_with_its_turn(tmp_path):
    eng, shang, atk = _after(tmp_path, "  - {begin: turn}\n  - {begin: draw, no_draw: true}\n  - {begin: build}\n")
    assert atk == 2 and not eng.state.vars.get("combat")


def test_no_strike_after_the_phase(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(_SCENE.replace("STEPS", "  - {begin: recovery}\n  - {strike: attack}\n"), encoding="utf-8")
    out = replay(load_fixture(path))
    assert out.error and "no attack in progress" in out.error
