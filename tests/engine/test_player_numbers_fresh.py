"""A continuous modifier that reads a player's number (resources, attacks) reads its current value
(Huntik 708.2: 'Such a modifier always uses information from the current game state'): a change to a
player's numbers makes the characteristics worked out before it stale (review 41: a paid cost or added
attacks kept the old power / ATK), and a snapshot keeps its own numbers and version."""
from __future__ import annotations

from pathlib import Path

from judge.engine.state import PlayerData, State
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

DATA = Path(__file__).parent / "data"


def test_power_read_after_the_cost_paid_from_the_pool():
    out = replay(load_fixture(DATA / "modifier-reads-resources-after-a-cost.yaml"))
    assert out.passed, (out.problems, out.error)


def test_atk_read_after_attacks_are_added():
    out = replay(load_fixture(DATA / "modifier-reads-attacks-after-they-are-added.yaml"))
    assert out.passed, (out.problems, out.error)


def test_every_write_to_a_players_numbers_bumps_the_version_a_snapshot_does_not():
    st = State(players=["A", "B"], vars={})
    data = st.player_data.setdefault("A", {})
    assert isinstance(data, PlayerData)
    seen = st.version
    for write in (lambda: data.__setitem__("resources", 3), lambda: data.update(attacks=1),
                  lambda: data.setdefault("vp", 0), lambda: data.pop("vp"), lambda: data.__delitem__("attacks")):
        write()
        assert st.version > seen
        seen = st.version
    snap = st.snapshot()
    assert snap.version == st.version and snap.player_data["A"] == {"resources": 3}
    snap.player_data["A"]["resources"] = 0
    assert st.player_data["A"]["resources"] == 3 and snap.version == st.version + 1
