"""Warhammer: Invasion, 'Put into play means that the card enters play through a card effect instead of
through normal costs and restrictions' (clarification:put-into-play, mechanic put_into_play_not_played:
playing.played, playing.put_in_as_played): a card put into play is not played -- not 'the next unit you
play', no card_played; switched off it counts as played. Where it must not apply: a card played from hand
(it enters play from the action chain) is played either way; a card leaving play is never 'played'."""
from __future__ import annotations

from pathlib import Path

from judge.games.warhammer_invasion import next_cost, playing
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.test_whi_terms import make, rid

PUT = rid("clarification:put-into-play")
WEZ = Path("rulings/warhammer-invasion/costs/blind5-wez-bigga-unit-put-into-play-is-not-the-next-unit-played.ruling.yaml")


def _entering(frm, cause="enter"):
    return {"type": "zone_change", "enters_play": True, "from": frm, "cause": cause}


def test_put_in_is_not_played_traced():
    eng = make()
    assert playing.played(eng, _entering("discard")) is False
    assert PUT in eng.step.rules


def test_switched_off_put_in_is_played():
    eng = make([PUT])
    assert playing.played(eng, _entering("discard")) is True
    assert PUT not in eng.step.rules


def test_played_from_chain_either_way():
    for ablate in ((), [PUT]):
        eng = make(ablate)
        assert playing.played(eng, _entering("stack")) is True
        assert playing.played(eng, {"type": "zone_change", "leaves_play": True, "from": "battlefield"}) is False
        assert PUT not in eng.step.rules


def _put_with_lowering(ablate=()):
    eng = make(ablate, A={"discard": [("Bloodsworn", "Bloodsworn")]})
    eng.run_step({"lower_next_cost": "you", "by": 1, "per": "turn", "filter": "it.type == 'unit'"},
                 eng.bindings_for(None, "A"))
    eng.choices["A"] = ["battlefield"]  # the zone, a checked choice (putting.zone_to_put)
    eng.run_step({"put_into_play": eng.obj("Bloodsworn")}, eng.bindings_for(None, "A"))
    eng.settle()
    return eng


def test_put_in_leaves_the_next_card_lowering():
    eng = _put_with_lowering()
    assert not any(e["event"] == "card_played" for e in eng.events)
    assert next_cost.next_card_lowering(eng, "A", eng.obj("Bloodsworn")) is not None  # still waiting


def test_switched_off_put_in_uses_it_up_and_is_announced():
    eng = _put_with_lowering([PUT])
    assert any(e["event"] == "card_played" and e.get("card") == "Bloodsworn" for e in eng.events)
    assert next_cost.next_card_lowering(eng, "A", eng.obj("Bloodsworn")) is None


def test_wez_bigga_scenario():
    assert replay(load_fixture(WEZ)).status == "passed"
    off = replay(load_fixture(WEZ), {PUT}, lenient=True)
    assert off.status == "failed" and off.engine.obj("Bloodsworn").damage == 1


def test_play_definition_is_bound_too():
    """'"Play" means to play from the hand, paying all costs' (clarification:play): the other half of the
    distinction; switched off, a card put into play counts as played as well."""
    eng = make([rid("clarification:play")])
    assert playing.played(eng, _entering("discard")) is True
