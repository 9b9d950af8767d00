"""8.4.3: an optional ('may', "adhatsz") triggered ability is a source only if its controller uses it. When
it could affect a galetki whose gazda has his own body part on it, the controller decides as it comes into
being -- used, it waits on the chain (targets chosen) and the gazda may sacrifice the body part; declined,
nothing comes into being and nothing waits. No early question where nobody could react by the rule (no body
part, the preparation phase, the rule switched off): the engine asks as it resolves, as before. One with a
cost waits with the targets chosen as it comes into being, and the cost is paid as it resolves (unpaid: it is
cancelled)."""
from __future__ import annotations

from judge.engine.cards import Ability
from judge.engine.state import Pending

from .test_hatalom import act, make, play, rid

ARCHERS = "Próba íjászállás építmény"  # "Kijátszáskor 2 sebzést adhatsz egy célpont lénynek."
SPIKES = "Próba tüskés építmény"  # "Kijátszáskor 1 sebzés minden galetkinek." (made optional below)
MINE, PART = "Saját galetki", "Próba testrész"


def _board(choices, ablate=(), part=True):
    spec = {"reserve": [("Próba galetki 1/2", MINE)]}
    if part:
        spec["table"] = [PART]
    eng = make(ablate, active="B", A=spec, B={"hand": [ARCHERS], "vp": 1})
    if part:
        eng.obj(PART).attached_to = eng.obj(MINE).oid
    eng.choices["B"].extend(choices)
    play(eng, "B", ARCHERS)  # the building resolves and enters; its on-play ability triggers
    return eng


def test_used_it_waits_with_its_target_and_the_body_part_saves_the_galetki():
    eng = _board(["yes", MINE])
    [item] = eng.state.chain
    assert item.targets["victim"] == [eng.obj(MINE).oid] and not item.ability.get("optional")
    act(eng, "A", "sacrifice_part", PART)
    eng.pass_priority("all")  # resolves without asking again: no choice is left for B
    assert not eng.state.chain and eng.obj(MINE).damage == 0 and not eng.choices["B"]


def test_used_and_not_answered_it_damages_the_galetki():
    eng = _board(["yes", MINE])
    eng.pass_priority("all")
    eng.settle()
    assert eng.obj(MINE).zone == "discard"


def test_declined_nothing_waits_nothing_happens():
    eng = _board(["no"])
    assert not eng.state.chain and eng.obj(MINE).damage == 0 and not eng.choices["B"]


def test_no_body_part_no_early_question_the_engine_asks_as_it_resolves():
    eng = _board(["yes", MINE], part=False)
    assert not eng.state.chain and eng.obj(MINE).zone == "discard"  # resolved at once, nobody could react


def test_rule_switched_off_it_resolves_at_once():
    eng = _board(["yes", MINE], ablate=[rid("8.4.3")])
    assert not eng.state.chain and eng.obj(MINE).zone == "discard"


def _optional_spikes(eng, phase):
    eng.state.vars["phase"] = phase
    spikes = eng.obj(SPIKES)
    ab = spikes.card.abilities[0]
    optional = Ability(ab.index, ab.kind, {**ab.data, "optional": True})
    return Pending(spikes.oid, spikes.label, "A", optional, {"type": "zone_change", "new": spikes}, 1)


def _spikes_board():
    eng = make(active="A", A={"reserve": [("Próba galetki 1/2", MINE)], "table": [PART, SPIKES]})
    eng.obj(PART).attached_to = eng.obj(MINE).oid
    return eng


def test_untargeted_optional_ability_asked_first_used_waits_declined_dropped():
    eng = _spikes_board()
    eng.choices["A"].append("yes")
    pending = _optional_spikes(eng, "main")
    assert eng.hooks.keep_pending(eng, pending) is False  # on the chain, waiting for the reaction
    assert len(eng.state.chain) == 1 and not pending.ability.get("optional")
    eng2 = _spikes_board()
    eng2.choices["A"].append("no")
    assert eng2.hooks.keep_pending(eng2, _optional_spikes(eng2, "main")) is False
    assert not eng2.state.chain  # declined: dropped, nothing comes into being


def test_preparation_phase_no_question():
    eng = _spikes_board()
    pending = _optional_spikes(eng, "preparation")
    assert eng.hooks.keep_pending(eng, pending) is True and pending.ability.get("optional")


PAID = "Próba fizetős íjászállás építmény"  # "Kijátszáskor 1 VP-ért 2 sebzést adhatsz egy célpont lénynek."


def _paid_board(choices, vp=3):
    eng = make(active="B", A={"reserve": [("Próba galetki 1/2", MINE), "Próba szörny 2/3"], "table": [PART]},
               B={"hand": [PAID], "vp": vp})
    eng.obj(PART).attached_to = eng.obj(MINE).oid
    eng.choices["B"].extend(choices)
    play(eng, "B", PAID)
    return eng


def test_ability_with_a_cost_waits_with_its_target_and_is_paid_as_it_resolves():
    eng = _paid_board(["yes", MINE])
    [item] = eng.state.chain
    assert item.bindings["_chosen"] == {"victim": [eng.obj(MINE).oid]}
    assert eng.state.player_data["B"]["vp"] == 2  # the building only: the ability's cost is not paid yet
    act(eng, "A", "sacrifice_part", PART)
    eng.pass_priority("all")
    assert eng.obj(MINE).damage == 0 and eng.state.player_data["B"]["vp"] == 1


def test_ability_with_a_cost_on_another_creature_opens_no_window_still_paid():
    eng = _paid_board(["yes", "Próba szörny 2/3"])
    assert not eng.state.chain
    assert eng.obj("Próba szörny 2/3").damage == 2 and eng.state.player_data["B"]["vp"] == 1


def test_ability_with_a_cost_he_cannot_pay_is_cancelled_as_it_resolves():
    eng = _paid_board(["yes", MINE], vp=1)  # the building takes his last VP
    eng.pass_priority("all")
    eng.settle()
    assert eng.obj(MINE).damage == 0 and eng.obj(PART).zone == "table"
    assert any(e.get("event") == "effect_cancelled" and e.get("reason") == "cost_unpaid" for e in eng.events)
