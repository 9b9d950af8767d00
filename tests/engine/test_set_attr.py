"""Engine.set_attr: reading an attribute that only continuous modifiers give from the characteristics
already worked out (Warhammer reads ``faceup_development`` so, a fifth of its attribute reads)."""
from __future__ import annotations

from tests.engine.test_mechanics import make, pool  # noqa: F401 - the tiny game's card pool fixture


def test_set_attr_reads_worked_out_characteristics_only(pool):  # noqa: F811
    """Engine.set_attr: an attribute continuous modifiers give, from the characteristics already worked
    out for this state; NOT_COMPUTED (ask modified_attr) when they are not."""
    from judge.engine.characteristics import NOT_COMPUTED

    eng = make(pool, A_play=["Captain", "Grunt"])
    grunt = eng.obj("Grunt")
    eng.touch()
    assert eng.set_attr(grunt, "power") is NOT_COMPUTED  # nothing worked out for this state yet
    eng.characteristics()
    assert eng.set_attr(grunt, "power") == 2  # Captain's +1
    assert eng.set_attr(grunt, "no_such_attribute") is None  # no modifier sets it
    eng.touch()
    assert eng.set_attr(grunt, "power") is NOT_COMPUTED
