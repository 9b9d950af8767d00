"""Dependency between continuous modifiers (Huntik 712.1-712.3, core mechanic ``dependency_order``).

A modifier depends on another only when the other's presence changes which cards it applies to or
what it applies to them (the amount it adds, the value it sets), never because the characteristic
ends with another value: a "set" and a "+N" stay in timestamp order (711.1) whichever came first."""
from __future__ import annotations

import textwrap

import pytest

from judge.engine.cards import load_cards
from judge.engine.engine import Engine
from tests.engine.test_mechanics import Tiny

CARDS = """
game: tiny
cards:
  - {name: Grunt, type: unit, stats: {power: 1, hp: 2}}
  - {name: Brute, type: unit, stats: {power: 3, hp: 3}}
  - {name: Sage, type: unit, stats: {power: 2, hp: 5}}
"""

SET_POWER_4 = {"modify": {"target": "Grunt", "set": {"power": 4}}}
PLUS_1_POWER = {"modify": {"applies_to": "it.type == 'unit'", "modify": {"power": 1}}}


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    p = tmp_path_factory.mktemp("tiny-dep") / "cards.yaml"
    p.write_text(textwrap.dedent(CARDS))
    return load_cards(p, "tiny")


def run(pool, steps, ablate=(), play=("Grunt",)):
    """A tiny game with ``play`` in A's play area; each step creates one modifier, in order
    (so each has a later timestamp than the one before)."""
    eng = Engine(Tiny(), pool, [f"tiny:{k}" for k in ablate])
    for name in play:
        eng.create(pool.get(name), name, owner="A", side="A", zone="play")
    for p in ("A", "B"):
        eng.state.player_data.setdefault(p, {"resources": 0})
    eng.begin_step(1, "test")
    for st in steps:  # one step each: separate timestamps
        eng.run_steps([st], eng.bindings_for(None, "A"))
    return eng


def stat(eng, name, key):
    return eng.obj_attr(eng.obj(name), key)


# -- a set and a +N: independent, timestamp order decides ---------------------------------

def test_plus_n_then_set_gives_the_set_value(pool):
    eng = run(pool, [PLUS_1_POWER, SET_POWER_4])
    assert stat(eng, "Grunt", "power") == 4
    assert "dependency_order" not in eng._fired
    assert "continuous_timestamp_order" in eng._fired


def test_set_then_plus_n_adds_to_the_set_value(pool):
    eng = run(pool, [SET_POWER_4, PLUS_1_POWER])
    assert stat(eng, "Grunt", "power") == 5
    assert "dependency_order" not in eng._fired


def test_set_and_plus_n_follow_timestamp_order_not_dependency(pool):
    # switching dependency off changes nothing (they are independent); reversing the timestamp
    # order does: it is 711.1 that decides
    assert stat(run(pool, [PLUS_1_POWER, SET_POWER_4], ["dependency_order"]), "Grunt", "power") == 4
    assert stat(run(pool, [PLUS_1_POWER, SET_POWER_4], ["continuous_timestamp_order"]), "Grunt", "power") == 5
    assert stat(run(pool, [SET_POWER_4, PLUS_1_POWER], ["continuous_timestamp_order"]), "Grunt", "power") == 4


def test_two_plus_n_are_independent(pool):
    eng = run(pool, [PLUS_1_POWER, {"modify": {"target": "Grunt", "modify": {"power": 2}}}])
    assert stat(eng, "Grunt", "power") == 4
    assert "dependency_order" not in eng._fired


# -- real dependencies: applied after what they depend on ----------------------------------

def test_set_changes_which_cards_a_plus_n_applies_to(pool):
    # earlier: units with 3 or more power get +5 hp; later: Grunt has 3 power -> the first
    # now applies to Grunt, so it depends on the set and applies after it
    steps = [{"modify": {"applies_to": "it.power >= 3", "modify": {"hp": 5}}},
             {"modify": {"target": "Grunt", "set": {"power": 3}}}]
    eng = run(pool, steps)
    assert stat(eng, "Grunt", "hp") == 7
    assert "dependency_order" in eng._fired
    assert stat(run(pool, steps, ["dependency_order"]), "Grunt", "hp") == 2


def test_plus_n_changes_which_cards_a_set_applies_to(pool):
    # earlier: units with 2 or more power have 6 hp; later: Grunt gets +1 power
    steps = [{"modify": {"applies_to": "it.power >= 2", "set": {"hp": 6}}},
             {"modify": {"target": "Grunt", "modify": {"power": 1}}}]
    assert stat(run(pool, steps), "Grunt", "hp") == 6
    assert stat(run(pool, steps, ["dependency_order"]), "Grunt", "hp") == 2


def test_set_changes_what_a_plus_x_adds(pool):
    # earlier: each unit gets +X hp, X its power; later: Grunt has 4 power -> what the first
    # adds changes (1 -> 4), so it depends on the set
    steps = [{"modify": {"applies_to": "it.type == 'unit'", "modify": {"hp": "it.power"}}}, SET_POWER_4]
    assert stat(run(pool, steps), "Grunt", "hp") == 6
    assert stat(run(pool, steps, ["dependency_order"]), "Grunt", "hp") == 3


def test_plus_n_changes_the_value_a_set_sets(pool):
    # earlier: each unit's hp becomes its power; later: Grunt gets +2 power
    steps = [{"modify": {"applies_to": "it.type == 'unit'", "set": {"hp": "it.power"}}},
             {"modify": {"target": "Grunt", "modify": {"power": 2}}}]
    assert stat(run(pool, steps), "Grunt", "hp") == 3
    assert stat(run(pool, steps, ["dependency_order"]), "Grunt", "hp") == 1


def test_while_condition_made_true_by_another_modifier(pool):
    # earlier: while a unit has 4 or more power, units get +5 hp; later: Grunt has 4 power
    steps = [{"modify": {"while": "count(it.power >= 4) > 0", "applies_to": "it.type == 'unit'",
                         "modify": {"hp": 5}}}, SET_POWER_4]
    assert stat(run(pool, steps), "Grunt", "hp") == 7
    assert stat(run(pool, steps, ["dependency_order"]), "Grunt", "hp") == 2


def test_granted_keyword_and_trait_change_which_cards_another_applies_to(pool):
    # earlier: swift units / Elite units get +1 power; later: Grunt gains swift / Elite
    for grant in ({"grant": ["swift"]}, {"grant_traits": ["Elite"]}):
        test = "'swift' in it.keywords" if "grant" in grant else "'Elite' in it.traits"
        steps = [{"modify": {"applies_to": test, "modify": {"power": 1}}},
                 {"modify": {"target": "Grunt", **grant}}]
        assert stat(run(pool, steps), "Grunt", "power") == 2
        assert stat(run(pool, steps, ["dependency_order"]), "Grunt", "power") == 1


def test_a_grant_and_a_set_of_another_stat_are_independent(pool):
    eng = run(pool, [{"modify": {"applies_to": "it.power >= 1", "grant": ["swift"]}},
                     {"modify": {"target": "Grunt", "set": {"hp": 9}}}])
    assert "swift" in stat(eng, "Grunt", "keywords") and stat(eng, "Grunt", "hp") == 9
    assert "dependency_order" not in eng._fired


# -- a loop ----------------------------------------------------------------------------------

LOOP = [{"modify": {"applies_to": "it.hp >= 5", "modify": {"power": 2}}},   # earlier
        {"modify": {"applies_to": "it.power <= 3", "modify": {"hp": 2}}}]   # later


def test_loop_starts_per_card_with_the_earliest_that_applies(pool):
    eng = run(pool, LOOP, play=("Brute", "Sage"))
    # Brute 3/3: only the later applies at first (hp 5), then the earlier (power 5)
    assert (stat(eng, "Brute", "power"), stat(eng, "Brute", "hp")) == (5, 5)
    # Sage 2/5: the earlier applies (power 4), after which the later no longer does
    assert (stat(eng, "Sage", "power"), stat(eng, "Sage", "hp")) == (4, 5)
    assert "dependency_loop" in eng._fired


def test_one_way_dependency_is_not_a_loop(pool):
    # with Sage alone the later depends on the earlier (which raises her power) but not the
    # other way round: 712.2 order, not the loop rule
    eng = run(pool, LOOP, play=("Sage",))
    assert (stat(eng, "Sage", "power"), stat(eng, "Sage", "hp")) == (4, 5)
    assert "dependency_loop" not in eng._fired


def test_loop_without_its_starting_point_rule(pool):
    # off: the loop's modifiers apply latest first to all cards at once (the later one reaches
    # Sage before the earlier one raises her power)
    eng = run(pool, LOOP, ["dependency_loop"], play=("Brute", "Sage"))
    assert (stat(eng, "Sage", "power"), stat(eng, "Sage", "hp")) == (4, 7)


# -- a dependency visible only once a third modifier has applied (712.1 among the others) ------

BIG_GET_HP = {"modify": {"applies_to": "it.type == 'unit' and it.power >= 4", "modify": {"hp": 1}}}
GRUNT_PLUS_3 = {"modify": {"target": "Grunt", "modify": {"power": 3}}}
GRUNT_MINUS_1 = {"modify": {"target": "Grunt", "modify": {"power": -1}}}


def test_dependency_seen_with_a_third_modifier_applied(pool):
    # Grunt 1 power: +3 makes it 4, -1 (later) makes it 3. "power 4 or more gets +1 hp" was
    # created between them; from printed values alone the -1 changes nothing it applies to
    # (1 -> 0), with the +3 applied it does (4 -> 3): it applies after the -1, Grunt gets no hp.
    eng = run(pool, [GRUNT_PLUS_3, BIG_GET_HP, GRUNT_MINUS_1])
    assert stat(eng, "Grunt", "power") == 3
    assert stat(eng, "Grunt", "hp") == 2
    assert "dependency_order" in eng._fired


def test_dependency_among_others_switched_off_timestamp_order(pool):
    eng = run(pool, [GRUNT_PLUS_3, BIG_GET_HP, GRUNT_MINUS_1], ablate=["dependency_order"])
    assert stat(eng, "Grunt", "hp") == 3


def test_third_modifier_that_changes_nothing_adds_no_dependency(pool):
    # the -1 leaves Grunt at 6 power, still 4 or more: nothing depends on it, timestamp order
    eng = run(pool, [GRUNT_PLUS_3, GRUNT_PLUS_3, BIG_GET_HP, GRUNT_MINUS_1])
    assert stat(eng, "Grunt", "power") == 6
    assert stat(eng, "Grunt", "hp") == 3


def test_what_a_modifier_reads_and_what_modifiers_write():
    """The dependency order looks for a dependency that shows only among other modifiers (712.1) only
    for a modifier that reads an attribute the modifiers write (each such check applies them all)."""
    from judge.engine.dependency import _read, _written
    from judge.engine.expr import attrs_read

    assert attrs_read("it.type == 'unit' and it.controller == this.controller") == {"type", "controller"}
    assert attrs_read("it.atk >= 4 and not it.stunned") == {"atk", "stunned"}
    assert attrs_read("is_a(it, 'support')") is None  # a function may read anything
    anthem = {"data": {"applies_to": "it.type == 'unit' and it != this", "modify": {"power": 1}}}
    big = {"data": {"applies_to": "it.power >= 4", "modify": {"hp": 1}}}
    assert _read(anthem) == {"type"} and _read(big) == {"power"}
    assert _written([anthem, big]) == {"power", "hp", "remaining_hp"}
    assert _written([{"data": {"set": {"faceup_development": True}}}]) is None  # not a number: games derive from it
    assert _written([{"data": {"grant": ["savage 1"], "grant_traits": ["Hero"]}}]) == {"keywords", "traits"}
