"""Warhammer: Invasion, a target tax ('Opponents cannot target this unit with card effects unless they pay
an additional 3 resources per effect', King Kazador) is a constant effect: it applies only while its card
is in play (clarification:constant-effects, its example: 'This constant effect doesn't work in discard
pile'). Targeting Kazador in play pays it; targeting him in the discard pile does not; with the rule
switched off his own tax protects him there too. His own controller never pays it."""
from __future__ import annotations

from judge.games.warhammer_invasion.targeting import target_taxes
from tests.engine.test_whi_terms import make, rid


def _taxes(zone: str, ablate=(), player="A"):
    eng = make(ablate, B={zone: [("King Kazador", "Kazador")]},
               A={"hand": [("Seeking New Slaves", "Slaves")]})
    ab = next(a for a in eng.obj("Slaves").card.abilities if a.kind == "play")
    return target_taxes(eng, player, ab, {"targets": ["Kazador"]})


def test_in_play_the_tax_is_paid():
    assert _taxes("kingdom") == [{"pay": 3}]


def test_in_the_discard_pile_no_tax():
    assert _taxes("discard") == []


def test_rule_off_his_own_tax_follows_him_out_of_play():
    assert _taxes("discard", [rid("clarification:constant-effects")]) == [{"pay": 3}]


def test_his_controller_pays_nothing_either_way():
    assert _taxes("discard", [rid("clarification:constant-effects")], player="B") == []
    assert _taxes("kingdom", player="B") == []
