"""A card type chosen with choose_type is kept by a modifier the same power creates afterwards ('válassz egy
laptípust: a kör végéig minden ilyen típusú lényed sebzése +1'), and 8.1.3.1 reads it there as in a one-shot
step: szörny chosen where torzszülött could be chosen too leaves the torzszülöttek out; chosen where it could
not, szörny covers them (8.1.3); torzszülött chosen is only torzszülött; with 8.1.3.1 off, szörny covers
them. The modifier ends with the turn."""
from __future__ import annotations

import textwrap

import pytest

from judge.engine.whiles import kept
from judge.games.hatalom_kartyai.card_types import ChosenType
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

from .test_hatalom import rid


def _cards(options: str) -> str:
    return f"""
cards:
  - name: Próba típusdicsőítés
    type: általános
    cost: 1
    illustrative: true
    text: "Válassz egy laptípust ({options}): a kör végéig minden ilyen típusú lényed sebzése +1."
    abilities:
      - kind: play
        steps:
          - {{choose_type: [{options}], as: chosen}}
          - {{modify: {{applies_to: "of_chosen(it, chosen) and it.controller == you", modify: {{sebzes: 1}}, duration: turn}}}}
"""


BODY = """
state:
  active: A
  phase: main
  A:
    hand: [Próba típusdicsőítés]
    reserve: [Próba szörny 2/3, Próba torzszülött 2/2]
    vp: 1
  B:
    reserve: [Próba avatár 3/3]
actions:
  - {player: A, play: Próba típusdicsőítés, choose: [%s]}
  - {pass: all}
  - {check: [{card: Próba szörny 2/3, sebzes: %d}, {card: Próba torzszülött 2/2, sebzes: %d}, {card: Próba avatár 3/3, sebzes: 3}]}
  - {player: B, begin: main}
expect:
  - {card: Próba szörny 2/3, sebzes: 2}
  - {card: Próba torzszülött 2/2, sebzes: 2}
"""


def _run(tmp_path, options: str, pick: str, szorny: int, torz: int, ablate=()):
    path = tmp_path / "scenario.yaml"
    path.write_text("game: hatalom-kartyai\n" + _cards(options) + textwrap.dedent(BODY % (pick, szorny, torz)),
                    encoding="utf-8")
    return replay(load_fixture(path), set(ablate))


@pytest.mark.parametrize("options, pick, szorny, torz", [
    ("szörny, torzszülött", "szörny", 3, 2),   # 8.1.3.1: the torzszülött left out
    ("szörny, torzszülött", "torzszülött", 2, 3),
    ("szörny, kalandozó", "szörny", 3, 3),      # no torzszülött option: szörny covers it (8.1.3)
])
def test_kept_choice_reaches(tmp_path, options, pick, szorny, torz):
    out = _run(tmp_path, options, pick, szorny, torz)
    assert out.status == "passed", out.problems or out.error


def test_szorny_covers_torzszulott_with_8_1_3_1_off(tmp_path):
    off = {rid("8.1.3.1")}
    out = _run(tmp_path, "szörny, torzszülött", "szörny", 3, 3, off)
    assert out.status == "passed", out.problems or out.error
    assert _run(tmp_path, "szörny, torzszülött", "szörny", 3, 2, off).status == "failed"


def test_a_modifier_keeps_the_chosen_type_with_its_options():
    chosen = ChosenType("szörny", ["szörny", "torzszülött"])
    out, cards = kept({"chosen": chosen, "you": "A"})
    assert out["chosen"] == "szörny" and out["chosen"].options == ("szörny", "torzszülött") and not cards
