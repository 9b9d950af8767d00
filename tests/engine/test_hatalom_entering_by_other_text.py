"""Another card's text saying how cards come into play ('A lényeid aktívan kerülnek játékba': ``enters``
with an ``applies_to`` naming other cards) overrides the type's rule as the card's own text does: 8.1.2
(creatures played from hand enter passive), 8.1.2.1 (a creature a source brings into play comes as it would
from the hand), 8.7 (items enter active). Not for cards it does not name, not from a card whose text is
blank."""
from __future__ import annotations

import textwrap

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

from .test_hatalom import rid


def _run(tmp_path, text: str, ablate=()):
    path = tmp_path / "scenario.yaml"
    path.write_text("game: hatalom-kartyai\n" + textwrap.dedent(text), encoding="utf-8")
    return replay(load_fixture(path), set(ablate))


DRUMS = """
    cards:
      - name: Próba hadidob
        type: építmény
        cost: 1
        illustrative: true
        text: "A lényeid aktívan kerülnek játékba."
        abilities:
          - kind: continuous
            applies_to: "is_a(it, 'lény') and it.owner == this.controller"
            enters: {exhausted: false}
    state:
      active: A
      phase: main
      A:
        table: [%s]
        discard: [Próba szörny 2/3]
        hand: [Próba feltámasztás, Próba avatár 3/3]
        vp: 4
      B:
        hand: [Lesből támadó szörny 2/2]
        vp: 2
    actions:
      - {player: A, play: Próba avatár 3/3}
      - {pass: all}
      - {player: A, play: Próba feltámasztás, choose: [Próba szörny 2/3]}
      - {pass: all}
      - {player: B, play: Lesből támadó szörny 2/2}
      - {pass: all}
    expect:
      - {card: Próba avatár 3/3, zone: A.reserve, exhausted: %s}
      - {card: Próba szörny 2/3, zone: A.reserve, exhausted: %s}
      - {card: Lesből támadó szörny 2/2, zone: B.reserve, exhausted: true}
"""


def test_my_creatures_come_active_played_and_raised(tmp_path):
    out = _run(tmp_path, DRUMS % ("Próba hadidob", "false", "false"))
    assert out.status == "passed", out.problems or out.error


def test_without_the_building_they_come_passive(tmp_path):
    out = _run(tmp_path, DRUMS % ("Próba építmény", "true", "true"))
    assert out.status == "passed", out.problems or out.error


def test_building_text_switched_off_gives_nothing(tmp_path):
    """A card whose special abilities are switched off (képességtelen) says nothing."""
    out = _run(tmp_path, DRUMS % ("{card: Próba hadidob, flags: [képességtelen]}", "true", "true"))
    assert out.status == "passed", out.problems or out.error


def test_with_8_1_2_off_every_played_creature_comes_active(tmp_path):
    out = _run(tmp_path, DRUMS % ("Próba hadidob", "false", "false"), [rid("8.1.2")])
    assert out.status == "failed"  # his ambusher comes active too
    assert any("Lesből támadó szörny 2/2" in str(p) for p in out.problems)


ITEMS = """
    cards:
      - name: Próba lassító építmény
        type: építmény
        cost: 1
        illustrative: true
        text: "Az ellenfeled tárgyai passzívan kerülnek játékba."
        abilities:
          - kind: continuous
            applies_to: "is_a(it, 'tárgy') and it.controller != this.controller"
            enters: {exhausted: true}
    state:
      active: A
      phase: main
      %s:
        table: [Próba lassító építmény]
      A:
        hand: [Próba tárgy]
        vp: 3
    actions:
      - {player: A, play: Próba tárgy}
      - {pass: all}
    expect:
      - {card: Próba tárgy, zone: A.table, exhausted: %s}
"""


def test_opponents_item_comes_passive(tmp_path):
    out = _run(tmp_path, ITEMS % ("B", "true"))
    assert out.status == "passed", out.problems or out.error


def test_own_item_still_comes_active(tmp_path):
    """Its text names the opponent's items: the building's controller's own comes active (8.7)."""
    text = ITEMS.replace("      %s:\n        table: [Próba lassító építmény]\n      A:\n        hand",
                         "      A:\n        table: [Próba lassító építmény]\n        hand")
    out = _run(tmp_path, text % "false")
    assert out.status == "passed", out.problems or out.error
