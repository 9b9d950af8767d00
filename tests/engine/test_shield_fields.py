"""A created damage shield is checked as the card loads (review 43L finding 3): a field the damage step does
not read (`amonut:`), a mode other than cancel / redirect, a shield on nothing, a redirect to nothing, a cancel
with a `to:`, and a created kind no step makes are refused at their line -- they made a shield that cancelled
nothing, silently. No rule decides it (the card language does), so the scene lives under tests/engine/data."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.errors import BadInputError
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.scenes import variant

SCENE = Path(__file__).parent / "data" / "shield-misspelt-field-refused.yaml"
WRONG = "{create: {kind: shield, mode: prevent, on: ward, amonut: 2, duration: turn}}"


def _path(tmp_path, shield: str, pairs=()):
    return variant(tmp_path, SCENE, [(WRONG, shield), *pairs])


def test_the_misspelt_shield_is_refused_at_its_line():
    with pytest.raises(BadInputError) as err:
        load_fixture(SCENE)
    assert "shield-misspelt-field-refused.yaml:18" in str(err.value)
    assert "takes no field 'amonut'" in str(err.value) and "did you mean 'amount'" in str(err.value)


@pytest.mark.parametrize("shield, says", [
    ("{create: {kind: shield, mode: prevent, on: ward, amount: 2, duration: turn}}", "must be cancel or redirect"),
    ("{create: {kind: shield, on: ward, amount: 2, duration: turn}}", "must be cancel or redirect"),
    ("{create: {kind: shield, mode: cancel, amount: 2, duration: turn}}", "needs 'on'"),
    ("{create: {kind: shield, mode: redirect, on: ward, amount: 2, duration: turn}}", "needs 'to'"),
    ("{create: {kind: shield, mode: cancel, on: ward, to: ward, amount: 2, duration: turn}}", "takes no 'to'"),
    ("{create: {kind: sheild, mode: cancel, on: ward, amount: 2, duration: turn}}", "creates no 'sheild'"),
])
def test_a_shield_that_would_do_nothing_is_refused(tmp_path, shield, says):
    with pytest.raises(BadInputError) as err:
        load_fixture(_path(tmp_path, shield))
    assert says in str(err.value) and "variant.yaml:" in str(err.value)


def test_the_shield_written_right_cancels_the_damage(tmp_path):
    out = replay(load_fixture(_path(tmp_path, "{create: {kind: shield, mode: cancel, on: ward, amount: 2, "
                                              "duration: turn}}")))
    assert out.passed, (out.problems, out.error)


def test_a_smaller_shield_leaves_the_rest(tmp_path):
    # the amount is read: a 1-damage shield lets 1 of the 2 through
    path = _path(tmp_path, "{create: {kind: shield, mode: cancel, on: ward, amount: 1, duration: turn}}",
                 [("  - {card: Bloodsworn, zone: B.battlefield, damage: 0}",
                   "  - {event: damage_cancelled, card: Bloodsworn, amount: 1}")])
    out = replay(load_fixture(path))
    assert out.passed, (out.problems, out.error)
