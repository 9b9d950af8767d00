"""8.4.3 "Ekkor ennek a forrásnak erre az érintett galetkire semmilyen hatása nem lesz, de a forrás egyéb
hatásai létrejönnek": a triggered effect the answered source creates ('a harci fázis elején 2 sebzést
kap') is still that source's effect on the galetki -- it deals it nothing when it triggers; what it does to
other cards happens. Without the sacrifice, and with 8.4.3 switched off, the galetki takes the damage."""
from __future__ import annotations

import textwrap

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

from .test_hatalom import rid

SCENE = """
game: hatalom-kartyai
cards:
  - name: Próba kettős késleltetett átok
    type: azonnali
    cost: 1
    illustrative: true
    text: "Két célpont lény a harci fázis elején 2 sebzést kap."
    abilities:
      - kind: play
        targets: [{name: victims, filter: "is_a(it, 'lény')", count: 2}]
        steps:
          - create: {kind: trigger, on: {event: phase_begins, filter: "event.phase == 'combat'", next: true}, duration: turn, steps: [{damage: victims, amount: 2}]}
state:
  active: B
  phase: main
  A:
    reserve: [Próba galetki 1/2, Próba szörny 2/3]
    table: [{card: Próba testrész, attached_to: Próba galetki 1/2}]
  B:
    vp: 1
    hand: [Próba kettős késleltetett átok]
actions:
  - {player: B, play: Próba kettős késleltetett átok, targets: [Próba galetki 1/2, Próba szörny 2/3]}
%(react)s  - {pass: all}
  - {begin: combat}
expect:
  - {card: Próba szörny 2/3, damage: 2}
%(expect)s"""


def _run(tmp_path, react: bool, expect: str, ablate=()):
    path = tmp_path / "scenario.yaml"
    path.write_text(textwrap.dedent(SCENE) % {
        "react": "  - {player: A, sacrifice_part: Próba testrész}\n" if react else "", "expect": expect},
        encoding="utf-8")
    out = replay(load_fixture(path), set(ablate))
    assert out.status == "passed", out.problems or out.error
    return out


def test_answered_source_delayed_damage_spares_the_galetki_not_the_other_target(tmp_path):
    _run(tmp_path, True, "  - {card: Próba galetki 1/2, zone: A.reserve, damage: 0}\n"
                         "  - {card: Próba testrész, zone: A.discard}\n")


def test_unanswered_source_delayed_damage_kills_the_galetki(tmp_path):
    _run(tmp_path, False, "  - {card: Próba galetki 1/2, zone: A.discard}\n"
                          "  - {card: Próba testrész, zone: A.discard}\n")


def test_with_8_4_3_off_the_sacrifice_protects_nothing(tmp_path):
    _run(tmp_path, True, "  - {card: Próba galetki 1/2, zone: A.discard}\n", ablate=[rid("8.4.3")])
