"""`versions: {Card: printed}` for a card whose printed text is not modelled while its errata's abilities
are (the corpus quotes only the errata) is refused as the scenario loads, naming the file and line: the
printed card would replay as a blank card. An errata that only adds a keyword (Limited) leaves the printed
card replayable. `judge cards` marks the first kind."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from judge.cli import cli
from judge.errors import BadInputError
from judge.scenarios.loader import load_fixture

SCENE = """\
game: warhammer-invasion
versions: {{{card}: printed}}
state:
  active: A
  phase: capital
  A:
    hand: [{card}]
    resources: 3
actions:
  - {{player: A, play: {card}}}
"""


def test_printed_text_not_quoted_is_refused_with_file_and_line(tmp_path):
    path = tmp_path / "werner.yaml"
    path.write_text(SCENE.format(card="Werner Ludenhof"), encoding="utf-8")
    with pytest.raises(BadInputError) as e:
        load_fixture(path)
    assert e.value.line == 2 and "printed text of 'Werner Ludenhof' is not modelled" in str(e.value)


def test_errata_adding_only_limited_keeps_the_printed_card_replayable(tmp_path):
    path = tmp_path / "snares.yaml"
    path.write_text(SCENE.format(card="Barbed Snares"), encoding="utf-8")
    fx = load_fixture(path)
    assert fx.versions == {"Barbed Snares": "printed"}


def test_cards_marks_the_printed_text_not_modelled():
    out = CliRunner().invoke(cli, ["cards", "--game", "warhammer-invasion"]).output
    werner = next(line for line in out.splitlines() if line.strip().startswith("Werner Ludenhof"))
    snares = next(line for line in out.splitlines() if line.strip().startswith("Barbed Snares"))
    assert "[errata; printed text not modelled]" in werner
    assert "[errata]" in snares and "not modelled" not in snares


def test_cards_json_printed_modelled():
    import json

    data = json.loads(CliRunner().invoke(cli, ["cards", "--game", "warhammer-invasion", "--json"]).output)
    by_name = {c["name"]: c for c in data["cards"]}
    assert by_name["Werner Ludenhof"]["printed_modelled"] is False
    assert by_name["Barbed Snares"]["printed_modelled"] is True
    no_errata = next(c for c in data["cards"] if not c["errata"])
    assert no_errata["printed_modelled"] is True  # its printed text is its current one
