"""Engine.damage_together: damage from several sources dealt by one effect ('each unit takes 1 damage')
is applied as one batch of simultaneous events when the block ends; an error inside applies nothing."""
from __future__ import annotations

import pytest

from tests.engine.test_mechanics import make, pool  # noqa: F401 - the tiny game's card pool fixture


def _log(eng):
    return [(e["event"], e["card"]) for e in eng.events if e["event"] in ("damage_assigned", "damage_dealt")]


def test_damage_from_two_sources_is_one_batch(pool):  # noqa: F811
    eng = make(pool, A_play=["Grunt"], B_play=["Zap"])
    a, b = eng.in_play()
    with eng.damage_together():
        eng.deal_damage(a, {a.oid: 1})
        eng.deal_damage(b, {b.oid: 1})
        assert a.damage == 0 and b.damage == 0  # nothing applied before the block ends
    assert a.damage == 1 and b.damage == 1
    # both assigned, then both applied together
    assert _log(eng) == [("damage_assigned", a.label), ("damage_assigned", b.label),
                         ("damage_dealt", a.label), ("damage_dealt", b.label)]


def test_outside_the_block_each_deal_is_applied_at_once(pool):  # noqa: F811
    eng = make(pool, A_play=["Grunt"], B_play=["Zap"])
    a, b = eng.in_play()
    eng.deal_damage(a, {a.oid: 1})
    eng.deal_damage(b, {b.oid: 1})
    assert _log(eng) == [("damage_assigned", a.label), ("damage_dealt", a.label),
                         ("damage_assigned", b.label), ("damage_dealt", b.label)]


def test_an_error_inside_applies_nothing_and_ends_the_batch(pool):  # noqa: F811
    eng = make(pool, A_play=["Grunt"])
    [a] = eng.in_play()
    with pytest.raises(RuntimeError):
        with eng.damage_together():
            eng.deal_damage(a, {a.oid: 1})
            raise RuntimeError("stop")
    assert a.damage == 0
    eng.deal_damage(a, {a.oid: 1})  # later damage is applied at once again
    assert a.damage == 1
