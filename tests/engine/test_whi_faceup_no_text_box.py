"""Warhammer: Invasion, a card a continuous effect makes a faceup development has no text box, so its
constant effects apply to no card ('Faceup developments are considered to have no text box',
clarification:developments, mechanic ``development_no_text``; Judgement of Loec: 'Attached card is
considered to have a blank text box ... and becomes a development'). Whether a text box is blank then
depends on the view the continuous effects make: the core asks the game's ``text_blank`` hook again with
that view and leaves out the blanked cards' modifiers, to a fixpoint (judge/engine/blanking.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.games.warhammer_invasion import WarhammerInvasion
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.test_whi_terms import mechanic_only, rid

NO_TEXT = rid("clarification:developments")

# 'Other units you control get +1 power.'
_STANDARD = """
  - name: {name}
    type: unit
    cost: 2
    stats: {{power: 1, hp: 2}}
    illustrative: true
    text: "Other units you control get +1 power.{more_text}"
    abilities:
      - kind: continuous
        applies_to: "it != this and it.type == 'unit' and it.controller == you"
        modify: {{power: 1}}{more}
"""

# Tree Kin's form ('Action: ... have this unit become a development until the end of the turn'): a definite
# modifier sets the type change
_BECOMES = """
      - kind: action
        steps:
          - {modify: {target: this, set: {faceup_development: true}, duration: turn}}"""


def _card(name: str, more: str = "", more_text: str = "") -> str:
    return _STANDARD.format(name=name, more=more, more_text=more_text)


def _run(tmp_path, cards: str, state: str, actions: str, ablate=()):
    f = Path(tmp_path) / "scenario.yaml"
    f.write_text("game: warhammer-invasion\ncards:" + cards + state + actions)
    out = replay(load_fixture(f), set(ablate), lenient=bool(ablate))
    return out


def _power(out, label: str):
    eng = out.engine
    return eng.obj_attr(eng.obj(label), "power")


def _rules(out) -> set[str]:
    return {r for st in out.engine.trace for r in st.rules}


_JUDGED = """
state:
  active: B
  phase: capital
  A:
    battlefield: [%s]
  B:
    hand: [Judgement of Loec]
    resources: 1
"""
_JUDGE = """
actions:
  - {player: B, play: Judgement of Loec, targets: [%s]}
  - {pass: all}
"""


def test_judged_card_gives_other_units_nothing(tmp_path):
    out = _run(tmp_path, _card("Illustrative War Standard"), _JUDGED % "Illustrative War Standard, Rat Swarm",
               _JUDGE % "Illustrative War Standard")
    assert out.error is None, out.error
    assert out.engine.obj_attr(out.engine.obj("Illustrative War Standard"), "type") == "development"
    assert _power(out, "Rat Swarm") == 1
    assert NO_TEXT in _rules(out)


def test_rule_off_the_judged_card_still_gives_its_bonus(tmp_path, monkeypatch):
    # the text-box paragraph alone off: the card still becomes a faceup development (another paragraph)
    out = _run(tmp_path, _card("Illustrative War Standard"), _JUDGED % "Illustrative War Standard, Rat Swarm",
               _JUDGE % "Illustrative War Standard", ablate=[mechanic_only(monkeypatch, "development_no_text")])
    assert out.error is None, out.error
    assert out.engine.obj_attr(out.engine.obj("Illustrative War Standard"), "type") == "development"
    assert _power(out, "Rat Swarm") == 2


def test_before_the_judgement_the_bonus_applies(tmp_path):
    out = _run(tmp_path, _card("Illustrative War Standard"), _JUDGED % "Illustrative War Standard, Rat Swarm",
               "actions: []\n")
    assert out.error is None, out.error
    assert _power(out, "Rat Swarm") == 2
    assert NO_TEXT not in _rules(out)


def test_another_cards_constant_effect_is_kept(tmp_path):
    """Only the judged card's text box is gone: the other copy's effect still reaches the Rat Swarm (and not
    the judged card, a development now)."""
    out = _run(tmp_path, _card("Illustrative War Standard"),
               _JUDGED % "Illustrative War Standard, Illustrative War Standard, Rat Swarm",
               _JUDGE % "Illustrative War Standard#1")
    assert out.error is None, out.error
    assert _power(out, "Rat Swarm") == 2
    assert _power(out, "Illustrative War Standard#2") == 1
    assert _power(out, "Illustrative War Standard#1") == 0


@pytest.mark.parametrize("ablate, bonus", [((), 0), ((NO_TEXT,), 1)])
def test_a_facedown_card_has_no_constant_effect(tmp_path, ablate, bonus):
    """A card developed face down is a development: it shows no text box, so its printed constant effect
    reaches no card (a flag, known before any modifier applies). Off: it does."""
    out = _run(tmp_path, _card("Illustrative War Standard"), """
state:
  active: A
  phase: capital
  A:
    battlefield: [{card: Illustrative War Standard, development: true}, Rat Swarm]
""", "actions: []\n", ablate=ablate)
    assert out.error is None, out.error
    assert _power(out, "Rat Swarm") == 1 + bonus


def test_a_definite_type_change_blanks_too(tmp_path):
    """Tree Kin's form: the card's own Action makes it a development until the end of the turn (a definite
    modifier sets the type change); its constant effect stops with it, and comes back next turn."""
    cards = _card("Illustrative Tree Standard", more=_BECOMES,
                  more_text=" Action: this unit becomes a development until the end of the turn.")
    state = """
state:
  active: A
  phase: capital
  A:
    battlefield: [Illustrative Tree Standard, Rat Swarm]
"""
    out = _run(tmp_path, cards, state, "actions:\n  - {player: A, use: Illustrative Tree Standard}\n  - {pass: all}\n")
    assert out.error is None, out.error
    assert out.engine.obj_attr(out.engine.obj("Illustrative Tree Standard"), "type") == "development"
    assert _power(out, "Rat Swarm") == 1
    off = _run(tmp_path, cards, state, "actions:\n  - {player: A, use: Illustrative Tree Standard}\n  - {pass: all}\n",
               ablate=[NO_TEXT])
    assert _power(off, "Rat Swarm") == 2


def test_a_chain_of_blanking_settles(tmp_path):
    """A card that would blank a third one is itself blanked: the third keeps its text box (the fixpoint
    restores the modifiers it dropped in its first round)."""
    hexer = """
  - name: Illustrative Hexer {n}
    type: unit
    cost: 1
    stats: {{power: 1, hp: 1}}
    illustrative: true
    text: "{target} is considered to be a faceup development."
    abilities:
      - kind: continuous
        applies_to: "it.name == '{target}'"
        set: {{faceup_development: true}}
"""
    cards = (hexer.format(n=1, target="Illustrative Hexer 2") + hexer.format(n=2, target="Illustrative War Standard")
             + _card("Illustrative War Standard"))
    state = """
state:
  active: A
  phase: capital
  A:
    battlefield: [Illustrative Hexer 1, Illustrative Hexer 2, Illustrative War Standard, Rat Swarm]
"""
    out = _run(tmp_path, cards, state, "actions: []\n")
    assert out.error is None, out.error
    eng = out.engine
    assert eng.obj_attr(eng.obj("Illustrative Hexer 2"), "type") == "development"
    assert eng.obj_attr(eng.obj("Illustrative War Standard"), "type") == "unit"
    assert _power(out, "Rat Swarm") == 2  # the War Standard's bonus
    assert _power(out, "Illustrative Hexer 1") == 2


def test_cards_blanking_each_other_are_reported_as_a_loop(tmp_path):
    """Two cards each making the other a faceup development: with both effects neither has a text box, with
    neither both have one -- no view is consistent: a loop error naming them, not a hang."""
    hexer = """
  - name: Illustrative Hexer {n}
    type: unit
    cost: 1
    stats: {{power: 1, hp: 1}}
    illustrative: true
    text: "{target} is considered to be a faceup development."
    abilities:
      - kind: continuous
        applies_to: "it.name == '{target}'"
        set: {{faceup_development: true}}
"""
    cards = hexer.format(n=1, target="Illustrative Hexer 2") + hexer.format(n=2, target="Illustrative Hexer 1")
    state = """
state:
  active: A
  phase: capital
  A:
    battlefield: [Illustrative Hexer 1]
    hand: [Illustrative Hexer 2]
    resources: 1
"""
    out = _run(tmp_path, cards, state, "actions:\n  - {player: A, play: Illustrative Hexer 2}\n  - {pass: all}\n")
    assert out.error and "does not settle" in out.error and "text boxes" in out.error
    assert "Illustrative Hexer 1" in out.error and "Illustrative Hexer 2" in out.error


def test_without_a_blanking_attribute_the_core_does_not_look_again(tmp_path, monkeypatch):
    """The pass runs only for a game that names an attribute that can blank a text box: without it the
    judged card's effect applies (the core asks text_blank only before the modifiers apply)."""
    monkeypatch.setattr(WarhammerInvasion, "view_blanking_attrs", ())
    out = _run(tmp_path, _card("Illustrative War Standard"), _JUDGED % "Illustrative War Standard, Rat Swarm",
               _JUDGE % "Illustrative War Standard")
    assert out.error is None, out.error
    assert _power(out, "Rat Swarm") == 2


@pytest.mark.parametrize("ablate", [(), (NO_TEXT,)])
def test_judgement_removed_the_effect_comes_back(tmp_path, ablate):
    out = _run(tmp_path, _card("Illustrative War Standard"), """
state:
  active: B
  phase: capital
  A:
    battlefield: [Illustrative War Standard, Rat Swarm]
    hand: [Illustrative Dispel]
    resources: 1
  B:
    hand: [Judgement of Loec]
    resources: 1
""", """
actions:
  - {player: B, play: Judgement of Loec, targets: [Illustrative War Standard]}
  - {pass: all}
  - {player: A, play: Illustrative Dispel, targets: [Judgement of Loec]}
  - {pass: all}
""", ablate=ablate)
    assert out.error is None, out.error
    assert out.engine.obj("Judgement of Loec").zone == "discard"
    assert _power(out, "Rat Swarm") == 2
    assert _power(out, "Illustrative War Standard") == 1
