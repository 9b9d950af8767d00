"""Two core fixes found by new scenarios: (1) a definite modifier created by a triggered ability that
takes effect after its source left play (Star Wars TCG triggered-abilities-3 / held triggers; Huntik
708.3c): "this" still names the source, as a card that is gone, so "your other units" reads every unit
of yours instead of failing; (2) bonuses_cumulative (Star Wars TCG abilities-2's first case: two +10
speed effects give +20 speed; off, only the highest bonus counts)."""
from __future__ import annotations

import textwrap

import pytest

from judge.engine.cards import load_cards
from tests.engine.test_mechanics import make

CARDS = """
game: tiny
cards:
  - {name: Grunt, type: unit, stats: {power: 1, hp: 2}}
  - {name: Brute, type: unit, stats: {power: 3, hp: 4}}
  - name: Rallier
    type: unit
    stats: {power: 1, hp: 2}
    abilities:
      - kind: trigger
        on: {event: zone_change, filter: "event.obj == this and event.cause == 'destroy'"}
        steps:
          - {modify: {applies_to: "it.type == 'unit' and it.controller == you and it != this", modify: {power: 2}}}
  - name: Cheerer
    type: unit
    stats: {power: 1, hp: 2}
    abilities:
      - kind: trigger
        on: {event: zone_change, filter: "event.obj != this and event.cause == 'destroy'"}
        steps:
          - {modify: {applies_to: "it.type == 'unit' and it.controller == you and it != this", modify: {power: 2}}}
"""


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    p = tmp_path_factory.mktemp("tiny_gone") / "cards.yaml"
    p.write_text(textwrap.dedent(CARDS))
    return load_cards(p, "tiny")


def _power(eng, label):
    return eng.obj_attr(eng.obj(label), "power")


def test_source_gone_before_modifier_other_units_get_it(pool):
    eng = make(pool, A_play=["Rallier", "Grunt"])
    eng.run_steps([{"destroy": "Rallier"}], eng.bindings_for(None, "B"))
    eng.settle()
    assert eng.obj("Rallier").zone == "discard"
    assert _power(eng, "Grunt") == 3  # "other units": the gone source excludes nothing in play


def test_source_gone_modifier_off_when_not_independent_of_source(pool):
    eng = make(pool, ["tiny:definite_independent_of_source"], A_play=["Rallier", "Grunt"])
    eng.run_steps([{"destroy": "Rallier"}], eng.bindings_for(None, "B"))
    eng.settle()
    assert _power(eng, "Grunt") == 1


def test_source_in_play_is_still_excluded(pool):
    eng = make(pool, A_play=["Cheerer", "Grunt#1", "Grunt#2"])
    eng.run_steps([{"destroy": "Grunt#1"}], eng.bindings_for(None, "B"))
    eng.settle()
    assert _power(eng, "Grunt#2") == 3
    assert _power(eng, "Cheerer") == 1  # "another": the source in play is not affected


# -- bonuses_cumulative (Star Wars TCG abilities-2: "two effects that each give a unit +10 speed,
#    that unit gets +20 speed") ---------------------------------------------------------------------

def _bonus(eng, stat, amount, target="Grunt"):
    eng.run_steps([{"modify": {"target": target, "modify": {stat: amount}}}], eng.bindings_for(None, "A"))


def test_two_bonuses_to_one_stat_add_up(pool):
    eng = make(pool, A_play=["Grunt"])
    _bonus(eng, "power", 2)
    _bonus(eng, "power", 3)
    assert _power(eng, "Grunt") == 6
    assert "tiny:bonuses_cumulative" in eng.step.rules  # the second bonus made a difference


def test_bonuses_not_cumulative_when_off_highest_counts(pool):
    eng = make(pool, ["tiny:bonuses_cumulative"], A_play=["Grunt"])
    _bonus(eng, "power", 2)
    _bonus(eng, "power", 3)
    assert _power(eng, "Grunt") == 4  # 1 + the highest bonus, 3


def test_off_does_not_touch_one_bonus_penalties_or_other_stats(pool):
    eng = make(pool, ["tiny:bonuses_cumulative"], A_play=["Grunt"])
    _bonus(eng, "power", 2)
    _bonus(eng, "power", -1)  # the first penalty: it applies whatever the rule says
    _bonus(eng, "hp", 2)      # a bonus to another characteristic: the first one of its kind
    assert _power(eng, "Grunt") == 2
    assert eng.obj_attr(eng.obj("Grunt"), "hp") == 4
    eng2 = make(pool, A_play=["Grunt"])
    _bonus(eng2, "power", 2)
    assert _power(eng2, "Grunt") == 3
    assert "tiny:bonuses_cumulative" not in eng2.step.rules  # a single bonus: nothing to add up


def test_two_penalties_add_up_and_when_off_only_the_largest_counts(pool):
    eng = make(pool, A_play=["Brute"])
    _bonus(eng, "power", -1, "Brute")
    _bonus(eng, "power", -2, "Brute")
    assert _power(eng, "Brute") == 0  # 3 - 1 - 2: "effects are cumulative", penalties too
    assert "tiny:bonuses_cumulative" in eng.step.rules
    off = make(pool, ["tiny:bonuses_cumulative"], A_play=["Brute"])
    _bonus(off, "power", -1, "Brute")
    _bonus(off, "power", -2, "Brute")
    _bonus(off, "power", 1, "Brute")  # a bonus beside the penalties: the first of its sign, it applies
    assert _power(off, "Brute") == 2  # 3 - 2 (the largest penalty) + 1
