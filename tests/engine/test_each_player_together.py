"""{each_player: [steps]}: the players act together, step by step. Every player does a step (active
player first) before any does the next; the damage of one step is one batch of simultaneous events (all assigned, then all dealt);
each player keeps his own bindings and his own 'did my step before succeed?' for a `then`."""
from __future__ import annotations

import textwrap

import pytest

from judge.engine.cards import load_cards
from tests.engine.test_mechanics import make

CARDS = """
game: tiny
cards:
  - {name: Grunt, type: unit, stats: {power: 1, hp: 2}}
"""


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    p = tmp_path_factory.mktemp("each") / "cards.yaml"
    p.write_text(textwrap.dedent(CARDS))
    return load_cards(p, "tiny")


def _bindings(eng):
    return eng.bindings_for(None, "A")


def test_each_step_is_done_by_every_player_before_the_next(pool):
    eng = make(pool, A_play=["Grunt#1"], B_play=["Grunt#2"])
    eng.state.vars["active"] = "A"
    steps = [{"each_player": [
        {"choose": {"filter": "it.controller == you", "by": "you", "what": "a unit"}, "as": "mine"},
        {"damage": "mine", "amount": 1},
        {"exhaust": "mine"},
    ]}]
    eng.run_steps(steps, _bindings(eng))
    order = [(e["event"], e.get("card")) for e in eng.events
             if e["event"] in ("damage_assigned", "damage_dealt", "exhausted")]
    assert order == [("damage_assigned", "Grunt#1"), ("damage_assigned", "Grunt#2"),
                     ("damage_dealt", "Grunt#1"), ("damage_dealt", "Grunt#2"),
                     ("exhausted", "Grunt#1"), ("exhausted", "Grunt#2")]
    # each player's `as:` named his own unit
    assert eng.obj("Grunt#1").damage == 1 and eng.obj("Grunt#2").damage == 1


def test_the_active_player_acts_first_in_each_step(pool):
    eng = make(pool, A_play=["Grunt#1"], B_play=["Grunt#2"])
    eng.state.vars["active"] = "B"
    steps = [{"each_player": [
        {"choose": {"filter": "it.controller == you", "by": "you", "what": "a unit"}, "as": "mine"},
        {"exhaust": "mine"},
    ]}]
    eng.run_steps(steps, _bindings(eng))
    assert [e["card"] for e in eng.events if e["event"] == "exhausted"] == ["Grunt#2", "Grunt#1"]


def test_a_then_follows_only_the_same_players_step(pool):
    # A has no unit, so his choice fails and his `then` is skipped; B's succeeds and B's `then` runs
    eng = make(pool, B_play=["Grunt#2"])
    eng.state.vars["active"] = "A"
    steps = [{"each_player": [
        {"choose": {"filter": "it.controller == you", "by": "you", "what": "a unit"}, "as": "mine"},
        {"then": [{"exhaust": "mine"}]},
    ]}]
    eng.run_steps(steps, _bindings(eng))
    assert [e["card"] for e in eng.events if e["event"] == "exhausted"] == ["Grunt#2"]
    assert any(e["event"] == "then_skipped" for e in eng.events)
