"""Huntik mechanics (rules 700-712), each on and switched off, without fixtures."""
from __future__ import annotations

from functools import partial

import pytest

from judge.engine.engine import Engine
from judge.engine.game import get_game
from judge.engine.rules import rule_id
from judge.engine.state import ReplayError
from judge.scenarios.loader import card_pool, default_corpus

G = "huntik"
rid = partial(rule_id, G)  # "701.4a" -> "huntik:701.4a"


def make(ablate=(), active="A", lead="A", round=1, **players):
    """players: A={"zone1": [...], "hand": [...]}; entries are names or (name, label) or
    (name, label, {"exhausted": True, "stunned": True, "entered": 3})."""
    game = get_game(G)
    pool = card_pool(G, str(default_corpus()))
    eng = Engine(game, pool, set(ablate))
    eng.state.vars.update(active=active, lead=lead, round=round, turn=1)
    for p in game.players:
        spec = players.get(p, {})
        eng.state.player_data[p] = {f: 0 for f in game.player_fields}
        for zone in game.zones:
            for entry in spec.get(zone, []):
                entry = entry if isinstance(entry, tuple) else (entry, entry)
                name, label, extra = entry[0], entry[1], (entry[2] if len(entry) > 2 else {})
                obj = eng.create(pool.get(name), label, owner=p, side=p, zone=zone,
                                 timestamp=extra.get("entered", 0))
                obj.exhausted = bool(extra.get("exhausted"))
                if extra.get("stunned"):
                    obj.flags.add("stunned")
    eng.state.clock = max([o.timestamp for o in eng.state.objects.values()] + [0])
    for p in game.players:
        eng.choices[p] = []
    eng.begin_step(1, "test")
    return eng


def play(eng, player, label, targets=(), choices=(), **extra):
    eng.choices[player].extend(choices)
    eng.play(player, label, {"targets": list(targets), **extra})
    eng.pass_priority("all")
    eng.settle()


def effect(eng, player, steps):
    eng.run_steps(steps, eng.bindings_for(None, player))
    eng.settle()


def act(eng, player, verb, value):
    eng.game.actions[verb](eng, player, {verb: value})
    eng.settle()


def hand(eng, p):
    return len(eng.zone_objs(p, "hand"))


def test_registry_binds_new_ids():
    ids = get_game(G).registry.ids()
    for n in ("700.1", "702.1a", "702.3", "702.4", "702.5", "704.1b", "704.1c", "706.3", "706.8",
              "707.1", "708.3a", "708.3e", "709.1", "710.1d", "711.3", "712.3"):
        assert rid(n) in ids


def test_granted_power_targets_chosen_on_use():
    eng = make(round=3, A={"zone1": ["Lok Lambert"], "hand": ["Thundercut"]},
               B={"zone1": ["Zhalia Moon"]})
    play(eng, "A", "Thundercut", ["Lok Lambert"])
    eng.use("A", "Lok Lambert", {"ability": "Thundercut", "targets": ["Zhalia Moon"]})
    eng.pass_priority("all")
    assert eng.obj("Zhalia Moon").zone == "discard"
    assert rid("704.1c") in eng.step.rules


def test_granted_power_targets_fixed_when_given_if_switched_off():
    eng = make([rid("704.1c")], round=3, A={"zone1": ["Lok Lambert"], "hand": ["Thundercut"]},
               B={"zone1": ["Zhalia Moon"]})
    with pytest.raises(ReplayError, match="granted power"):
        play(eng, "A", "Thundercut", ["Lok Lambert"])


def test_granted_power_ignored_when_700_1_off():
    eng = make([rid("700.1")], round=3, A={"zone1": ["Lok Lambert"], "hand": ["Thundercut"]},
               B={"zone1": ["Zhalia Moon"]})
    play(eng, "A", "Thundercut", ["Lok Lambert"])
    with pytest.raises(ReplayError, match="no usable action"):
        eng.use("A", "Lok Lambert", {"ability": "Thundercut", "targets": ["Zhalia Moon"]})


@pytest.mark.parametrize("lead,ablate,want", [("B", (), 2), ("A", (), 5), ("B", (rid("711.3"),), 5)])
def test_simultaneous_modifiers_lead_player_first(lead, ablate, want):
    eng = make(ablate, lead=lead, A={"zone1": ["Stoneward Sentinel", "Lok Lambert"]},
               B={"zone1": ["Ironhide Sentinel", "Suit Grunt"]})
    assert eng.obj_attr(eng.obj("Lok Lambert"), "def") == want
    assert eng.obj_attr(eng.obj("Suit Grunt"), "def") == want


@pytest.mark.parametrize("ablate,want", [((), 2), ((rid("711.2a"),), 5)])
def test_cards_that_started_in_play_share_the_start_of_the_game(ablate, want):
    """711.2a: both Sentinels started the game in play, so their modifiers are simultaneous and
    the lead player's (B's Ironhide) is timestamped first; switched off, they are timestamped in
    the order listed (A's Stoneward first), and Ironhide's 5 DEF applies last."""
    eng = make(ablate, lead="B", A={"zone1": ["Stoneward Sentinel", "Lok Lambert"]},
               B={"zone1": ["Ironhide Sentinel", "Suit Grunt"]})
    eng.hooks.setup(eng, {})
    assert eng.obj_attr(eng.obj("Lok Lambert"), "def") == want


def test_simultaneous_modifiers_lead_player_chooses_his_order_once():
    eng = make(A={"zone1": ["Stoneward Sentinel", "Ironhide Sentinel", "Lok Lambert"]})
    eng.choices["A"].append(["Ironhide Sentinel", "Stoneward Sentinel"])
    assert eng.obj_attr(eng.obj("Lok Lambert"), "def") == 2
    eng.touch()
    assert eng.obj_attr(eng.obj("Lok Lambert"), "def") == 2  # remembered, not asked again
    assert eng.choices["A"] == []


@pytest.mark.parametrize("ablate,lok,sophie", [((), (5, 5), (4, 5)), ((rid("712.3"),), (5, 5), (4, 7))])
def test_dependency_loop_starts_per_card_with_earliest_applying(ablate, lok, sophie):
    eng = make(ablate, A={"zone1": ["Lok Lambert", "Sophie Casterwill"], "hand": ["Battle Focus", "Stone Skin"]})
    play(eng, "A", "Battle Focus")
    play(eng, "A", "Stone Skin")
    for label, want in (("Lok Lambert", lok), ("Sophie Casterwill", sophie)):
        o = eng.obj(label)
        assert (eng.obj_attr(o, "atk"), eng.obj_attr(o, "def")) == want


KO_ZONE1 = [{"ko": {"all": "it.controller == 'A' and it.zone == 'zone1'"}}]


@pytest.mark.parametrize("ablate,drawn", [((), 2), ((rid("702.1a"),), 1)])
def test_next_time_trigger_counts_simultaneous_events_then_ends(ablate, drawn):
    eng = make(ablate, A={"zone1": ["Lok Lambert", "Zhalia Moon"], "zone2": ["Seeker Recruit"],
                          "hand": ["Watchful Eye"], "deck": ["Shadowspeed", "Breakspell", "Hyperstride"]})
    play(eng, "A", "Watchful Eye")
    effect(eng, "B", KO_ZONE1)
    effect(eng, "B", [{"ko": "Seeker Recruit"}])
    assert hand(eng, "A") == drawn
    assert not [e for e in eng.state.effects if e.kind == "trigger"]


@pytest.mark.parametrize("ablate,drawn", [((), 2), ((rid("702.3"),), 0)])
def test_power_leaving_with_its_event_still_triggers(ablate, drawn):
    eng = make(ablate, A={"zone1": ["Loyal Squire", "Lok Lambert"], "deck": ["Shadowspeed", "Breakspell"]})
    effect(eng, "B", KO_ZONE1)
    assert hand(eng, "A") == drawn


@pytest.mark.parametrize("ablate,drawn", [((), 1), ((rid("702.4"),), 0)])
def test_leaving_trigger_reads_state_before(ablate, drawn):
    eng = make(ablate, A={"zone1": [("Hoplite, Lionhearted", "Hoplite"), ("Seeker Recruit", "R1"),
                                    ("Seeker Recruit", "R2")],
                          "zone2": ["Titan Watcher"], "deck": ["Shadowspeed"]})
    assert eng.obj_attr(eng.obj("Hoplite"), "atk") == 4
    effect(eng, "B", [{"ko": "Hoplite"}])
    assert hand(eng, "A") == drawn


@pytest.mark.parametrize("ablate,drawn", [((), 1), ((rid("702.5"),), 2)])
def test_becomes_only_when_it_was_not(ablate, drawn):
    eng = make(ablate, A={"zone1": ["Trap Master"], "hand": ["Twin Snare"], "deck": ["Shadowspeed", "Breakspell"]},
               B={"zone1": [("Suit Grunt", "Suit Grunt", {"stunned": True}), "Seeker Recruit"]})
    play(eng, "A", "Twin Snare", ["Suit Grunt", "Seeker Recruit"])
    assert hand(eng, "A") == drawn


@pytest.mark.parametrize("ablate,recruit_atk", [((), 1), ((rid("708.3e"),), 0)])
def test_modifier_about_affected_cards_flags_them(ablate, recruit_atk):
    eng = make(ablate, A={"hand": ["Ambush Strike"]}, B={"zone1": ["Suit Grunt"], "hand": ["Seeker Recruit"]})
    play(eng, "A", "Ambush Strike")
    act(eng, "A", "pass_turn", True)
    play(eng, "B", "Seeker Recruit", zone="zone1")
    assert eng.obj_attr(eng.obj("Suit Grunt"), "atk") == 0
    assert eng.obj_attr(eng.obj("Seeker Recruit"), "atk") == recruit_atk


@pytest.mark.parametrize("ablate,stunned", [((), False), ((rid("709.1"),), True)])
def test_triggered_modifier_only_within_its_duration(ablate, stunned):
    eng = make(ablate, A={"zone1": ["Lok Lambert"], "hand": ["Set a Trap"], "deck": ["Shadowspeed"]},
               B={"zone1": ["Suit Grunt", "Seeker Recruit"]})
    play(eng, "A", "Set a Trap", choices=["zone2"], exhaust="Lok Lambert")
    effect(eng, "B", [{"move": "Suit Grunt", "to": "zone2"}])
    assert "stunned" in eng.obj("Suit Grunt").flags
    act(eng, "A", "start", "round")
    effect(eng, "B", [{"move": "Seeker Recruit", "to": "zone2"}])
    assert ("stunned" in eng.obj("Seeker Recruit").flags) is stunned


def test_replacement_not_twice_on_what_it_produced():
    eng = make(active="B", A={"zone1": [("Stalwart Bodyguard", "G1"), ("Stalwart Bodyguard", "G2")],
                              "zone2": ["Lok Lambert"]})
    eng.choices["A"].append("G1")
    effect(eng, "B", [{"ko": "Lok Lambert"}])
    assert [eng.obj(x).zone for x in ("Lok Lambert", "G1", "G2")] == ["zone2", "zone1", "discard"]


def test_replacement_loop_is_reported_when_710_1d_off():
    eng = make([rid("710.1d")], active="B", A={"zone1": [("Stalwart Bodyguard", "G1")], "zone2": ["Lok Lambert"]})
    with pytest.raises(ReplayError, match="replacement loop"):
        effect(eng, "B", [{"ko": "Lok Lambert"}])


@pytest.mark.parametrize("ablate,exhausted", [((), False), ((rid("707.1"),), True)])
def test_one_shot_ready_has_no_duration(ablate, exhausted):
    eng = make(ablate, A={"zone1": [("Dante Vale", "Dante Vale", {"exhausted": True})], "hand": ["Shadowspeed"]})
    play(eng, "A", "Shadowspeed", ["Dante Vale"])
    act(eng, "A", "pass_turn", True)
    assert eng.obj("Dante Vale").exhausted is exhausted


@pytest.mark.parametrize("ablate,left", [((), 0), ((rid("706.3"),), 1)])
def test_as_much_as_possible(ablate, left):
    eng = make(ablate, A={"hand": ["Mind Leech"]}, B={"hand": ["Breakspell"]})
    play(eng, "A", "Mind Leech")
    assert hand(eng, "B") == left


def test_moving_between_zones_is_the_same_hero():
    """Moving from one zone to another within play is not leaving play: the hero keeps its
    flags, exhaustion and damage (a new object only when it changes between areas)."""
    eng = make(B={"zone1": [("Suit Grunt", "Suit Grunt", {"stunned": True, "exhausted": True})]})
    before = eng.obj("Suit Grunt").oid
    effect(eng, "B", [{"move": "Suit Grunt", "to": "zone2"}])
    grunt = eng.obj("Suit Grunt")
    assert (grunt.oid, grunt.zone, "stunned" in grunt.flags, grunt.exhausted) == (before, "zone2", True, True)
    effect(eng, "B", [{"ko": "Suit Grunt"}])  # leaving play: a new object in the discard pile
    assert eng.obj("Suit Grunt").oid != before and not eng.obj("Suit Grunt").flags


@pytest.mark.parametrize("ablate,extra", [((), True), ((rid("707.2"),), False)])
def test_go_again_gives_the_turn_player_an_additional_turn(ablate, extra):
    """707.2: after Augerfrost's go again, passing the turn gives the same player the next turn;
    switched off, the opponent takes it."""
    eng = make(ablate, A={"zone1": ["Zhalia Moon"], "hand": ["Augerfrost"]}, B={"zone1": ["Seeker Recruit"]})
    play(eng, "A", "Augerfrost", ["Seeker Recruit"], exhaust="Zhalia Moon")
    act(eng, "A", "pass_turn", True)
    assert (eng.state.vars["active"] == "A") is extra
    assert any(e["event"] == "extra_turn" for e in eng.events) is extra


def test_no_go_again_the_opponent_takes_the_next_turn():
    """707.2 must not apply without a go again: passing hands the turn to the opponent."""
    eng = make(A={"zone1": ["Zhalia Moon"], "hand": ["Shadowspeed"]}, B={"zone1": ["Seeker Recruit"]})
    play(eng, "A", "Shadowspeed", ["Zhalia Moon"])
    act(eng, "A", "pass_turn", True)
    assert eng.state.vars["active"] == "B"
    assert not any(e["event"] == "extra_turn" for e in eng.events)
