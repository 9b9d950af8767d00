"""A step on a list of references acts on each (a bound name -- a target --, or a label) in one step, so
its events are one batch: 'Stun target hero and target hero' is `{flag: [first, second]}`. Before, the
names in a list were read as labels only, and bound names were silently dropped."""
from __future__ import annotations

from tests.engine.test_mechanics import make, pool  # noqa: F401 - the module's card pool fixture


def test_a_list_of_bound_names_reaches_both_cards(pool):  # noqa: F811
    eng = make(pool, A_play=["Grunt#1", "Grunt#2"])
    b = {**eng.bindings_for(None, "A"), "first": eng.obj("Grunt#1"), "second": eng.obj("Grunt#2")}
    assert eng.resolve_ref(["first", "second"], b) == [eng.obj("Grunt#1"), eng.obj("Grunt#2")]
    eng.run_steps([{"exhaust": ["first", "second"]}], b)
    assert eng.obj("Grunt#1").exhausted and eng.obj("Grunt#2").exhausted


def test_a_list_may_mix_a_bound_name_and_a_label(pool):  # noqa: F811
    eng = make(pool, A_play=["Grunt#1", "Grunt#2"])
    b = {**eng.bindings_for(None, "A"), "first": eng.obj("Grunt#1")}
    assert eng.resolve_ref(["first", "Grunt#2"], b) == [eng.obj("Grunt#1"), eng.obj("Grunt#2")]


def test_a_list_with_a_name_that_names_nothing_is_an_error(pool):  # noqa: F811
    import pytest

    from judge.engine.expr import ExprError

    eng = make(pool, A_play=["Grunt"])
    with pytest.raises(ExprError):
        eng.resolve_ref(["Grunt", "nobody"], eng.bindings_for(None, "A"))
