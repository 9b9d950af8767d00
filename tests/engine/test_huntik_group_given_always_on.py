"""Huntik: an always-on power given to a GROUP of cards ('This round, friendly minor heroes get "I have 4
DEF."'), or by another card's always-on power ('Other friendly heroes have "I get +2 DEF."'), generates its
continuous modifier on each card that has it (700.1, 703.1), timestamped when the power was added to that
card (711.2d): a card the group modifier reaches later (708.3d) or the always-on power reaches later (708.2)
gets it then. On, switched off, and where it must not apply."""
from __future__ import annotations

from pathlib import Path

import yaml

from judge.paths import repo_root
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

HYMN = "rulings/huntik/modifiers/blind33-stone-hymn-given-to-a-recruit-entering-later-is-timestamped-then-beats-the-decree.ruling.yaml"
BANNER = "rulings/huntik/modifiers/blind33-banner-bearer-always-on-gives-always-on-lok-gets-5-def.ruling.yaml"


def _cards(fixture: str) -> list:
    with open(repo_root() / fixture, encoding="utf-8") as f:
        return yaml.safe_load(f)["cards"]


def _run(tmp_path, fixture, state, actions, ablate=()):
    """Replay a scene with ``fixture``'s illustrative cards: its engine."""
    path = tmp_path / "scene.yaml"
    path.write_text(yaml.safe_dump({"game": "huntik", "cards": _cards(fixture), "state": state, "actions": actions}),
                    encoding="utf-8")
    out = replay(load_fixture(Path(path)), set(ablate), lenient=bool(ablate))
    assert out.error is None, out.error
    return out.engine


def dfn(eng, label):
    return eng.obj_attr(eng.obj(label), "def")


def _fixture(path, ablate=()):
    return replay(load_fixture(Path(repo_root() / path)), set(ablate), lenient=bool(ablate))


# -- a group definite modifier gives the power ------------------------------------------------------

def test_hymn_fixture_first_recruit_under_the_decree_later_one_over_it():
    out = _fixture(HYMN)
    assert out.passed, out.problems
    eng = out.engine
    assert (dfn(eng, "Seeker Recruit#2"), dfn(eng, "Seeker Recruit#1")) == (2, 4)
    assert "huntik:708.3d" in eng.step.rules or any("huntik:708.3d" in s.rules for s in eng.trace)


def test_hymn_switched_off_708_3d_the_recruit_played_later_gets_no_power():
    eng = _fixture(HYMN, ["huntik:708.3d"]).engine
    # both groups flagged the cards in play as they were created: the Recruit played later is in neither
    assert (dfn(eng, "Seeker Recruit#1"), dfn(eng, "Seeker Recruit#2")) == (1, 2)


def test_hymn_switched_off_700_1_no_card_gets_the_power():
    eng = _fixture(HYMN, ["huntik:700.1"]).engine
    assert (dfn(eng, "Seeker Recruit#2"), dfn(eng, "Seeker Recruit#1")) == (2, 2)


def _decree_then_hymn(tmp_path, ablate=()):
    state = {"round": 1, "active": "A", "A": {"zone1": ["Seeker Recruit", "Lok Lambert"],
                                              "hand": ["Stone Wall Decree", "Stone Hymn"]},
             "B": {"zone1": ["Seeker Recruit"]}}
    actions = [{"player": "A", "play": "Stone Wall Decree"}, {"pass": "all"},
               {"player": "A", "play": "Stone Hymn"}, {"pass": "all"}]
    return _run(tmp_path, HYMN, state, actions, ablate)


def test_hymn_after_the_decree_its_power_is_newer_than_the_decree(tmp_path):
    eng = _decree_then_hymn(tmp_path)
    mine = next(o for o in eng.in_play() if o.card.name == "Seeker Recruit" and o.controller == "A")
    assert eng.obj_attr(mine, "def") == 4  # 711.2d: the time the power was added, after the Decree


def test_hymn_after_the_decree_switched_off_711_2d_the_cards_timestamp(tmp_path):
    eng = _decree_then_hymn(tmp_path, ["huntik:711.2d"])
    mine = next(o for o in eng.in_play() if o.card.name == "Seeker Recruit" and o.controller == "A")
    assert eng.obj_attr(mine, "def") == 2  # its own timestamp, before the Decree's


def test_hymn_not_on_a_major_hero_nor_an_enemy_minor_hero(tmp_path):
    eng = _decree_then_hymn(tmp_path)
    enemy = next(o for o in eng.in_play() if o.card.name == "Seeker Recruit" and o.controller == "B")
    assert dfn(eng, "Lok Lambert") == 2 and eng.obj_attr(enemy, "def") == 1
    assert not [e for e in eng.state.effects if "_granted_from" in e.data and e.source == enemy.oid]


def test_hymn_power_ends_with_the_round(tmp_path):
    state = {"round": 1, "active": "A", "A": {"zone1": ["Seeker Recruit"], "hand": ["Stone Hymn"]}}
    actions = [{"player": "A", "play": "Stone Hymn"}, {"pass": "all"},
               {"check": [{"card": "Seeker Recruit", "def": 4}]}, {"start": "round"}]
    eng = _run(tmp_path, HYMN, state, actions)
    assert dfn(eng, "Seeker Recruit") == 1
    assert not [e for e in eng.state.effects if "_granted_from" in e.data]


# -- an always-on power gives the power ---------------------------------------------------------------

def test_banner_fixture():
    out = _fixture(BANNER)
    assert out.passed, out.problems
    assert (dfn(out.engine, "Lok Lambert"), dfn(out.engine, "Banner Bearer"), dfn(out.engine, "Zhalia Moon")) == (5, 1, 3)


def test_banner_switched_off_700_1_lok_gets_nothing():
    assert dfn(_fixture(BANNER, ["huntik:700.1"]).engine, "Lok Lambert") == 3


def _banner_then_recruit(tmp_path, ablate=()):
    state = {"round": 1, "active": "A", "A": {"zone1": ["Banner Bearer", "Lok Lambert"], "hand": ["Seeker Recruit"]}}
    actions = [{"player": "A", "play": "Seeker Recruit"}, {"pass": "all"}]
    return _run(tmp_path, BANNER, state, actions, ablate)


def test_banner_reaches_a_hero_played_later(tmp_path):
    eng = _banner_then_recruit(tmp_path)
    assert (dfn(eng, "Seeker Recruit"), dfn(eng, "Lok Lambert")) == (3, 5)


def test_banner_switched_off_708_2_its_reach_stays_as_first_found(tmp_path):
    eng = _banner_then_recruit(tmp_path, ["huntik:708.2"])
    assert (dfn(eng, "Seeker Recruit"), dfn(eng, "Lok Lambert")) == (1, 5)


def test_banner_gone_or_blank_lok_has_no_power(tmp_path):
    state = {"round": 1, "active": "A", "A": {"zone1": ["Banner Bearer", "Lok Lambert"], "hand": ["Nullifying Gaze"]}}
    actions = [{"player": "A", "play": "Nullifying Gaze", "targets": ["Banner Bearer"]}, {"pass": "all"},
               {"check": [{"card": "Lok Lambert", "def": 3}]}, {"player": "A", "pass_turn": True}]
    eng = _run(tmp_path, BANNER, state, actions)
    assert dfn(eng, "Lok Lambert") == 5  # the Gaze ended with the turn: the Bearer's power is back
    state = {"round": 1, "active": "A", "A": {"zone1": ["Banner Bearer", "Lok Lambert"]}}
    eng = _run(tmp_path, BANNER, state, [{"player": "B", "effect": [{"ko": "Banner Bearer"}]}])
    assert dfn(eng, "Lok Lambert") == 3 and not [e for e in eng.state.effects if "_granted_from" in e.data]


def test_two_bearers_give_each_other_the_power_no_loop(tmp_path):
    """Each Bearer gives the other 'I get +2 DEF' (the given power gives none in turn); Lok has both."""
    state = {"round": 1, "active": "A", "A": {"zone1": ["Banner Bearer", "Lok Lambert"], "hand": ["Banner Bearer"]}}
    eng = _run(tmp_path, BANNER, state, [{"player": "A", "play": "Banner Bearer#1"}, {"pass": "all"}])
    assert dfn(eng, "Lok Lambert") == 7
    assert sorted(dfn(eng, o.label) for o in eng.in_play() if o.card.name == "Banner Bearer") == [3, 3]
