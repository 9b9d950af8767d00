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


def _beacon_then_iron_will(ablate=(), stacked=True):
    """Old Lighthouse's Beacon ('Free Action: Target hero gets +1 DEF this turn', an action power) used on
    Lok; Iron Will ('has 4 DEF') played while it waits (stacked), or after it resolved."""
    eng = make(ablate, A={"features": ["Old Lighthouse"], "zone1": ["Lok Lambert"], "hand": ["Iron Will"]})
    eng.use("A", "Old Lighthouse", {"ability": "Beacon", "targets": ["Lok Lambert"]})
    eng.settle()  # the replay's state check after the use: it notes when the power was played
    if not stacked:
        eng.pass_priority("all")
        eng.settle()
    eng.play("A", "Iron Will", {"targets": ["Lok Lambert"]})
    eng.pass_priority("all")
    eng.settle()
    return eng


def test_an_action_powers_modifier_timestamped_when_the_power_was_used():
    eng = _beacon_then_iron_will()
    assert dfn(eng, "Lok Lambert") == 4  # +1 DEF (used first), then 'has 4 DEF'
    assert rid("711.2c") in eng.step.rules


def test_an_action_power_switched_off_timestamped_when_it_resolved():
    assert dfn(_beacon_then_iron_will([rid("711.2c")]), "Lok Lambert") == 5


def test_an_action_power_resolved_before_the_next_play_not_this_rules_case():
    eng = _beacon_then_iron_will(stacked=False)
    assert dfn(eng, "Lok Lambert") == 4 and rid("711.2c") not in eng.step.rules


def test_iron_will_resolved_before_the_power_is_used_applies_first():
    eng = make(A={"features": ["Old Lighthouse"], "zone1": ["Lok Lambert"], "hand": ["Iron Will"]})
    play(eng, "A", "Iron Will", ["Lok Lambert"])
    eng.use("A", "Old Lighthouse", {"ability": "Beacon", "targets": ["Lok Lambert"]})
    eng.settle()
    eng.pass_priority("all")
    eng.settle()
    assert dfn(eng, "Lok Lambert") == 5 and rid("711.2c") not in eng.step.rules
