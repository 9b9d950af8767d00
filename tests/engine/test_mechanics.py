"""Unit tests per core mechanic, on a tiny in-memory game (independent of the fixtures)."""
from __future__ import annotations

import textwrap

import pytest

from judge.engine.cards import load_cards
from judge.engine.engine import Engine
from judge.engine.game import GameModule
from judge.engine.rules import CORE_MECHANICS, Registry
from judge.engine.state import ReplayError

CARDS = """
game: tiny
cards:
  - {name: Grunt, type: unit, stats: {power: 1, hp: 2}}
  - {name: Brute, type: unit, stats: {power: 3, hp: 4}}
  - name: Zap
    type: tactic
    abilities:
      - kind: play
        targets: [{name: t, filter: "it.type == 'unit'"}]
        steps: [{damage: t, amount: 1}]
  - name: Twin Zap
    type: tactic
    abilities:
      - kind: play
        targets: [{name: t, filter: "it.type == 'unit'", count: 2}]
        steps: [{damage: t, amount: 1}]
  - name: Guardian
    type: unit
    stats: {power: 0, hp: 5}
    abilities:
      - kind: replacement
        replaces: {event: zone_change, filter: "event.cause == 'destroy' and event.obj != this and event.obj.controller == you"}
        instead: [{move: it, to: hand}]
  - name: Doubler
    type: unit
    stats: {power: 0, hp: 5}
    abilities:
      - {kind: damage_modifier, applies_to: "it.type == 'unit'", add: base}
  - name: Captain
    type: unit
    stats: {power: 1, hp: 3}
    abilities:
      - {kind: continuous, applies_to: "it.type == 'unit' and it.controller == this.controller", modify: {power: 1}}
  - name: Toll Gate
    type: unit
    stats: {power: 0, hp: 3}
    abilities:
      - kind: action
        cost: [{pay: 2}, {pay: 1}]
        steps: [{counter: this, kind: seen, amount: 1}]
  - name: War Drum
    type: unit
    stats: {power: 0, hp: 3}
    abilities:
      - {kind: continuous, applies_to: "it.name == 'Grunt'", grant: ["savage 1", unblockable]}
  - name: Sentinel
    type: unit
    stats: {power: 0, hp: 3}
    abilities:
      - kind: trigger
        on: {event: zone_change, filter: "event.cause == 'destroy'"}
        if: "count(it.name == 'Grunt') > 0"
        steps: [{counter: this, kind: seen, amount: 1}]
  - name: Stalwart
    type: unit
    stats: {power: 1, hp: 3}
    abilities:
      - {kind: continuous, cannot_reduce: [hp]}
  - name: Tithe Collector
    type: unit
    stats: {power: 0, hp: 3}
    abilities:
      - kind: trigger
        on: {event: zone_change, filter: "event.cause == 'destroy'"}
        cost: [{pay: 1}]
        steps: [{counter: this, kind: tithe, amount: 1}]
"""


class Tiny(GameModule):
    id = "tiny"
    zones = ("deck", "hand", "discard", "play", "stack")
    play_zones = ("play",)
    permanent_types = ("unit",)
    damageable_types = ("unit",)
    leave_verbs = {"destroy": ("discard", "destroy")}

    def bind_rules(self, reg: Registry) -> None:
        for key in CORE_MECHANICS:
            reg.bind(key, f"tiny:{key}")


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    p = tmp_path_factory.mktemp("tiny") / "cards.yaml"
    p.write_text(textwrap.dedent(CARDS))
    return load_cards(p, "tiny")


def make(pool, ablate=(), **zones):
    eng = Engine(Tiny(), pool, ablate)
    for key, names in zones.items():
        player, zone = key.split("_")
        for label in names:
            name = label.split("#")[0]
            eng.create(pool.get(name), label, owner=player, side=player, zone=zone)
    for p in ("A", "B"):
        eng.state.player_data.setdefault(p, {"resources": 0})
    eng.begin_step(1, "test")
    return eng


def kinds(eng, kind):
    return [e for e in eng.events if e["event"] == kind]


def test_zone_change_makes_a_new_object(pool):
    eng = make(pool, A_play=["Grunt"])
    old = eng.obj("Grunt")
    eng.move(old, "discard", cause="destroy")
    new = eng.obj("Grunt")
    assert new.oid != old.oid and new.zone == "discard" and old.oid not in eng.state.objects
    assert "tiny:new_object_on_zone_change" in eng.step.rules
    eng2 = make(pool, ["tiny:new_object_on_zone_change"], A_play=["Grunt"])
    old2 = eng2.obj("Grunt")
    eng2.move(old2, "discard")
    assert eng2.obj("Grunt").oid == old2.oid


def test_going_on_the_chain_makes_a_new_object_only_by_the_rule(pool):
    """A card played goes on the chain as a new object (new_object_on_zone_change); off, no zone change
    makes a new object -- the chain included -- so a card returned to hand and played again is still
    the object older effects name."""
    for ablate, same in (((), False), (["tiny:new_object_on_zone_change"], True)):
        eng = make(pool, ablate, A_hand=["Zap"])
        old = eng.obj("Zap")
        eng.move(old, "stack", cause="play")
        assert (eng.obj("Zap").oid == old.oid) == same


def test_target_rechecked_on_resolution(pool):
    for ablate, cancelled in (((), True), (("tiny:target_recheck",), False)):
        eng = make(pool, ablate, A_hand=["Zap"], B_play=["Grunt"])
        eng.play("A", "Zap", {"targets": ["Grunt"]})
        eng.run_steps([{"destroy": "Grunt"}], eng.bindings_for(None, "B"))
        eng.resolve_chain()
        assert bool([e for e in kinds(eng, "effect_cancelled") if e["reason"] == "illegal_target"]) == cancelled


def test_some_targets_illegal_rest_resolve(pool):
    eng = make(pool, A_hand=["Twin Zap"], B_play=["Grunt#1", "Grunt#2"])
    eng.play("A", "Twin Zap", {"targets": ["Grunt#1", "Grunt#2"]})
    eng.run_steps([{"destroy": "Grunt#1"}], eng.bindings_for(None, "B"))
    eng.resolve_chain()
    assert eng.obj("Grunt#2").damage == 1
    assert not kinds(eng, "effect_cancelled")


def test_distinct_targets(pool):
    eng = make(pool, A_hand=["Twin Zap"], B_play=["Grunt"])
    with pytest.raises(ReplayError, match="two targets"):
        eng.play("A", "Twin Zap", {"targets": ["Grunt", "Grunt"]})


def test_target_must_be_legal_when_played(pool):
    eng = make(pool, A_hand=["Zap", "Twin Zap"])
    with pytest.raises(ReplayError, match="not a legal target"):
        eng.play("A", "Zap", {"targets": ["Twin Zap"]})


def test_no_legal_target_refuses_the_play(pool):
    """With no legal target to choose, a targeted card cannot be played: refused by the targeting rule
    (not a scenario error); with one to choose but none scripted, the scenario must say which."""
    eng = make(pool, A_hand=["Zap"])
    with pytest.raises(ReplayError, match="no legal target") as err:
        eng.play("A", "Zap", {})
    assert err.value.rules == ["tiny:target_legal_on_play"]
    eng = make(pool, A_hand=["Zap"], B_play=["Grunt"])
    with pytest.raises(ReplayError, match="missing target"):
        eng.play("A", "Zap", {})
    eng = make(pool, ["tiny:target_legal_on_play"], A_hand=["Zap"])  # off: anything may be chosen
    with pytest.raises(ReplayError, match="missing target"):
        eng.play("A", "Zap", {})


def test_chain_is_lifo(pool):
    for ablate, first in (((), "Zap#2"), (("tiny:chain_lifo",), "Zap#1")):
        eng = make(pool, ablate, A_hand=["Zap#1"], B_hand=["Zap#2"], B_play=["Brute"])
        eng.play("A", "Zap#1", {"targets": ["Brute"]})
        eng.play("B", "Zap#2", {"targets": ["Brute"]})
        eng.pass_priority("all")
        assert kinds(eng, "resolving")[0]["source"] == first


def test_replacement_every_instance_and_once(pool):
    eng = make(pool, A_play=["Guardian", "Grunt#1", "Grunt#2"])
    eng.run_steps([{"destroy": {"all": "it.name == 'Grunt'"}}], eng.bindings_for(None, "B"))
    assert eng.obj("Grunt#1").zone == "hand" and eng.obj("Grunt#2").zone == "hand"
    assert len(kinds(eng, "replaced")) == 2
    eng = make(pool, ["tiny:replacement_every_instance"], A_play=["Guardian", "Grunt#1", "Grunt#2"])
    eng.run_steps([{"destroy": {"all": "it.name == 'Grunt'"}}], eng.bindings_for(None, "B"))
    assert sorted(eng.obj(x).zone for x in ("Grunt#1", "Grunt#2")) == ["discard", "hand"]


def test_competing_replacements_affected_player_chooses(pool):
    eng = make(pool, A_play=["Guardian#1", "Guardian#2", "Grunt"])
    eng.choices["A"] = ["Guardian#2"]
    eng.run_steps([{"destroy": "Grunt"}], eng.bindings_for(None, "B"))
    assert kinds(eng, "replaced")[0]["by"] == "Guardian#2"
    eng = make(pool, A_play=["Guardian#1", "Guardian#2", "Grunt"])
    with pytest.raises(ReplayError, match="missing choice"):
        eng.run_steps([{"destroy": "Grunt"}], eng.bindings_for(None, "B"))


def test_then_needs_previous_success(pool):
    steps = [{"remove_counter": "Grunt", "counter": "x"}, {"then": [{"counter": "Grunt", "kind": "y"}]}]
    eng = make(pool, A_play=["Grunt"])
    eng.run_steps(steps, eng.bindings_for(eng.obj("Grunt"), "A"))
    assert "y" not in eng.obj("Grunt").counters
    eng = make(pool, ["tiny:then_needs_success"], A_play=["Grunt"])
    eng.run_steps(steps, eng.bindings_for(eng.obj("Grunt"), "A"))
    assert eng.obj("Grunt").counters["y"] == 1


def test_may_needs_full_and_or_needs_full(pool):
    eng = make(pool, A_play=["Grunt"])
    b = eng.bindings_for(eng.obj("Grunt"), "A")
    assert eng.run_steps([{"may": [{"pay": 3}]}], b) is False  # can't pay: no choice asked
    assert kinds(eng, "may_not_possible")
    ok = eng.run_steps([{"or": [{"name": "pay", "do": [{"pay": 3}]},
                                {"name": "mark", "do": [{"counter": "Grunt", "kind": "m"}]}]}], b)
    assert ok and eng.obj("Grunt").counters["m"] == 1


def test_as_much_as_possible(pool):
    eng = make(pool, A_play=["Grunt"])
    eng.state.player_data["B"]["resources"] = 1
    eng.run_steps([{"spend": 3, "player": "B"}], eng.bindings_for(None, "A"))
    assert eng.state.player_data["B"]["resources"] == 0


def test_damage_net_effect(pool):
    for ablate, dealt in (((), 3), (("tiny:damage_net_effect",), 4)):
        eng = make(pool, ablate, A_play=["Doubler#1", "Doubler#2"], B_play=["Brute"])
        eng.deal_damage(None, {eng.obj("Brute").oid: 1})
        assert kinds(eng, "damage_assigned")[0]["amount"] == dealt


def test_damage_redirect_cancel_and_lethal(pool):
    eng = make(pool, B_play=["Brute", "Grunt"])
    b = eng.bindings_for(None, "B")
    eng.run_steps([{"create": {"kind": "shield", "mode": "redirect", "on": "Brute", "to": "Grunt", "amount": 1}},
                   {"create": {"kind": "shield", "mode": "cancel", "on": "Brute", "amount": 1}}], b)
    eng.deal_damage(None, {eng.obj("Brute").oid: 3})
    eng.settle()
    assert eng.obj("Brute").damage == 1
    assert eng.obj("Grunt").damage == 1 and eng.obj("Grunt").zone == "play"
    eng.deal_damage(None, {eng.obj("Grunt").oid: 1})
    eng.settle()
    assert eng.obj("Grunt").zone == "discard"


def test_continuous_modifier_and_leaving(pool):
    eng = make(pool, A_play=["Captain", "Grunt"])
    assert eng.obj_attr(eng.obj("Grunt"), "power") == 2
    eng.move(eng.obj("Captain"), "discard")
    assert eng.obj_attr(eng.obj("Grunt"), "power") == 1


def test_definite_modifier_duration_and_lock(pool):
    eng = make(pool, A_play=["Grunt"], A_hand=["Brute"])
    b = eng.bindings_for(None, "A")
    eng.run_steps([{"modify": {"applies_to": "it.controller == 'A'", "modify": {"power": 2}, "duration": "turn"}}], b)
    eng.enter_play(eng.obj("Brute"), "A")
    assert eng.obj_attr(eng.obj("Brute"), "power") == 5  # group modifier re-checks its cards
    eng.expire("turn")
    assert eng.obj_attr(eng.obj("Brute"), "power") == 3


def test_dependency_order(pool):
    eng = make(pool, A_play=["Grunt"])
    b = eng.bindings_for(None, "A")
    # earlier: units with power >= 2 get +5 hp; later: Grunt gets +1 power -> the first depends on it
    eng.run_steps([{"modify": {"applies_to": "it.power >= 2", "modify": {"hp": 5}}},
                   {"modify": {"target": "Grunt", "modify": {"power": 1}}}], b)
    assert eng.obj_attr(eng.obj("Grunt"), "hp") == 7
    eng2 = make(pool, ["tiny:dependency_order"], A_play=["Grunt"])
    eng2.run_steps([{"modify": {"applies_to": "it.power >= 2", "modify": {"hp": 5}}},
                    {"modify": {"target": "Grunt", "modify": {"power": 1}}}], eng2.bindings_for(None, "A"))
    assert eng2.obj_attr(eng2.obj("Grunt"), "hp") == 2


def test_trigger_if_condition_and_every_instance(pool):
    eng = make(pool, A_play=["Sentinel", "Brute#1", "Brute#2"])
    eng.run_steps([{"destroy": {"all": "it.name == 'Brute'"}}], eng.bindings_for(None, "B"))
    eng.settle()
    assert "seen" not in eng.obj("Sentinel").counters  # no Grunt: if-condition false
    # each event it met without its condition is logged: it did not trigger (not a blank card)
    unmet = [e for e in eng.events if e["event"] == "trigger_condition_unmet"]
    assert [e["source"] for e in unmet] == ["Sentinel", "Sentinel"]
    eng = make(pool, A_play=["Sentinel", "Grunt", "Brute#1", "Brute#2"])
    eng.run_steps([{"destroy": {"all": "it.name == 'Brute'"}}], eng.bindings_for(None, "B"))
    eng.settle()
    assert eng.obj("Sentinel").counters["seen"] == 2
    assert not [e for e in eng.events if e["event"] == "trigger_condition_unmet"]  # condition true
    # switched off, the condition is ignored: it triggers, and nothing is logged as unmet
    eng = make(pool, ablate={"tiny:trigger_if_condition"}, A_play=["Sentinel", "Brute#1", "Brute#2"])
    eng.run_steps([{"destroy": {"all": "it.name == 'Brute'"}}], eng.bindings_for(None, "B"))
    eng.settle()
    assert eng.obj("Sentinel").counters["seen"] == 2
    assert not [e for e in eng.events if e["event"] == "trigger_condition_unmet"]


def test_scripted_dice(pool):
    eng = make(pool)
    eng.state.dice = [6]
    assert eng.roll() == 6
    with pytest.raises(ReplayError, match="dice"):
        eng.roll()


def test_registry_requires_description_for_game_mechanics():
    reg = Registry("tiny")
    with pytest.raises(KeyError):
        reg.bind("made_up", "tiny:1")
    reg.bind("made_up", "tiny:1", does="x", off="y")
    assert reg.mechanics_for("tiny:1")[0].off == "y"


def test_binding_a_mechanic_again_adds_rule_ids():
    from judge.engine.rules import Registry

    reg = Registry("tiny")
    reg.bind("chain_lifo", "tiny:rule:1")
    reg.bind("chain_lifo", "tiny:rule:2", "tiny:rule:1")
    assert reg.mechanics["chain_lifo"].ids == ("tiny:rule:1", "tiny:rule:2")
    assert reg.mechanics_for("tiny:rule:2")[0].key == "chain_lifo"
    reg.bind("game_rule", "tiny:rule:3", does="it does", off="it does not")
    reg.bind("game_rule", "tiny:rule:4")  # a game mechanic bound again needs no new description
    assert reg.mechanics["game_rule"].ids == ("tiny:rule:3", "tiny:rule:4")
    assert reg.mechanics["game_rule"].off == "it does not"


def test_costs_checked_together_before_any_is_paid(pool):
    """Two costs each affordable alone but not together: the use is refused and nothing is spent."""
    eng = make(pool, A_play=["Toll Gate"])
    eng.state.player_data["A"]["resources"] = 2
    with pytest.raises(ReplayError, match="cannot pay"):
        eng.use("A", "Toll Gate", {})
    assert eng.state.player_data["A"]["resources"] == 2
    eng.state.player_data["A"]["resources"] = 3
    eng.use("A", "Toll Gate", {})
    assert eng.state.player_data["A"]["resources"] == 0


def test_valued_keyword_granted_twice_is_there_twice(pool):
    """Two modifiers granting "savage 1" give two instances (games sum them); a plain keyword once."""
    eng = make(pool, A_play=["Grunt", "War Drum#1", "War Drum#2"])
    kws = eng.obj_attr(eng.obj("Grunt"), "keywords")
    assert kws.count("savage 1") == 2 and kws.count("unblockable") == 1


class Warded(Tiny):
    """Tiny, where a Brute is left out of exhausting and destroying steps (hook may_affect)."""

    def may_affect(self, engine, verb, obj) -> bool:
        return not (obj.card.name == "Brute" and verb in ("exhaust", "destroy"))


def test_may_affect_leaves_objects_out_of_core_steps(pool):
    eng = Engine(Warded(), pool, ())
    for label in ("Grunt", "Brute"):
        eng.create(pool.get(label), label, owner="A", side="A", zone="play")
    eng.begin_step(1, "test")
    b = {"you": "A", "opponent": "B"}
    assert eng.run_step({"exhaust": {"all": "it.type == 'unit'"}}, b)
    assert eng.obj("Grunt").exhausted and not eng.obj("Brute").exhausted
    assert not eng.run_step({"destroy": "Brute"}, b)  # nothing it may affect: the step did nothing
    assert eng.obj("Brute").zone == "play"
    assert eng.run_step({"counter": "Brute", "kind": "seen"}, b)  # not named by the hook: affected
    assert eng.obj("Brute").counters == {"seen": 1}


def test_unless_and_spend_all(pool):
    """'Do X unless P spends all his resources': P is asked only when he can; if he does, X does not happen."""
    steps = [{"unless": [{"spend": "all", "player": "B"}], "player": "B", "do": [{"counter": "Grunt", "kind": "x"}]}]
    eng = make(pool, A_play=["Grunt"])
    eng.state.player_data["B"]["resources"] = 2
    eng.choices["B"] = ["yes"]
    assert eng.run_steps(steps, eng.bindings_for(eng.obj("Grunt"), "A")) is False
    assert eng.state.player_data["B"]["resources"] == 0 and "x" not in eng.obj("Grunt").counters
    assert [e["amount"] for e in kinds(eng, "spent_all")] == [2]
    eng = make(pool, A_play=["Grunt"])
    eng.state.player_data["B"]["resources"] = 1
    eng.choices["B"] = ["no"]
    assert eng.run_steps(steps, eng.bindings_for(eng.obj("Grunt"), "A")) is True
    assert eng.obj("Grunt").counters["x"] == 1 and eng.state.player_data["B"]["resources"] == 1


def test_trigger_cost_paid_or_cancelled(pool):
    """A triggered ability's cost is paid as it resolves; unpaid, its effect is cancelled (off: it applies)."""
    cases = ((1, (), 1, []), (0, (), None, ["cost_unpaid"]), (0, ["tiny:trigger_cost_or_cancel"], 1, []))
    for resources, ablate, tithe, cancelled in cases:
        eng = make(pool, ablate, A_play=["Tithe Collector", "Grunt"])
        eng.state.player_data["A"]["resources"] = resources
        eng.run_steps([{"destroy": "Grunt"}], eng.bindings_for(None, "B"))
        eng.settle()
        assert eng.obj("Tithe Collector").counters.get("tithe") == tithe
        assert eng.state.player_data["A"]["resources"] == 0
        assert [e["reason"] for e in kinds(eng, "effect_cancelled")] == cancelled


def test_sentences_break_between_sentences(pool):
    """{sentences: [...]}: the sentences apply in turn; the game's sentence_break hook runs between them."""
    seen = []

    class Tiny2(Tiny):
        def sentence_break(self, engine, bindings, done):
            seen.append((done, dict(engine.obj("Grunt").counters)))

    eng = Engine(Tiny2(), pool, ())
    eng.create(pool.get("Grunt"), "Grunt", owner="A", side="A", zone="play")
    eng.begin_step(1, "test")
    steps = [{"sentences": [[{"counter": "Grunt", "kind": "a"}], [{"counter": "Grunt", "kind": "b"}]]}]
    assert eng.run_steps(steps, eng.bindings_for(None, "A"))
    assert seen == [(1, {"a": 1})] and eng.obj("Grunt").counters == {"a": 1, "b": 1}


def test_and_parts_resolve_independently(pool):
    """{and: [...]}: a part that fails does not stop the next one (parts_independent); off: it does."""
    steps = [{"and": [[{"remove_counter": "Grunt", "counter": "x"}], [{"counter": "Grunt", "kind": "y"}]]}]
    for ablate, y in (((), 1), (["tiny:parts_independent"], None)):
        eng = make(pool, ablate, A_play=["Grunt"])
        eng.run_steps(steps, eng.bindings_for(eng.obj("Grunt"), "A"))
        assert eng.obj("Grunt").counters.get("y") == y
        assert len(kinds(eng, "effect_part_no_effect" if not ablate else "effect_stopped")) == 1


def test_cannot_reduce_keeps_the_printed_value(pool):
    """A card whose hit points cannot be reduced keeps its printed hp under a -1 modifier (raising works)."""
    eng = make(pool, A_play=["Stalwart", "Grunt"])
    b = eng.bindings_for(None, "A")
    for label in ("Stalwart", "Grunt"):
        eng.run_steps([{"modify": {"target": label, "modify": {"hp": -1, "power": 2}}}], b)
    assert eng.obj_attr(eng.obj("Stalwart"), "hp") == 3 and eng.obj_attr(eng.obj("Stalwart"), "power") == 3
    assert eng.obj_attr(eng.obj("Grunt"), "hp") == 1


def test_tentative_choice_outside_the_options_is_logged_and_the_next_taken(pool):
    """{try: X} in a plain decision: X not among the options the rules offer is a logged choice_rejected
    and the player's next scripted choice is taken (as decide_checked does for a refused value)."""
    eng = make(pool, A_play=["Grunt"], B_play=["Zap"], A_hand=["Stalwart"])
    eng.choices["A"].extend([{"try": "Stalwart"}, "Grunt"])
    assert eng.decide("A", "pick", ["Grunt", "Zap"], "a card") == "Grunt"
    assert [(e["choice"], "Stalwart" in e["reason"] or e["reason"]) for e in kinds(eng, "choice_rejected")] == \
        [("Stalwart", True)]
    eng.choices["A"].append({"try": "Zap"})  # a tentative choice the options allow is simply taken
    assert eng.decide("A", "pick", ["Grunt", "Zap"], "a card") == "Zap"


def test_tentative_option_misspelled_is_a_script_error(pool):
    """An option is one of a closed list: {try: 'batle'} names nothing (an error); an option phrase the
    rules leave out, or a zone, is a choice they refuse."""
    eng = make(pool, A_play=["Grunt"])
    eng.choices["A"].extend([{"try": "batle"}])
    with pytest.raises(ReplayError, match="misspelling"):
        eng.decide("A", "option", ["draw", "pass"], "an option")
    eng.choices["A"][:] = [{"try": "discard"}, "draw"]
    assert eng.decide("A", "option", ["draw", "pass"], "an option") == "draw"
    assert [e["choice"] for e in kinds(eng, "choice_rejected")] == ["discard"]


def test_a_tentative_pick_where_the_rules_leave_one_option_is_refused_not_left_unused(pool):
    """A decision the rules leave one option for is not asked, but a scripted {try: X} naming another card
    is the player's attempt at what they leave out: refused (choice_rejected) and the only option taken,
    instead of staying queued and failing the script as a choice never used. A try naming the only option,
    or a script word, is left for what it was written for."""
    eng = make(pool, A_play=["Grunt"], B_play=["Zap"])
    eng.choices["A"].extend([{"try": "Zap"}])
    assert eng.decide("A", "pick", ["Grunt"], "a card", refusing_text="Some Card") == "Grunt"
    [rejected] = kinds(eng, "choice_rejected")
    assert rejected["choice"] == "Zap" and rejected["refused_by_text"] == "Some Card"
    assert not eng.choices["A"]
    eng.choices["A"].extend([{"try": "yes"}])  # a script word: meant for a later yes/no decision
    assert eng.decide("A", "pick", ["Grunt"], "a card", refusing_text="Some Card") == "Grunt"
    assert len(eng.choices["A"]) == 1
    eng.choices["A"][:] = [{"try": "Zap"}]  # nothing names what narrowed this one: the try waits
    assert eng.decide("A", "pick", ["Grunt"], "a card") == "Grunt"
    assert len(eng.choices["A"]) == 1


def test_tentative_pick_of_a_name_nothing_bears_is_a_script_error(pool):
    """{try: X} where X names no card, label, player or zone (a misspelling) is an error, not a rejection an
    expectation could rely on; a phrase naming a card ('reroll Stalwart') is still a choice the rules judge."""
    for decide in ("decide", "decide_checked"):
        eng = make(pool, A_play=["Grunt"], B_play=["Zap"], A_hand=["Stalwart"])
        eng.choices["A"].extend([{"try": "Grnut"}, "Grunt"])
        args = ("A", "pick", ["Grunt", "Zap"], "a card") + ((lambda v: None),) * (decide == "decide_checked")
        with pytest.raises(ReplayError, match="names no card.*misspelling"):
            getattr(eng, decide)(*args)
        assert not kinds(eng, "choice_rejected")
        eng.choices["A"][:] = [{"try": "reroll Stalwart"}, "Grunt"]
        assert getattr(eng, decide)(*args) == "Grunt"
        assert [e["choice"] for e in kinds(eng, "choice_rejected")] == ["reroll Stalwart"]
        for typo in ("Grnut A", "Grnut in hand"):  # a player or zone word alone makes no phrase
            eng.lenient = False
            eng.choices["A"][:] = [{"try": typo}, "Grunt"]
            with pytest.raises(ReplayError, match="misspelling"):
                getattr(eng, decide)(*args)
        eng.choices["A"][:] = [{"try": "none"}, "Grunt"]  # a script word: a choice the rules judge
        assert getattr(eng, decide)(*args) == "Grunt"
        # lenient (ablation report): a switched-off rule may bring a choice scripted for another decision
        # (a {try: yes}) to this one -- logged as rejected, not an error
        eng.lenient = True
        eng.choices["A"][:] = [{"try": "yes"}, "Grunt"]
        assert getattr(eng, decide)(*args) == "Grunt"


def test_a_draw_can_be_done_in_full_only_with_enough_cards_in_the_deck(pool):
    eng = make(pool, A_deck=["Grunt#1", "Grunt#2"])
    b = eng.bindings_for(None, "A")
    assert eng.can_do({"draw": 2}, b)
    assert not eng.can_do({"draw": 3}, b)
    assert not eng.can_do({"draw": 1, "player": "'B'"}, b)  # B's deck is empty


def test_an_ability_given_by_a_modifier_without_a_name_is_named_by_its_place():
    from judge.engine.cards import Ability
    assert Ability(("granted", "k", 1), "continuous", {}).name == "given ability 2"
    assert Ability(0, "action", {}).name == "ability 1"
    assert Ability(("granted", "k", 0), "action", {"name": "Rally"}).name == "Rally"


def _pool_with(tmp_path, more_cards: str):
    """The tiny game's cards plus ``more_cards`` (YAML list entries, two-space indented)."""
    p = tmp_path / "cards.yaml"
    p.write_text(textwrap.dedent(CARDS) + more_cards)
    return load_cards(p, "tiny")

@pytest.mark.parametrize("on", [
    '{event: leaves_play, filter: "event.obj != this"}',
    # a trigger on zone_change looks just before its event: event.leaves_play is already what the event
    # will be (not a missing field read as false)
    '{event: zone_change, filter: "event.leaves_play and event.obj != this"}',
])
def test_a_trigger_on_leaving_play_sees_a_card_leave_play_and_not_a_draw(tmp_path, on):
    mourner_card = (
        "  - name: Mourner\n    type: unit\n    stats: {power: 0, hp: 5}\n    abilities:\n"
        f"      - kind: trigger\n        on: {on}\n"
        "        steps: [{counter: this, kind: grief, amount: 1}]\n")
    pool = _pool_with(tmp_path, mourner_card)
    eng = make(pool, A_play=["Grunt", "Mourner"], A_deck=["Brute"])
    eng.run_steps([{"destroy": "Grunt"}], eng.bindings_for(None, "B"))
    mourner = eng.obj("Mourner").oid
    assert [p.source for p in eng.pending] == [mourner]
    eng.pending.clear()
    eng.run_steps([{"draw": 1}], eng.bindings_for(None, "A"))  # deck to hand: no play zone left
    assert eng.pending == []


def test_returning_several_cards_moves_each_even_after_a_replaced_one(tmp_path):
    anchor = ("  - name: Anchor\n    type: unit\n    stats: {power: 0, hp: 5}\n    abilities:\n"
              "      - kind: replacement\n"
              "        replaces: {event: zone_change, filter: \"event.obj == this and event.cause == 'return'\"}\n"
              "        instead: [{exhaust: this}]\n")
    pool = _pool_with(tmp_path, anchor)
    eng = make(pool, A_play=["Anchor", "Grunt"])
    eng.run_steps([{"return_to_hand": {"all": "it.type == 'unit'"}}], eng.bindings_for(None, "B"))
    assert eng.obj("Anchor").zone == "play" and eng.obj("Grunt").zone == "hand"


def test_a_card_enters_with_its_own_enters_modifiers_not_those_it_gives_other_cards(tmp_path):
    cards = ("  - name: Sluggard\n    type: unit\n    stats: {power: 1, hp: 2}\n    abilities:\n"
             "      - {kind: continuous, enters: {exhausted: true}}\n"
             "  - name: Quagmire\n    type: unit\n    stats: {power: 0, hp: 3}\n    abilities:\n"
             "      - {kind: continuous, applies_to: \"it.controller != this.controller\", enters: {exhausted: true}}\n")
    pool = _pool_with(tmp_path, cards)
    eng = make(pool, A_hand=["Sluggard", "Quagmire"])
    assert eng.enter_play(eng.obj("Sluggard"), "A", "play").exhausted  # 'I come into play exhausted'
    assert not eng.enter_play(eng.obj("Quagmire"), "A", "play").exhausted  # 'Enemy heroes ...': not itself


def test_a_trigger_on_entering_play_sees_the_card_as_its_enters_modifiers_made_it(tmp_path):
    cards = ("  - name: Sluggard\n    type: unit\n    stats: {power: 1, hp: 2}\n    abilities:\n"
             "      - {kind: continuous, enters: {exhausted: true, counters: {seen: 2}}}\n"
             "  - name: Watcher\n    type: unit\n    stats: {power: 0, hp: 3}\n    abilities:\n"
             "      - kind: trigger\n"
             "        on: {event: enters_play, filter: \"event.new.exhausted\"}\n"
             "        steps: [{counter: this, kind: noted, amount: 1}]\n")
    pool = _pool_with(tmp_path, cards)
    eng = make(pool, A_play=["Watcher"], A_hand=["Sluggard"])
    eng.enter_play(eng.obj("Sluggard"), "A", "play")
    assert [p.source for p in eng.pending] == [eng.obj("Watcher").oid]


def test_an_always_on_ability_that_functions_in_the_discard_pile_functions_only_there(tmp_path):
    ghost = ("  - name: Ghost\n    type: unit\n    stats: {power: 0, hp: 1}\n    abilities:\n"
             "      - {kind: continuous, functions_in: [discard], applies_to: \"it.name == 'Grunt'\", modify: {power: 2}}\n")
    pool = _pool_with(tmp_path, ghost)
    eng = make(pool, A_play=["Grunt", "Ghost"])
    assert eng.obj_attr(eng.obj("Grunt"), "power") == 1  # 'While I'm in your discard pile': not in play
    eng.move(eng.obj("Ghost"), "discard", cause="destroy")
    assert eng.obj_attr(eng.obj("Grunt"), "power") == 3


def test_a_created_trigger_stays_its_creators_when_its_card_changes_controller(pool):
    # 'whenever a unit is destroyed, ...' created by A's Grunt: filtered by 'you' = its creator (A)
    watch = {"create": {"kind": "trigger", "on": {"event": "zone_change",
                                                  "filter": "event.cause == 'destroy' and event.obj.controller == you"},
                        "steps": [{"counter": "this", "kind": "seen", "amount": 1}]}}
    for ablate, fires_for in (((), "A"), (["tiny:modifier_controller_at_creation"], "B")):
        eng = make(pool, ablate, A_play=["Grunt#1", "Grunt#2"], B_play=["Brute"])
        eng.run_steps([watch], eng.bindings_for(eng.obj("Grunt#1"), "A"))
        eng.place(eng.obj("Grunt#1"), side="B", controller="B")  # B takes the card that created it
        victim = "Grunt#2" if fires_for == "A" else "Brute"
        eng.run_steps([{"destroy": victim}], eng.bindings_for(None, "B"))
        assert len(eng.pending) == 1, (ablate, victim)


def test_a_list_of_labels_in_a_step_names_each_card_or_fails(pool):
    """{move: [A, B]} moves both; a misspelt label in the list is an error, as a single one is, not
    skipped (the step would move one card without a word)."""
    from judge.engine.expr import ExprError
    eng = make(pool, A_hand=["Grunt", "Brute"])
    eng.run_steps([{"move": ["Grunt", "Brute"], "to": "play"}], eng.bindings_for(None, "A"))
    assert eng.obj("Grunt").zone == "play" and eng.obj("Brute").zone == "play"
    with pytest.raises(ExprError):
        eng.run_steps([{"move": ["Grunt", "Brtue"], "to": "hand"}], eng.bindings_for(None, "A"))


def test_an_assignment_key_naming_nothing_is_a_misspelling_not_a_refusal(pool):
    """{try: {Grnt: 1}} names no card: an error (a typo must not pass for a rule refusing it); a key
    naming a card the rules leave out is a choice they refuse (choice_rejected)."""
    eng = make(pool, A_play=["Grunt"], B_play=["Zap"])
    check = lambda v: None if set(v) <= {"Grunt"} else "only Grunt may take it"  # noqa: E731
    eng.choices["A"].extend([{"try": {"Grnt": 1}}])
    with pytest.raises(ReplayError, match="names no card or option.*misspelling"):
        eng.decide_checked("A", "assign", ["Grunt"], "where the damage goes", check)
    eng.choices["A"][:] = [{"try": {"Zap": 1}}, {"Grunt": 1}]
    assert eng.decide_checked("A", "assign", ["Grunt"], "where the damage goes", check) == {"Grunt": 1}
    assert [e["choice"] for e in kinds(eng, "choice_rejected")] == ["{'Zap': 1}"]
