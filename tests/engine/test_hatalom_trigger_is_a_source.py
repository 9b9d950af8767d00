"""8.4.3 speaks of any source that comes into being: a triggered ability (a building's on-play automatic
ability, 8.6.1) that would damage a galetki whose gazda has his own body part on it waits on the chain, so the
gazda may sacrifice the body part in reaction; the ability then has no effect on that galetki, its other
effects happen. No wait where nobody could react by the rule: no body part, the opponent's body part, the
preparation phase, the rule switched off."""
from __future__ import annotations

from judge.engine.state import Pending

from .test_hatalom import act, make, play, rid

SPIKES = "Próba tüskés építmény"  # "Kijátszáskor 1 sebzés minden galetkinek."
MINE, HIS, PART = "Saját galetki", "Ellenfél galetkije", "Próba testrész"


def _board(ablate=(), part_of="A"):
    spec = {"A": {"reserve": [("Próba galetki 1/2", MINE)]},
            "B": {"reserve": [("Próba galetki 1/2", HIS)], "hand": [SPIKES], "vp": 1}}
    spec[part_of].setdefault("table", []).append(PART)
    eng = make(ablate, active="B", **spec)
    eng.obj(PART).attached_to = eng.obj(MINE).oid
    play(eng, "B", SPIKES)  # the building resolves and enters; its on-play ability triggers
    return eng


def _waiting(eng):
    return [i for i in eng.state.chain if i.bindings.get("_pending") is not None]


def test_on_play_damage_waits_and_the_body_part_saves_the_galetki():
    eng = _board()
    assert len(_waiting(eng)) == 1 and eng.obj(MINE).damage == 0
    act(eng, "A", "sacrifice_part", PART)
    eng.pass_priority("all")
    assert not eng.state.chain
    assert eng.obj(MINE).damage == 0  # no effect on the galetki whose body part was sacrificed
    assert eng.obj(HIS).damage == 1  # the source's other effects happen


def test_waiting_ability_without_a_reaction_damages_both():
    eng = _board()
    eng.pass_priority("all")
    assert eng.obj(MINE).damage == 1 and eng.obj(HIS).damage == 1


def test_no_body_part_no_wait():
    eng = make(active="B", A={"reserve": [("Próba galetki 1/2", MINE)]},
               B={"hand": [SPIKES], "vp": 1})
    play(eng, "B", SPIKES)
    assert not eng.state.chain and eng.obj(MINE).damage == 1  # resolved at once


def test_the_opponents_body_part_on_my_galetki_opens_no_wait():
    eng = _board(part_of="B")  # B's body part on A's galetki: nobody may sacrifice it (8.4.3)
    assert not _waiting(eng) and eng.obj(MINE).damage == 1


def test_rule_switched_off_no_wait():
    eng = _board(ablate=[rid("8.4.3")])
    assert not _waiting(eng) and eng.obj(MINE).damage == 1


def test_preparation_phase_no_wait():
    eng = make(active="A", phase="preparation", A={"reserve": [("Próba galetki 1/2", MINE)],
                                                   "table": [PART, SPIKES]})
    eng.obj(PART).attached_to = eng.obj(MINE).oid
    spikes = eng.obj(SPIKES)
    ab = spikes.card.abilities[0]
    pending = Pending(spikes.oid, spikes.label, "A", ab, {"type": "zone_change", "new": spikes}, 1)
    assert eng.hooks.keep_pending(eng, pending) is True
    eng.state.vars["phase"] = "main"  # the same ability outside the preparation phase waits
    assert eng.hooks.keep_pending(eng, pending) is False and len(_waiting(eng)) == 1


TRAP = "Próba csapdás építmény"  # "Kijátszáskor 2 sebzés egy célpont lénynek."


def _trap_board(target):
    eng = make(active="B", A={"reserve": [("Próba galetki 1/2", MINE), "Próba szörny 2/3"], "table": [PART]},
               B={"hand": [TRAP], "vp": 1})
    eng.obj(PART).attached_to = eng.obj(MINE).oid
    eng.choices["B"].append(target)  # the on-play ability's target
    play(eng, "B", TRAP)
    return eng


def test_targeted_on_play_ability_chooses_its_target_as_it_comes_into_being_and_waits():
    eng = _trap_board(MINE)
    [item] = eng.state.chain
    assert item.targets["victim"] == [eng.obj(MINE).oid]
    act(eng, "A", "sacrifice_part", PART)
    eng.pass_priority("all")
    assert eng.obj(MINE).damage == 0 and not eng.state.chain


def test_targeted_on_play_ability_on_another_creature_resolves_without_a_window():
    eng = _trap_board("Próba szörny 2/3")  # a galetki with a body part could have been chosen, was not
    assert not eng.state.chain
    assert eng.obj("Próba szörny 2/3").damage == 2 and eng.obj(MINE).damage == 0


def test_targeted_ability_without_a_body_part_anywhere_chooses_as_it_resolves():
    eng = make(active="B", A={"reserve": [("Próba galetki 1/2", MINE)]}, B={"hand": [TRAP], "vp": 1})
    eng.choices["B"].append(MINE)
    play(eng, "B", TRAP)
    assert not eng.state.chain
    assert eng.obj(MINE).zone == "discard"  # 2 damage: no window was needed, nobody could react
