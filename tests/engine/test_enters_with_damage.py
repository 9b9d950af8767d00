"""'Comes into play with N damage on it': an entering modifier (``enters: {damage: N}``), the card's own
(an always-on ability about itself) or one an effect created for the next card(s) to enter ({create: {kind:
enters, filter, enters: {...}, next: true}}, We'z Bigga!). The damage tokens are placed as the card enters
(core enters_with_modifiers): no damage is assigned, cancelled or dealt. Switched off, the card enters
undamaged and the damage is then dealt to it by the modifier's source (a damage event, like any later
change). Where it must not apply: a card that does not match the filter, a second card after a 'next' one
was used up, a card that does not enter play."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from judge.engine.cards import load_cards
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.test_mechanics import make

CARDS = """
game: tiny
cards:
  - {name: Grunt, type: unit, stats: {power: 1, hp: 3}}
  - {name: Pawn, type: support}
  - name: Battered Ogre
    type: unit
    stats: {power: 3, hp: 3}
    abilities:
      - {kind: continuous, enters: {damage: 2}}
  - name: Rough Welcome
    type: tactic
    abilities:
      - kind: play
        steps:
          - create: {kind: enters, next: true, filter: "it.type == 'unit'", enters: {damage: 1, exhausted: true}}
"""

WHI = Path(__file__).resolve().parents[2] / "rulings/warhammer-invasion/effects"
FAQ = "warhammer-invasion:faq:control-fellblade-opponent-plays-unit-into-zone-containing"


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    p = tmp_path_factory.mktemp("enters_damage") / "cards.yaml"
    p.write_text(textwrap.dedent(CARDS))
    return load_cards(p, "tiny")


def _kinds(eng):
    return [e["event"] for e in eng.events]


def test_own_enters_damage_is_placed_not_dealt(pool):
    eng = make(pool, A_hand=["Battered Ogre"])
    new = eng.enter_play(eng.obj("Battered Ogre"), "A", "play")
    assert new.damage == 2
    assert "damage_assigned" not in _kinds(eng) and "damage_dealt" not in _kinds(eng)
    assert "tiny:enters_with_modifiers" in eng.step.rules


def test_own_enters_damage_off_is_dealt_after_entering(pool):
    eng = make(pool, ["tiny:enters_with_modifiers"], A_hand=["Battered Ogre"])
    new = eng.enter_play(eng.obj("Battered Ogre"), "A", "play")
    assert new.damage == 2
    kinds = _kinds(eng)
    assert kinds.index("enters_play") < kinds.index("damage_assigned")


def test_created_modifier_reaches_the_next_matching_card_only(pool):
    eng = make(pool, A_discard=["Rough Welcome"], A_hand=["Pawn", "Grunt#1", "Grunt#2"])
    eng.run_steps([{"create": {"kind": "enters", "next": True, "filter": "it.type == 'unit'",
                               "enters": {"damage": 1, "exhausted": True}}}],
                  eng.bindings_for(eng.obj("Rough Welcome"), "A"))
    pawn = eng.enter_play(eng.obj("Pawn"), "A", "play")  # not a unit: not 'the next unit'
    assert pawn.damage == 0 and not pawn.exhausted
    first = eng.enter_play(eng.obj("Grunt#1"), "A", "play")
    assert first.damage == 1 and first.exhausted
    second = eng.enter_play(eng.obj("Grunt#2"), "A", "play")  # the 'next' one was used up
    assert second.damage == 0 and not second.exhausted
    assert "damage_assigned" not in _kinds(eng) and "exhausted" not in _kinds(eng)


def test_created_modifier_off_deals_the_damage_from_its_source(pool):
    eng = make(pool, ["tiny:enters_with_modifiers"], A_discard=["Rough Welcome"], A_hand=["Grunt"])
    eng.run_steps([{"create": {"kind": "enters", "next": True, "enters": {"damage": 1}}}],
                  eng.bindings_for(eng.obj("Rough Welcome"), "A"))
    new = eng.enter_play(eng.obj("Grunt"), "A", "play")
    assert new.damage == 1
    assigned = [e for e in eng.events if e["event"] == "damage_assigned"]
    assert [(e["card"], e["amount"], e["source"]) for e in assigned] == [("Grunt", 1, "Rough Welcome")]


def test_a_card_that_does_not_enter_play_keeps_the_modifier_waiting(pool):
    eng = make(pool, A_discard=["Rough Welcome"], A_hand=["Grunt"])
    eng.run_steps([{"create": {"kind": "enters", "next": True, "enters": {"damage": 1}}}],
                  eng.bindings_for(eng.obj("Rough Welcome"), "A"))
    eng.move(eng.obj("Grunt"), "discard")
    assert any(e.kind == "enters" for e in eng.state.effects)


def test_unknown_enters_field_is_refused(tmp_path):
    bad = CARDS.replace("enters: {damage: 1, exhausted: true}", "enters: {damage: 1, wounded: true}")
    p = tmp_path / "cards.yaml"
    p.write_text(textwrap.dedent(bad))
    with pytest.raises(Exception, match="wounded"):
        load_cards(p, "tiny")


@pytest.mark.parametrize("name, damage_off", [
    ("blind19-wez-bigga-enters-damaged-not-dealt", 1),
    ("blind19-wez-bigga-enters-damaged-toughness-cancels-nothing", 0),
    ("blind19-wez-bigga-enters-damaged-bloodletter-doubles-nothing", 2),
])
def test_wez_bigga_unit_enters_with_its_damage_token(name, damage_off):
    """On: the unit carries 1 damage token, dealt nothing (no Pain Eater token, nothing for Toughness to
    cancel or Bloodletter to double). The FAQ switched off: the damage is dealt to it after it entered."""
    fx = load_fixture(WHI / f"{name}.ruling.yaml")
    out = replay(fx)
    assert out.passed
    unit = next(e["card"] for e in fx.expect if "damage" in e and e.get("zone"))
    def assigned(o):
        return any(e["event"] == "damage_assigned" and e.get("card") == unit for st in o.engine.trace for e in st.events)
    assert not assigned(out)
    off = replay(fx, {FAQ}, lenient=True)
    assert not off.passed and off.engine.obj(unit).damage == damage_off and assigned(off)
