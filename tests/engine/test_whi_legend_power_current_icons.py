"""Warhammer: Invasion, a legend's power for card effects is the icons of its weakest zone
(legends.legend_power): the icons as effects make them, not the printed ones. An illustrative support gives
legends +2 kingdom and +2 quest icons: Wurrzag (1/1/2 printed) has power 2, not 1; the contrast without the
support, 1; with the weakest-zone rule off, the sum of its (modified) icons."""
from __future__ import annotations

import textwrap

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.test_whi_terms import rid

WEAKEST = rid("clarification:legends")  # mechanic legend_power_weakest

SCENARIO = """
    cards:
      - name: Illustrative Banner of Legends
        type: support
        cost: 1
        illustrative: true
        text: "Each legend gets +2 kingdom icons and +2 quest icons."
        abilities:
          - kind: continuous
            applies_to: "it.type == 'legend'"
            modify: {kingdom_icons: 2, quest_icons: 2}
    state:
      active: A
      phase: capital
      A:
        legend: [Wurrzag]
        kingdom: [%s]
    actions: []
    expect:
      - {card: Wurrzag, power: %d}
"""


def _run(tmp_path, text: str, ablate=()):
    path = tmp_path / "scenario.yaml"
    path.write_text("game: warhammer-invasion\n" + textwrap.dedent(text), encoding="utf-8")
    return replay(load_fixture(path), set(ablate), lenient=bool(ablate))


def _ok(out):
    assert out.status == "passed", out.problems or out.error


def test_legend_power_reads_modified_icons(tmp_path):
    _ok(_run(tmp_path, SCENARIO % ("Illustrative Banner of Legends", 2)))


def test_legend_power_printed_icons_without_the_modifier(tmp_path):
    _ok(_run(tmp_path, SCENARIO % ("Rat Swarm", 1)))


def test_legend_power_sum_with_the_rule_off(tmp_path):
    _ok(_run(tmp_path, SCENARIO % ("Illustrative Banner of Legends", 8), {WEAKEST}))
    _ok(_run(tmp_path, SCENARIO % ("Rat Swarm", 4), {WEAKEST}))
