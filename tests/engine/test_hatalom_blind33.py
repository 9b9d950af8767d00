"""Blind round 33's Hatalom gaps, fixed in the core (each gap scenario is kept under rulings/):
- a step over several cards succeeded when it did what it says to one card at least -- exhaust, ready and flag
  too ('Ha legalább egyet passzivizáltál'); a damage step only when it dealt damage; 0 tokens put is nothing;
- 'may' (and every in-full test) judges identical steps together: two picks from a pool of one are not offered
  (StepsMixin.can_do_all, the verb's can-check told the times in a row);
- a sacrifice whose only matching cards no sacrifice may affect (a location, 8.9.5) asks nothing;
- a card that has just left play is read as it last was in play (its level-ups counted): zones._last_known."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

ROOT = Path(__file__).resolve().parents[2] / "rulings" / "hatalom-kartyai"
FILES = sorted(p for p in ROOT.glob("*/blind33-*.ruling.yaml") if any(
    k in p.name for k in ("cold-wind", "damage-per-card", "mass-drain", "may-sacrifice-two", "opponent-sacrifices",
                          "reaping", "rousing-call", "scorching")))


def test_all_eight_are_kept():
    assert len(FILES) == 8


@pytest.mark.parametrize("path", FILES, ids=[p.stem[8:48] for p in FILES])
def test_the_gap_scenario_passes(path):
    out = replay(load_fixture(path))
    assert out.error is None and out.passed, out.error or out.problems


def _engine(name):
    return replay(load_fixture(next(p for p in FILES if name in p.name))).engine


def test_identical_steps_are_judged_together():
    eng = _engine("may-sacrifice-two")
    step = {"sacrifice_one": {"filter": "on_table(it) and it.controller == you", "what": "a card"}}
    # at the end A has the location only (no sacrifice may affect it): not once, not twice
    assert not eng.can_do_all([step], {"you": "A"})
    eng.state.player_data["A"]["resources"] = 1
    one = {"pay": 1}
    assert eng.can_do_all([one], {"you": "A"}) and not eng.can_do_all([one, one], {"you": "A"})
    assert eng.can_do_all([one, {"pay": 0}], {"you": "A"})


def test_a_card_that_left_play_reads_its_last_known_level_and_damage():
    eng = _engine("reaping")
    gone = [o for o in eng.state.objects.values() if o.zone == "discard" and o.card.name.startswith("Próba kalandozó")]
    assert gone
    for new in gone:  # in the discard pile: a new object, read as printed there
        assert eng.obj_attr(new, "szint") == 0 and eng.obj_attr(new, "sebzes") == new.card.stats["sebzes"]


def test_exhaust_ready_flag_succeed_when_one_card_changed():
    eng = _engine("cold-wind")
    objs = [o for o in eng.in_play() if o.card.type != "helyszín"][:2]
    assert len(objs) == 2
    for o in objs:
        o.exhausted = False
    objs[0].exhausted = True
    assert eng.run_step({"exhaust": objs}, {"you": "A"}) is True  # one already passive, the other passivized
    assert eng.run_step({"exhaust": objs}, {"you": "A"}) is False  # both passive: nothing changed
    assert eng.run_step({"ready": objs}, {"you": "A"}) is True
    assert eng.run_step({"flag": objs[:1], "as": "x"}, {"you": "A"}) is True
    assert eng.run_step({"flag": objs, "as": "x"}, {"you": "A"}) is True  # the second became flagged
    assert eng.run_step({"flag": objs, "as": "x"}, {"you": "A"}) is False
    assert eng.run_step({"counter": objs[:1], "amount": 0}, {"you": "A"}) is False


def test_a_last_known_value_is_not_adjusted_by_the_game_a_second_time():
    # blind round 34 (Vs. System): the counters' +1 ATK was in the recorded ATK and added again on reading
    path = Path(__file__).resolve().parents[2] / "rulings" / "vs-system" / "blind34" / \
        "blind34-spawn-counters-kept-across-areas-read-as-it-left.ruling.yaml"
    out = replay(load_fixture(path))
    assert out.error is None and out.passed, out.error or out.problems
