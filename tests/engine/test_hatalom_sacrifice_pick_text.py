"""A card picked for 'áldozz fel egy lapot az asztalodról' / 'az ellenfeled feláldoz egy általa választott
szörnyet' (locations.sacrifice_one) that the card's own filter does not describe is refused by that card's
text (refused_by_text), naming no rule; a pick among the options that a rule refuses (a location, 8.9.5)
still names the rule."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

from .test_hatalom import rid

FORCED = """\
game: hatalom-kartyai
state:
  active: A
  phase: main
  A:
    hand: [Próba kényszerű áldozat]
    vp: 2
  B:
    reserve: [Próba torzszülött 2/2, Próba galetki 1/2]
actions:
  - {player: A, play: Próba kényszerű áldozat}
  - {player: B, choose: [{try: PICK}, Próba torzszülött 2/2]}
  - {pass: all}
"""

RITE = """\
game: hatalom-kartyai
state:
  active: B
  phase: main
  B:
    hand: [Próba áldozati szertartás]
    table: [Próba építmény]
    vp: 1
  A:
    table: [{card: Próba építmény, label: Idegen építmény}]
actions:
  - {player: B, play: Próba áldozati szertartás, choose: [{try: PICK}, Próba építmény]}
  - {pass: all}
"""


def _rejections(tmp_path, text):
    path = tmp_path / "probe.yaml"
    path.write_text(text, encoding="utf-8")
    out = replay(load_fixture(path))
    assert out.engine is not None, out.status
    return [(e.get("refused_by_text"), e.get("rejected_by")) for e in out.engine.events
            if e["event"] == "choice_rejected"], out.engine


def test_opponents_pick_outside_the_forced_sacrifice_filter_names_the_card(tmp_path):
    """A galetki is no 'szörny' (8.1.3 extends the word to torzszülött only): the card's text refuses it."""
    refused, eng = _rejections(tmp_path, FORCED.replace("PICK", "Próba galetki 1/2"))
    assert refused == [("Próba kényszerű áldozat", None)]
    assert eng.obj("Próba torzszülött 2/2").zone == "discard"
    assert eng.obj("Próba galetki 1/2").zone == "reserve"


def test_cost_pick_of_another_players_card_names_the_card(tmp_path):
    """'egy lapot az asztalodról': another player's building is not on his table."""
    refused, eng = _rejections(tmp_path, RITE.replace("PICK", "Idegen építmény"))
    assert refused == [("Próba áldozati szertartás", None)]


def test_pick_the_card_describes_but_a_rule_refuses_names_the_rule(tmp_path):
    """A location is a card on his table, but 8.9.5: it cannot be sacrificed, not even as a cost."""
    text = RITE.replace("table: [Próba építmény]\n    vp: 1", "table: [Próba építmény, Próba oltár helyszín]\n    vp: 1")
    refused, _ = _rejections(tmp_path, text.replace("PICK", "Próba oltár helyszín"))
    assert len(refused) == 1
    assert refused[0][0] is None and rid("8.9.5") in refused[0][1]
