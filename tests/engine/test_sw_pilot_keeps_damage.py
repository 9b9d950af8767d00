"""Star Wars ruling:piloting-units-5: "If the Pilot is damaged, the Pilot still has damage counters. If the
Pilot has more damage counters than health, you still discard the card." A Pilot moved onto a unit from
the Character arena, or off it to the Character arena, keeps its damage counters (blind round 33: the
move made a new card with none, so a 2-damage Pilot survived 2 more on health 3). Off: it arrives with none."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

FIXTURE = (Path(__file__).resolve().parents[2] / "rulings" / "star-wars-tcg" / "pilots"
           / "blind33-damaged-pilot-moved-keeps-its-damage.ruling.yaml")


def _damage_after_the_moves(ablate=frozenset()):
    out = replay(load_fixture(FIXTURE), set(ablate), lenient=True)
    return out, {o.label: o.damage for o in out.engine.state.objects.values()
                 if o.card.name == "Rebel Ace Pilot" and o.zone != "discard"}


def test_both_moves_keep_the_counters_and_the_fourth_damage_discards():
    out, _ = _damage_after_the_moves()
    assert out.passed
    assert out.engine.on("pilot_keeps_damage")


def test_off_the_moved_pilots_arrive_undamaged_and_survive():
    out, left = _damage_after_the_moves({"star-wars-tcg:ruling:piloting-units-5"})
    assert not out.passed
    # both survived Sniper Shot's 2 damage: they had lost their 2 counters in the move
    assert left == {"Rebel Ace Pilot#1": 2, "Rebel Ace Pilot#2": 2}
