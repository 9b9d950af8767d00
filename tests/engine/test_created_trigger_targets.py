"""Core: a triggered modifier (``create: {kind: trigger}``) makes no choice before it triggers
(created_trigger_targets_on_trigger, Huntik 709.1): its targets are chosen each time it triggers, from what is
legal then. Off, they are chosen as it is created, from what is legal then, and the same ones are used (and
re-checked) each time it triggers. A created trigger without targets behaves the same either way."""
from __future__ import annotations

import pytest

from judge.engine.engine import Engine
from tests.engine.test_mechanics import Tiny, _pool_with, kinds, make

KEY = "tiny:created_trigger_targets_on_trigger"

# "Whenever a friendly unit is destroyed, destroy target enemy unit" / "..., draw a card" (no target)
CARDS = (
    "  - name: Oath\n    type: tactic\n    abilities:\n      - kind: play\n        steps:\n"
    "          - create:\n              kind: trigger\n"
    "              on: {event: zone_change, filter: \"event.cause == 'destroy' and event.obj.controller == you\"}\n"
    "              targets: [{name: victim, filter: \"it.type == 'unit' and it.controller == opponent\"}]\n"
    "              steps: [{destroy: victim}]\n"
    "  - name: Vigil\n    type: tactic\n    abilities:\n      - kind: play\n        steps:\n"
    "          - create:\n              kind: trigger\n"
    "              on: {event: zone_change, filter: \"event.cause == 'destroy' and event.obj.controller == you\"}\n"
    "              steps: [{draw: 1}]\n")


@pytest.fixture
def pool2(tmp_path):
    return _pool_with(tmp_path, CARDS)


def _create(eng, card: str) -> None:
    eng.play("A", card, {})
    eng.resolve_chain()


def _friendly_destroyed(eng, label: str) -> None:
    eng.run_steps([{"destroy": label}], eng.bindings_for(None, "B"))
    eng.settle()


def test_on_a_unit_that_entered_after_creation_is_chosen_as_it_triggers(pool2):
    eng = make(pool2, A_hand=["Oath"], A_play=["Grunt"])
    _create(eng, "Oath")  # B has no unit yet
    eng.create(pool2.get("Brute"), "Brute", owner="B", side="B", zone="play")
    _friendly_destroyed(eng, "Grunt")
    assert eng.obj("Brute").zone == "discard"
    assert KEY in eng.step.rules  # traced: the rule decided when the target was chosen


def test_on_the_choice_is_made_as_it_triggers_not_as_it_is_created(pool2):
    eng = make(pool2, A_hand=["Oath"], A_play=["Grunt"], B_play=["Brute"])
    _create(eng, "Oath")
    eng.create(pool2.get("Grunt"), "Grunt#2", owner="B", side="B", zone="play")
    assert eng.choices.get("A", []) == []  # nothing was asked as it was created
    eng.choices.setdefault("A", []).append("Grunt#2")  # two legal targets now: A picks the newcomer
    _friendly_destroyed(eng, "Grunt")
    assert eng.obj("Grunt#2").zone == "discard" and eng.obj("Brute").zone == "play"


def test_off_a_unit_that_entered_after_creation_cannot_be_chosen(pool2):
    eng = make(pool2, [KEY], A_hand=["Oath"], A_play=["Grunt"])
    _create(eng, "Oath")  # no legal target as it is created: it has none
    eng.create(pool2.get("Brute"), "Brute", owner="B", side="B", zone="play")
    _friendly_destroyed(eng, "Grunt")
    assert eng.obj("Brute").zone == "play"
    assert [e for e in kinds(eng, "effect_cancelled") if e["reason"] == "no_legal_target"]


def test_off_the_target_chosen_at_creation_is_reused_and_rechecked(pool2):
    eng = make(pool2, [KEY], A_hand=["Oath"], A_play=["Grunt", "Grunt#2"], B_play=["Brute"])
    _create(eng, "Oath")  # Brute chosen now (the only legal one)
    eng.create(pool2.get("Grunt"), "Grunt#3", owner="B", side="B", zone="play")
    _friendly_destroyed(eng, "Grunt")  # no choice asked although two enemy units are legal now
    assert eng.obj("Brute").zone == "discard" and eng.obj("Grunt#3").zone == "play"
    _friendly_destroyed(eng, "Grunt#2")  # the same target, gone: re-checked, nothing else destroyed
    assert eng.obj("Grunt#3").zone == "play"
    assert kinds(eng, "target_illegal")


@pytest.mark.parametrize("ablate", [(), [KEY]])
def test_must_not_apply_a_created_trigger_without_targets_is_the_same_either_way(pool2, ablate):
    eng = make(pool2, ablate, A_hand=["Vigil"], A_play=["Grunt"], A_deck=["Brute"])
    _create(eng, "Vigil")
    _friendly_destroyed(eng, "Grunt")
    assert eng.obj("Brute").zone == "hand"
    assert KEY not in eng.step.rules and "_fixed_targets" not in eng.state.effects[-1].data


@pytest.mark.parametrize("ablate", [(), [KEY]])
def test_must_not_apply_a_printed_triggered_power_chooses_as_it_triggers_either_way(tmp_path, ablate):
    avenger = ("  - name: Avenger\n    type: unit\n    stats: {power: 0, hp: 5}\n    abilities:\n"
               "      - kind: trigger\n"
               "        on: {event: zone_change, filter: \"event.cause == 'destroy' and event.obj.controller == you\"}\n"
               "        targets: [{name: victim, filter: \"it.type == 'unit' and it.controller == opponent\"}]\n"
               "        steps: [{destroy: victim}]\n")
    pool3 = _pool_with(tmp_path, avenger)
    eng = make(pool3, ablate, A_play=["Avenger", "Grunt"])
    eng.create(pool3.get("Brute"), "Brute", owner="B", side="B", zone="play")
    _friendly_destroyed(eng, "Grunt")
    assert eng.obj("Brute").zone == "discard"
    assert KEY not in eng.step.rules


class TinyChain(Tiny):
    triggers_on_chain = True  # triggered abilities wait on the chain, their targets chosen as they go on


def _chain_game(pool, ablate, brute_first: bool):
    eng = Engine(TinyChain(), pool, ablate)
    eng.create(pool.get("Oath"), "Oath", owner="A", side="A", zone="hand")
    for label in ("Grunt", "Grunt#2"):
        eng.create(pool.get("Grunt"), label, owner="A", side="A", zone="play")
    for p in ("A", "B"):
        eng.state.player_data.setdefault(p, {"resources": 0})
    eng.begin_step(1, "test")
    if brute_first:
        eng.create(pool.get("Brute"), "Brute", owner="B", side="B", zone="play")
    _create(eng, "Oath")
    if not brute_first:
        eng.create(pool.get("Brute"), "Brute", owner="B", side="B", zone="play")
    return eng


def test_on_chain_game_a_unit_that_entered_after_creation_is_chosen_as_it_goes_on(pool2):
    eng = _chain_game(pool2, (), brute_first=False)
    _friendly_destroyed(eng, "Grunt")
    eng.resolve_chain()
    assert eng.obj("Brute").zone == "discard"


def test_off_chain_game_a_target_chosen_at_creation_and_gone_is_rechecked_on_the_chain(pool2):
    eng = _chain_game(pool2, [KEY], brute_first=True)  # Brute chosen as the Oath's modifier is created
    eng.create(pool2.get("Grunt"), "Grunt#3", owner="B", side="B", zone="play")
    _friendly_destroyed(eng, "Grunt")
    eng.resolve_chain()
    assert eng.obj("Brute").zone == "discard"
    _friendly_destroyed(eng, "Grunt#2")  # on the chain again with the same target, gone by now
    assert [e for e in kinds(eng, "trigger_on_chain")][-1]["targets"] == ["(object no longer exists)"]
    eng.resolve_chain()
    assert eng.obj("Grunt#3").zone == "play"
    assert [e for e in kinds(eng, "effect_cancelled") if e["reason"] == "illegal_target"]
