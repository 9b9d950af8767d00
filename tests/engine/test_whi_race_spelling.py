"""A race is one race however it is spelt (review 43): the cards' factions and a capital's racial affiliation
are compared in one spelling (common.race_name: lower case, hyphens and underscores as spaces), so 'high-elf',
'high elf' and 'High Elf' are the same race for Zealot Hunter's "does not share the racial affiliation of its
controller's capital" (clarification:racial-affilation) and for loyalty. The card data use one spelling."""
from __future__ import annotations

import glob
import textwrap

import pytest
import yaml

from judge.errors import BadInputError
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENARIO = """
    state:
      active: A
      phase: capital
      A:
        hand: [Zealot Hunter]
        resources: 3
        capital: {race: empire}
      B:
        battlefield: [Mage of Loec, Lelansi%s]
        capital: {race: %s}
    actions:
      - {player: A, play: Zealot Hunter, zone: battlefield%s}
      - {pass: all}
    expect:
      - {card: Lelansi, zone: B.battlefield}
      - {card: Mage of Loec, zone: B.battlefield}
"""


def _run(tmp_path, text: str):
    path = tmp_path / "scenario.yaml"
    path.write_text("game: warhammer-invasion\n" + textwrap.dedent(text), encoding="utf-8")
    return replay(load_fixture(path), set())


@pytest.mark.parametrize("race", ["high-elf", "high elf", "High Elf", "high_elf"])
def test_high_elves_share_their_capitals_race_however_spelt(tmp_path, race):
    out = _run(tmp_path, SCENARIO % ("", race, ""))
    assert out.status == "passed", out.problems or out.error


def test_a_unit_of_another_race_is_still_destroyed(tmp_path):
    """Druchii Noble (Dark Elf) under a High Elf capital does not share its race: Zealot Hunter destroys it
    (Lelansi's replacement sends it to its owner's hand instead)."""
    out = _run(tmp_path, SCENARIO % (", Druchii Noble", "high-elf", ""))
    assert out.status == "passed", out.problems or out.error
    assert "Druchii Noble" not in [o.card.name for o in out.engine.zone_objs("B", "battlefield")]


def test_capital_race_not_a_name_is_bad_input(tmp_path):
    with pytest.raises(BadInputError, match="B.capital.race must be the name of a race"):
        _run(tmp_path, SCENARIO % ("", "3", ""))


def test_card_data_spell_each_race_one_way():
    factions = set()
    for f in ["rules_corpus/warhammer-invasion/cards.yaml", *glob.glob("rules_corpus/warhammer-invasion/cards/*.yaml")]:
        for card in yaml.safe_load(open(f, encoding="utf-8")).get("cards") or []:
            if card.get("faction"):
                factions.add(card["faction"])
    assert all(f == " ".join(f.replace("-", " ").lower().split()) for f in factions), factions
