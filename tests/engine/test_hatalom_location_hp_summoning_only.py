"""8.9.2 "A helyszínek idézési költségében szereplő szörnykomponens kifizethető 2 Ép feláldozásával is": the
monster component of a location's SUMMONING cost may be paid with 2 HP; a monster component in the cost of
a location's ability is not (costs._cost_plan). An illustrative location whose ability costs a monster
component: with no component, its use is refused even with HP to spare; the contrast, the same location
played without a component, pays it with 2 HP; with 8.9.2's mechanic off, neither is paid with HP."""
from __future__ import annotations

import textwrap

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

from .test_hatalom import rid

BY_HP = rid("8.9.2")

CARDS = """
cards:
  - name: Próba komponensfaló helyszín
    type: helyszín
    cost: {vp: 1, komponens: 1}
    illustrative: true
    text: "1 szörnykomponens: +1 VP."
    abilities:
      - kind: action
        cost: [{hk_cost: {vp: 0, komponens: 1}}]
        steps:
          - {player_counter: vp, amount: 1}
"""

USE = CARDS + """
state:
  active: A
  phase: main
  A:
    table: [Próba komponensfaló helyszín]
    vp: 0
    komponens: %d
    ep: 20
actions:
  - {player: A, use: Próba komponensfaló helyszín, try: true}
  - {pass: all}
expect:
  - {player: A, ep: 20, vp: %d, komponens: 0}
  - {event: action_rejected, player: A, count: %d}
"""

PLAY = CARDS + """
state:
  active: A
  phase: main
  A:
    hand: [Próba komponensfaló helyszín]
    vp: 1
    komponens: 0
    ep: 20
actions:
  - {player: A, play: Próba komponensfaló helyszín, try: true}
  - {pass: all}
expect:
  - {card: Próba komponensfaló helyszín, zone: %s}
  - {player: A, ep: %d}
"""


def _run(tmp_path, text: str, ablate=()):
    path = tmp_path / "scenario.yaml"
    path.write_text("game: hatalom-kartyai\n" + textwrap.dedent(text), encoding="utf-8")
    return replay(load_fixture(path), set(ablate), lenient=bool(ablate))


def _ok(out):
    assert out.status == "passed", out.problems or out.error


def _fails(out):
    assert out.status == "failed", out.error


def test_ability_component_not_paid_with_hp(tmp_path):
    _ok(_run(tmp_path, USE % (0, 0, 1)))


def test_ability_component_paid_with_a_component(tmp_path):
    """The contrast: with a component the ability is used (it costs the component, no HP)."""
    _ok(_run(tmp_path, USE % (1, 1, 0)))


def test_summoning_component_paid_with_hp(tmp_path):
    out = _run(tmp_path, PLAY % ("A.table", 18))
    _ok(out)
    assert BY_HP in {r for st in out.engine.trace for r in st.rules}


def test_rule_off_neither_paid_with_hp(tmp_path):
    _ok(_run(tmp_path, PLAY % ("A.hand", 20), {BY_HP}))
    _fails(_run(tmp_path, PLAY % ("A.table", 18), {BY_HP}))
    _ok(_run(tmp_path, USE % (0, 0, 1), {BY_HP}))
