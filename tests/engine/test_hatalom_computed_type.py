"""A type a continuous effect sets ('A megbűvölt lény típusa galetki') is the card's type for the rules
that read types: is_a (8.1.3 a torzszülött is a szörny) and what an attached card goes on (8.4.1 / 8.2.3
body parts on a galetki). A list written where a ``set`` expression belongs is a load error naming the
file and line, not a crash of the replay."""
from __future__ import annotations

import textwrap

import pytest

from judge.errors import BadInputError
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

from .test_hatalom import rid


def _fixture(tmp_path, text: str):
    path = tmp_path / "scenario.yaml"
    path.write_text("game: hatalom-kartyai\n" + textwrap.dedent(text), encoding="utf-8")
    return load_fixture(path)


def _enchantment(name: str, type_value: str) -> str:
    return f"""
    cards:
      - name: {name}
        type: bűbáj lényre
        cost: 1
        illustrative: true
        text: "Bűbáj lényre."
        abilities:
          - kind: play
            targets: [{{name: host, filter: "can_host(it, this)"}}]
          - kind: continuous
            applies_to: "it == host_of(this)"
            set: {{type: {type_value}}}
    """


BODY_PART = _enchantment("Próba galetkiesítő bűbáj", "\"'galetki'\"") + """
    state:
      active: A
      phase: main
      A:
        reserve: [Próba szörny 2/3, Próba kalandozó 2/2]
        table: [{card: Próba galetkiesítő bűbáj, attached_to: Próba szörny 2/3}]
        hand: [Próba testrész]
        vp: 1
    actions:
      - {player: A, play: Próba testrész, targets: [%s]}
      - {pass: all}
    expect:
      - {card: Próba testrész, attached_to: %s}
"""


def test_monster_made_a_galetki_takes_a_body_part(tmp_path):
    out = replay(_fixture(tmp_path, BODY_PART % ("Próba szörny 2/3", "Próba szörny 2/3")))
    assert out.status == "passed", out.problems or out.error


def test_creature_not_made_a_galetki_still_refused(tmp_path):
    out = replay(_fixture(tmp_path, BODY_PART % ("Próba kalandozó 2/2", "Próba kalandozó 2/2")))
    assert out.status == "error" and "not a legal target (can_host(it, this))" in str(out.error)
    assert rid("8.4.1") in str(out.error)


CURSE = _enchantment("Próba torzítő bűbáj", "\"'torzszülött'\"") + """
    state:
      active: A
      phase: main
      A:
        hand: [Próba szörnyölő átok]
        vp: 1
      B:
        reserve: [Próba kalandozó 2/2, Próba avatár 3/3]
        table: [{card: Próba torzítő bűbáj, attached_to: Próba avatár 3/3}]
    actions:
      - {player: A, play: Próba szörnyölő átok, targets: [%s]}
      - {pass: all}
    expect:
      - {card: %s, zone: B.discard}
"""


def test_avatar_made_a_torzszulott_is_a_monster(tmp_path):
    out = replay(_fixture(tmp_path, CURSE % ("Próba avatár 3/3", "Próba avatár 3/3")))
    assert out.status == "passed", out.problems or out.error


def test_avatar_made_a_torzszulott_no_monster_with_8_1_3_off(tmp_path):
    out = replay(_fixture(tmp_path, CURSE % ("Próba avatár 3/3", "Próba avatár 3/3")), {rid("8.1.3")})
    assert out.status == "error" and "Próba avatár 3/3 is not a legal target" in str(out.error)


def test_kalandozo_no_monster(tmp_path):
    out = replay(_fixture(tmp_path, CURSE % ("Próba kalandozó 2/2", "Próba kalandozó 2/2")))
    assert out.status == "error" and "Próba kalandozó 2/2 is not a legal target" in str(out.error)


def test_set_list_is_a_load_error_naming_the_line(tmp_path):
    text = BODY_PART.replace("set: {type: \"'galetki'\"}", "set: {also_types: [galetki]}")
    with pytest.raises(BadInputError) as err:
        _fixture(tmp_path, text % ("Próba szörny 2/3", "Próba szörny 2/3"))
    assert "also_types" in str(err.value) and "must be an expression" in str(err.value)


# -- 8.2.2: the components the torzszülött had as it was sacrificed -------------------------------------
GROW = """
    cards:
      - name: Próba hizlaló bűbáj
        type: bűbáj torzszülöttre
        cost: 1
        illustrative: true
        text: "Bűbáj torzszülöttre."
        abilities:
          - kind: play
            targets: [{name: host, filter: "can_host(it, this)"}]
          - kind: continuous
            applies_to: "it == host_of(this)"
            modify: {komponens: 1}
    state:
      active: A
      phase: main
      A:
        reserve: [Próba torzszülött 2/2, Próba galetki 1/2]
        table: [%s]
    actions:
      - {player: A, grow: Próba torzszülött 2/2}
    expect:
      - {card: Próba torzszülött 2/2, zone: A.discard}
      - {card: Próba galetki 1/2, sebzes: %d, ep: %d}
"""


def test_growth_counts_the_components_it_had_in_play(tmp_path):
    out = replay(_fixture(tmp_path, GROW % ("{card: Próba hizlaló bűbáj, attached_to: Próba torzszülött 2/2}", 4, 5)))
    assert out.status == "passed", out.problems or out.error


def test_growth_without_the_enchantment_counts_the_printed_components(tmp_path):
    out = replay(_fixture(tmp_path, GROW % ("Próba építmény", 3, 4)))
    assert out.status == "passed", out.problems or out.error


def test_growth_refused_with_8_2_2_off(tmp_path):
    out = replay(_fixture(tmp_path, GROW % ("{card: Próba hizlaló bűbáj, attached_to: Próba torzszülött 2/2}", 4, 5)),
                 {rid("8.2.2")})
    assert out.status == "error" and "no rule lets a torzszülött be sacrificed" in str(out.error)


def test_growth_with_a_torzszulott_he_owns_but_does_not_control_is_refused_by_8_2_2(tmp_path):
    # was: refused naming no rule -- 8.2.2 "Ha a játékosnak van ... torzszülöttje": his own, as its gazda
    text = """
    state:
      active: A
      phase: main
      A:
        reserve: [{card: Próba torzszülött 2/2, controller: B}, Próba galetki 1/2]
    actions:
      - {player: A, grow: Próba torzszülött 2/2, try: true}
    expect:
      - {event: action_rejected, player: A, rejected_by: hatalom-kartyai:8.2.2}
      - {card: Próba torzszülött 2/2, zone: B.reserve}
    """
    out = replay(_fixture(tmp_path, text))
    assert out.status == "passed", out.problems or out.error
