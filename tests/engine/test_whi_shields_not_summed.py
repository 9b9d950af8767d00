"""Warhammer: Invasion, what destroys a unit (damage.max_damage: lethal-before-capital, the indirect cap)
counts several 'cancel the next N damage' shields on one unit as the core applies them: not cumulative
(faq:redirecting-damage-cumulative-like-counterstrike-toughness: "All effects that redirect/cancel next X
damage are not cumulative"), so the largest counts. Where it must not apply: one shield alone, shields on
another unit, and the FAQ switched off (they add up)."""
from __future__ import annotations

from judge.engine.state import Effect
from judge.games.warhammer_invasion.damage import max_damage
from tests.engine.test_whi_terms import make, rid

FAQ = rid("faq:redirecting-damage-cumulative-like-counterstrike-toughness")


def _board(shields=(2, 2), ablate=(), on="Zealot"):
    eng = make(ablate, A={"kingdom": [("Dark Zealot", "Zealot"), ("Dark Zealot", "Other")]})
    target = eng.obj(on)
    for n in shields:
        eng.state.effects.append(Effect("shield", target.oid, on, "A", 0, {"mode": "cancel", "on": target.oid},
                                        remaining=n))
    return eng, eng.obj("Zealot")


def test_two_shields_cancel_the_same_next_damage():
    eng, zealot = _board((2, 2))
    assert max_damage(eng, zealot) == 3 + 2


def test_the_largest_shield_counts():
    eng, zealot = _board((1, 3))
    assert max_damage(eng, zealot) == 3 + 3
    assert FAQ in eng.step.rules


def test_one_shield_alone_counts_in_full():
    eng, zealot = _board((2,))
    assert max_damage(eng, zealot) == 5


def test_shields_on_another_unit_do_not_count():
    eng, zealot = _board((2, 2), on="Other")
    assert max_damage(eng, zealot) == 3


def test_faq_off_shields_add_up():
    eng, zealot = _board((2, 2), [FAQ])
    assert max_damage(eng, zealot) == 3 + 4
