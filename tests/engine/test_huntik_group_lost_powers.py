"""Huntik: a group 'lose their powers' modifier ("This round, all enemy heroes lose their powers") flags no
card as it is created and keeps checking which cards it applies to (708.3d): a hero that becomes one of
them later that round has a blank text box too (700.3); one that stops being one gets its powers back, its
always-on powers' modifiers newly timestamped (700.3, 711.2d). On, switched off, and where it must not
apply (the player's own heroes; the next round)."""
from __future__ import annotations

from pathlib import Path

import yaml

from judge.paths import repo_root
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

FIELD = "rulings/huntik/powers/blind33-silence-field-group-loses-powers-sentinel-played-later-loses-its-power-too.ruling.yaml"


def _cards() -> list:
    with open(repo_root() / FIELD, encoding="utf-8") as f:
        return yaml.safe_load(f)["cards"]


def _run(tmp_path, state, actions, ablate=()):
    path = tmp_path / "scene.yaml"
    path.write_text(yaml.safe_dump({"game": "huntik", "cards": _cards(), "state": state, "actions": actions}),
                    encoding="utf-8")
    out = replay(load_fixture(Path(path)), set(ablate), lenient=bool(ablate))
    assert out.error is None, out.error
    return out.engine


def _fixture(ablate=()):
    return replay(load_fixture(Path(repo_root() / FIELD)), set(ablate), lenient=bool(ablate))


def stats(eng, label):
    o = eng.obj(label)
    return eng.obj_attr(o, "atk"), eng.obj_attr(o, "def")


HOPLITE = "Hoplite, Lionhearted"


def test_fixture_the_sentinel_played_later_loses_its_power_too():
    out = _fixture()
    assert out.passed, out.problems
    eng = out.engine
    assert stats(eng, HOPLITE) == (2, 2) and stats(eng, "Sophie Casterwill")[1] == 5
    assert eng.hooks.text_blank(eng, eng.obj("Guardian Sentinel"))


def test_switched_off_708_3d_the_field_flags_the_heroes_in_play_only():
    eng = _fixture(["huntik:708.3d"]).engine
    assert stats(eng, "Sophie Casterwill")[1] == 3 and stats(eng, HOPLITE) == (2, 3)
    assert not eng.hooks.text_blank(eng, eng.obj("Guardian Sentinel"))


def test_switched_off_700_3_no_hero_loses_its_powers():
    eng = _fixture(["huntik:700.3"]).engine
    assert stats(eng, "Sophie Casterwill")[1] == 3 and stats(eng, HOPLITE)[0] > 2


def test_not_the_players_own_heroes(tmp_path):
    state = {"round": 1, "active": "B", "A": {"zone1": ["Lok Lambert"]},
             "B": {"zone1": ["Guardian Sentinel", "Zhalia Moon"], "hand": ["Silence Field"]}}
    eng = _run(tmp_path, state, [{"player": "B", "play": "Silence Field"}, {"pass": "all"}])
    assert stats(eng, "Zhalia Moon")[1] == 3 and not eng.hooks.text_blank(eng, eng.obj("Guardian Sentinel"))
    assert eng.hooks.text_blank(eng, eng.obj("Lok Lambert"))


def test_a_hero_played_next_round_keeps_its_powers(tmp_path):
    state = {"round": 1, "active": "B", "A": {"zone1": ["Sophie Casterwill"], "hand": ["Guardian Sentinel"]},
             "B": {"hand": ["Silence Field"]}}
    actions = [{"player": "B", "play": "Silence Field"}, {"pass": "all"}, {"start": "round"},
               {"player": "A", "play": "Guardian Sentinel"}, {"pass": "all"}]
    eng = _run(tmp_path, {**state, "lead": "A"}, actions)
    assert stats(eng, "Sophie Casterwill")[1] == 3 and not eng.hooks.text_blank(eng, eng.obj("Guardian Sentinel"))


def _taken(tmp_path, ablate=()):
    """B's Field blanks my Sentinel; then B gains control of it: no longer an enemy hero of B's."""
    state = {"round": 1, "active": "B", "A": {"zone1": ["Guardian Sentinel", "Sophie Casterwill"]},
             "B": {"zone1": ["Zhalia Moon"], "hand": ["Silence Field"]}}
    actions = [{"player": "B", "play": "Silence Field"}, {"pass": "all"},
               {"check": [{"card": "Sophie Casterwill", "def": 5}]},
               {"player": "B", "effect": {"gain_control": "Guardian Sentinel", "player": "B"}}]
    return _run(tmp_path, state, actions, ablate)


def test_a_hero_that_leaves_the_group_gets_its_powers_back_newly_timestamped(tmp_path):
    eng = _taken(tmp_path)
    sentinel = eng.obj("Guardian Sentinel")
    assert not eng.hooks.text_blank(eng, sentinel)
    assert stats(eng, "Zhalia Moon")[1] == 3 and stats(eng, "Sophie Casterwill")[1] == 5
    assert sentinel.timestamp > 0  # 711.2d: its returning power's modifier, not the time it entered


def test_leaving_the_group_switched_off_711_2d_keeps_its_timestamp(tmp_path):
    eng = _taken(tmp_path, ["huntik:711.2d"])
    assert eng.obj("Guardian Sentinel").timestamp == 0 and stats(eng, "Zhalia Moon")[1] == 3
