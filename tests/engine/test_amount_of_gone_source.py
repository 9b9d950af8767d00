"""An amount read off a source that no longer exists ('VP equal to this skill's level' after the skill left
play: its binding is Gone, with no characteristics) is none: the player_counter and counter steps take 0
rather than failing inside the engine (found by scripts/probe_crashes.py on a blind round 35 scenario)."""
from __future__ import annotations

import dataclasses
from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

FIXTURE = (Path(__file__).resolve().parents[2] / "rulings" / "hatalom-kartyai" / "skills"
           / "blind35-skill-level-by-identical-count-drops-when-one-destroyed.ruling.yaml")


def test_the_skill_returned_before_its_activation_resolves_gives_no_vp_and_no_internal_error():
    fx = load_fixture(FIXTURE)
    actions = list(fx.actions)
    actions.insert(2, {"player": "A", "effect": [{"return_to_hand": "Tudás szakértelem#2"}]})
    out = replay(dataclasses.replace(fx, actions=actions), lenient=True)
    assert out.error is None
    assert not any("cannot carry out this step" in str(e.get("reason", "")) for e in out.engine.events)
