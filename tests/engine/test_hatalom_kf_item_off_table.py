"""8.7.1: a # (KF) item is "nem az asztalra kell kitenni, hanem egy olyan lényre kell rátenni": on its
carrier, it is not on the table, so a card text's "az asztalon" (on_table) does not reach it -- destroying,
passivizing, marking, sacrificing, returning "every card on the table", targeting "a card on the table".
The other cards put on a card stay on the table (chapter 8 says nothing to the contrary of level-ups and
body parts, and says every kind of enchantment stays on the table, 8.5.4 / 8.5.6): they are reached.
Switched off (8.7.1), the KF item on a creature is on the table like them."""
from __future__ import annotations

import textwrap

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

from .test_hatalom import make, rid

SCENE = """
state:
  active: A
  phase: main
  A:
    vp: 1
    hand: [%(card)s]
    reserve: [Próba KF szörny 3/4, Próba kalandozó 1/1, Próba galetki 1/2]
    table:
      - Próba szakértelem
      - {card: Próba KF kard, attached_to: Próba KF szörny 3/4}
      - {card: Próba szintlépés, attached_to: Próba kalandozó 1/1}
      - {card: Próba testrész, attached_to: Próba galetki 1/2}
      - {card: Próba bűbáj szörnyre, attached_to: Próba KF szörny 3/4}
actions:
  - {player: A, play: %(card)s%(targets)s}
  - {pass: all}
expect:
"""


def _run(tmp_path, card, expect, targets="", ablate=()):
    path = tmp_path / "scenario.yaml"
    path.write_text("game: hatalom-kartyai\n" + textwrap.dedent(SCENE % {"card": card, "targets": targets})
                    + textwrap.dedent(expect), encoding="utf-8")
    out = replay(load_fixture(path), set(ablate))
    assert out.status == "passed", out.problems or out.error
    return out


OTHERS_ON_THE_TABLE = ("Próba szakértelem", "Próba szintlépés", "Próba testrész", "Próba bűbáj szörnyre")


def _all(fmt):
    return "".join("  - " + fmt % name + "\n" for name in OTHERS_ON_THE_TABLE)


def test_destroy_every_card_on_the_table_spares_the_kf_item(tmp_path):
    _run(tmp_path, "Próba rombolás", _all("{card: %s, zone: A.discard}") + """
  - {card: Próba KF kard, attached_to: Próba KF szörny 3/4}
  - {card: Próba KF szörny 3/4, sebzes: 4}
""")


def test_destroy_every_card_on_the_table_takes_the_kf_item_with_8_7_1_off(tmp_path):
    _run(tmp_path, "Próba rombolás", """
  - {card: Próba KF kard, zone: A.discard}
  - {card: Próba KF szörny 3/4, sebzes: 3}
""", ablate=[rid("8.7.1")])


def test_passivize_every_card_on_the_table_spares_the_kf_item(tmp_path):
    _run(tmp_path, "Próba dermesztés", _all("{card: %s, passive: true}") + """
  - {card: Próba KF kard, passive: false}
""")


def test_passivize_every_card_on_the_table_with_8_7_1_off(tmp_path):
    _run(tmp_path, "Próba dermesztés", "  - {card: Próba KF kard, passive: true}\n", ablate=[rid("8.7.1")])


def test_token_on_every_card_on_the_table_none_on_the_kf_item(tmp_path):
    _run(tmp_path, "Próba jelölés", _all("{card: %s, counters: {jelző: 1}}") + """
  - {card: Próba KF kard, counters: {jelző: 0}}
""")


def test_token_on_every_card_on_the_table_with_8_7_1_off(tmp_path):
    _run(tmp_path, "Próba jelölés", "  - {card: Próba KF kard, counters: {jelző: 1}}\n", ablate=[rid("8.7.1")])


def test_sacrifice_every_card_on_his_table_spares_the_kf_item(tmp_path):
    _run(tmp_path, "Próba földindulás", _all("{card: %s, zone: A.discard}") + """
  - {card: Próba KF kard, attached_to: Próba KF szörny 3/4}
""")


def test_return_every_card_on_his_table_spares_the_kf_item(tmp_path):
    _run(tmp_path, "Próba visszarendelés", _all("{card: %s, zone: A.hand}") + """
  - {card: Próba KF kard, attached_to: Próba KF szörny 3/4}
""")


def test_target_card_on_the_table_not_the_kf_item(tmp_path):
    _run(tmp_path, "Próba visszakeverés", """
  - {event: action_rejected, player: A, rejected_by: hatalom-kartyai:8.7.1}
  - {card: Próba KF kard, attached_to: Próba KF szörny 3/4}
""", targets=", targets: [Próba KF kard], try: true")


def test_target_card_on_the_table_the_kf_item_with_8_7_1_off(tmp_path):
    _run(tmp_path, "Próba visszakeverés", """
  - {event: action_rejected, player: A, count: 0}
  - {card: Próba KF kard, zone: A.deck}
""", targets=", targets: [Próba KF kard]", ablate=[rid("8.7.1")])


def test_on_table_reads_the_zone_and_the_kf_item():
    eng = make(A={"reserve": ["Próba KF szörny 3/4"], "table": ["Próba KF kard", "Próba tárgy"]})
    fn = eng.game.functions["on_table"]
    sword = eng.obj("Próba KF kard")
    assert fn(eng, eng.obj("Próba tárgy")) is True  # an item without the # icon: on the table (8.7)
    assert fn(eng, eng.obj("Próba KF szörny 3/4")) is False  # a creature: in the reserve
    assert fn(eng, sword) is True  # a KF item lying loose (on no creature): where the engine put it
    sword.attached_to = eng.obj("Próba KF szörny 3/4").oid
    assert fn(eng, sword) is False
