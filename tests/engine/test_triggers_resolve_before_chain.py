"""A triggered ability that triggers as a card is played or a power used (its costs paid: an exhaust, a
discard) resolves as soon as that action is made, while the action waits on the chain (game option and
core mechanic ``triggers_resolve_before_chain``; Huntik binds it to 702.1: a triggered power "watches for
its trigger event to happen, at which point it triggers and resolves"). Where it must not apply: a game
without the option (it waits until the chain resolves), the mechanic switched off, nothing triggered, an
action with nothing left on the chain."""
from __future__ import annotations

import pytest

from judge.engine.game import get_game
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.test_mechanics import Tiny, _pool_with, kinds, make

CARDS = (
    "  - name: Lever\n    type: unit\n    stats: {power: 0, hp: 3}\n    abilities:\n"
    "      - kind: action\n        cost: [{exhaust: this}]\n"
    "        steps: [{counter: this, kind: pulled, amount: 1}]\n"
    "  - name: Tired Eye\n    type: unit\n    stats: {power: 0, hp: 5}\n    abilities:\n"
    "      - kind: trigger\n        on: {event: exhausted}\n        steps: [{draw: 1}]\n")


class AtOnce(Tiny):
    triggers_resolve_before_chain = True


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return _pool_with(tmp_path_factory.mktemp("tiny"), CARDS)


def use_lever(pool, game=AtOnce, ablate=(), watcher=True):
    from judge.engine.engine import Engine
    eng = Engine(game(), pool, ablate)
    for label in ["Lever"] + (["Tired Eye"] if watcher else []):
        eng.create(pool.get(label), label, owner="A", side="A", zone="play")
    eng.create(pool.get("Brute"), "Brute", owner="A", side="A", zone="deck")
    eng.state.player_data.update({"A": {"resources": 0}, "B": {"resources": 0}})
    eng.state.vars["active"] = "A"
    eng.begin_step(1, "test")
    eng.use("A", "Lever", {})
    return eng


def test_it_resolves_while_the_action_waits(pool):
    eng = use_lever(pool)
    assert eng.triggers_before_chain()  # the replay settles now, with the Lever's power on the chain
    assert "tiny:triggers_resolve_before_chain" in eng.step.rules
    eng.settle()
    assert eng.obj("Brute").zone == "hand" and [i.source_label for i in eng.state.chain] == ["Lever"]
    assert not eng.obj("Lever").counters  # the action itself has not resolved


@pytest.mark.parametrize("game,ablate", [(AtOnce, ("tiny:triggers_resolve_before_chain",)), (Tiny, ())])
def test_switched_off_or_a_game_without_it_waits_for_the_chain(pool, game, ablate):
    eng = use_lever(pool, game, ablate)
    assert not eng.triggers_before_chain()
    assert "tiny:triggers_resolve_before_chain" not in eng.step.rules
    eng.pass_priority("all")  # it resolves with the chain
    assert eng.obj("Brute").zone == "hand" and eng.obj("Lever").counters["pulled"] == 1


def test_nothing_triggered_records_nothing(pool):
    eng = use_lever(pool, watcher=False)
    assert not eng.triggers_before_chain()
    assert "tiny:triggers_resolve_before_chain" not in eng.step.rules


def test_only_huntik_has_the_option():
    assert get_game("huntik").triggers_resolve_before_chain
    assert "huntik:702.1" in get_game("huntik").registry.mechanics["triggers_resolve_before_chain"].ids
    for game in ("warhammer-invasion", "vs-system", "star-wars-tcg", "hatalom-kartyai"):
        assert not get_game(game).triggers_resolve_before_chain


SCENARIO = """\
game: huntik
cards:
  - name: Exhaust Watcher
    type: feature
    traits: []
    illustrative: true
    text: "Whenever a hero becomes exhausted, draw a card."
    abilities:
      - kind: trigger
        on: {event: exhausted, filter: "event.obj.is_hero"}
        steps:
          - {draw: 1}
state:
  active: A
  A:
    deck: [Seeker Recruit, Shadowspeed]
    zone1: [Lok Lambert]
    hand: [Augerfrost]
    features: [Exhaust Watcher]
  B:
    zone1: [Suit Grunt]
actions:
  - {player: A, play: Augerfrost, exhaust: Lok Lambert, targets: [Suit Grunt]}
  - {player: A, play: Shadowspeed, targets: [Lok Lambert]}
  - {pass: all}
"""


def test_huntik_a_card_drawn_as_the_cost_is_paid_is_played_before_the_action_resolves(tmp_path):
    path = tmp_path / "drawn.ruling.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    out = replay(load_fixture(path))
    assert out.error is None
    eng = out.engine
    assert not eng.obj("Lok Lambert").exhausted and eng.obj("Suit Grunt").zone == "discard"
    assert "huntik:702.1" in out.engine.trace[1].rules  # the draw came as Lok was exhausted (step 1)
    off = replay(load_fixture(path), {"huntik:702.1"})
    assert off.error and "Shadowspeed: it is in A.deck, not in A.hand" in off.error
    lenient = replay(load_fixture(path), {"huntik:702.1"}, lenient=True)
    assert [e["event"] for e in kinds(lenient.engine, "action_rejected")] == ["action_rejected"]
    assert lenient.engine.obj("Lok Lambert").exhausted


def test_a_game_action_with_the_chain_empty_settles_as_before(pool):
    eng = make(pool, A_play=["Grunt"])
    assert not eng.triggers_before_chain()
