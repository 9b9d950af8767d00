"""Card text that says 'unit' does not reach a legend (review 43): legends are a card type of their own
(clarification:legends: an attacked legend "is automatically declared as a defender", yet it is no unit).
Reckless Attack's "sacrifice all units that attacked this phase", Horrific Mutation's "each defending unit",
Grimgor's Spike's "each attacking unit dealt combat damage", Strike from the Shadows' "target attacking
unit" and Illustrative Pack Hunter's "if 2 or more units are attacking" name units only."""
from __future__ import annotations

import textwrap
from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

REVIEW = Path(__file__).resolve().parent / "data" / "card-text"
RULINGS = Path(__file__).resolve().parents[2] / "rulings" / "warhammer-invasion" / "review43"


def _run(tmp_path, text: str):
    path = tmp_path / "scenario.yaml"
    path.write_text("game: warhammer-invasion\n" + textwrap.dedent(text), encoding="utf-8")
    return replay(load_fixture(path), set())


def test_review_scenarios_pass():
    scenes = [REVIEW / f"whi-{name}.yaml" for name in ("reckless-attack-sacrifices-attacking-legend",
                                                       "horrific-mutation-shrinks-defending-legend")]
    scenes += [RULINGS / f"review43-{name}.ruling.yaml" for name in ("grimgors-spike-destroys-attacking-legend",
                                                                     "strike-from-the-shadows-targets-attacking-legend")]
    for name in scenes:
        out = replay(load_fixture(name), set())
        assert out.status == "passed", (name, out.problems or out.error)


def test_reckless_attack_still_sacrifices_the_units(tmp_path):
    out = replay(load_fixture(REVIEW / "whi-reckless-attack-sacrifices-attacking-legend.yaml"), set())
    discard = [o.card.name for o in out.engine.zone_objs("A", "discard")]
    assert "Hag Queen" in discard and "Rat Swarm" in discard


STRIKE = """
    state:
      active: A
      phase: battlefield
      A:
        legend: [Wurrzag]
        battlefield: [Dark Zealot]
        deck: [Hag Queen, Hag Queen]
      B:
        hand: [Strike from the Shadows]
        resources: 1
    actions:
      - {player: A, attack: kingdom, with: [Wurrzag, Dark Zealot]}
      - {player: B, play: Strike from the Shadows, targets: [%s]}
      - {pass: all}
    expect:
      - {card: %s, damage: 1}
"""


def test_strike_from_the_shadows_hits_an_attacking_unit(tmp_path):
    out = _run(tmp_path, STRIKE % ("Dark Zealot", "Dark Zealot"))
    assert out.status == "passed", out.problems or out.error


def test_strike_from_the_shadows_cannot_target_the_attacking_legend(tmp_path):
    out = _run(tmp_path, STRIKE % ("Wurrzag", "Wurrzag"))
    assert out.status == "error" and "Wurrzag is not a legal target" in out.error


PACK = """
    state:
      active: A
      phase: battlefield
      A:
        legend: [Wurrzag]
        battlefield: [Illustrative Pack Hunter%s]
        deck: [Hag Queen, Hag Queen]
    actions:
      - {player: A, attack: kingdom, with: [Illustrative Pack Hunter, Wurrzag%s]}
    expect:
      - {card: Illustrative Pack Hunter, counters: {resource: %d}}
"""


def test_pack_hunter_counts_attacking_units_not_legends(tmp_path):
    out = _run(tmp_path, PACK % ("", "", 0))
    assert out.status == "passed", out.problems or out.error
    out = _run(tmp_path, PACK % (", Rat Swarm", ", Rat Swarm", 1))
    assert out.status == "passed", out.problems or out.error
