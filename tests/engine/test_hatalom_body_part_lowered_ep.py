"""8.4.3 "aminek hatására egy vagy több galetki kikerül a játékból": a source whose continuous effect (a
modify step) lowers a galetki's Ép so that its damage reaches it takes it out of play -- its body part may
be sacrificed against it, and the source (its group modifier too) then has no effect on that galetki. A
galetki the lowered Ép leaves in play is not affected: the sacrifice is refused. Switched off, a body part
may be sacrificed against anything and shields from nothing."""
from __future__ import annotations

import textwrap

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

from .test_hatalom import rid

BOARD = """
cards:
  - name: Próba sorvasztás
    type: azonnali
    cost: 1
    illustrative: true
    text: "Minden lény Ép-je -2 a kör végéig."
    abilities:
      - kind: play
        steps:
          - {modify: {applies_to: "is_a(it, 'lény')", modify: {ep: -2}, duration: turn}}
state:
  active: A
  phase: main
  A:
    hand: [Próba sorvasztás]
    vp: 1
  B:
    reserve:
      - {card: Próba galetki 1/2, damage: %d, counters: {erősödés: 1}}
    table:
      - {card: Próba testrész, attached_to: Próba galetki 1/2}
actions:
  - {player: A, play: Próba sorvasztás}
  - {player: B, sacrifice_part: Próba testrész, try: true}
  - {pass: all}
expect:
"""


def _run(tmp_path, damage: int, expect: str, ablate=()):
    path = tmp_path / "scenario.yaml"
    path.write_text("game: hatalom-kartyai\n" + textwrap.dedent(BOARD % damage) + textwrap.dedent(expect),
                    encoding="utf-8")
    return replay(load_fixture(path), set(ablate))


def test_lowered_ep_would_kill_part_sacrificed_galetki_spared(tmp_path):
    # 3 Ép, 1 damage: -2 leaves 1 Ép against 1 damage -> it would leave play
    out = _run(tmp_path, 1, """
      - {card: Próba testrész, zone: B.discard}
      - {card: Próba galetki 1/2, zone: B.reserve, ep: 3}
    """)
    assert out.status == "passed", out.problems or out.error


def test_lowered_ep_it_survives_sacrifice_refused(tmp_path):
    # no damage: 1 Ép left, it stays in play -> the source does not affect it in 8.4.3's ways
    out = _run(tmp_path, 0, """
      - {event: action_rejected, player: B, rejected_by: hatalom-kartyai:8.4.3}
      - {card: Próba testrész, zone: B.table}
      - {card: Próba galetki 1/2, zone: B.reserve, ep: 1}
    """)
    assert out.status == "passed", out.problems or out.error


def test_rule_off_part_goes_galetki_not_spared(tmp_path):
    out = _run(tmp_path, 1, """
      - {card: Próba testrész, zone: B.discard}
      - {card: Próba galetki 1/2, zone: B.discard}
    """, [rid("8.4.3")])
    assert out.status == "passed", out.problems or out.error
