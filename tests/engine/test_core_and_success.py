"""{and: [[..], [..]]} succeeds when one part at least had an effect, so a `then:` after an and-joined effect
('X and Y. Then, Z') runs only when X or Y resolved (Warhammer clarification:multiple-effects: "If a card uses
the word 'then' the preceding effect must have resolved successfully"); the parts still resolve independently
(parts_independent). Review 44: step_and returned True whatever its parts did."""
from __future__ import annotations

from tests.engine.test_mechanics import kinds, make, pool  # noqa: F401 (pytest fixture)

#: 'Remove an x token from the Grunt and remove a y token from it. Then, put a seen token on it.'
STEPS = [{"and": [[{"remove_counter": "Grunt", "counter": "x"}], [{"remove_counter": "Grunt", "counter": "y"}]]},
         {"then": [{"counter": "Grunt", "kind": "seen"}]}]


def _run(pool, counters, ablate=()):  # noqa: F811 (the fixture)
    eng = make(pool, ablate, A_play=["Grunt"])
    eng.obj("Grunt").counters.update(counters)
    eng.run_steps(STEPS, eng.bindings_for(eng.obj("Grunt"), "A"))
    return eng


def test_no_part_done_skips_then(pool):  # noqa: F811
    eng = _run(pool, {})
    assert eng.obj("Grunt").counters.get("seen") is None
    assert len(kinds(eng, "then_skipped")) == 1 and len(kinds(eng, "effect_part_no_effect")) == 2


def test_no_part_done_then_runs_with_then_needs_success_off(pool):  # noqa: F811
    eng = _run(pool, {}, ["tiny:then_needs_success"])
    assert eng.obj("Grunt").counters.get("seen") == 1


def test_one_part_done_is_success(pool):  # noqa: F811
    """The rule must not stop the 'then' when one part resolved (the other had nothing to remove)."""
    eng = _run(pool, {"y": 1})
    assert eng.obj("Grunt").counters.get("seen") == 1 and not kinds(eng, "then_skipped")
    assert eng.obj("Grunt").counters.get("y") == 0


def test_all_parts_done_is_success(pool):  # noqa: F811
    eng = _run(pool, {"x": 1, "y": 1})
    assert eng.obj("Grunt").counters.get("seen") == 1


def test_and_step_result(pool):  # noqa: F811
    """The step's own result: False with nothing done, True with a part done; parts_independent off stops
    at the first part that did nothing (False), as before."""
    for counters, ablate, want in (({}, (), False), ({"x": 1}, (), True), ({"y": 1}, (), True),
                                   ({"y": 1}, ["tiny:parts_independent"], False)):
        eng = make(pool, ablate, A_play=["Grunt"])
        eng.obj("Grunt").counters.update(counters)
        assert eng.run_step(STEPS[0], eng.bindings_for(eng.obj("Grunt"), "A")) is want, (counters, ablate)
