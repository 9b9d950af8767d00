"""Warhammer: Invasion: the legend / fulcrum attack path (combat.py) declares ordinary units with the
same check as the quest-zone attack path (combat.check_attacker), so switching off develop's 'corrupted unit cannot attack even
from the quest zone' behaves the same in a zone attack and in an attack on a legend."""
from __future__ import annotations

import textwrap

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

FAQ = "warhammer-invasion:faq:corrupted-unit-questing-wolves-north-use-quests-ability"

FIXTURE = """\
game: warhammer-invasion
ruling: {faq}
cites: [{faq}]
question: A corrupted unit questing on Wolves of the North attacks ({what}).
answer: It cannot be declared as an attacker.
state:
  active: A
  phase: quest
  A:
    quest: [Wolves of the North, {{card: Dark Zealot, questing: true, corrupted: true}}]
  B:
    legend: [Illustrative Legend]
actions:
  - {{player: A, {attack}, with: [Dark Zealot], try: true}}
expect:
  - {{event: action_rejected, player: A}}
  - {{no_event: declared_attacker}}
"""

ATTACKS = {"zone": "attack: kingdom", "legend": "attack: legend, to: Illustrative Legend, zone: kingdom"}


def _outcome(tmp_path, what: str, ablate: set) -> str:
    path = tmp_path / f"{what}.ruling.yaml"
    path.write_text(textwrap.dedent(FIXTURE.format(faq=FAQ, what=what, attack=ATTACKS[what])))
    return replay(load_fixture(path, None, None), ablate).status


@pytest.mark.parametrize("what", sorted(ATTACKS))
def test_corrupted_quester_rejected_on_both_paths(tmp_path, what):
    assert _outcome(tmp_path, what, set()) == "passed"


@pytest.mark.parametrize("what", sorted(ATTACKS))
def test_corrupted_quester_ablation_same_on_both_paths(tmp_path, what):
    assert _outcome(tmp_path, what, {FAQ}) == "failed"
