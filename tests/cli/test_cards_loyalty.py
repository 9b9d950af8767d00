"""`judge cards` shows what adds to a card's cost beyond the printed number (Warhammer's loyalty) and the
faction whose loyalty icons pay it: a scenario writer reading only the card's text ('cost 1') underpays."""
from __future__ import annotations

import json

from click.testing import CliRunner

from judge.cli import cli


def test_cards_line_shows_loyalty_and_faction():
    res = CliRunner().invoke(cli, ["cards", "--game", "warhammer-invasion"])
    assert res.exit_code == 0
    assert "Illustrative Orc Charge (tactic; cost 1; loyalty 2; faction orc; icons 1)" in res.output
    assert "Dark Zealot (unit; cost 2; power 1; hp 3)" in res.output  # neither: nothing added


def test_cards_json_carries_loyalty_and_faction():
    data = json.loads(CliRunner().invoke(cli, ["cards", "--game", "warhammer-invasion", "--json"]).output)
    cards = {c["name"]: c for c in data["cards"]}
    assert (cards["Illustrative Orc Charge"]["loyalty"], cards["Illustrative Orc Charge"]["faction"]) == (2, "orc")
    assert (cards["Dark Zealot"]["loyalty"], cards["Dark Zealot"]["faction"]) == (None, None)
