"""Fourth round, second part:
* 8.7.2: a carrier that fought leaves play later in the same combat phase (a spell, a return to hand): the
  creature it fought may take its kf item; not a carrier that did not fight, not in another phase, not with
  the rule off;
* 8.9.1: a location's play is not a card play for a trigger on card plays (a building's is); off: it is;
* 8.9.3: a location entering play is not seen by other cards' triggers on cards entering play (its own
  on-play ability happens);
* 8.11.2: an attached card on the opponent's permanent goes to its player's discard; off: where the host goes;
* a mass return to hand with a shielded galetki among the creatures moves the others (8.4.3's 'other
  effects happen')."""
from __future__ import annotations

from judge.games.hatalom_kartyai import timing

from .test_hatalom import make, play, rid


def _after_fight(ablate=(), fought=True):
    eng = make(ablate, phase="combat",
               A={"reserve": ["Próba kalandozó 2/2"], "table": ["Próba KF kard"]},
               B={"reserve": ["Próba KF óriás 1/6"], "hand": ["Próba villám"], "vp": 1})
    eng.obj("Próba KF kard").attached_to = eng.obj("Próba kalandozó 2/2").oid
    if fought:
        eng.game.actions["fight"](eng, "A", {"fight": ["Próba kalandozó 2/2", "Próba KF óriás 1/6"]})
        eng.settle()
    return eng


def _bolt(eng, take=True):
    eng.choices["B"] = ["yes"] if take else []
    eng.play("B", "Próba villám", {"targets": ["Próba kalandozó 2/2"]})
    eng.pass_priority("all")
    eng.settle()


def test_carrier_killed_later_in_the_combat_phase_survivor_takes_the_item():
    eng = _after_fight()
    _bolt(eng)
    sword = eng.obj("Próba KF kard")
    assert sword.zone == "table" and sword.attached_to == eng.obj("Próba KF óriás 1/6").oid
    assert sword.controller == "B" and sword.owner == "B"


def test_with_8_7_2_off_the_item_goes_to_the_discard():
    eng = _after_fight(ablate=[rid("8.7.2")])
    _bolt(eng, take=False)
    assert eng.obj("Próba KF kard").zone == "discard"


def test_carrier_that_did_not_fight_item_goes_to_the_discard():
    eng = _after_fight(fought=False)
    _bolt(eng, take=False)
    assert eng.obj("Próba KF kard").zone == "discard"


def test_carrier_killed_in_the_healing_phase_item_goes_to_the_discard():
    eng = _after_fight()
    timing.begin(eng, "A", {"begin": "healing"})
    _bolt(eng, take=False)
    assert eng.obj("Próba KF kard").zone == "discard"


def _watcher(ablate=()):
    eng = make(ablate, active="B", A={"table": ["Próba figyelő építmény"], "vp": 0},
               B={"hand": ["Próba helyszín", "Próba építmény"], "vp": 2})
    for card in ("Próba helyszín", "Próba építmény"):
        eng.play("B", card, {})
        eng.pass_priority("all")
        eng.settle()
    return eng


def test_location_play_is_not_a_card_play():
    assert _watcher().state.player_data["A"]["vp"] == 1  # the building only


def test_location_play_counts_with_8_9_1_off():
    assert _watcher(ablate=[rid("8.9.1")]).state.player_data["A"]["vp"] == 2


def test_mass_return_moves_the_other_creatures_past_a_shielded_galetki():
    eng = make(active="B", A={"reserve": ["Próba galetki 1/2", "Próba kalandozó 2/2"], "table": ["Próba testrész"]},
               B={"hand": ["Próba tömeges visszaűzés"], "reserve": ["Próba szörny 2/3"], "vp": 1})
    eng.obj("Próba testrész").attached_to = eng.obj("Próba galetki 1/2").oid
    eng.play("B", "Próba tömeges visszaűzés", {})
    eng.game.actions["sacrifice_part"](eng, "A", {"sacrifice_part": "Próba testrész"})
    eng.pass_priority("all")
    eng.settle()
    assert eng.obj("Próba galetki 1/2").zone == "reserve"
    assert eng.obj("Próba kalandozó 2/2").zone == "hand" and eng.obj("Próba szörny 2/3").zone == "hand"


def _chronicle(ablate=(), cards=("Próba helyszín", "Próba tárgy")):
    eng = make(ablate, A={"table": ["Próba krónikás építmény"], "hand": list(cards), "vp": 5})
    for card in cards:
        eng.play("A", card, {})
        eng.pass_priority("all")
        eng.settle()
    return eng


def test_location_entering_play_is_not_seen_by_other_cards_triggers():
    assert _chronicle().state.player_data["A"]["vp"] == 5 - 2 + 1  # the item only


def test_location_entering_play_seen_with_8_9_3_off():
    assert _chronicle(ablate=[rid("8.9.3")]).state.player_data["A"]["vp"] == 5 - 2 + 2


def test_locations_own_on_play_trigger_still_happens():
    eng = _chronicle(cards=("Próba forrás helyszín",))
    assert eng.state.player_data["A"]["vp"] == 5 - 1 + 2


# 8.11.2: the gazda of an attached card played on the opponent's permanent is its player in every respect,
# the discard pile it goes to included; switched off, it belongs with the host: the host's discard pile
# (8.11.3's off-reading keeps attached cards with their host in the same way).

def _my_enchantment_on_his_monster_broken(ablate=()):
    eng = make(ablate, A={"hand": ["Próba bűbáj szörnyre"], "vp": 1},
               B={"reserve": ["Próba szörny 2/3"], "hand": ["Próba bűbájtörés"], "vp": 1})
    play(eng, "A", "Próba bűbáj szörnyre", ["Próba szörny 2/3"])
    play(eng, "B", "Próba bűbájtörés", ["Próba bűbáj szörnyre"])
    return eng.obj("Próba bűbáj szörnyre")


def test_attached_card_on_his_permanent_goes_to_its_players_discard():
    assert _my_enchantment_on_his_monster_broken().where == "A.discard"


def test_with_8_11_2_off_it_goes_to_the_discard_pile_of_the_hosts_owner():
    assert _my_enchantment_on_his_monster_broken([rid("8.11.2")]).where == "B.discard"


def test_8_11_2_off_changes_nothing_for_a_card_on_the_players_own_permanent():
    for ablate in ((), (rid("8.11.2"),)):
        eng = make(ablate, A={"hand": ["Próba bűbáj szörnyre"], "reserve": ["Próba szörny 2/3"], "vp": 1},
                   B={"hand": ["Próba bűbájtörés"], "vp": 1})
        play(eng, "A", "Próba bűbáj szörnyre", ["Próba szörny 2/3"])
        play(eng, "B", "Próba bűbájtörés", ["Próba bűbáj szörnyre"])
        assert eng.obj("Próba bűbáj szörnyre").where == "A.discard"
