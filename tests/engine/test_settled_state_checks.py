"""State checks are not run again when nothing has happened since they last found nothing to do
(TriggersMixin.state_checks). That rests on one invariant: whatever they look at changes only through
``touch()`` or an event. These tests show the skip, what breaking the invariant would do, and that
no scenario of the corpus -- replayed as written and with each cited rule switched off -- ever breaks it."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.engine.engine import Engine
from judge.scenarios.loader import find_fixtures, load_fixture
from judge.scenarios.replay import replay
from tests.engine.test_mechanics import make, pool  # noqa: F401 - the tiny game's card pool fixture

RULINGS = Path(__file__).resolve().parents[2] / "rulings"


def test_nothing_touched_the_checks_are_skipped_and_a_touch_runs_them_again(pool):  # noqa: F811
    eng = make(pool, A_play=["Grunt"])
    [grunt] = eng.in_play()
    assert eng.state_checks() is False
    grunt.damage = 2  # lethal, but written behind the engine's back: no event, no touch()
    assert eng.state_checks() is False and grunt.oid in eng.state.objects  # skipped: nothing happened
    eng.touch()
    assert eng.state_checks() is True  # now they run and destroy it
    assert grunt.oid not in eng.state.objects


def test_a_new_trace_step_runs_them_again(pool):  # noqa: F811
    eng = make(pool, A_play=["Grunt"])
    [grunt] = eng.in_play()
    assert eng.state_checks() is False
    grunt.damage = 2
    eng.begin_step(2, "next")  # each step's trace lists the rules that decided in it: checked anew
    assert eng.state_checks() is True


def test_recheck_mode_catches_a_change_made_without_touch(pool, monkeypatch):  # noqa: F811
    monkeypatch.setattr(Engine, "recheck_settled", True)
    eng = make(pool, A_play=["Grunt"])
    [grunt] = eng.in_play()
    eng.state_checks()
    grunt.damage = 2
    with pytest.raises(AssertionError, match="nothing touched"):
        eng.state_checks()


@pytest.mark.skipif(not RULINGS.is_dir(), reason="no rulings/ folder")
def test_no_scenario_changes_the_game_where_the_checks_are_skipped(monkeypatch):
    """Every scenario, as written and under each of its cited rules switched off (the ablation
    report's lenient replays), with skipped checks run anyway: none would have changed anything."""
    monkeypatch.setattr(Engine, "recheck_settled", True)
    replays = 0
    for path in find_fixtures([RULINGS]):
        fx = load_fixture(path, known_ids=None)
        for ablate in [()] + [(rid,) for rid in fx.cites]:
            out = replay(fx, frozenset(ablate), lenient=bool(ablate))  # AssertionError if the skip missed a change
            replays += 1
            if not ablate:
                assert out.passed or fx.expect is None, (path, out.error or out.problems)
    assert replays > 2000

