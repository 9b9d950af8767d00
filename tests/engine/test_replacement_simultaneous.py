"""The events that replace some of a batch of simultaneous events happen together with the rest of the batch
(core mechanic ``replacement_simultaneous``; Huntik binds it to 710.1 "Instead, the modified events happen"
and 710.1b): one batch, so a trigger looks at the state just before all of them, whatever order the cards
are listed in; a card two of them would change changes once. Where it must not apply: a replacement of a
single event, events of separate steps, the mechanic switched off (each replacing event then happens at
once, as its own batch)."""
from __future__ import annotations

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.test_mechanics import _pool_with, kinds, make

OFF = ("tiny:replacement_simultaneous",)

CARDS = (
    # 'Teamwork': +1 power for each other unit in play (2 power with two others)
    "  - name: Captain Team\n    type: unit\n    stats: {power: 0, hp: 3}\n    abilities:\n"
    "      - {kind: continuous, applies_to: \"it == this\", modify: {power: \"count(it.type == 'unit' and it != this"
    " and it.name != 'Watcher' and it.name != 'Warden')\"}}\n"
    # 'If a unit would be destroyed, return it to its owner's hand instead.'
    "  - name: Warden\n    type: unit\n    stats: {power: 0, hp: 5}\n    abilities:\n"
    "      - kind: replacement\n"
    "        replaces: {event: zone_change, filter: \"event.cause == 'destroy' and event.obj != this"
    " and event.obj.name != 'Watcher'\"}\n"
    "        instead: [{move: it, to: hand}]\n"
    # 'If a Grunt would be destroyed, return it to hand instead.' (the Captain's destruction is not replaced)
    "  - name: Soft Warden\n    type: unit\n    stats: {power: 0, hp: 5}\n    abilities:\n"
    "      - kind: replacement\n"
    "        replaces: {event: zone_change, filter: \"event.cause == 'destroy' and event.obj.name == 'Grunt'\"}\n"
    "        instead: [{move: it, to: hand}]\n"
    # 'Whenever a unit with 2 or more power leaves play, ...' (the state just before: trigger_event_state)
    "  - name: Watcher\n    type: unit\n    stats: {power: 0, hp: 5}\n    abilities:\n"
    "      - kind: trigger\n        on: {event: leaves_play, filter: \"event.obj.power >= 2\"}\n"
    "        steps: [{counter: this, kind: seen, amount: 1}]\n"
    # 'If another friendly unit would be destroyed, destroy me instead.' (Mucalin's kind)
    "  - name: Martyr\n    type: unit\n    stats: {power: 0, hp: 5}\n    abilities:\n"
    "      - kind: replacement\n"
    "        replaces: {event: zone_change, filter: \"event.cause == 'destroy' and event.obj != this\"}\n"
    "        instead: [{destroy: this}]\n"
    # 'If another friendly unit would be exhausted, exhaust me instead.'
    "  - name: Weary\n    type: unit\n    stats: {power: 0, hp: 5}\n    abilities:\n"
    "      - kind: replacement\n"
    "        replaces: {event: exhausted, filter: \"event.obj != this\"}\n"
    "        instead: [{exhaust: this}]\n"
    # 'If a unit would be destroyed, draw a card instead.'
    "  - name: Scholar\n    type: unit\n    stats: {power: 0, hp: 5}\n    abilities:\n"
    "      - kind: replacement\n"
    "        replaces: {event: zone_change, filter: \"event.cause == 'destroy' and event.obj != this\"}\n"
    "        instead: [{draw: 1}]\n")


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return _pool_with(tmp_path_factory.mktemp("tiny"), CARDS)


def destroy_all(eng, what="it.name == 'Grunt' or it.name == 'Captain Team'"):
    eng.run_steps([{"destroy": {"all": what}}], eng.bindings_for(None, "B"))


@pytest.mark.parametrize("order", [["Grunt#1", "Grunt#2", "Captain Team"], ["Captain Team", "Grunt#1", "Grunt#2"]])
def test_all_replaced_the_returns_happen_together_whatever_the_order(pool, order):
    eng = make(pool, A_play=["Warden", "Watcher", *order])
    destroy_all(eng)
    assert all(eng.obj(x).zone == "hand" for x in order)
    # one batch: the Captain's return is looked at with both Grunts still beside him (2 power)
    assert [p.source_label for p in eng.pending] == ["Watcher"]
    assert "tiny:replacement_simultaneous" in eng.step.rules
    moved = [e for e in kinds(eng, "zone_change") if e["to"].endswith("hand")]
    assert len({eng.obj(e["card"]).timestamp for e in moved}) == 1  # simultaneous: one timestamp


def test_switched_off_each_return_happens_at_once_and_the_order_decides(pool):
    eng = make(pool, OFF, A_play=["Warden", "Watcher", "Grunt#1", "Grunt#2", "Captain Team"])
    destroy_all(eng)
    assert all(eng.obj(x).zone == "hand" for x in ("Grunt#1", "Grunt#2", "Captain Team"))
    assert eng.pending == []  # the Captain returned alone, with 0 power
    assert "tiny:replacement_simultaneous" not in eng.step.rules


def test_a_replaced_event_happens_with_the_batchs_unreplaced_events(pool):
    """Only the Grunts' destructions are replaced: the Captain's (not replaced) is looked at with the
    Grunts still there, in the same batch as their returns."""
    eng = make(pool, A_play=["Soft Warden", "Watcher", "Grunt#1", "Grunt#2", "Captain Team"])
    destroy_all(eng)
    assert eng.obj("Captain Team").zone == "discard"
    assert eng.obj("Grunt#1").zone == "hand" and eng.obj("Grunt#2").zone == "hand"
    assert [p.source_label for p in eng.pending] == ["Watcher"]
    off = make(pool, OFF, A_play=["Soft Warden", "Watcher", "Grunt#1", "Grunt#2", "Captain Team"])
    destroy_all(off)
    assert off.obj("Captain Team").zone == "discard" and off.pending == []


def test_one_event_replaced_alone_records_nothing(pool):
    eng = make(pool, A_play=["Warden", "Grunt"])
    destroy_all(eng, "it.name == 'Grunt'")
    assert eng.obj("Grunt").zone == "hand"
    assert "tiny:replacement_simultaneous" not in eng.step.rules


def test_separate_steps_stay_separate_batches(pool):
    eng = make(pool, A_play=["Warden", "Watcher", "Grunt#1", "Grunt#2", "Captain Team"])
    b = eng.bindings_for(None, "B")
    eng.run_steps([{"destroy": "Grunt#1"}, {"destroy": "Grunt#2"}, {"destroy": "Captain Team"}], b)
    assert eng.pending == []  # the Captain is destroyed (returned) after the others: 0 power
    assert "tiny:replacement_simultaneous" not in eng.step.rules


def test_a_card_two_replacing_events_would_destroy_is_destroyed_once(pool):
    eng = make(pool, A_play=["Martyr", "Grunt#1", "Grunt#2"])
    destroy_all(eng, "it.name == 'Grunt'")
    assert eng.obj("Grunt#1").zone == "play" and eng.obj("Grunt#2").zone == "play"
    assert eng.obj("Martyr").zone == "discard"
    assert len([e for e in kinds(eng, "zone_change") if e["card"] == "Martyr"]) == 1
    # the second 'destroy me' can't be done (the first takes the Martyr): it replaces all the same
    # (replacement_even_if_impossible); off, it does not apply and that Grunt is destroyed
    assert "tiny:replacement_even_if_impossible" in eng.step.rules
    off = make(pool, ("tiny:replacement_even_if_impossible",), A_play=["Martyr", "Grunt#1", "Grunt#2"])
    destroy_all(off, "it.name == 'Grunt'")
    assert sorted(off.obj(x).zone for x in ("Grunt#1", "Grunt#2")) == ["discard", "play"]


def test_a_card_two_replacing_events_would_exhaust_is_exhausted_once(pool):
    eng = make(pool, A_play=["Weary", "Grunt#1", "Grunt#2"])
    eng.run_steps([{"exhaust": {"all": "it.name == 'Grunt'"}}], eng.bindings_for(None, "B"))
    assert eng.obj("Weary").exhausted and not eng.obj("Grunt#1").exhausted and not eng.obj("Grunt#2").exhausted
    assert len(kinds(eng, "exhausted")) == 1
    off = make(pool, ("tiny:replacement_even_if_impossible",), A_play=["Weary", "Grunt#1", "Grunt#2"])
    off.run_steps([{"exhaust": {"all": "it.name == 'Grunt'"}}], off.bindings_for(None, "B"))
    assert [off.obj(x).exhausted for x in ("Grunt#1", "Grunt#2")].count(True) == 1


def test_two_replacing_draws_take_the_top_two_cards(pool):
    eng = make(pool, A_play=["Scholar", "Grunt#1", "Grunt#2"], A_deck=["Brute#1", "Brute#2", "Brute#3"])
    destroy_all(eng, "it.name == 'Grunt'")
    assert [o.label for o in eng.zone_objs("A", "hand")] == ["Brute#3", "Brute#2"]
    assert len(eng.zone_objs("A", "deck")) == 1


def test_what_a_step_does_once_its_event_happened_waits_for_the_batch(pool):
    """An event's ``_performed`` callback (Warhammer's Unending Horde attaching the card it holds) runs as
    the event happens: with its batch, when it replaced one of a batch."""
    eng = make(pool, A_play=["Grunt#1", "Grunt#2"])
    seen = []
    grunt = eng.obj("Grunt#1")
    eng.emit([{"type": "zone_change", "obj": grunt, "from": "play", "to": "hand", "side": None, "cause": "x",
               "position": "top", "controller": None, "source": None,
               "_performed": lambda ev: seen.append((ev["new"].zone, eng.obj("Grunt#2").zone))}])
    assert seen == [("hand", "play")]


SCENARIO = """\
game: huntik
state:
  active: A
  A:
    deck: [Lok Lambert, Zhalia Moon]
    features: [Mirror Ward, Departure Watcher]
  B:
    zone1: [ZONE]
actions:
  - {player: A, effect: [{ko: {all: "it.controller == B"}}]}
"""
WATCHER = """
cards:
  - name: Departure Watcher
    type: feature
    traits: []
    illustrative: true
    text: "Whenever a hero with 4 or more ATK leaves play, draw a card."
    abilities:
      - kind: trigger
        on: {event: leaves_play, filter: "event.obj.is_hero and event.obj.atk >= 4"}
        steps:
          - {draw: 1}
"""


@pytest.mark.parametrize("zone", ['Seeker Recruit, Seeker Recruit, "Hoplite, Lionhearted"',
                                  '"Hoplite, Lionhearted", Seeker Recruit, Seeker Recruit'])
def test_huntik_mirror_ward_returns_a_team_together(tmp_path, zone):
    """710.1 / 710.1b: three KOs replaced by three returns at once; Hoplite (4 ATK beside his two Recruits)
    is seen leaving play with 4 ATK (702.4) whatever the order the cards are listed in; off (710.1b
    ablated switches it off too), only where he is listed first."""
    path = tmp_path / "mirror.ruling.yaml"
    path.write_text(SCENARIO.replace("ZONE", zone) + WATCHER, encoding="utf-8")
    out = replay(load_fixture(path))
    assert out.error is None
    assert len(out.engine.zone_objs("A", "hand")) == 1
    assert "huntik:710.1b" in out.applied
    off = replay(load_fixture(path), {"huntik:710.1b"})
    # 710.1b off: only the first KO is replaced, the others happen
    assert off.error is None and len(off.engine.zone_objs("B", "hand")) == 1


def test_huntik_binds_it_to_710_1_and_the_other_games_have_it_on():
    from judge.engine.game import get_game
    mech = get_game("huntik").registry.mechanics["replacement_simultaneous"]
    assert set(mech.ids) == {"huntik:710.1", "huntik:710.1b"}
    for game in ("warhammer-invasion", "vs-system", "star-wars-tcg", "hatalom-kartyai"):
        # the core default: on (never traced) in a game that does not bind it
        assert "replacement_simultaneous" not in get_game(game).registry.mechanics
