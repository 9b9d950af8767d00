"""The core lethal-damage state check (damage >= hit points destroys a card of the game's damageable types)
reads a card's type as effects make it, not as printed: a support an effect makes a unit with hit points dies
of lethal damage, a unit an effect makes a support does not. Warhammer: Invasion, where the check is bound to
faq:unit-0-hit-points-no-damage-tokens-destroyed (units and legends); illustrative cards whose own constant
ability sets their type. Contrasts: the same damage on a card whose type is not changed; the check off."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.test_whi_terms import rid

LETHAL = rid("faq:unit-0-hit-points-no-damage-tokens-destroyed")

CARDS = """
cards:
  - name: Illustrative Animated Banner
    type: support
    cost: 1
    illustrative: true
    text: "This card is also considered to be a unit with 2 hit points."
    abilities:
      - kind: continuous
        set: {type: "'unit'", hp: 2}
  - name: Illustrative Plain Banner
    type: support
    cost: 1
    stats: {hp: 2}
    illustrative: true
    text: "(a support with a hit-point value, whose type nothing changes)"
  - name: Illustrative Petrified Warriors
    type: unit
    cost: 2
    stats: {power: 1, hp: 2}
    illustrative: true
    text: "This unit is considered to be a support card."
    abilities:
      - kind: continuous
        set: {type: "'support'"}
  - name: Illustrative Warriors
    type: unit
    cost: 2
    stats: {power: 1, hp: 2}
    illustrative: true
    text: "(a unit whose type nothing changes)"
"""

STATE = """
state:
  active: A
  phase: kingdom
  A:
    kingdom: [{card: %s, damage: 2}]
actions:
  - {player: A, begin: quest}
expect:
  - {card: %s, zone: %s}
"""


def _run(tmp_path, card: str, zone: str, ablate=()):
    f = Path(tmp_path) / "scenario.yaml"
    f.write_text("game: warhammer-invasion\n" + CARDS + STATE % (card, card, zone))
    return replay(load_fixture(f), set(ablate), lenient=bool(ablate))


def _ok(out):
    assert out.status == "passed", out.problems or out.error


def _fails(out):
    assert out.status == "failed", out.error


def test_support_made_a_unit_dies_of_lethal_damage(tmp_path):
    out = _run(tmp_path, "Illustrative Animated Banner", "A.discard")
    _ok(out)
    assert LETHAL in {r for st in out.engine.trace for r in st.rules}


def test_support_not_made_a_unit_survives_its_damage(tmp_path):
    """The contrast: a support (with a printed hit-point value) whose type nothing changes is no unit."""
    _ok(_run(tmp_path, "Illustrative Plain Banner", "A.kingdom"))


def test_unit_made_a_support_survives_lethal_damage(tmp_path):
    _ok(_run(tmp_path, "Illustrative Petrified Warriors", "A.kingdom"))


def test_unit_not_made_a_support_dies(tmp_path):
    _ok(_run(tmp_path, "Illustrative Warriors", "A.discard"))


def test_nothing_dies_with_the_check_off(tmp_path):
    _ok(_run(tmp_path, "Illustrative Animated Banner", "A.kingdom", {LETHAL}))
    _fails(_run(tmp_path, "Illustrative Animated Banner", "A.discard", {LETHAL}))
    _ok(_run(tmp_path, "Illustrative Warriors", "A.kingdom", {LETHAL}))
