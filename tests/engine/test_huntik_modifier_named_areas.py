"""Huntik 706.4: "Unless a modifier specifies that it affects cards in another area ... modifiers only
affect cards in play" (core mechanic modifiers_affect_play_only, judge/engine/areas.py). A modifier whose
description names the hand ('heroes in your hand get +2 ATK') affects the cards there it fits, and the
cards in play it fits; one that names no area (or another one, or leaves the hand out) never reaches the
hand -- the cases where the exception must not apply. Switched off, every modifier reaches every area."""
from __future__ import annotations

from judge.engine import areas
from tests.engine.test_huntik import effect, make, rid

IN_HAND = "it.is_hero and it.zone == 'hand' and it.owner == you"


def _atk(eng, label):
    return eng.obj_attr(eng.obj(label), "atk")


def _scene(ablate=()):
    return make(ablate, A={"hand": ["Zhalia Moon"], "zone1": ["Lok Lambert"], "discard": ["Seeker Recruit"]},
                B={"hand": ["Dante Vale"]})


def _modify(eng, applies_to, **extra):
    effect(eng, "A", [{"modify": {"applies_to": applies_to, "modify": {"atk": 2}, "duration": "round", **extra}}])


def test_the_areas_a_description_names():
    assert areas.named(IN_HAND) == {"hand"}
    assert areas.named("'discard' == it.zone") == {"discard"}
    assert areas.named("it.is_hero and it.zone in ['hand', 'discard']") == {"hand", "discard"}
    # leaving an area out, or a counted card's area, names none
    assert areas.named("it.zone != 'hand'") == frozenset()
    assert areas.named("not it.zone in ['hand']") == frozenset()
    assert areas.named("it.is_hero and count(it.zone == 'hand', 'hand') > 1") == frozenset()
    assert areas.named("it.is_hero") == frozenset()


def test_a_modifier_naming_the_hand_affects_heroes_there_only():
    eng = _scene()
    _modify(eng, IN_HAND)
    assert _atk(eng, "Zhalia Moon") == 6
    assert rid("706.4") in eng.step.rules
    assert _atk(eng, "Lok Lambert") == 3        # in play: the description leaves it out
    assert _atk(eng, "Dante Vale") == 5         # B's hand: not "your" hand
    assert _atk(eng, "Seeker Recruit") == 1     # the discard pile: an area it does not name


def test_counted_in_the_hand_with_the_bonus():
    eng = _scene()
    _modify(eng, IN_HAND)
    assert eng.eval("count(it.is_hero and it.owner == you and it.atk >= 5, 'hand')", eng.bindings_for(None, "A")) == 1


def test_a_modifier_naming_no_area_does_not_reach_the_hand():
    eng = _scene()
    _modify(eng, "it.is_hero")
    assert _atk(eng, "Lok Lambert") == 5
    assert _atk(eng, "Zhalia Moon") == 4
    assert _atk(eng, "Seeker Recruit") == 1


def test_another_modifier_does_not_reach_the_hand_opened_by_one_naming_it():
    eng = _scene()
    _modify(eng, IN_HAND)
    _modify(eng, "it.is_hero")  # names no area: cards in play only, even with the hand in the view
    assert _atk(eng, "Zhalia Moon") == 6
    assert _atk(eng, "Lok Lambert") == 5


def test_a_modifier_naming_the_discard_pile_leaves_the_hand_alone():
    eng = _scene()
    _modify(eng, "it.is_hero and it.zone == 'discard'")
    assert _atk(eng, "Seeker Recruit") == 3
    assert _atk(eng, "Zhalia Moon") == 4


def test_a_hero_leaving_the_hand_is_no_longer_affected():
    eng = _scene()
    _modify(eng, IN_HAND)
    eng.move(eng.obj("Zhalia Moon"), "discard")
    assert _atk(eng, "Zhalia Moon") == 4


def test_a_locked_modifier_flags_the_heroes_in_the_hand_it_names():
    eng = _scene()
    _modify(eng, IN_HAND, lock=True)
    assert _atk(eng, "Zhalia Moon") == 6


def test_switched_off_every_modifier_reaches_every_area():
    eng = _scene([rid("706.4")])
    _modify(eng, "it.is_hero")
    assert _atk(eng, "Zhalia Moon") == 6
    assert _atk(eng, "Dante Vale") == 7
    assert _atk(eng, "Seeker Recruit") == 3


def test_the_rule_is_traced_for_a_modifier_kept_from_the_hand_while_another_names_it(tmp_path):
    """A modifier naming the hand is in force; Rallying Cry ('heroes with 4 or more ATK get +1 DEF', no
    area named) fits Zhalia in the hand and is kept from her: 706.4 made that difference and is recorded."""
    from judge.scenarios.loader import load_fixture
    from judge.scenarios.replay import replay

    path = tmp_path / "kept.yaml"
    path.write_text("""\
game: huntik
cards:
  - name: Gilded Scout
    type: free action
    illustrative: true
    text: "This round, heroes in your hand with 7 or more ATK get +2 ATK."
    abilities:
      - kind: play
        steps:
          - {modify: {applies_to: "it.is_hero and it.zone == 'hand' and it.owner == you and it.atk >= 7", modify: {atk: 2}, duration: round}}
state:
  active: A
  A:
    hand: [Gilded Scout, Rallying Cry, Zhalia Moon]
    zone1: [Sophie Casterwill]
  B:
    zone1: [Suit Grunt]
actions:
  - {player: A, play: Gilded Scout}
  - {pass: all}
  - {player: A, play: Rallying Cry}
  - {pass: all}
expect:
  - {card: Zhalia Moon, zone: A.hand, atk: 4, def: 3}
""", encoding="utf-8")
    out = replay(load_fixture(path))
    assert out.passed, out.error or out.problems
    assert rid("706.4") in out.engine.trace[4].rules
    assert replay(load_fixture(path), {rid("706.4")}).passed is False  # off: Rallying Cry reaches her
