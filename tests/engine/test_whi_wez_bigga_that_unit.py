"""Warhammer: Invasion, We'z Bigga! ("Action: Lower the cost of the next unit you play this turn by 1. That unit
comes into play with 1 damage on it."): 'that unit' is the unit whose cost the cut lowered (review 43L). The
cut binds it (``lower_next_cost ... as: NAME``) and the entering modifier asks ``lowered(NAME, event)``
(next_cost.py): the damage follows the play the cut was used on, not the next unit that happens to enter.

* the cut used on a unit whose play is cancelled: the damage is gone with it -- the unit played next pays full
  price and enters undamaged (the scene tests/engine/data/card-text/whi-wez-bigga-damage-follows-the-cancelled-unit);
* where the rule must not apply differently: the same unit not cancelled enters with the damage;
* a unit put into play by an effect is not played (clarification:put-into-play): no cut, no damage -- switched
  off, it counts as played and takes both;
* bad input: ``lowered`` given anything but a bound cut is refused with a clear message."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.scenes import DATA, replay_text, replay_variant
from tests.engine.test_whi_terms import rid

SCENE = DATA / "card-text" / "whi-wez-bigga-damage-follows-the-cancelled-unit.yaml"
PUT_IN = (Path(__file__).resolve().parents[2] / "rulings" / "warhammer-invasion" / "costs"
          / "blind5-wez-bigga-unit-put-into-play-is-not-the-next-unit-played.ruling.yaml")
PUT_INTO_PLAY = rid("clarification:put-into-play")


def test_cancelled_unit_takes_the_damage_with_it():
    out = replay(load_fixture(SCENE))
    assert out.status == "passed", out.error or out.problems
    eng = out.engine
    assert eng.obj("Savage Gor").zone == "discard"
    assert eng.obj("Savage Marauders").damage == 0
    assert eng.state.player_data["A"]["resources"] == 0  # 1 + 1 (Gor, cut) + 3 (Marauders, full price)


def test_unit_not_cancelled_is_that_unit(tmp_path):
    # no Asuryan's Cleansing: the Gor the cut was used on enters with the damage; the Marauders pays 3, undamaged
    out = replay_variant(tmp_path, SCENE, pairs=[
        ('  - {player: B, play: "Asuryan\'s Cleansing", targets: [Savage Gor]}\n  - {player: A, choose: ["no"]}\n', "")],
        expect="  - {card: Savage Gor, zone: A.battlefield, damage: 1}\n"
               "  - {card: Savage Marauders, zone: A.battlefield, damage: 0}\n"
               "  - {player: A, resources: 0}\n")
    assert out.status == "passed", out.error or out.problems


def test_unit_put_into_play_gets_neither_cut_nor_damage():
    out = replay(load_fixture(PUT_IN))
    assert out.status == "passed", out.error or out.problems
    eng = out.engine
    assert eng.obj("Bloodsworn").damage == 0 and eng.obj("Savage Gor").damage == 1


def test_put_into_play_counting_as_played_takes_both_when_switched_off():
    # clarification:put-into-play off: the Bloodsworn put into play is 'played', meets the cut as it enters and
    # is that unit: it enters damaged; the Savage Gor played afterwards is full price and undamaged
    eng = replay(load_fixture(PUT_IN), {PUT_INTO_PLAY}, lenient=True).engine
    assert eng.obj("Bloodsworn").damage == 1
    gor = eng.obj("Savage Gor")
    assert gor.zone != "battlefield" or gor.damage == 0


def test_lowered_refuses_what_is_not_a_cut(tmp_path):
    out = replay_text(tmp_path, """
        cards:
          - name: Illustrative Bad Bigga
            type: tactic
            cost: 0
            text: "Action: The next unit you play comes into play with 1 damage on it."
            abilities:
              - kind: play
                steps:
                  - create: {kind: enters, duration: turn, next: true, filter: "lowered(you, event)", enters: {damage: 1}}
        state:
          active: A
          phase: capital
          A:
            hand: [Illustrative Bad Bigga, Savage Gor]
            resources: 2
        actions:
          - {player: A, play: Illustrative Bad Bigga}
          - {pass: all}
          - {player: A, play: Savage Gor, zone: battlefield}
          - {pass: all}
        expect:
          - {card: Savage Gor, damage: 0}
        """, game="warhammer-invasion")
    assert out.status != "passed"
    assert "lowered()" in str(out.error) and "lower_next_cost ... as: NAME" in str(out.error)
