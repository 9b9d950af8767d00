"""Warhammer: Invasion, Illustrative Warboss: "Forced: When another unit you control is declared as an attacker,
it gets +1 power until the end of the turn." A legend is no unit: declared as an attacker it does not trigger
the Warboss (the card's own text decides: the scenes are tests/engine/data/card-text/whi-warboss-*); a unit
declared beside it does, once."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.test_whi_zone_entry import _events

SCENES = Path(__file__).parent / "data" / "card-text"


def _warboss_triggers(name: str):
    out = replay(load_fixture(SCENES / name))
    assert out.status == "passed", out.error or out.problems
    return [e for e in _events(out.engine, "triggered") if e.get("source") == "Illustrative Warboss"]


def test_a_legend_attacking_alone_does_not_trigger_the_warboss():
    assert _warboss_triggers("whi-warboss-ignores-attacking-legend.yaml") == []


def test_a_unit_attacking_beside_the_legend_triggers_it_once():
    assert len(_warboss_triggers("whi-warboss-buffs-attacking-unit-not-legend.yaml")) == 1
