"""Core mechanic costs_paid_in_full on the tiny game of test_mechanics: a play whose costs cannot be
paid is refused (naming the rule); switched off, the unpaid costs are skipped."""
import textwrap

import pytest

from judge.engine.cards import load_cards
from judge.engine.state import ReplayError
from tests.engine.test_mechanics import make

CARDS = """
game: tiny
cards:
  - {name: Grunt, type: unit, stats: {power: 1, hp: 2}}
  - name: Pricey Zap
    type: tactic
    abilities:
      - kind: play
        cost: [{pay: 2}]
        targets: [{name: t, filter: "it.type == 'unit'"}]
        steps: [{damage: t, amount: 1}]
"""


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    p = tmp_path_factory.mktemp("tiny-costs") / "cards.yaml"
    p.write_text(textwrap.dedent(CARDS))
    return load_cards(p, "tiny")


def test_unpaid_cost_refuses_the_play_and_names_the_rule(pool):
    eng = make(pool, A_hand=["Pricey Zap"], B_play=["Grunt"])
    eng.state.player_data["A"]["resources"] = 1
    with pytest.raises(ReplayError) as err:
        eng.play("A", "Pricey Zap", {"targets": ["Grunt"]})
    assert "tiny:costs_paid_in_full" in err.value.rules
    assert eng.state.player_data["A"]["resources"] == 1


def test_enough_resources_pays(pool):
    eng = make(pool, A_hand=["Pricey Zap"], B_play=["Grunt"])
    eng.state.player_data["A"]["resources"] = 2
    eng.play("A", "Pricey Zap", {"targets": ["Grunt"]})
    assert eng.state.player_data["A"]["resources"] == 0


def test_switched_off_the_unpaid_cost_is_skipped(pool):
    eng = make(pool, ["tiny:costs_paid_in_full"], A_hand=["Pricey Zap"], B_play=["Grunt"])
    eng.state.player_data["A"]["resources"] = 1
    eng.play("A", "Pricey Zap", {"targets": ["Grunt"]})
    eng.resolve_chain()
    assert eng.state.player_data["A"]["resources"] == 1
    assert eng.obj("Grunt").damage == 1
