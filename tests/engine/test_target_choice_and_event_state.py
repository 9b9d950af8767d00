"""Core: a target already chosen for the ability is no choice left (distinct_targets names that refusal; a
lenient replay takes the first legal target), and a trigger checked after its event (trigger_event_state
off) sees the card as it became."""
from __future__ import annotations

import pytest

from judge.engine.engine import Engine
from judge.engine.state import ReplayError
from tests.engine.test_mechanics import Tiny, _pool_with, make, pool  # noqa: F401 - pool is a fixture


def test_one_unit_for_two_targets_is_refused_by_distinct_targets(pool):  # noqa: F811
    eng = make(pool, A_hand=["Twin Zap"], B_play=["Grunt"])
    with pytest.raises(ReplayError, match="no legal target") as err:
        eng.play("A", "Twin Zap", {"targets": ["Grunt"]})
    assert err.value.rules == ["tiny:distinct_targets"]


def test_two_units_for_two_targets_one_scripted_is_the_scripts_fault(pool):  # noqa: F811
    # must not apply: another unit is left to choose, so the scenario must say which
    eng = make(pool, A_hand=["Twin Zap"], B_play=["Grunt", "Brute"])
    with pytest.raises(ReplayError, match="missing target") as err:
        eng.play("A", "Twin Zap", {"targets": ["Grunt"]})
    assert err.value.kind == "missing_choice"


def test_no_unit_at_all_is_refused_by_the_targeting_rule_alone(pool):  # noqa: F811
    eng = make(pool, A_hand=["Zap"])
    with pytest.raises(ReplayError) as err:
        eng.play("A", "Zap", {})
    assert err.value.rules == ["tiny:target_legal_on_play"]
    assert "tiny:distinct_targets" not in eng.step.rules


def test_distinct_targets_off_a_lenient_replay_chooses_the_same_unit_twice(pool):  # noqa: F811
    eng = Engine(Tiny(), pool, ["tiny:distinct_targets"], lenient=True)
    eng.create(pool.get("Twin Zap"), "Twin Zap", owner="A", side="A", zone="hand")
    eng.create(pool.get("Grunt"), "Grunt", owner="B", side="B", zone="play")
    for p in ("A", "B"):
        eng.state.player_data.setdefault(p, {"resources": 0})
    eng.begin_step(1, "test")
    item = eng.play("A", "Twin Zap", {"targets": ["Grunt"]})
    assert item.targets["t"] == [eng.obj("Grunt").oid] * 2


WATCHER = ("  - name: Lookout\n    type: unit\n    stats: {power: 0, hp: 5}\n    abilities:\n"
           "      - kind: trigger\n"
           "        on: {event: zone_change, filter: \"event.cause == 'destroy' and event.obj.controller == you\"}\n"
           "        steps: [{counter: this, kind: seen, amount: 1}]\n")


@pytest.mark.parametrize("ablate, triggers", [((), True), (["tiny:trigger_event_state"], False)])
def test_a_taken_unit_destroyed_is_its_takers_before_the_event_its_owners_after(tmp_path, ablate, triggers):
    """A's Lookout watches for A's units destroyed. B's Grunt, taken by A, is destroyed: just before the
    event A controlled it (the rule on: it triggers); seen after it (off), it is in B's discard pile."""
    pool2 = _pool_with(tmp_path, WATCHER)
    eng = make(pool2, ablate, A_play=["Lookout"], B_play=["Grunt"])
    eng.place(eng.obj("Grunt"), side="A", controller="A")
    eng.run_steps([{"destroy": "Grunt"}], eng.bindings_for(None, "B"))
    assert bool(eng.pending) == triggers


@pytest.mark.parametrize("ablate, damaged", [((), True), (["tiny:as_much_as_possible"], False)])
def test_one_of_two_targets_gone_the_rest_is_done_as_far_as_possible(pool, ablate, damaged):  # noqa: F811
    eng = make(pool, ablate, A_hand=["Twin Zap"], B_play=["Grunt#1", "Grunt#2"])
    eng.play("A", "Twin Zap", {"targets": ["Grunt#1", "Grunt#2"]})
    eng.run_steps([{"destroy": "Grunt#1"}], eng.bindings_for(None, "B"))
    eng.resolve_chain()
    assert (eng.obj("Grunt#2").damage == 1) == damaged
    assert ("tiny:as_much_as_possible" in [r for s in eng.trace for r in s.rules]) == damaged


def test_every_target_still_there_is_no_case_for_as_much_as_possible(pool):  # noqa: F811
    eng = make(pool, A_hand=["Twin Zap"], B_play=["Grunt#1", "Grunt#2"])
    eng.play("A", "Twin Zap", {"targets": ["Grunt#1", "Grunt#2"]})
    eng.resolve_chain()
    assert eng.obj("Grunt#2").damage == 1 and eng.obj("Grunt#1").damage == 1
    assert "tiny:as_much_as_possible" not in [r for s in eng.trace for r in s.rules]


@pytest.mark.parametrize("ablate, a, b", [((), 1, 0), (["tiny:modifier_controller_at_creation"], 0, 1)])
def test_a_players_modifier_stays_its_creators_when_its_card_changes_hands(pool, ablate, a, b):  # noqa: F811
    """'You may play an extra unit this round' from A's Grunt, then B takes the Grunt: the modifier's
    controller is who controlled the card as it was created (off: the card's controller now)."""
    eng = make(pool, ablate, A_play=["Grunt"])
    eng.run_steps([{"modify": {"player_modify": {"extra_units": 1}, "duration": "round"}}],
                  eng.bindings_for(eng.obj("Grunt"), "A"))
    eng.place(eng.obj("Grunt"), side="B", controller="B")
    assert (eng.player_attr("A", "extra_units"), eng.player_attr("B", "extra_units")) == (a, b)


def test_a_players_modifier_whose_card_kept_its_controller_is_its_controllers(pool):  # noqa: F811
    eng = make(pool, ["tiny:modifier_controller_at_creation"], A_play=["Grunt"])  # must not apply: no change
    eng.run_steps([{"modify": {"player_modify": {"extra_units": 1}, "duration": "round"}}],
                  eng.bindings_for(eng.obj("Grunt"), "A"))
    assert (eng.player_attr("A", "extra_units"), eng.player_attr("B", "extra_units")) == (1, 0)


STUDY = ("  - name: Study\n    type: tactic\n    abilities:\n      - kind: play\n"
         "        steps: [{draw: 2}, {counter: {player: you}, kind: studied, amount: 1}]\n")


@pytest.mark.parametrize("ablate, hand, deck", [((), 2, 0), (["tiny:as_much_as_possible"], 1, 1)])
def test_an_effect_that_cannot_be_done_in_full_is_done_as_far_as_possible(tmp_path, ablate, hand, deck):
    """'Draw 2 cards' with one card in the deck: the one is drawn (off: nothing of the effect is done)."""
    pool2 = _pool_with(tmp_path, STUDY)
    eng = make(pool2, ablate, A_hand=["Study"], A_deck=["Grunt"])
    eng.play("A", "Study", {})
    eng.resolve_chain()
    assert (len(eng.zone_objs("A", "hand")), len(eng.zone_objs("A", "deck"))) == (hand - 1, deck)


def test_an_effect_that_can_be_done_in_full_is_done_either_way(tmp_path):
    pool2 = _pool_with(tmp_path, STUDY)
    eng = make(pool2, ["tiny:as_much_as_possible"], A_hand=["Study"], A_deck=["Grunt", "Brute"])
    eng.play("A", "Study", {})
    eng.resolve_chain()
    assert len(eng.zone_objs("A", "hand")) == 2 and not eng.zone_objs("A", "deck")
