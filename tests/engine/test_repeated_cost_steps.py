"""Identical steps judged together (StepsMixin.undoable_steps tells a verb's can-check ``_times``): a verb that
changes the very cards it names -- exhaust, ready, a leave verb, Warhammer's corrupt and sacrifice, Hatalom's
activation, Vs. System's stun -- can do so once, so the same step twice in a row cannot be done in full; a
cost that counts (remove N tokens, Hatalom's VP) needs the count of every time. Review 44: these checks
ignored the repeat, the cost passed, was half paid, and the ability resolved anyway."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.scenes import replay_text
from tests.engine.test_mechanics import make, pool  # noqa: F401 (pytest fixture)

SCENES = sorted((Path(__file__).parent / "data" / "repeated-costs").glob("*.yaml"))


@pytest.mark.parametrize("path", SCENES, ids=lambda p: p.stem)
def test_scene(path):
    out = replay(load_fixture(path))
    assert out.status == "passed", out.error or out.problems


def test_whi_scene_needs_the_costs_rule():
    """The refusal is the costs rule's: switched off, the unit is corrupted and the card drawn."""
    fx = load_fixture(SCENES[0])
    out = replay(fx, {"warhammer-invasion:clarification:triggering-a-card-effect"}, lenient=True)
    assert out.status != "passed"


@pytest.mark.parametrize("steps, counters, doable", [
    ([{"exhaust": "Grunt"}], {}, True),                                   # once: doable
    ([{"exhaust": "Grunt"}, {"exhaust": "Grunt"}], {}, False),            # twice the same card: not
    ([{"exhaust": "Grunt"}, {"exhaust": "Brute"}], {}, True),             # two cards: each once
    ([{"destroy": "Grunt"}, {"destroy": "Grunt"}], {}, False),            # a card leaves play once
    ([{"remove_counter": "Grunt", "counter": "x"}] * 2, {"x": 1}, False),  # 2 tokens needed, 1 there
    ([{"remove_counter": "Grunt", "counter": "x"}] * 2, {"x": 2}, True),
    ([{"exhaust": "picked"}, {"exhaust": "picked"}], {}, True),           # a name chosen later: not judged yet
])
def test_identical_steps_judged_together(pool, steps, counters, doable):  # noqa: F811
    eng = make(pool, A_play=["Grunt", "Brute"])
    eng.obj("Grunt").counters.update(counters)
    assert eng.can_do_all(steps, eng.bindings_for(eng.obj("Grunt"), "A")) is doable


HK_SCENE = """
ruling: hatalom-kartyai:8.9.5.1
cites: [hatalom-kartyai:8.9.5.1]
question: Can A use the location's ability, its VP written as two identical cost steps?
answer: Only with the VP of both.
cards:
  - name: Próba kettős tűzhányó helyszín
    type: helyszín
    cost: 1
    illustrative: true
    text: "1 VP, 1 VP: 1 sebzés egy célpont lénynek."
    abilities:
      - kind: action
        cost: [{hk_cost: {vp: 1}}, {hk_cost: {vp: 1}}]
        targets: [{name: victim, filter: "is_a(it, 'lény')"}]
        steps:
          - {damage: victim, amount: 1}
state:
  active: A
  phase: main
  A: {table: [Próba kettős tűzhányó helyszín], vp: VP}
  B: {reserve: [Próba galetki 1/2]}
actions:
  - {player: A, use: Próba kettős tűzhányó helyszín, targets: [Próba galetki 1/2], try: true}
  - {pass: all}
expect:
  - {card: Próba galetki 1/2, damage: DAMAGE}
  - {player: A, vp: LEFT}
"""


@pytest.mark.parametrize("vp, damage, left", [(1, 0, 1), (2, 1, 0)])
def test_hatalom_vp_cost_twice_needs_the_vp_of_both(tmp_path, vp, damage, left):
    """One VP pays one of the two steps only: refused, nothing paid; two pay both (the rule must not refuse)."""
    text = HK_SCENE.replace("VP}", f"{vp}}}").replace("DAMAGE", str(damage)).replace("LEFT", str(left))
    out = replay_text(tmp_path, text, game="hatalom-kartyai")
    assert out.status == "passed", out.error or out.problems
