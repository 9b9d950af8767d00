"""Hatalom Kártyái mechanics (rulebook chapter 8), each on and switched off, without fixtures."""
from __future__ import annotations

from functools import partial

import pytest

from judge.engine.engine import Engine
from judge.engine.game import get_game
from judge.engine.rules import rule_id
from judge.engine.state import ReplayError
from judge.scenarios.loader import card_pool, default_corpus

G = "hatalom-kartyai"
rid = partial(rule_id, G)


def make(ablate=(), active="A", phase="main", **players):
    """players: A={"hand": [...], "reserve": [...], "vp": 5}; cards labelled by name (or name#k)."""
    game = get_game(G)
    pool = card_pool(G, str(default_corpus()))
    eng = Engine(game, pool, set(ablate))
    eng.state.vars.update(active=active, phase=phase, turn=1)
    for p in game.players:
        spec = players.get(p, {})
        eng.state.player_data[p] = {f: spec.get(f, 0) for f in game.player_fields}
        for zone in game.zones:
            for entry in spec.get(zone, []):
                name, label = (entry if isinstance(entry, tuple) else (entry, entry))
                eng.create(pool.get(name), label, owner=p, side=p, zone=zone)
    for p in game.players:
        eng.choices[p] = []
    return eng


def play(eng, player, label, targets=()):
    eng.begin_step(len(eng.trace), f"{player} plays {label}")
    eng.play(player, label, {"targets": list(targets)})
    eng.pass_priority("all")
    eng.settle()


def act(eng, player, verb, value, choices=()):
    eng.choices[player].extend(choices)
    eng.begin_step(len(eng.trace), verb)
    eng.game.actions[verb](eng, player, {verb: value})
    eng.settle()


def test_registry_binds_chapter_8_ids():
    ids = get_game(G).registry.ids()
    for n in ("8.1.2", "8.1.3", "8.2.1", "8.4.3", "8.5.1", "8.5.1.1", "8.9.4", "8.9.5", "8.11.3"):
        assert rid(n) in ids


@pytest.mark.parametrize("ablate,passive", [((), True), ((rid("8.1.2"),), False)])
def test_creature_enters_reserve_passive(ablate, passive):
    eng = make(ablate, A={"hand": ["Próba szörny 2/3"], "vp": 2})
    play(eng, "A", "Próba szörny 2/3")
    obj = eng.obj("Próba szörny 2/3")
    assert obj.where == "A.reserve" and obj.exhausted is passive
    assert eng.player_attr("A", "vp") == 0


@pytest.mark.parametrize("ablate,zone", [((), "A.reserve"), ((rid("8.1.2.1"),), "A.table")])
def test_creature_put_into_play_by_source(ablate, zone):
    eng = make(ablate, A={"hand": ["Próba idézés", "Próba galetki 1/2"], "vp": 1})
    play(eng, "A", "Próba idézés")
    assert eng.obj("Próba galetki 1/2").where == zone


def test_creature_not_in_opponents_main_phase_unless_ablated():
    eng = make(B={"hand": ["Próba szörny 2/3"], "vp": 2})
    with pytest.raises(ReplayError):
        eng.play("B", "Próba szörny 2/3", {})
    # 8.5.1's 'Valamennyi egyéb laptípus' keeps creatures to the own main phase too: 8.1.1 off alone is not enough
    eng = make([rid("8.1.1")], B={"hand": ["Próba szörny 2/3"], "vp": 2})
    with pytest.raises(ReplayError):
        eng.play("B", "Próba szörny 2/3", {})
    eng = make([rid("8.1.1"), rid("8.5.1")], B={"hand": ["Próba szörny 2/3"], "vp": 2})
    eng.play("B", "Próba szörny 2/3", {})


@pytest.mark.parametrize("ablate,ok", [((), True), ((rid("8.1.3"),), False)])
def test_torzszulott_counts_as_szorny(ablate, ok):
    eng = make(ablate, B={"reserve": ["Próba torzszülött 2/2"]})
    assert eng.eval("is_a(it, 'szörny')", {"it": eng.obj("Próba torzszülött 2/2")}) is ok


@pytest.mark.parametrize("ablate,hit", [((), 0), ((rid("8.1.3.1"),), 1)])
def test_choosing_szorny_type_excludes_torzszulott(ablate, hit):
    eng = make(ablate, A={"hand": ["Próba fajválasztó átok"], "vp": 1},
               B={"reserve": ["Próba szörny 2/3", "Próba torzszülött 2/2"]})
    eng.choices["A"].append("szörny")
    play(eng, "A", "Próba fajválasztó átok")
    assert eng.obj("Próba szörny 2/3").damage == 1
    assert eng.obj("Próba torzszülött 2/2").damage == hit


@pytest.mark.parametrize("ablate,stats", [((), (2, 3)), ((rid("8.2.2"),), None)])
def test_growth_by_sacrificing_torzszulott(ablate, stats):
    eng = make(ablate, active="B", phase="combat", A={"reserve": ["Próba galetki 1/2", "Próba torzszülött 2/2"]})
    if stats is None:
        with pytest.raises(ReplayError):
            act(eng, "A", "grow", "Próba torzszülött 2/2", [{"Próba galetki 1/2": 2}])
        return
    act(eng, "A", "grow", "Próba torzszülött 2/2", [{"Próba galetki 1/2": 2}])
    g = eng.obj("Próba galetki 1/2")
    assert g.counters["erősödés"] == 2
    assert (eng.obj_attr(g, "dmg"), eng.obj_attr(g, "hp")) == (3, 4)
    assert eng.obj("Próba torzszülött 2/2").where == "A.discard"


def test_growth_tokens_do_nothing_when_ablated():
    eng = make([rid("8.2.1")], A={"reserve": ["Próba galetki 1/2"]})
    g = eng.obj("Próba galetki 1/2")
    g.counters["erősödés"] = 3
    eng.touch()
    assert eng.obj_attr(g, "hp") == 2


def test_extract_component_or_growth_token():
    eng = make(A={"reserve": ["Próba galetki 1/2"]}, B={"discard": ["Próba torzszülött 2/2"]})
    act(eng, "A", "extract", "Próba torzszülött 2/2", ["Próba galetki 1/2", "komponens"])
    assert eng.obj("Próba galetki 1/2").counters["erősödés"] == 1
    assert eng.player_attr("A", "komponens") == 1


@pytest.mark.parametrize("ablate,level", [((), 1), ((rid("8.3.1"),), 0)])
def test_level_up(ablate, level):
    eng = make(ablate, A={"reserve": ["Próba kalandozó 2/2"], "hand": ["Próba szintlépés"], "vp": 1})
    play(eng, "A", "Próba szintlépés", ["Próba kalandozó 2/2"])
    k = eng.obj("Próba kalandozó 2/2")
    assert eng.obj_attr(k, "szint") == level
    assert eng.obj_attr(k, "hp") == 2 + level


def test_level_up_only_on_adventurer():
    eng = make(A={"reserve": ["Próba szörny 2/3"], "hand": ["Próba szintlépés"], "vp": 1})
    with pytest.raises(ReplayError):
        eng.play("A", "Próba szintlépés", {"targets": ["Próba szörny 2/3"]})
    eng = make([rid("8.4.1")], A={"reserve": ["Próba szörny 2/3"], "hand": ["Próba szintlépés"], "vp": 1})
    eng.play("A", "Próba szintlépés", {"targets": ["Próba szörny 2/3"]})


@pytest.mark.parametrize("ablate,damage", [((), 0), ((rid("8.4.3"),), None)])
def test_body_part_sacrifice(ablate, damage):
    eng = make(ablate, phase="combat", A={"reserve": ["Próba galetki 1/2", "Próba szörny 2/3"],
                                          "table": ["Próba testrész"]},
               B={"hand": ["Próba tűzeső"], "vp": 1})
    eng.obj("Próba testrész").attached_to = eng.obj("Próba galetki 1/2").oid
    eng.play("B", "Próba tűzeső", {})
    eng.game.actions["sacrifice_part"](eng, "A", {"sacrifice_part": "Próba testrész"})
    eng.pass_priority("all")
    eng.settle()
    assert eng.obj("Próba szörny 2/3").damage == 2
    g = eng.obj("Próba galetki 1/2")
    if damage is None:
        assert g.where == "A.discard"
    else:
        assert g.where == "A.reserve" and g.damage == damage


@pytest.mark.parametrize("phase,ok", [("combat", True), ("healing", True), ("main", True),
                                      ("preparation", False), ("draw", False)])
def test_instant_timing(phase, ok):
    eng = make(phase=phase, A={"reserve": ["Próba szörny 2/3"]}, B={"hand": ["Próba villám"], "vp": 1})
    if ok:
        eng.play("B", "Próba villám", {"targets": ["Próba szörny 2/3"]})
    else:
        with pytest.raises(ReplayError):
            eng.play("B", "Próba villám", {"targets": ["Próba szörny 2/3"]})


def test_instant_in_opponents_combat_needs_8_5_1():
    eng = make([rid("8.5.1")], phase="combat", A={"reserve": ["Próba szörny 2/3"]},
               B={"hand": ["Próba villám"], "vp": 1})
    with pytest.raises(ReplayError):
        eng.play("B", "Próba villám", {"targets": ["Próba szörny 2/3"]})


@pytest.mark.parametrize("ablate,phase,ok", [((), "main", True), ((), "combat", False),
                                             ((rid("8.5.1.1"),), "combat", True)])
def test_opponent_turn_card_means_main_phase(ablate, phase, ok):
    eng = make(ablate, phase=phase, B={"hand": ["Lesből támadó szörny 2/2"], "vp": 2})
    if ok:
        eng.play("B", "Lesből támadó szörny 2/2", {})
    else:
        with pytest.raises(ReplayError):
            eng.play("B", "Lesből támadó szörny 2/2", {})


@pytest.mark.parametrize("ablate,zone", [((), "A.discard"), ((rid("8.5.3"),), "A.table")])
def test_spell_goes_to_discard(ablate, zone):
    eng = make(ablate, A={"hand": ["Próba általános varázslat"], "vp": 1})
    play(eng, "A", "Próba általános varázslat")
    assert eng.obj("Próba általános varázslat").where == zone
    assert eng.player_attr("A", "vp") == 1


@pytest.mark.parametrize("ablate,zone", [((), "A.table"), ((rid("8.5.4"),), "A.discard")])
def test_enchantment_stays(ablate, zone):
    eng = make(ablate, A={"hand": ["Próba bűbáj szörnyre"], "vp": 1}, B={"reserve": ["Próba szörny 2/3"]})
    play(eng, "A", "Próba bűbáj szörnyre", ["Próba szörny 2/3"])
    ench = eng.obj("Próba bűbáj szörnyre")
    assert ench.where == zone
    if zone == "A.table":
        assert ench.attached_to == eng.obj("Próba szörny 2/3").oid and ench.controller == "A"
        assert eng.obj_attr(eng.obj("Próba szörny 2/3"), "dmg") == 3


def test_enchant_needs_fitting_target():
    eng = make(A={"hand": ["Próba bűbáj szörnyre"], "reserve": ["Próba kalandozó 2/2"], "vp": 1})
    with pytest.raises(ReplayError):
        eng.play("A", "Próba bűbáj szörnyre", {"targets": ["Próba kalandozó 2/2"]})
    eng = make([rid("8.5.5")], A={"hand": ["Próba bűbáj szörnyre"], "reserve": ["Próba kalandozó 2/2"], "vp": 1})
    eng.play("A", "Próba bűbáj szörnyre", {"targets": ["Próba kalandozó 2/2"]})


def test_attached_card_without_any_fitting_card_cannot_be_played():
    """8.5.5: with no fitting target in play an 'enchant X' card can't be played (refused, naming the
    rule, not a missing-target error); the same for a level-up with no adventurer (8.4.1)."""
    eng = make(A={"hand": ["Próba bűbáj szörnyre"], "reserve": ["Próba kalandozó 2/2"], "vp": 1},
               B={"reserve": ["Próba galetki 1/2"]})
    with pytest.raises(ReplayError) as err:
        eng.play("A", "Próba bűbáj szörnyre", {})
    assert err.value.kind == "illegal_action" and rid("8.5.5") in err.value.rules
    eng = make(A={"hand": ["Próba szintlépés"], "reserve": ["Próba szörny 2/3"], "vp": 1})
    with pytest.raises(ReplayError) as err:
        eng.play("A", "Próba szintlépés", {})
    assert err.value.kind == "illegal_action" and rid("8.4.1") in err.value.rules


def test_attached_card_with_a_fitting_card_anywhere_is_not_refused():
    """Must not apply: a fitting card in play (the opponent's torzszülött, a monster by 8.1.3; the
    opponent's # creature for a KF item) lets the card be played; with 8.5.5 off any card fits."""
    eng = make(A={"hand": ["Próba bűbáj szörnyre"], "vp": 1}, B={"reserve": ["Próba torzszülött 2/2"]})
    play(eng, "A", "Próba bűbáj szörnyre", ["Próba torzszülött 2/2"])
    assert eng.obj("Próba bűbáj szörnyre").where == "A.table"
    eng = make(A={"hand": ["Próba KF kard"], "reserve": ["Próba szörny 2/3"], "vp": 1},
               B={"reserve": ["Próba KF szörny 3/4"]})
    assert eng.hooks.can_play(eng, "A", eng.obj("Próba KF kard"), {}) is None
    eng = make([rid("8.5.5")], A={"hand": ["Próba bűbáj szörnyre"], "reserve": ["Próba kalandozó 2/2"], "vp": 1})
    assert eng.hooks.can_play(eng, "A", eng.obj("Próba bűbáj szörnyre"), {}) is None


@pytest.mark.parametrize("ablate,old_zone", [((), "B.discard"), ((rid("8.9.4"),), "B.table")])
def test_one_location(ablate, old_zone):
    eng = make(ablate, A={"hand": ["Próba másik helyszín"], "vp": 1}, B={"table": ["Próba helyszín"]})
    play(eng, "A", "Próba másik helyszín")
    assert eng.obj("Próba helyszín").where == old_zone
    assert eng.obj("Próba másik helyszín").where == "A.table"


@pytest.mark.parametrize("ablate,zone", [((), "A.table"), ((rid("8.9.5"),), "A.discard")])
def test_location_cannot_be_sacrificed(ablate, zone):
    eng = make(ablate, active="B", A={"table": ["Próba helyszín", "Próba építmény"]},
               B={"hand": ["Próba földindulás"], "vp": 1})
    play(eng, "B", "Próba földindulás")
    assert eng.obj("Próba helyszín").where == zone
    assert eng.obj("Próba építmény").where == "A.discard"


def test_location_component_paid_with_hp_only_for_locations():
    eng = make(A={"hand": ["Próba komponensköltségű helyszín", "Próba komponensköltségű építmény"],
                  "vp": 2, "ep": 10})
    with pytest.raises(ReplayError):
        eng.play("A", "Próba komponensköltségű építmény", {})
    play(eng, "A", "Próba komponensköltségű helyszín")
    assert eng.player_attr("A", "ep") == 8
    eng = make([rid("8.9.2")], A={"hand": ["Próba komponensköltségű helyszín"], "vp": 2, "ep": 10})
    with pytest.raises(ReplayError):
        eng.play("A", "Próba komponensköltségű helyszín", {})


def test_location_play_cannot_be_responded_to():
    for ablate, ok in (((), False), ((rid("8.9.1"),), True)):
        eng = make(ablate, A={"hand": ["Próba helyszín"], "reserve": ["Próba szörny 2/3"], "vp": 1},
                   B={"hand": ["Próba villám"], "vp": 1})
        eng.play("A", "Próba helyszín", {})
        if ok:
            eng.play("B", "Próba villám", {"targets": ["Próba szörny 2/3"]})
        else:
            with pytest.raises(ReplayError):
                eng.play("B", "Próba villám", {"targets": ["Próba szörny 2/3"]})


@pytest.mark.parametrize("ablate,ok", [((), False), ((rid("8.7.1"),), True)])
def test_kf_item_needs_kf_carrier(ablate, ok):
    eng = make(ablate, A={"hand": ["Próba KF kard"], "reserve": ["Próba kalandozó 1/1"], "vp": 1})
    if ok:
        eng.play("A", "Próba KF kard", {"targets": ["Próba kalandozó 1/1"]})
    else:
        with pytest.raises(ReplayError):
            eng.play("A", "Próba KF kard", {"targets": ["Próba kalandozó 1/1"]})


@pytest.mark.parametrize("ablate,taken", [((), True), ((rid("8.7.2"),), False)])
def test_kf_item_capture(ablate, taken):
    eng = make(ablate, phase="combat", A={"reserve": ["Próba kalandozó 2/2"], "table": ["Próba KF kard"]},
               B={"reserve": ["Próba KF szörny 3/4"]})
    eng.obj("Próba KF kard").attached_to = eng.obj("Próba kalandozó 2/2").oid
    if taken:
        eng.choices["B"].append("yes")
    act(eng, "A", "fight", ["Próba kalandozó 2/2", "Próba KF szörny 3/4"])
    sword = eng.obj("Próba KF kard")
    assert eng.obj("Próba kalandozó 2/2").where == "A.discard"
    if taken:
        assert sword.where == "B.table" and sword.owner == "B"
        assert sword.attached_to == eng.obj("Próba KF szörny 3/4").oid
    else:
        assert sword.where == "A.discard"


@pytest.mark.parametrize("ablate,level", [((), 2), ((rid("8.8.1"),), 1)])
def test_skills_add_up(ablate, level):
    eng = make(ablate, A={"table": [("Próba szakértelem", "s1"), ("Próba szakértelem", "s2")]},
               B={"table": [("Próba szakértelem", "s3")]})
    assert eng.obj_attr(eng.obj("s1"), "szint") == level
    assert eng.obj_attr(eng.obj("s3"), "szint") == 1


@pytest.mark.parametrize("ablate,owner", [((), "A"), ((rid("8.11.3"),), "B")])
def test_attached_card_keeps_owner(ablate, owner):
    eng = make(ablate, active="B", A={"reserve": ["Próba kalandozó 2/2"], "table": ["Próba szintlépés"]},
               B={"hand": ["Próba csábítás"], "vp": 1})
    eng.obj("Próba szintlépés").attached_to = eng.obj("Próba kalandozó 2/2").oid
    play(eng, "B", "Próba csábítás", ["Próba kalandozó 2/2"])
    assert eng.obj("Próba kalandozó 2/2").controller == "B"
    assert eng.obj("Próba szintlépés").controller == owner
    assert eng.obj("Próba szintlépés").owner == owner  # its gazda: whose discard pile it goes to


def test_attached_card_owner_is_player_unless_ablated():
    for ablate, owner in (((), "A"), ((rid("8.11.2"),), "B")):
        eng = make(ablate, A={"hand": ["Próba bűbáj szörnyre"], "vp": 1}, B={"reserve": ["Próba szörny 2/3"]})
        play(eng, "A", "Próba bűbáj szörnyre", ["Próba szörny 2/3"])
        assert eng.obj("Próba bűbáj szörnyre").controller == owner


def test_attached_card_on_a_taken_permanent_goes_with_it_only_when_8_11_2_is_off():
    # A enchants the monster he took from B: by 8.11.2 the enchantment is A's (his discard pile); without
    # it, it belongs with the permanent it is on -- A controls it, and it goes where the monster goes (B's)
    for ablate, owner in (((), "A"), ((rid("8.11.2"),), "B")):
        eng = make(ablate, A={"hand": ["Próba bűbáj szörnyre"], "vp": 1}, B={"reserve": ["Próba szörny 2/3"]})
        monster = eng.obj("Próba szörny 2/3")
        eng.place(monster, side="A", controller="A")
        play(eng, "A", "Próba bűbáj szörnyre", ["Próba szörny 2/3"])
        enchantment = eng.obj("Próba bűbáj szörnyre")
        assert (enchantment.controller, enchantment.owner) == ("A", owner)


@pytest.mark.parametrize("ablate,passive", [((), True), ((rid("8.6"),), False)])
def test_building_enters_passive(ablate, passive):
    eng = make(ablate, A={"hand": ["Próba építmény"], "vp": 1})
    play(eng, "A", "Próba építmény")
    assert eng.obj("Próba építmény").where == "A.table"
    assert eng.obj("Próba építmény").exhausted is passive


@pytest.mark.parametrize("card,rule", [("Próba tárgy", "8.7"), ("Próba szakértelem", "8.8.0"),
                                       ("Próba helyszín", "8.9.0")])
def test_item_skill_location_own_main_phase_and_enter_active(card, rule):
    eng = make(active="B", A={"hand": [card], "vp": 1})
    with pytest.raises(ReplayError):
        eng.play("A", card, {})
    eng = make(active="A", A={"hand": [card], "vp": 1})
    play(eng, "A", card)
    assert eng.obj(card).where == "A.table" and eng.obj(card).exhausted is False
    eng = make([rid(rule)], active="B", A={"hand": [card], "vp": 1})
    with pytest.raises(ReplayError):  # 8.5.1's 'Valamennyi egyéb laptípus' still keeps it to the main phase
        eng.play("A", card, {})
    eng = make([rid(rule), rid("8.5.1")], active="B", A={"hand": [card], "vp": 1})
    play(eng, "A", card)  # both ablated: any phase, and it enters passive
    assert eng.obj(card).exhausted is True


@pytest.mark.parametrize("ablate,vp", [((), 2), ((rid("8.9.3"),), 3)])
def test_locations_not_counted_as_cards_in_play(ablate, vp):
    eng = make(ablate, A={"hand": ["Próba számvetés"], "reserve": ["Próba szörny 2/3"],
                          "table": ["Próba építmény", "Próba helyszín"], "vp": 1})
    play(eng, "A", "Próba számvetés")
    assert eng.player_attr("A", "vp") == vp


@pytest.mark.parametrize("ablate,vp", [((), 1), ((rid("8.6.1"),), 0)])
def test_building_on_play_trigger_while_passive(ablate, vp):
    eng = make(ablate, A={"hand": ["Próba őrtorony"], "vp": 1})
    play(eng, "A", "Próba őrtorony")
    assert eng.obj("Próba őrtorony").exhausted is True
    assert eng.player_attr("A", "vp") == vp


@pytest.mark.parametrize("ablate,vp", [((), 2), ((rid("8.9.7"),), 0)])
def test_location_put_into_play_has_on_play_ability(ablate, vp):
    eng = make(ablate, A={"hand": ["Próba helyszínidézés"], "discard": ["Próba forrás helyszín"], "vp": 1})
    eng.choices["A"].append("Próba forrás helyszín")
    play(eng, "A", "Próba helyszínidézés")
    assert eng.obj("Próba forrás helyszín").where == "A.table"
    assert eng.player_attr("A", "vp") == vp


@pytest.mark.parametrize("ablate,ok", [((), True), ((rid("8.9.6"),), False)])
def test_location_search_replaces_draw(ablate, ok):
    eng = make(ablate, phase="preparation", A={"deck": ["Próba helyszín", "Próba szörny 2/3"], "vp": 2})
    if not ok:
        with pytest.raises(ReplayError):
            act(eng, "A", "search_location", "Próba helyszín")
        return
    act(eng, "A", "search_location", "Próba helyszín")
    act(eng, "A", "begin", "draw")
    assert eng.obj("Próba helyszín").where == "A.hand"
    assert eng.obj("Próba szörny 2/3").where == "A.deck"
    assert eng.player_attr("A", "vp") == 0
