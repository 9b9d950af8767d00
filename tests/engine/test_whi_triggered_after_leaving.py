"""Warhammer: Invasion, the triggered Actions clarification: a triggered Action whose trigger condition was
met while its card was in play is used at the first opportunity even after its card has left play
(triggered.use_after_leaving, hook use_action; mechanic triggered_action_after_leaving) -- for any card,
not only one whose ability says it works in the discard pile. On, off, and where it must not apply (the
card had left play before the condition was met)."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.test_whi_terms import rid

_THIEF = """
game: warhammer-invasion
state:
  active: A
  phase: capital
  A:
    battlefield: [{card: Thief of Essence, damage: 1}]
    hand: [Flames of Tzeentch, Flames of Tzeentch]
    deck: [Rat Swarm, Bloodsworn]
    resources: 3
  B:
    battlefield: [Rat Swarm]
    kingdom: [Illustrative Blood Tithe]
    resources: 1
actions:
%s
  - {player: A, use: Thief of Essence, try: true}
  - {pass: all}
"""

# the Rat Swarm leaves play while the Thief is in play; the Blood Tithe then destroys the Thief
_MET_IN_PLAY = """  - {player: A, play: "Flames of Tzeentch#1", x: 1, targets: ["Rat Swarm#2"]}
  - {pass: all}"""
# the Thief leaves play first; the Rat Swarm leaves play afterwards
_MET_AFTER = """  - {player: A, play: "Flames of Tzeentch#1", x: 1, targets: [Thief of Essence]}
  - {pass: all}
  - {player: A, play: "Flames of Tzeentch#2", x: 1, targets: ["Rat Swarm#2"]}
  - {pass: all}"""


def _run(tmp_path, script: str, ablate=()):
    f = Path(tmp_path) / "thief.yaml"
    f.write_text(_THIEF % script)
    return replay(load_fixture(f), set(ablate), lenient=True).engine


def _drawn(eng):
    return eng.obj("Bloodsworn").where == "A.hand"


def _events(eng, kind):
    return [e for st in eng.trace for e in st.events if e["event"] == kind]


def test_condition_met_in_play_used_after_leaving(tmp_path):
    eng = _run(tmp_path, _MET_IN_PLAY)
    assert eng.obj("Thief of Essence").where == "A.discard"
    assert _drawn(eng)
    assert not _events(eng, "action_rejected")


def test_rule_off_card_out_of_play_cannot_use(tmp_path):
    eng = _run(tmp_path, _MET_IN_PLAY, [rid("clarification:triggered-actions-formerly-response-actions")])
    assert _events(eng, "action_rejected")
    assert not _drawn(eng)


def test_condition_met_after_leaving_play_does_not_apply(tmp_path):
    eng = _run(tmp_path, _MET_AFTER)
    assert eng.obj("Thief of Essence").where == "A.discard"
    assert _events(eng, "action_rejected")
    assert not _drawn(eng)
