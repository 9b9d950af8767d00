"""Triggered abilities on the chain (core mechanic ``triggers_on_chain``, for a game with the option
``triggers_on_chain``; Vs. System binds it to the Gravesite answer): a triggered ability goes on the chain
as it triggers, its targets chosen then, so the players may respond to it; it resolves when all players
pass. Where it must not apply: a game without the option, the mechanic switched off, no triggered
ability, a triggered ability with no legal target."""
from __future__ import annotations

import textwrap

import pytest

from judge.engine.cards import load_cards
from judge.engine.engine import Engine
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.test_mechanics import Tiny, kinds

CARDS = """
game: tiny
cards:
  - {name: Grunt, type: unit, stats: {power: 1, hp: 2}}
  - name: Avenger
    type: unit
    stats: {power: 0, hp: 5}
    abilities:
      - kind: trigger
        on: {event: zone_change, filter: "event.cause == 'destroy' and event.obj != this"}
        targets: [{name: t, filter: "it.type == 'unit' and it != this"}]
        steps: [{counter: t, kind: hit, amount: 1}]
  - name: Lookout
    type: unit
    stats: {power: 0, hp: 5}
    abilities:
      - kind: trigger
        on: {event: zone_change, filter: "event.cause == 'destroy'"}
        steps: [{counter: this, kind: seen, amount: 1}]
  - name: Purge
    type: tactic
    abilities:
      - kind: play
        targets: [{name: t, filter: "it.type == 'unit'"}]
        steps: [{destroy: t}]
"""


class ChainTiny(Tiny):
    triggers_on_chain = True


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    p = tmp_path_factory.mktemp("tiny") / "cards.yaml"
    p.write_text(textwrap.dedent(CARDS))
    return load_cards(p, "tiny")


def make(pool, game=ChainTiny, ablate=(), **zones):
    eng = Engine(game(), pool, ablate)
    for key, names in zones.items():
        player, zone = key.split("_")
        for label in names:
            eng.create(pool.get(label.split("#")[0]), label, owner=player, side=player, zone=zone)
    for p in ("A", "B"):
        eng.state.player_data.setdefault(p, {"resources": 0})
    eng.state.vars["active"] = "A"
    eng.begin_step(1, "test")
    return eng


def destroy(eng, label):
    eng.run_steps([{"destroy": label}], eng.bindings_for(None, "B"))
    eng.settle()


def test_trigger_waits_on_the_chain_with_its_target_and_a_response_comes_first(pool):
    eng = make(pool, A_play=["Avenger", "Grunt#1", "Grunt#2"])
    eng.choices["A"] = ["Grunt#2"]
    destroy(eng, "Grunt#1")
    assert [i.source_label for i in eng.state.chain] == ["Avenger"]
    item = eng.state.chain[0]
    assert item.pending is not None and item.targets["t"] == [eng.obj("Grunt#2").oid]  # chosen as it went on
    assert not kinds(eng, "triggered") and not eng.obj("Grunt#2").counters
    assert "tiny:triggers_on_chain" not in eng.step.rules  # nothing responded: it decided nothing yet
    eng.create(pool.get("Purge"), "Purge", owner="B", side="B", zone="hand")
    eng.play("B", "Purge", {"targets": ["Grunt#2"]})  # in response: the target is destroyed first
    assert "tiny:triggers_on_chain" in eng.step.rules
    eng.pass_priority("all")
    assert eng.obj("Grunt#2").zone == "discard"
    # Purge's destruction triggers Avenger again (no target left: cancelled as it would go on the
    # chain), then the first one resolves: its target is gone
    assert [e["reason"] for e in kinds(eng, "effect_cancelled")] == ["no_legal_target", "illegal_target"]
    assert not eng.state.chain


def test_trigger_resolves_when_all_pass(pool):
    eng = make(pool, A_play=["Avenger", "Grunt#1", "Grunt#2"])
    eng.choices["A"] = ["Grunt#2"]
    destroy(eng, "Grunt#1")
    eng.pass_priority("all")
    assert eng.obj("Grunt#2").counters["hit"] == 1 and not eng.state.chain


@pytest.mark.parametrize("game,ablate", [(ChainTiny, ("tiny:triggers_on_chain",)), (Tiny, ())])
def test_switched_off_or_a_game_without_it_resolves_at_once(pool, game, ablate):
    eng = make(pool, game, ablate, A_play=["Avenger", "Grunt#1", "Grunt#2"])
    eng.choices["A"] = ["Grunt#2"]
    destroy(eng, "Grunt#1")
    assert not eng.state.chain and eng.obj("Grunt#2").counters["hit"] == 1
    assert not kinds(eng, "trigger_on_chain")


def test_a_trigger_while_the_chain_resolves_stops_it_for_a_response(pool):
    """Triggered by what just resolved (Purge destroying a unit): it goes on the chain and the chain stops
    before it resolves, so the players may respond to it as to one a game action triggered; the next
    passes resolve it."""
    eng = make(pool, A_play=["Avenger", "Grunt#1", "Grunt#2"], B_hand=["Purge"])
    eng.play("B", "Purge", {"targets": ["Grunt#1"]})
    eng.choices["A"] = ["Grunt#2"]
    eng.pass_priority("all")
    assert eng.obj("Grunt#1").zone == "discard"
    assert [i.source_label for i in eng.state.chain] == ["Avenger"] and not eng.obj("Grunt#2").counters
    eng.pass_priority("all")
    assert eng.obj("Grunt#2").counters["hit"] == 1 and not eng.state.chain


def test_no_triggered_ability_puts_nothing_on_the_chain(pool):
    eng = make(pool, A_play=["Grunt#1", "Grunt#2"])
    destroy(eng, "Grunt#1")
    assert not eng.state.chain and not eng.pending


def test_no_legal_target_cancels_it_before_it_goes_on_the_chain(pool):
    eng = make(pool, A_play=["Avenger", "Grunt"])
    destroy(eng, "Grunt")  # Avenger cannot target itself: no legal target left
    assert not eng.state.chain
    assert [e["reason"] for e in kinds(eng, "effect_cancelled")] == ["no_legal_target"]


def test_simultaneous_triggers_resolve_in_the_order_they_would_at_once(pool):
    """The active player's first (pending_order_policy), as without the chain: so the first to resolve
    goes on the chain last."""
    eng = make(pool, A_play=["Lookout#1"], B_play=["Lookout#2", "Grunt"])
    destroy(eng, "Grunt")
    assert [i.controller for i in eng.state.chain] == ["B", "A"]
    eng.pass_priority("all")
    assert [e["source"] for e in kinds(eng, "triggered")] == ["Lookout#1", "Lookout#2"]
    off = make(pool, ablate=("tiny:triggers_on_chain",), A_play=["Lookout#1"], B_play=["Lookout#2", "Grunt"])
    destroy(off, "Grunt")
    assert [e["source"] for e in kinds(off, "triggered")] == ["Lookout#1", "Lookout#2"]


VS_STATE = """
game: vs-system
state:
  active: A
  phase: build
  A:
    hand: [Owl]
  B:
    visible: [Henchman]
    hand: [Into the Shadows]
"""
VS_SCENARIO = VS_STATE + """
actions:
  - {player: A, recruit: Owl, with: [boost]}
  - {begin: combat}
expect:
  - {order: [{event: trigger_on_chain, source: Owl}, {event: moved, card: Henchman, to: A.visible front}, {event: phase_started, phase: combat}]}
  - {card: Henchman, controller: A, zone: A.visible}
"""


def test_vs_a_game_action_resolves_the_waiting_trigger_first(tmp_path):
    p = tmp_path / "owl-then-combat.yaml"
    p.write_text(VS_SCENARIO)
    out = replay(load_fixture(p))
    assert out.passed, out.failures


def test_vs_the_end_of_the_script_resolves_it(tmp_path):
    p = tmp_path / "owl-end.yaml"
    p.write_text(VS_SCENARIO.replace("  - {begin: combat}\n", "").replace(
        ", {event: phase_started, phase: combat}", ""))
    out = replay(load_fixture(p))
    assert out.passed, out.failures


RESPONSE = VS_STATE + """
actions:
  - {player: A, recruit: Owl, with: [boost]}
  - {player: B, play: Into the Shadows, targets: [Henchman], choose: [hidden front], try: true}
  - {pass: all}
expect:
  - {no_event: action_rejected}
  - {card: Henchman, controller: A, zone: A.hidden}
"""


def test_vs_switched_off_a_response_to_the_boost_is_too_late(tmp_path):
    """The Gravesite answer's rule switched off: Owl's boost resolves as it triggers, so its target is
    already the recruiting player's when the opponent would respond."""
    p = tmp_path / "owl-response.yaml"
    p.write_text(RESPONSE)
    out = replay(load_fixture(p))
    assert out.passed, out.failures
    off = replay(load_fixture(p), {"vs-system:ruling:gravesite"}, lenient=True)
    assert [e for e in off.engine.events if e["event"] == "action_rejected"]
    assert off.engine.obj("Henchman").zone == "visible"
