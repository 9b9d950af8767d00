"""Warhammer: Invasion, keyword:counterstrike: 'Counterstrike damage is combat damage that cannot be split
among attackers': a scripted split (or a unit that is not attacking) is refused naming the keyword, and the
damage goes to the one attacker picked next (blind round 30: the refusal named no rule)."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.test_whi_terms import rid

SCENARIO = """game: warhammer-invasion
state:
  active: A
  phase: battlefield
  A:
    battlefield: [Rat Swarm, Savage Gor]
  B:
    kingdom: [Counterstrike Veteran, Dark Zealot]
actions:
  - {player: A, attack: kingdom, with: [Rat Swarm, Savage Gor]}
  - {player: B, defend: [Counterstrike Veteran], choose: [%s, Savage Gor]}
"""


def _rejections(tmp_path, tried: str):
    f = Path(tmp_path) / "cs.yaml"
    f.write_text(SCENARIO % tried)
    out = replay(load_fixture(f))
    assert out.status == "replayed", out.error  # no expect: the test reads the board itself
    assert out.engine.obj("Savage Gor").zone == "discard"  # all 2 damage on the one attacker picked
    return [e.get("rejected_by") for st in out.engine.trace for e in st.events if e["event"] == "choice_rejected"]


def test_a_split_is_refused_by_the_keyword(tmp_path):
    assert _rejections(tmp_path, "{try: {Rat Swarm: 1, Savage Gor: 1}}") == [[rid("keyword:counterstrike")]]


def test_a_unit_that_is_not_attacking_is_refused_by_the_keyword(tmp_path):
    assert _rejections(tmp_path, "{try: Dark Zealot}") == [[rid("keyword:counterstrike")]]
