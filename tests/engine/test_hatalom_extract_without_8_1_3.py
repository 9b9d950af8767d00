"""8.2.1 "Ha egy játékos az ellenfél torzszülöttjéből szörnykomponenst nyer ki ...": the rule itself speaks of
components extracted from a torzszülött, so switching 8.1.3 off (a torzszülött is then no 'szörny') does not
switch 8.2.1 off. What must still be refused: a card that is neither a monster nor a torzszülött, and one's
own card. 8.2.1 off: the torzszülött's components are extracted as components only."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.engine.state import ReplayError
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

from .test_hatalom import act, make, rid

DATA = Path(__file__).parent / "data" / "hatalom-extract-torzszulott-without-8.1.3.yaml"
TORZ, GALETKI = "Próba torzszülött 2/2", "Próba galetki 1/2"


@pytest.mark.parametrize("ablate", [(), (rid("8.1.3"),)])
def test_extract_from_torzszulott_with_and_without_8_1_3(ablate):
    out = replay(load_fixture(DATA), set(ablate))
    assert out.status == "passed", out.problems or out.error


def test_with_8_2_1_off_no_token_option():
    out = replay(load_fixture(DATA), {rid("8.2.1")})
    assert out.status != "passed"


def _discarded(card, owner="B", ablate=()):
    players = {"A": {"reserve": [GALETKI]}, "B": {}}
    players[owner]["discard"] = [card]
    return make(ablate, active="A", phase="combat", **players)


@pytest.mark.parametrize("ablate", [(), (rid("8.1.3"),)])
def test_torzszulott_components_with_8_1_3_off(ablate):
    eng = _discarded(TORZ, ablate=ablate)
    act(eng, "A", "extract", TORZ, ["komponens", GALETKI])
    assert eng.state.player_data["A"]["komponens"] == 1
    assert eng.obj(GALETKI).counters["erősödés"] == 1


@pytest.mark.parametrize("card,owner", [("Próba avatár 3/3", "B"), (TORZ, "A")])
def test_not_a_monster_nor_torzszulott_or_ones_own_refused(card, owner):
    eng = _discarded(card, owner=owner, ablate=(rid("8.1.3"),))
    with pytest.raises(ReplayError, match="not a defeated opponent's monster"):
        act(eng, "A", "extract", card, ["komponens"])
