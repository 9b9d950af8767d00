"""Warhammer: Invasion: "Attachments are support cards that must be attached to targets that are in play when
it enters play" (clarification:attachments; mechanic attachment_enters_attached). A played Attachment enters
play attached to the target its play names ('Attach to a unit', 'Attach to a legend', an 'attached unit'),
whatever else its text does; one whose data names nothing to attach it to is refused, never left in play
unattached. With the mechanic off it enters play unattached. A support card that is no Attachment is played
with no target (the rule does not reach it)."""
from __future__ import annotations

from pathlib import Path

from judge.engine.keywords import keyword_total
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.scenes import write_scene
from tests.engine.test_whi_terms import mechanic_only


def _replay(tmp_path, text: str, ablate=()):
    return replay(load_fixture(write_scene(Path(tmp_path), text, "scenario.yaml", game="warhammer-invasion")),
                  set(ablate))


_PAINT = """
state:
  active: A
  phase: capital
  A:
    battlefield: [Savage Gor]
    hand: [Illustrative War Paint]
    resources: 1
actions:
  - {player: A, play: Illustrative War Paint, targets: [Savage Gor]}
  - {pass: all}
"""


def test_war_paint_played_attaches_and_grants_savage(tmp_path):
    # "Attach to a unit. Attached unit gains Savage 1."
    out = _replay(tmp_path, _PAINT)
    assert out.error is None, out.error
    eng = out.engine
    paint, gor = eng.obj("Illustrative War Paint"), eng.obj("Savage Gor")
    assert paint.attached_to == gor.oid and paint.where == gor.where
    assert keyword_total(eng, gor, "savage") == 1


def test_mechanic_off_war_paint_enters_unattached(tmp_path, monkeypatch):
    off = mechanic_only(monkeypatch, "attachment_enters_attached")
    out = _replay(tmp_path, _PAINT, ablate={off})
    assert out.error is None, out.error
    eng = out.engine
    assert eng.obj("Illustrative War Paint").attached_to is None
    assert keyword_total(eng, eng.obj("Savage Gor"), "savage") == 0


def test_horrific_mutation_played_attaches_to_a_unit(tmp_path):
    out = _replay(tmp_path, """
state:
  active: A
  phase: capital
  A:
    battlefield: [Savage Gor]
    hand: [Horrific Mutation]
    resources: 1
actions:
  - {player: A, play: Horrific Mutation, targets: [Savage Gor]}
  - {pass: all}
expect:
  - {card: Horrific Mutation, attached_to: Savage Gor}
""")
    assert out.status == "passed", out.error or out.problems


def test_descendant_of_gods_cannot_be_attached_to_a_unit(tmp_path):
    # "Attach to a legend": a unit is no legal target
    out = _replay(tmp_path, """
state:
  active: A
  phase: capital
  A:
    legend: [Illustrative Legend]
    battlefield: [Savage Gor]
    hand: [Descendant of Gods]
    resources: 1
actions:
  - {player: A, play: Descendant of Gods, targets: [Savage Gor]}
""")
    assert out.error and "Savage Gor" in out.error


_UNNAMED = """
cards:
  - name: Illustrative Bare Attachment
    type: support
    cost: 1
    traits: [Attachment]
    illustrative: true
    text: "Attachment. (its attaching sentence left out)"
state:
  active: A
  phase: capital
  A:
    battlefield: [Savage Gor]
    hand: [Illustrative Bare Attachment]
    resources: 1
actions:
  - {player: A, play: Illustrative Bare Attachment}
"""


def test_attachment_with_nothing_to_attach_to_is_refused(tmp_path):
    # its data names no target, so it cannot enter play attached -- refused, not put in play unattached
    out = _replay(tmp_path, _UNNAMED)
    assert out.error and "names nothing to attach it to" in out.error
    assert "clarification:attachments" in out.error


def test_mechanic_off_the_attachment_with_no_target_is_played(tmp_path, monkeypatch):
    off = mechanic_only(monkeypatch, "attachment_enters_attached")
    out = _replay(tmp_path, _UNNAMED + "  - {pass: all}\n", ablate={off})
    assert out.error is None, out.error
    bare = out.engine.obj("Illustrative Bare Attachment")
    assert bare.attached_to is None and bare.where == "A.kingdom"


def test_a_support_that_is_no_attachment_needs_no_target(tmp_path):
    out = _replay(tmp_path, """
state:
  active: A
  phase: capital
  A:
    hand: [Eataine Harbour]
    resources: 2
actions:
  - {player: A, play: Eataine Harbour}
  - {pass: all}
expect:
  - {card: Eataine Harbour, zone: A.kingdom}
""")
    assert out.status == "passed", out.error or out.problems
