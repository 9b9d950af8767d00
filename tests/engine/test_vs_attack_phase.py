"""Vs. System: attacks are made in the combat phase only (not its formation step), by either player
whatever the turn's ``active`` player; a turn's phases are begun in order (an earlier phase only in a new
turn); ``{strike: X}`` takes only ``attack``. The corpus states none of these as a rule, so the refusals
name no rule and no --ablate switches them off (game structure)."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from judge.errors import BadInputError
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

RULES = Path(__file__).resolve().parents[2] / "judge" / "games" / "vs_system" / "rules.yaml"
_SCENE = """game: vs-system
state:
  active: ACTIVE
  phase: PHASE
  A:
    visible: [Hired Muscle]
  B:
    visible: [Henchman]
actions:
STEPS
"""
ATTACK = "  - {player: A, attack: Henchman, with: [Hired Muscle]}\n  - {strike: attack}\n"


def _replay(tmp_path, steps: str, phase: str = "combat", active: str = "A"):
    path = tmp_path / "s.yaml"
    path.write_text(_SCENE.replace("ACTIVE", active).replace("PHASE", phase).replace("STEPS", steps),
                    encoding="utf-8")
    return replay(load_fixture(path))


def _stunned(out) -> bool:
    return "stunned" in out.engine.obj("Henchman").flags


def test_attack_in_the_combat_phase_is_allowed(tmp_path):
    out = _replay(tmp_path, ATTACK)
    assert out.error is None, out.error
    assert _stunned(out)


def test_the_other_player_attacks_in_the_same_turn(tmp_path):
    # 'your first attack this turn in which you control an attacker' (Advance Recon errata), 'your attack
    # step' (Mephisto): both players attack in a turn; the turn's active player is not the only attacker
    out = _replay(tmp_path, ATTACK, active="B")
    assert out.error is None, out.error
    assert _stunned(out)


@pytest.mark.parametrize("phase,words", [("build", "in the build phase"), ("draw", "in the draw phase"),
                                         ("start", "at the start of the turn"),
                                         ("formation", "in the formation step"),
                                         ("recovery", "in the recovery phase"),
                                         ("wrapup", "in the wrap-up")])
def test_attack_outside_the_combat_phase_is_refused_naming_no_rule(tmp_path, phase, words):
    out = _replay(tmp_path, ATTACK, phase=phase)
    assert out.status == "error"
    assert f"A cannot attack {words}" in out.error and "attacks are made in the combat phase" in out.error
    assert "refused by" not in out.error  # game structure: no rule of the corpus says it


def test_attack_out_of_phase_with_try_is_logged_and_nothing_happens(tmp_path):
    out = _replay(tmp_path, "  - {player: A, attack: Henchman, with: [Hired Muscle], try: true}\n", phase="build")
    assert out.error is None, out.error
    rejected = [e for e in out.engine.events if e["event"] == "action_rejected"]
    assert rejected and not rejected[0].get("rejected_by")
    assert not out.engine.obj("Hired Muscle").exhausted


def test_attack_after_begin_combat_is_allowed(tmp_path):
    out = _replay(tmp_path, "  - {begin: combat}\n" + ATTACK, phase="build")
    assert out.error is None, out.error
    assert _stunned(out)


def test_a_new_turn_has_no_combat_phase_until_it_is_begun(tmp_path):
    out = _replay(tmp_path, "  - {begin: turn, active: B}\n" + ATTACK)
    assert out.status == "error" and "at the start of the turn" in out.error
    out = _replay(tmp_path, "  - {begin: turn, active: B}\n  - {begin: combat}\n" + ATTACK)
    assert out.error is None, out.error


def test_phases_do_not_run_backwards_in_a_turn(tmp_path):
    out = _replay(tmp_path, "  - {begin: wrapup}\n  - {begin: draw}\n")
    assert out.status == "error"
    assert "cannot begin the draw phase: the turn has passed it, it is in the wrap-up" in out.error
    assert "{begin: turn} first" in out.error and "refused by" not in out.error
    out = _replay(tmp_path, "  - {begin: combat}\n  - {begin: build}\n", phase="build")
    assert out.status == "error" and "cannot begin the build phase" in out.error


def test_a_new_turn_begins_its_phases_again(tmp_path):
    out = _replay(tmp_path, "  - {begin: wrapup}\n  - {begin: turn}\n  - {begin: draw, no_draw: true}\n"
                            "  - {begin: build}\n  - {begin: combat}\n" + ATTACK)
    assert out.error is None, out.error
    assert _stunned(out)


def test_formation_step_and_combat_phase_either_order(tmp_path):
    for steps in ("  - {begin: formation}\n  - {begin: combat}\n", "  - {begin: combat}\n  - {begin: formation}\n"):
        out = _replay(tmp_path, steps, phase="build")
        assert out.error is None, out.error


def test_no_ablation_lets_an_out_of_phase_attack_happen(tmp_path):
    # bound to no rule: with every vs-system rule id switched off the attack is still refused, and so is
    # a phase begun backwards
    bound = yaml.safe_load(RULES.read_text(encoding="utf-8"))["mechanics"]
    every = {f"vs-system:{i}" for m in bound.values() for i in m["ids"]}
    for steps, phase, words in ((ATTACK, "build", "A cannot attack in the build phase"),
                                ("  - {begin: wrapup}\n  - {begin: draw}\n", "combat", "cannot begin the draw phase")):
        path = tmp_path / "s.yaml"
        path.write_text(_SCENE.replace("ACTIVE", "A").replace("PHASE", phase).replace("STEPS", steps),
                        encoding="utf-8")
        out = replay(load_fixture(path), ablate=every)
        assert out.status == "error" and words in out.error


@pytest.mark.parametrize("value", ["henchman", "Henchman", "attacks", True])
def test_strike_takes_only_attack_at_load(tmp_path, value):
    path = tmp_path / "s.yaml"
    path.write_text(_SCENE.replace("ACTIVE", "A").replace("PHASE", "combat").replace(
        "STEPS", f"  - {{player: A, attack: Henchman, with: [Hired Muscle]}}\n  - {{strike: {value}}}\n"),
        encoding="utf-8")
    with pytest.raises(BadInputError) as caught:
        load_fixture(path)
    text = str(caught.value)
    assert "s.yaml:11" in text and "'strike' takes attack, not" in text and "{strike: attack}" in text
