"""Huntik 711.2c / 711.3 (huntik/modifiers.py after_resolve, _labels; state.effect_key): the continuous
modifiers one played power creates (708.3b: one per part with its own duration) all have the time that
power was played, so they start to apply simultaneously and their controller (the lead player) orders
their timestamps, naming them ``Card (modifier N)`` in text order; so are a card's always-on powers,
which share its timestamp (711.2d), named ``Card (ability N)``. Where it must not apply: modifiers whose
order changes nothing (nobody is asked), and the modifiers of two powers played one after the other (the
later one is later). Switched off: 711.3 (text order) and 711.2c (each stamped as created: text order)."""
from __future__ import annotations

import textwrap

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

CARDS = """
cards:
  - name: Steadfast Call
    type: free action
    traits: [Good]
    text: "Target hero has 4 DEF this round. Friendly heroes get +1 DEF this turn."
    abilities:
      - kind: play
        targets: [{name: hero, filter: "it.is_hero"}]
        steps:
          - {modify: {target: hero, set: {def: 4}, duration: round}}
          - {modify: {applies_to: "it.is_hero and it.controller == you", modify: {def: 1}, duration: turn}}
  - name: Even Call
    type: free action
    traits: [Good]
    text: "Target hero gets +1 ATK this round. Friendly heroes get +1 DEF this turn."
    abilities:
      - kind: play
        targets: [{name: hero, filter: "it.is_hero"}]
        steps:
          - {modify: {target: hero, modify: {atk: 1}, duration: round}}
          - {modify: {applies_to: "it.is_hero and it.controller == you", modify: {def: 1}, duration: turn}}
  - name: Twin Guard
    type: minor hero
    traits: [Good]
    stats: {atk: 1, def: 3}
    text: "I have 4 DEF. I get +1 DEF."
    abilities:
      - {kind: continuous, applies_to: "it == this", set: {def: 4}}
      - {kind: continuous, applies_to: "it == this", modify: {def: 1}}
"""

STATE = """\
active: A
lead: A
A:
  hand: [Steadfast Call, Even Call, Twin Guard]
  zone1: [Lok Lambert, Zhalia Moon]
B:
  zone1: [Suit Grunt]
"""


def _run(tmp_path, actions: list[str], ablate=()):
    text = ("game: huntik\n" + CARDS + "state:\n" + textwrap.indent(STATE, "  ") + "actions:\n"
            + "".join(f"  - {a}\n" for a in actions))
    f = tmp_path / "s.yaml"
    f.write_text(text)
    out = replay(load_fixture(f), set(ablate), lenient=bool(ablate))
    return out


def _def(out, label):
    eng = out.engine
    return eng.obj_attr(eng.obj(label), "def")


STEADFAST = "{player: A, play: Steadfast Call, targets: [Lok Lambert], choose: [[%s]]}"


@pytest.mark.parametrize("order, lok", [
    ("Steadfast Call (modifier 2), Steadfast Call (modifier 1)", 4),  # +1 first, then 'has 4 DEF'
    ("Steadfast Call (modifier 1), Steadfast Call (modifier 2)", 5),
])
def test_the_lead_player_orders_the_modifiers_of_one_power(tmp_path, order, lok):
    out = _run(tmp_path, [STEADFAST % order, "{pass: all}"])
    assert out.error is None, out.error
    assert (_def(out, "Lok Lambert"), _def(out, "Zhalia Moon")) == (lok, 4)


def test_the_turn_part_ends_the_round_part_stays(tmp_path):
    out = _run(tmp_path, [STEADFAST % "Steadfast Call (modifier 2), Steadfast Call (modifier 1)", "{pass: all}",
                          "{player: A, pass_turn: true}"])
    assert out.error is None, out.error
    assert (_def(out, "Lok Lambert"), _def(out, "Zhalia Moon")) == (4, 3)


def test_unordered_it_is_a_missing_choice(tmp_path):
    out = _run(tmp_path, ["{player: A, play: Steadfast Call, targets: [Lok Lambert]}", "{pass: all}"])
    assert out.error is not None and "order of the timestamps" in str(out.error)


def test_nobody_is_asked_when_the_order_changes_nothing(tmp_path):
    out = _run(tmp_path, ["{player: A, play: Even Call, targets: [Lok Lambert]}", "{pass: all}"])
    assert out.error is None, out.error
    assert (_def(out, "Lok Lambert"), _def(out, "Zhalia Moon")) == (4, 4)


def test_two_powers_played_one_after_the_other_are_not_simultaneous(tmp_path):
    # Even Call's +1 DEF is played after Steadfast Call: later, it applies after 'has 4 DEF'
    out = _run(tmp_path, [STEADFAST % "Steadfast Call (modifier 2), Steadfast Call (modifier 1)", "{pass: all}",
                          "{player: A, play: Even Call, targets: [Zhalia Moon]}", "{pass: all}"])
    assert out.error is None, out.error
    assert (_def(out, "Lok Lambert"), _def(out, "Zhalia Moon")) == (5, 5)


@pytest.mark.parametrize("rule", ["711.3", "711.2c"])
def test_switched_off_they_apply_in_text_order(tmp_path, rule):
    out = _run(tmp_path, [STEADFAST % "Steadfast Call (modifier 2), Steadfast Call (modifier 1)", "{pass: all}"],
               ablate={f"huntik:{rule}"})
    assert _def(out, "Lok Lambert") == 5  # 'has 4 DEF', then +1


@pytest.mark.parametrize("order, want", [("Twin Guard (ability 2), Twin Guard (ability 1)", 4),
                                         ("Twin Guard (ability 1), Twin Guard (ability 2)", 5)])
def test_a_cards_always_on_powers_share_its_timestamp(tmp_path, order, want):
    out = _run(tmp_path, [f"{{player: A, play: Twin Guard, choose: [[{order}]]}}", "{pass: all}"])
    assert out.error is None, out.error
    assert _def(out, "Twin Guard") == want
