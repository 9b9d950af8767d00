"""8.4.3 against a card played whose always-on ability would take a galetki out of play: playing the card is the
source (8.4.2 sets apart only level-ups and body parts), and what it does once in play is that source's effect.
A body part may be sacrificed for a galetki its 'Ép-je -2' would kill (affected._always_on), and the card's
always-on abilities then leave that galetki out for as long as the card stays in play (shields.entering_play,
``SPARED``). Where it must not apply: a galetki the ability would not kill, an always-on ability of a card
already in play whose other ability is used, a new object of the card (it left play and came back), 8.4.3
switched off. And 'varázslat' (8.5.0) covers every enchantment kind only through 8.5.6."""
from __future__ import annotations

import textwrap

import pytest

from judge.games.hatalom_kartyai.card_types import is_a
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

from .test_hatalom import make, rid

CARDS = """
cards:
  - name: Próba sorvasztó bűbáj
    type: bűbáj
    cost: 1
    illustrative: true
    text: "Az ellenfeled galetkijeinek Ép-je -%(n)s."
    abilities:
      - kind: continuous
        applies_to: "it.type == 'galetki' and it.controller != this.controller"
        modify: {ep: -%(n)s}
  - name: Próba sorvasztó építmény
    type: építmény
    cost: 1
    illustrative: true
    text: "Az ellenfeled galetkijeinek Ép-je -2. Aktiválás: kapsz 1 VP-t."
    abilities:
      - kind: continuous
        applies_to: "it.type == 'galetki' and it.controller != this.controller"
        modify: {ep: -2}
      - kind: action
        cost: [{activate: this}]
        steps:
          - {player_counter: vp, amount: 1}
"""

SCENE = """
state:
  active: B
  phase: main
  A:
    reserve: [Próba galetki 1/2, Próba galetki 1/2]
    table: [{card: Próba testrész, attached_to: "Próba galetki 1/2#1"}]
  B:
    vp: 2
    hand: [Próba sorvasztó bűbáj]
actions:
  - {player: B, play: Próba sorvasztó bűbáj}
  - {player: A, sacrifice_part: Próba testrész, try: true}
  - {pass: all}
%(more)s
expect:
"""


def _run(tmp_path, expect, n=2, more="", ablate=(), scene=SCENE):
    path = tmp_path / "scenario.yaml"
    path.write_text("game: hatalom-kartyai\n" + textwrap.dedent(CARDS % {"n": n})
                    + textwrap.dedent(scene % {"more": more}) + textwrap.dedent(expect), encoding="utf-8")
    out = replay(load_fixture(path), set(ablate))
    assert out.status == "passed", out.problems or out.error
    return out


def test_body_part_keeps_the_galetki_out_of_the_enchantments_reach(tmp_path):
    _run(tmp_path, """
      - {event: action_rejected, player: A, count: 0}
      - {card: "Próba galetki 1/2#1", zone: A.reserve, ep: 2}
      - {card: "Próba galetki 1/2#2", zone: A.discard}
      - {card: Próba testrész, zone: A.discard}
      - {card: Próba sorvasztó bűbáj, zone: B.table}
    """)


def test_an_enchantment_that_would_not_kill_it_refused(tmp_path):
    # Ép -1: both galetki stay in play with 1 Ép; the always-on ability neither targets nor kills
    _run(tmp_path, """
      - {event: action_rejected, player: A, rejected_by: hatalom-kartyai:8.4.3}
      - {card: Próba testrész, zone: A.table}
      - {card: "Próba galetki 1/2#1", zone: A.reserve, ep: 1}
      - {card: "Próba galetki 1/2#2", zone: A.reserve, ep: 1}
    """, n=1)


def test_with_8_4_3_off_both_galetki_leave_play(tmp_path):
    _run(tmp_path, """
      - {card: "Próba galetki 1/2#1", zone: A.discard}
      - {card: "Próba galetki 1/2#2", zone: A.discard}
      - {card: Próba testrész, zone: A.discard}
    """, ablate=[rid("8.4.3")])


def test_the_enchantment_back_in_play_is_a_new_card_that_reaches_it(tmp_path):
    # returned to hand and played again: another source, which no body part was sacrificed against
    more = """  - {player: B, effect: [{return_to_hand: "Próba sorvasztó bűbáj"}]}
  - {player: B, play: Próba sorvasztó bűbáj}
  - {pass: all}"""
    _run(tmp_path, """
      - {card: "Próba galetki 1/2#1", zone: A.discard}
      - {card: Próba sorvasztó bűbáj, zone: B.table}
    """, more=more)


BUILDING_IN_PLAY = """
state:
  active: B
  phase: main
  A:
    reserve: [{card: Próba galetki 1/2, counters: {erősödés: 2}}]
    table: [{card: Próba testrész, attached_to: "Próba galetki 1/2"}]
  B:
    table: [Próba sorvasztó építmény]
actions:
  - {player: B, use: Próba sorvasztó építmény}
  - {player: A, sacrifice_part: Próba testrész, try: true}
  - {pass: all}
%(more)s
expect:
"""


def test_an_ability_used_of_a_card_in_play_brings_no_always_on_ability(tmp_path):
    # its 'Ép-je -2' already applies (4 - 2): using its other ability is no source of it
    _run(tmp_path, """
      - {event: action_rejected, player: A, rejected_by: hatalom-kartyai:8.4.3}
      - {card: Próba galetki 1/2, zone: A.reserve, ep: 2}
      - {player: B, vp: 1}
    """, scene=BUILDING_IN_PLAY)


@pytest.mark.parametrize("ablate, counted", [((), True), ((rid("8.5.6"),), False)])
def test_enchant_something_is_a_spell_through_8_5_6(ablate, counted):
    eng = make(ablate=ablate)
    assert is_a(eng, "bűbáj szörnyre", "varázslat") is counted
    assert is_a(eng, "bűbáj", "varázslat") and is_a(eng, "azonnali", "varázslat") and is_a(eng, "általános", "varázslat")
    assert not is_a(eng, "tárgy", "varázslat") and not is_a(eng, "szintlépés", "varázslat")


def test_with_8_5_0_off_no_card_is_a_spell():
    eng = make(ablate=(rid("8.5.0"),))
    assert not any(is_a(eng, t, "varázslat") for t in ("azonnali", "általános", "bűbáj", "bűbáj szörnyre"))
