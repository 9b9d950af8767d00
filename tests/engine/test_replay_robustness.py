"""A scripted effect inserted into a real scenario (a card returned to its hand at an awkward moment) may
make the scenario fail, but never crash the engine: each case here once ended in "the engine cannot carry
out this step" (an internal error), found by inserting such effects at every point of every fixture
(scripts/probe_crashes.py; kept as regression cases)."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

ROOT = Path(__file__).resolve().parents[2] / "rulings"

CASES = [
    # a recruited equipment returned from the chain before it resolves (Vs. System: attach_recruited)
    ("vs-system/control/owl-taken-character-takes-your-equipment.ruling.yaml", 3, "A", "Power Gauntlet"),
    # the unit questing on Snotling Invasion gone before its Action resolves ("if a unit is questing here")
    ("warhammer-invasion/effects/hidden-sorceress-interrupts-snotling-invasion-power-4.ruling.yaml", 0, "A",
     "Crone Hellebron"),
    # a scripted {try: ASSIGNMENT} met by a decision with one option left (an assignment is a dict)
    ("warhammer-invasion/damage/blind17-indirect-cap-counts-a-bulwark-on-the-swarm-not-on-the-unprotected-horrors"
     ".ruling.yaml", 2, "A", "Blue Horrors"),
]


@pytest.mark.parametrize("path,at,player,card", CASES)
@pytest.mark.parametrize("lenient", [False, True])
def test_inserted_return_to_hand_never_crashes(path, at, player, card, lenient):
    fx = load_fixture(ROOT / path, None, None)
    actions = list(fx.actions)
    actions.insert(at, {"player": player, "effect": [{"return_to_hand": card}]})
    out = replay(dataclasses.replace(fx, actions=actions), lenient=lenient)
    assert "cannot carry out this step" not in (out.error or "")
    assert out.passed is not None  # replayed to its expectations (or a script error naming its line)
