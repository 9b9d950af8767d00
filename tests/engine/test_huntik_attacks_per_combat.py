"""Huntik: a player's attacks belong to the combat they were added to (701.3's example: Colossal Blast adds
attacks 'to a combat', Honorguard removes them 'from this combat'; mechanic attacks_belong_to_combat): the
next combat starts with none. Off, they carry over."""
from __future__ import annotations

from pathlib import Path

from judge.paths import repo_root
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

FIXTURE = "rulings/huntik/actions/blind16-honorguard-in-a-new-combat-finds-no-attacks-of-the-last-one-blast-adds-four-again.ruling.yaml"


def _attacks(ablate=()) -> int:
    eng = replay(load_fixture(Path(repo_root() / FIXTURE)), set(ablate), lenient=bool(ablate)).engine
    return eng.state.player_data["A"].get("attacks", 0)


def test_the_second_combat_starts_with_no_attacks():
    assert _attacks() == 4  # only the second Blast's: Honorguard found none to remove


def test_switched_off_the_first_combats_attacks_carry_over():
    assert _attacks(["huntik:701.3"]) == 6  # 4, less Honorguard's 2, plus the second Blast's 4
