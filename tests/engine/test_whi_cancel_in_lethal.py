"""Warhammer: Invasion, what it takes to destroy a unit (damage.max_damage, used by the indirect-damage cap
and by lethal-before-capital in combat) counts known damage cancellation: 'cancel the next N damage'
shields and War Hydra's tokens (its Forced effect cancels 1 damage per token: card_scripts
war_hydra_capacity). Where it must not apply: damage that cannot be cancelled, another unit than the
one carrying the tokens, a Hydra without tokens, and cancelling switched off (clarification:cancelling-damage)."""
from __future__ import annotations

from judge.engine.state import Effect
from judge.games.warhammer_invasion.damage import max_damage
from tests.engine.test_whi_terms import make, rid


def _board(ablate=(), tokens=2):
    eng = make(ablate, A={"kingdom": [("War Hydra", "Hydra"), ("Dark Zealot", "Zealot")]})
    hydra = eng.obj("Hydra")
    hydra.damage = 1  # 3 hit points: 2 remaining
    if tokens:
        hydra.counters["resource"] = tokens
    return eng, hydra


def test_hydra_tokens_count_as_cancellation():
    eng, hydra = _board()
    assert max_damage(eng, hydra) == 2 + 2


def test_hydra_without_tokens_remaining_hit_points_only():
    eng, hydra = _board(tokens=0)
    assert max_damage(eng, hydra) == 2


def test_uncancellable_damage_takes_remaining_hit_points_only():
    eng, hydra = _board()
    assert max_damage(eng, hydra, cancellable=False) == 2


def test_tokens_do_not_protect_another_unit():
    eng, _ = _board()
    zealot = eng.obj("Zealot")  # 3 printed hit points, undamaged
    assert max_damage(eng, zealot) == eng.obj_attr(zealot, "remaining_hp") == 3


def test_cancel_shield_counted_unless_uncancellable():
    eng, _ = _board()
    zealot = eng.obj("Zealot")
    eng.state.effects.append(Effect("shield", zealot.oid, "Zealot", "A", 0, {"mode": "cancel", "on": zealot.oid},
                                    remaining=2))
    assert max_damage(eng, zealot) == 5
    assert max_damage(eng, zealot, cancellable=False) == 3


def test_cancelling_switched_off_nothing_is_cancelled_so_nothing_counts():
    eng, hydra = _board([rid("clarification:cancelling-damage")])
    assert max_damage(eng, hydra) == 2
