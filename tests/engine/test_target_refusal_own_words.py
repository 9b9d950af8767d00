"""A target its card's filter refuses names the card's text (refused_by_text) only where the card's own words
refuse it (ChainMixin.refused_target_text): not for a card with no text at all, nor where a function the game
lists as stating a rule (GameModule.rule_functions: Hatalom's can_host, 8.4.1 / 8.5.5 / 8.7.1) fired its rule
in the filter. A filter reading a word of the text through a game function (Star Wars' is_unit) still names
the card; with the rule switched off the target is allowed."""
from __future__ import annotations

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

from .test_hatalom import rid


def _rejections(tmp_path, text, ablate=()):
    path = tmp_path / "probe.yaml"
    path.write_text(text, encoding="utf-8")
    out = replay(load_fixture(path, known_ids=None), set(ablate), lenient=bool(ablate))
    return out, [(e.get("refused_by_text"), e.get("rejected_by") or []) for e in out.engine.events
                 if e["event"] == "action_rejected"]


HK = """\
game: hatalom-kartyai
state:
  active: A
  phase: main
  A:
    vp: 2
    hand: [CARD]
    reserve: [Próba kalandozó 1/1, Próba galetki 1/2]
    table: [Próba építmény]
actions:
  - {player: A, play: CARD, targets: [TARGET], try: true}
"""


@pytest.mark.parametrize("card,target,rule", [
    ("Próba szintlépés", "Próba galetki 1/2", "8.4.1"),  # no text of its own
    ("Próba testrész", "Próba kalandozó 1/1", "8.4.1"),
    ("Próba bűbáj szörnyre", "Próba kalandozó 1/1", "8.5.5"),  # 'bűbáj valamire' is its type (8.5.5)
])
def test_a_host_refused_by_the_type_rule_names_the_rule_alone(tmp_path, card, target, rule):
    _, got = _rejections(tmp_path, HK.replace("CARD", card).replace("TARGET", target))
    assert got == [(None, got[0][1])] and rid(rule) in got[0][1], got


def test_the_card_own_words_still_refuse(tmp_path):
    _, got = _rejections(tmp_path, HK.replace("CARD", "Próba helyszínrombolás").replace("TARGET", "Próba építmény"))
    assert got and got[0][0] == "Próba helyszínrombolás", got


def test_with_8_4_1_off_the_level_up_goes_on_the_galetki(tmp_path):
    text = HK.replace("CARD", "Próba szintlépés").replace("TARGET", "Próba galetki 1/2").replace(", try: true", "")
    out, got = _rejections(tmp_path, text + "  - {pass: all}\n", ablate=[rid("8.4.1")])
    assert got == [] and out.engine.obj("Próba szintlépés").attached_to == out.engine.obj("Próba galetki 1/2").oid


HUNTIK = """\
game: huntik
cards:
  - name: Picker
    type: free action
    traits: [Good]
    TEXT
    abilities:
      - kind: play
        targets: [{name: victim, filter: "it.controller != you"}]
        steps: [{exhaust: victim}]
state:
  active: A
  A:
    hand: [Picker]
    zone1: [Lok Lambert]
actions:
  - {player: A, play: Picker, targets: [Lok Lambert], try: true}
"""


@pytest.mark.parametrize("text,named", [('text: "Exhaust target enemy hero."', "Picker"), ("", None)])
def test_a_card_without_text_states_no_target_restriction(tmp_path, text, named):
    _, got = _rejections(tmp_path, HUNTIK.replace("TEXT", text))
    assert got and got[0][0] == named, got


def test_a_function_reading_a_word_of_the_text_still_names_the_card(tmp_path):
    _, got = _rejections(tmp_path, """\
game: star-wars-tcg
state:
  active: dark
  phase: battle
  light:
    space: [Rebel X-wing, {card: Rebel Starfighter Pilot, attached_to: Rebel X-wing}]
  dark:
    hand: [Sudden Recall]
actions:
  - {player: dark, play: Sudden Recall, targets: [Rebel Starfighter Pilot], try: true}
""")
    assert got and got[0][0] == "Sudden Recall" and got[0][1], got
