"""A step that changes nothing has not been done: `remove_counter` of 0 tokens and `player_counter` of 0 are
no success, so a `then:` after them ('Then, ...' = 'if you did') does not happen; with 1 it does (review 43L
suspicion, as `draw` of 0 and `counter` of 0 already were). Inline tactics: no rule decides a card's own
`then:` (GUIDE's card language does)."""
from __future__ import annotations

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.scenes import write_scene

SCENE = """game: warhammer-invasion
cards:
  - name: Illustrative Counted Step
    type: tactic
    cost: 0
    illustrative: true
    text: "Action: (a step of N). Then, deal 1 damage to target unit."
    abilities:
      - kind: play
        targets: [{{name: victim, filter: "it.type == 'unit'"}}]
        steps:
          - {step}
          - {{then: [{{damage: victim, amount: 1}}]}}
state:
  active: A
  phase: capital
  A:
    hand: [Illustrative Counted Step]
    kingdom: [{{card: Grudgebearer, counters: {{resource: 2}}}}]
  B:
    battlefield: [Bloodsworn]
actions:
  - {{player: A, play: Illustrative Counted Step, targets: [Bloodsworn]}}
  - {{pass: all}}
expect:
  - {{card: Bloodsworn, damage: {damage}}}
"""

STEPS = {
    "remove_counter": "{{remove_counter: Grudgebearer, counter: resource, amount: {n}}}",
    "player_counter": "{{player_counter: tally, amount: {n}}}",
}


@pytest.mark.parametrize("verb", sorted(STEPS))
@pytest.mark.parametrize("n, damage", [(0, 0), (1, 1)])
def test_a_step_of_none_is_not_done(tmp_path, verb, n, damage):
    path = write_scene(tmp_path, SCENE.format(step=STEPS[verb].format(n=n).replace("{{", "{").replace("}}", "}"),
                                              damage=damage), f"{verb}-{n}.yaml")
    out = replay(load_fixture(path))
    assert out.passed, (out.problems, out.error)
