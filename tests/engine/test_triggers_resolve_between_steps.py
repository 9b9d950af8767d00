"""A triggered ability that triggers during a step of a resolving effect (a card's, an action power's,
another triggered ability's) resolves at once, before the effect's next step (game option and core
mechanic ``triggers_resolve_between_steps``; Huntik binds it to 702.1: a triggered power "watches for its
trigger event to happen, at which point it triggers and resolves", and 706.3: a modifier's text is
processed in order). Where it must not apply: a game without the option and the mechanic switched off
(it waits until the whole effect has resolved), nothing triggered (not recorded), a cost paid (not a
resolving effect). Bounded: powers feeding each other inside one another's steps end in a loop error."""
from __future__ import annotations

import pytest

from judge.engine.engine import Engine
from judge.engine.game import get_game
from judge.scenarios.loader import load_fixture
from judge.engine.state import ReplayError
from judge.scenarios.replay import replay
from tests.engine.test_mechanics import Tiny, _pool_with, kinds

RULE = "tiny:triggers_resolve_between_steps"

CARDS = (
    # "Whenever I become exhausted, ready me."
    "  - name: Spring Back\n    type: unit\n    stats: {power: 0, hp: 3}\n    abilities:\n"
    "      - kind: trigger\n        on: {event: exhausted, filter: \"event.obj == this\"}\n"
    "        steps: [{ready: this}]\n"
    # "Exhaust target unit. Draw a card for each exhausted unit."
    "  - name: Second Wind\n    type: tactic\n    abilities:\n"
    "      - kind: play\n        targets: [{name: t, filter: \"it.type == 'unit'\"}]\n"
    "        steps: [{exhaust: t}, {draw: \"count(it.type == 'unit' and it.exhausted)\"}]\n"
    # "Whenever a unit leaves play, exhaust Spring Back. Draw a card for each exhausted unit." (a power)
    "  - name: Drill\n    type: unit\n    stats: {power: 0, hp: 3}\n    abilities:\n"
    "      - kind: trigger\n        on: {event: leaves_play}\n"
    "        steps: [{exhaust: Spring Back}, {draw: \"count(it.type == 'unit' and it.exhausted)\"}]\n"
    # "Whenever I become exhausted, draw a card." (fails with an empty deck)
    "  - name: Sleepy\n    type: unit\n    stats: {power: 0, hp: 3}\n    abilities:\n"
    "      - kind: trigger\n        on: {event: exhausted, filter: \"event.obj == this\"}\n"
    "        steps: [{draw: 1}]\n"
    # "Exhaust target unit, then put a counter on it."
    "  - name: Nudge\n    type: tactic\n    abilities:\n"
    "      - kind: play\n        targets: [{name: t, filter: \"it.type == 'unit'\"}]\n"
    "        steps: [{exhaust: t}, {then: [{counter: t, kind: nudged, amount: 1}]}]\n"
    # "Whenever I become exhausted, ready me. Whenever I become ready, exhaust me." (a loop)
    "  - name: Yo-yo\n    type: unit\n    stats: {power: 0, hp: 3}\n    abilities:\n"
    "      - kind: trigger\n        on: {event: exhausted, filter: \"event.obj == this\"}\n"
    "        steps: [{ready: this}]\n"
    "      - kind: trigger\n        on: {event: readied, filter: \"event.obj == this\"}\n"
    "        steps: [{exhaust: this}]\n"
    # "Action: exhaust me to put a counter on me."
    "  - name: Crank\n    type: unit\n    stats: {power: 0, hp: 3}\n    abilities:\n"
    "      - kind: action\n        cost: [{exhaust: this}]\n"
    "        steps: [{counter: this, kind: turned, amount: 1}]\n"
    "      - kind: trigger\n        on: {event: exhausted, filter: \"event.obj == this\"}\n"
    "        steps: [{counter: this, kind: woke, amount: 1}]\n")


class InOrder(Tiny):
    triggers_resolve_between_steps = True


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return _pool_with(tmp_path_factory.mktemp("tiny"), CARDS)


def engine(pool, game=InOrder, ablate=(), play=(), hand=(), deck=("Grunt", "Brute", "Grunt#2")):
    eng = Engine(game(), pool, ablate)
    for zone, labels in (("play", play), ("hand", hand), ("deck", deck)):
        for label in labels:
            eng.create(pool.get(label.split("#")[0]), label, owner="A", side="A", zone=zone)
    eng.state.player_data.update({"A": {"resources": 0}, "B": {"resources": 0}})
    eng.state.vars["active"] = "A"
    eng.begin_step(1, "test")
    return eng


def second_wind(pool, target="Spring Back", **kw):
    eng = engine(pool, play=["Spring Back", "Grunt#9"], hand=["Second Wind"], **kw)
    eng.play("A", "Second Wind", {"targets": [target]})
    eng.pass_priority("all")
    return eng


def hand_size(eng):
    return sum(1 for o in eng.state.objects.values() if o.zone == "hand" and o.owner == "A")


def test_a_power_triggered_by_a_step_resolves_before_the_next_step(pool):
    eng = second_wind(pool)
    assert not eng.obj("Spring Back").exhausted
    assert hand_size(eng) == 0  # readied before the count: no exhausted unit
    assert RULE in eng.step.rules
    assert kinds(eng, "effect_interrupted")


@pytest.mark.parametrize("game,ablate", [(InOrder, (RULE,)), (Tiny, ())])
def test_switched_off_or_a_game_without_it_waits_for_the_effect(pool, game, ablate):
    eng = second_wind(pool, game=game, ablate=ablate)
    assert not eng.obj("Spring Back").exhausted  # it resolves all the same, after the effect
    assert hand_size(eng) == 1  # counted while still exhausted
    assert RULE not in eng.step.rules


def test_nothing_triggered_records_nothing(pool):
    eng = second_wind(pool, target="Grunt#9")
    assert eng.obj("Grunt#9").exhausted and hand_size(eng) == 1
    assert RULE not in eng.step.rules


@pytest.mark.parametrize("ablate,drawn", [((), 0), ((RULE,), 1)])
def test_inside_a_triggered_ability_too(pool, ablate, drawn):
    eng = engine(pool, ablate=ablate, play=["Drill", "Spring Back", "Grunt#9"])
    eng.run_steps([{"destroy": "Grunt#9"}], eng.bindings_for(None, "A"))
    eng.settle()
    assert not eng.obj("Spring Back").exhausted and hand_size(eng) == drawn
    assert (RULE in eng.step.rules) == (not ablate)


def test_the_effect_keeps_its_own_then(pool):
    """The interrupting power's last step fails (no card to draw): the effect's 'then' still reads the
    success of its own step before it."""
    eng = engine(pool, play=["Sleepy"], hand=["Nudge"], deck=())
    eng.play("A", "Nudge", {"targets": ["Sleepy"]})
    eng.pass_priority("all")
    assert RULE in eng.step.rules
    assert eng.obj("Sleepy").counters.get("nudged") == 1


def test_a_cost_paid_is_not_a_resolving_effect(pool):
    """An action power's cost (exhaust me) triggers a power: it does not resolve in the middle of the
    payment under this rule (triggers_resolve_before_chain decides that, which InOrder does not have)."""
    eng = engine(pool, play=["Crank"])
    eng.use("A", "Crank", {})
    assert eng.pending and RULE not in eng.step.rules
    # steps run outside a resolution (a cost, a game action's script): what they trigger waits for settle
    eng = engine(pool, play=["Sleepy"])
    eng.run_steps([{"exhaust": "Sleepy"}, {"counter": "Sleepy", "kind": "x", "amount": 1}], eng.bindings_for(None, "A"))
    assert [p.source_label for p in eng.pending] == ["Sleepy"] and RULE not in eng.step.rules


@pytest.mark.parametrize("ablate", [(), (RULE,)])
def test_powers_feeding_each_other_end_in_a_loop_error(pool, ablate):
    eng = engine(pool, ablate=ablate, play=["Yo-yo"])
    with pytest.raises(ReplayError) as err:
        eng.run_steps([{"exhaust": "Yo-yo"}], {**eng.bindings_for(None, "A"), "_resolving": True})
        eng.settle()
    assert err.value.kind == "loop"
    assert ("inside one another's steps" in str(err.value)) == (not ablate)  # on: the nesting bound


def test_only_huntik_has_the_option():
    assert get_game("huntik").triggers_resolve_between_steps
    assert "huntik:702.1" in get_game("huntik").registry.mechanics["triggers_resolve_between_steps"].ids
    for game in ("warhammer-invasion", "vs-system", "star-wars-tcg", "hatalom-kartyai"):
        assert not get_game(game).triggers_resolve_between_steps


SCENARIO = """\
game: huntik
cards:
  - name: Tireless Guard
    type: minor hero
    traits: [Good, Seeker]
    stats: {atk: 1, def: 2}
    illustrative: true
    text: "Whenever I become exhausted, ready me."
    abilities:
      - kind: trigger
        on: {event: exhausted, filter: "event.obj == this"}
        steps:
          - {ready: this}
  - name: Second Wind
    type: free action
    traits: [Good]
    illustrative: true
    text: "Exhaust target friendly hero. Draw a card for each exhausted hero."
    abilities:
      - kind: play
        targets:
          - {name: hero, filter: "it.is_hero and it.controller == you"}
        steps:
          - {sentences: [[{exhaust: hero}], [{draw: "count(it.is_hero and it.exhausted)"}]]}
state:
  active: A
  A:
    zone1: [Tireless Guard, {card: Lok Lambert, exhausted: true}]
    hand: [Second Wind]
    deck: [Honorguard, Breakspell, Augerfrost]
actions:
  - {player: A, play: Second Wind, targets: [Tireless Guard]}
  - {pass: all}
"""


def test_huntik_a_card_written_in_sentences_too(tmp_path):
    path = tmp_path / "sentences.ruling.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    on = replay(load_fixture(path))
    assert on.error is None and hand_size(on.engine) == 1
    off = replay(load_fixture(path), {"huntik:702.1"})
    assert off.error is None and hand_size(off.engine) == 2
