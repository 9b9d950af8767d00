"""A use limit counts per a period its game counts (GameModule.limit_periods), checked as the card loads
(review 43L suspicion: `limit.per` was never checked, so `per: game` or a misspelt period became a per-turn
limit silently). Huntik counts per turn, round and combat; the other games per turn and phase."""
from __future__ import annotations

import pytest

from judge.errors import BadInputError
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.scenes import write_scene

HUNTIK = """\
game: huntik
cards:
  - name: Once Per Round Scout
    type: minor hero
    stats: {atk: 1, def: 1}
    text: "Free Action: One per round, draw a card."
    illustrative: true
    abilities:
      - kind: action
        name: Look Ahead
        timing: free
        limit: LIMIT
        steps: [{draw: 1}]
state:
  active: A
  A:
    zone1: [Once Per Round Scout]
    deck: [Suit Grunt, Suit Grunt]
actions:
  - {player: A, use: Once Per Round Scout, ability: Look Ahead}
  - {player: A, use: Once Per Round Scout, ability: Look Ahead, try: true}
expect:
  - {event: action_rejected, player: A}
"""


def _load(tmp_path, text: str):
    return load_fixture(write_scene(tmp_path, text, "limit.yaml"))


def test_a_period_the_game_counts_limits_the_uses(tmp_path):
    out = replay(_load(tmp_path, HUNTIK.replace("LIMIT", "{count: 1, per: round}")))
    assert out.passed, (out.problems, out.error)


@pytest.mark.parametrize("limit, says", [
    ("{count: 1, per: game}", "counts per turn, round, combat, not per 'game'"),
    ("{count: 1, per: rounds}", "did you mean 'round'?"),
    ("{count: 1, per: phase}", "not per 'phase'"),
    ("{count: 0, per: turn}", "'count' must be a whole number"),
    ("{count: 1, pre: turn}", "a limit takes no field 'pre'"),
])
def test_a_period_the_game_does_not_count_is_refused(tmp_path, limit, says):
    with pytest.raises(BadInputError) as err:
        _load(tmp_path, HUNTIK.replace("LIMIT", limit))
    assert says in str(err.value) and "limit.yaml:" in str(err.value)


def test_warhammer_counts_per_phase_not_per_round(tmp_path):
    text = HUNTIK.replace("game: huntik", "game: warhammer-invasion").replace("type: minor hero", "type: unit") \
        .replace("stats: {atk: 1, def: 1}", "cost: 0\n    stats: {power: 1, hp: 1}").replace("        timing: free\n", "") \
        .replace("zone1:", "battlefield:").replace("Suit Grunt", "Rat Swarm").replace("  active: A\n", "  active: A\n  phase: capital\n")
    with pytest.raises(BadInputError) as err:
        _load(tmp_path, text.replace("LIMIT", "{count: 1, per: round}"))
    assert "counts per turn, phase, not per 'round'" in str(err.value)
    out = replay(_load(tmp_path, text.replace("LIMIT", "{count: 1, per: phase}")))
    assert out.passed, (out.problems, out.error)
