"""8.3.1: kalandozók "szintlépés kártyák tehetők rájuk, illetve egyéb módon szintet léphetnek": a level a
continuous effect gives (``modify: {szint: N}``, always on or 'a kör végéig') adds to the level-up cards and
szint tokens -- the level (``it.szint``, a "2. szinttől" condition) and its +1 sebzés / +1 Ép. Not for a
creature that is no kalandozó (its ``szint`` is no level: no bonus); nothing with 8.3.1 switched off."""
from __future__ import annotations

import textwrap

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

from .test_hatalom import rid

CARDS = """
cards:
  - name: Próba szintadó bűbáj
    type: bűbáj lényre
    cost: 1
    illustrative: true
    text: "Bűbáj lényre. A megbűvölt lény szintet lép."
    abilities:
      - kind: play
        targets: [{name: host, filter: "can_host(it, this)"}]
      - kind: continuous
        applies_to: "it == host_of(this)"
        modify: {szint: 1}
  - name: Próba gyors tanítás
    type: azonnali
    cost: 0
    illustrative: true
    text: "Egy célpont lény a kör végéig két szintet lép."
    abilities:
      - kind: play
        targets: [{name: victim, filter: "is_a(it, 'lény')"}]
        steps:
          - {modify: {target: victim, modify: {szint: 2}, duration: turn}}
"""


def _run(tmp_path, body: str, ablate=()):
    path = tmp_path / "scenario.yaml"
    path.write_text("game: hatalom-kartyai\n" + CARDS + textwrap.dedent(body), encoding="utf-8")
    return replay(load_fixture(path), set(ablate))


def _ok(out):
    assert out.status == "passed", out.problems or out.error


def _fails(out):
    assert out.status == "failed", out.error


ENCHANTED = """
state:
  active: A
  phase: main
  A:
    reserve: [%s]
    table: [{card: Próba szintadó bűbáj, attached_to: %s}%s]
actions:
  - {player: A, begin: combat}
expect:
  - {card: %s, szint: %d, sebzes: %d, ep: %d}
"""
K = "Próba kalandozó 1/1"
LEVEL_UP = ", {card: Próba szintlépés, attached_to: Próba kalandozó 1/1}"


def test_enchantment_level_alone(tmp_path):
    _ok(_run(tmp_path, ENCHANTED % (K, K, "", K, 1, 2, 2)))


def test_enchantment_level_adds_to_a_level_up(tmp_path):
    _ok(_run(tmp_path, ENCHANTED % (K, K, LEVEL_UP, K, 2, 3, 3)))


def test_no_level_bonus_with_8_3_1_off(tmp_path):
    _ok(_run(tmp_path, ENCHANTED % (K, K, LEVEL_UP, K, 0, 1, 1), {rid("8.3.1")}))
    _fails(_run(tmp_path, ENCHANTED % (K, K, LEVEL_UP, K, 2, 3, 3), {rid("8.3.1")}))


def test_a_monster_gets_no_level_bonus(tmp_path):
    # a szörny's szint is no level (8.3.1 is the kalandozók' rule): its values stay printed
    s = "Próba szörny 2/3"
    _ok(_run(tmp_path, ENCHANTED % (s, s, "", s, 1, 2, 3)))


TEMPORARY = """
state:
  active: A
  phase: main
  A:
    reserve: [Próba íjász kalandozó 1/1]
    hand: [Próba gyors tanítás]
  B:
    reserve: [Próba szörny 2/3]
actions:
  - {player: A, use: Próba íjász kalandozó 1/1, targets: [Próba szörny 2/3], try: true}
  - {check: [{event: action_rejected, player: A, refused_by_text: Próba íjász kalandozó 1/1}]}
  - {player: A, play: Próba gyors tanítás, targets: [Próba íjász kalandozó 1/1]}
  - {pass: all}
  - {check: [{card: Próba íjász kalandozó 1/1, szint: 2, sebzes: 3, ep: 3}]}
  - {player: A, use: Próba íjász kalandozó 1/1, targets: [Próba szörny 2/3]}
  - {pass: all}
  - {player: B, begin: main}
expect:
  - {card: Próba szörny 2/3, damage: 1}
  - {card: Próba íjász kalandozó 1/1, szint: 0, sebzes: 1, ep: 1}
"""


def test_level_until_end_of_turn_opens_the_ability_then_goes(tmp_path):
    _ok(_run(tmp_path, TEMPORARY))


def test_level_until_end_of_turn_with_8_3_1_off(tmp_path):
    # no level: the "2. szinttől" ability stays closed (the script's use is an error)
    assert _run(tmp_path, TEMPORARY, {rid("8.3.1")}).status != "passed"


LOSES = CARDS.replace("szintet lép.", "szintet veszít.").replace("modify: {szint: 1}", "modify: {szint: -1}")


def _run_losing(tmp_path, body: str):
    path = tmp_path / "losing.yaml"
    path.write_text("game: hatalom-kartyai\n" + LOSES + textwrap.dedent(body), encoding="utf-8")
    return replay(load_fixture(path), set())


def test_a_level_taken_away_counts_against_the_level_ups_floored_once_on_the_whole(tmp_path):
    # -1 from the enchantment and one level-up card: level 0 (not the level-up's 1 after a floored 0)
    _ok(_run_losing(tmp_path, ENCHANTED % (K, K, LEVEL_UP, K, 0, 1, 1)))
    _ok(_run_losing(tmp_path, ENCHANTED % (K, K, LEVEL_UP + LEVEL_UP, K, 1, 2, 2)))
    # no level-up: 0, not -1 (and no -1 sebzés / Ép)
    _ok(_run_losing(tmp_path, ENCHANTED % (K, K, "", K, 0, 1, 1)))
