"""Huntik 711.2c: a continuous modifier from a power has the time that power was played as its
timestamp, not the time it resolved. On, switched off, and where it must not apply (each action
resolved before the next is played; a power with several modifiers keeps their order)."""
from __future__ import annotations

from tests.engine.test_huntik import make, play, rid


def dfn(eng, label):
    return eng.obj_attr(eng.obj(label), "def")


def _stacked(ablate=()):
    """Iron Will played, then Lasting Blessing played while it waits: the Blessing resolves first."""
    eng = make(ablate, A={"zone1": ["Lok Lambert"], "hand": ["Iron Will", "Lasting Blessing"]})
    eng.play("A", "Iron Will", {"targets": ["Lok Lambert"]})
    eng.play("A", "Lasting Blessing", {"targets": ["Lok Lambert"]})
    eng.pass_priority("all")
    eng.settle()
    return eng


def test_modifier_timestamped_when_its_power_was_played():
    eng = _stacked()
    assert dfn(eng, "Lok Lambert") == 5
    assert rid("711.2c") in eng.step.rules


def test_switched_off_timestamped_when_it_resolved():
    assert dfn(_stacked([rid("711.2c")]), "Lok Lambert") == 4


def test_resolved_one_after_the_other_not_this_rules_case():
    eng = make(A={"zone1": ["Lok Lambert"], "hand": ["Iron Will", "Lasting Blessing"]})
    play(eng, "A", "Iron Will", ["Lok Lambert"])
    play(eng, "A", "Lasting Blessing", ["Lok Lambert"])
    assert dfn(eng, "Lok Lambert") == 5 and rid("711.2c") not in eng.step.rules


def test_a_powers_modifiers_keep_their_order():
    """Quickening Surge played, Iron Will played while it waits: the Surge's +2 ATK / +2 DEF (played
    first) apply before Iron Will's 4 DEF, whatever resolved first."""
    eng = make(A={"zone1": ["Lok Lambert"], "hand": ["Quickening Surge", "Iron Will"]})
    eng.play("A", "Quickening Surge", {"targets": ["Lok Lambert"]})
    eng.play("A", "Iron Will", {"targets": ["Lok Lambert"]})
    eng.pass_priority("all")
    eng.settle()
    assert (eng.obj_attr(eng.obj("Lok Lambert"), "atk"), dfn(eng, "Lok Lambert")) == (5, 4)
