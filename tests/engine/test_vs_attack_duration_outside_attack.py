"""Vs. System: an effect lasting 'this attack' ends when its attack ends; one created when no attack is
under way (Bring the Pain played in the build phase) ends with its phase -- an attack never outlasts its
phase -- and does not wait to boost the next attack."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

_SCENE = """game: vs-system
state:
  active: A
  phase: PHASE
  A:
    visible: [Shang Chi, Henchman]
    hand: [Bring the Pain]
    endurance: 10
  B:
    visible: [Lilith]
actions:
STEPS
"""


def _atk_after(tmp_path, phase: str, steps: str) -> int:
    path = tmp_path / "s.yaml"
    path.write_text(_SCENE.replace("PHASE", phase).replace("STEPS", steps), encoding="utf-8")
    out = replay(load_fixture(path))
    assert out.error is None, out.error
    return out.engine.obj_attr(out.engine.obj("Shang Chi"), "atk")


PLAY = "  - {player: A, play: Bring the Pain, targets: [Shang Chi]}\n  - {pass: all}\n"


def test_played_outside_an_attack_it_holds_in_its_phase(tmp_path):
    assert _atk_after(tmp_path, "build", PLAY) == 4  # +X ATK, X = his cost 2


def test_played_outside_an_attack_it_ends_with_the_phase(tmp_path):
    assert _atk_after(tmp_path, "build", PLAY + "  - {begin: combat}\n") == 2


def test_played_in_an_attack_it_lasts_to_the_attacks_end_only(tmp_path):
    attack = "  - {player: A, attack: Lilith, with: [Shang Chi]}\n"
    assert _atk_after(tmp_path, "combat", attack + PLAY) == 4
    assert _atk_after(tmp_path, "combat", attack + PLAY + "  - {player: A, strike: attack}\n") == 2
