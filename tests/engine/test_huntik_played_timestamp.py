"""Huntik 711.2c: a continuous modifier from a power has the time that power was played as its
timestamp, not the time it resolved. On, switched off, and where it must not apply (each action
resolved before the next is played; a power with several modifiers keeps their order)."""
from __future__ import annotations

import pytest

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


def _beacon_and_iron_will(ablate=(), stacked=True, power_first=True):
    """Old Lighthouse's Beacon ('Free Action: Target hero gets +1 DEF this turn', an action power) used on
    Lok and Iron Will ('has 4 DEF') played on him: the second while the first waits (stacked), or after it
    resolved. With the card first, the power resolves first and moves no card, so the clock stays where
    it stamped Beacon's modifier as Iron Will starts to resolve: that modifier still came between."""
    eng = make(ablate, A={"features": ["Old Lighthouse"], "zone1": ["Lok Lambert"], "hand": ["Iron Will"]})
    steps = [lambda: eng.use("A", "Old Lighthouse", {"ability": "Beacon", "targets": ["Lok Lambert"]}),
             lambda: eng.play("A", "Iron Will", {"targets": ["Lok Lambert"]})]
    first, second = steps if power_first else steps[::-1]
    first()
    eng.settle()  # the replay's state check after a use: it notes when the power was played
    if not stacked:
        eng.pass_priority("all")
        eng.settle()
    second()
    eng.settle()
    eng.pass_priority("all")
    eng.settle()
    return eng


@pytest.mark.parametrize("power_first, on, off, apart", [
    (True, 4, 5, 4),    # Beacon used first: +1 DEF, then 'has 4 DEF', whatever resolved first
    (False, 5, 4, 5),   # Iron Will played first: 'has 4 DEF', then +1 DEF (Beacon resolved first)
])
def test_an_action_power_and_a_card_one_played_while_the_other_waits(power_first, on, off, apart):
    eng = _beacon_and_iron_will(power_first=power_first)
    assert dfn(eng, "Lok Lambert") == on and rid("711.2c") in eng.step.rules
    # switched off: timestamped as it resolved
    assert dfn(_beacon_and_iron_will([rid("711.2c")], power_first=power_first), "Lok Lambert") == off
    # the first resolved before the second was played: not this rule's case
    eng = _beacon_and_iron_will(stacked=False, power_first=power_first)
    assert dfn(eng, "Lok Lambert") == apart and rid("711.2c") not in eng.step.rules


def test_iron_will_resolved_before_the_power_is_used_applies_first():
    eng = make(A={"features": ["Old Lighthouse"], "zone1": ["Lok Lambert"], "hand": ["Iron Will"]})
    play(eng, "A", "Iron Will", ["Lok Lambert"])
    eng.use("A", "Old Lighthouse", {"ability": "Beacon", "targets": ["Lok Lambert"]})
    eng.settle()
    eng.pass_priority("all")
    eng.settle()
    assert dfn(eng, "Lok Lambert") == 5 and rid("711.2c") not in eng.step.rules
