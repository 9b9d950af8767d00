"""A replacement power functions in the areas it names (Huntik 700.2: 'Such powers specify what areas they
function in'), as triggered powers do: 'While I'm in your discard pile, if a friendly hero would be KO'd,
return it ... instead' replaces from the discard pile (review 41: only cards in play were looked at), and
not from play or the hand; with powers_function_in_play off a card's replacement works in every area."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENE = Path(__file__).parent / "data" / "replacement-functions-in-discard.yaml"


def _lok_zone(tmp_path, where: str, ablate=()):
    text = SCENE.read_text(encoding="utf-8").replace("    discard: [Spirit Ward]\n", f"    {where}: [Spirit Ward]\n")
    path = tmp_path / "ward.yaml"
    path.write_text(text, encoding="utf-8")
    out = replay(load_fixture(path), set(ablate), lenient=bool(ablate))
    assert out.error is None, out.error
    return out.engine.obj("Lok Lambert").zone


def test_from_the_discard_pile_it_replaces_the_ko(tmp_path):
    assert _lok_zone(tmp_path, "discard") == "hand"


@pytest.mark.parametrize("where", ["hand", "zone2"])
def test_not_from_an_area_it_does_not_name(tmp_path, where):
    assert _lok_zone(tmp_path, where) == "discard"


def test_powers_function_in_play_off_it_works_from_the_hand(tmp_path):
    assert _lok_zone(tmp_path, "hand", ["huntik:700.2"]) == "hand"
