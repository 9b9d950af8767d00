"""Huntik 701.1/701.2: playing an exhaust action card is using an exhaust action power, which "only a ready
hero or obstacle can use ... and doing so exhausts it", and only a card's controller uses its powers. When
the script names no card to exhaust (`exhaust:`), the player's ready heroes and obstacles in play are the
ones that can pay: none -- the play is refused by 701.2; exactly one -- it is taken without asking;
several -- the player decides (his scripted choice). Switched off, an exhausted hero may pay too."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

BASE = """\
game: huntik
state:
  active: A
  A:
    hand: [Augerfrost]
    zone1: ZONE
    features: [Old Lighthouse]
  B:
    zone1: [Seeker Recruit, Suit Grunt]
actions:
  - PLAY
  - {pass: all}
"""


def _replay(tmp_path, zone: str, play: str, ablate: set | None = None):
    path = tmp_path / "probe.ruling.yaml"
    path.write_text(BASE.replace("ZONE", zone).replace("PLAY", play), encoding="utf-8")
    return replay(load_fixture(path), ablate or set(), lenient=bool(ablate))


def _rejected(out) -> list[dict]:
    return [e for e in out.engine.events if e["event"] == "action_rejected"]


PLAY = "{player: A, play: Augerfrost, targets: [Seeker Recruit], try: true}"


def test_the_one_ready_hero_is_exhausted_without_asking(tmp_path):
    out = _replay(tmp_path, "[Lok Lambert, {card: Zhalia Moon, exhausted: true}]", PLAY)
    assert _rejected(out) == []
    assert out.engine.obj("Lok Lambert").exhausted
    assert out.engine.obj("Seeker Recruit").zone == "discard"


def test_the_one_ready_obstacle_pays_too(tmp_path):
    out = _replay(tmp_path, "[{card: Lok Lambert, exhausted: true}, Rockfall Barrier]", PLAY)
    assert _rejected(out) == [] and out.engine.obj("Rockfall Barrier").exhausted


def test_no_ready_hero_or_obstacle_is_refused_by_701_2(tmp_path):
    # the ready feature and the opponent's ready heroes cannot pay
    out = _replay(tmp_path, "[{card: Lok Lambert, exhausted: true}]", PLAY)
    assert [e.get("rejected_by") for e in _rejected(out)] == [["huntik:701.2"]]
    assert out.engine.obj("Seeker Recruit").zone == "zone1"
    assert out.engine.obj("Augerfrost").zone == "hand"


def test_several_ready_heroes_the_player_decides(tmp_path):
    play = "{player: A, play: Augerfrost, targets: [Seeker Recruit], choose: [Zhalia Moon]}"
    out = _replay(tmp_path, "[Lok Lambert, Zhalia Moon]", play)
    assert out.engine.obj("Zhalia Moon").exhausted and not out.engine.obj("Lok Lambert").exhausted


def test_several_ready_heroes_and_no_choice_scripted_is_a_missing_choice(tmp_path):
    play = "{player: A, play: Augerfrost, targets: [Seeker Recruit]}"
    out = _replay(tmp_path, "[Lok Lambert, Zhalia Moon]", play)
    assert not out.passed and "missing choice" in out.error


def test_a_named_hero_is_still_taken(tmp_path):
    play = "{player: A, play: Augerfrost, targets: [Seeker Recruit], exhaust: Lok Lambert}"
    out = _replay(tmp_path, "[Lok Lambert, Zhalia Moon]", play)
    assert out.engine.obj("Lok Lambert").exhausted and not out.engine.obj("Zhalia Moon").exhausted


def test_switched_off_an_exhausted_hero_may_pay(tmp_path):
    out = _replay(tmp_path, "[{card: Lok Lambert, exhausted: true}]", PLAY, {"huntik:701.2"})
    assert not any(e.get("rejected_by") == ["huntik:701.2"] for e in _rejected(out))
    assert out.engine.obj("Seeker Recruit").zone == "discard"
