"""Star Wars overload-4 switched off means 'Overload can be used once per turn' (its binding's 'off'): a
unit that overloaded in one turn may overload again in a later turn (review 41f: the record was never
cleared, so it was once per game)."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENE = Path(__file__).parent / "data" / "sw-overload-off-once-per-turn.yaml"


def test_on_and_off_a_later_turn_overloads_again():
    assert replay(load_fixture(SCENE)).passed
    off = replay(load_fixture(SCENE), {"star-wars-tcg:ruling:overload-4"}, lenient=True)
    assert off.passed, off.problems
    assert not any(e.get("event") == "overload_unavailable" for e in off.engine.events)
