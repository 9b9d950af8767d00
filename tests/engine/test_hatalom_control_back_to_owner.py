"""Hatalom Kártyái 8.4.3: a change of control affects a galetki only when it "kikerül ... a tulajdonosa
irányítása alól" -- leaves its OWNER's control. A source giving every galetki to A affects B's own galetki
(its gazda may sacrifice a body part on it and keep it) but not A's own galetki that B had taken: that one
goes back to its owner, so no body part can be sacrificed for it. A targeting source affects its target
whoever owns it (8.4.3 'céloz'); with 8.4.3 off a sacrifice protects nothing."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENE = """\
game: hatalom-kartyai
cards:
  - name: Próba tömeges csábítás
    type: általános
    cost: 1
    illustrative: true
    text: "Átveszed minden galetki irányítását."
    abilities:
      - kind: play
        steps:
          - {gain_control: {all: "it.type == 'galetki'"}}
state:
  active: A
  phase: main
  A:
    hand: [%(hand)s]
    vp: 1
    reserve: [{card: Próba galetki 1/2, controller: B}]
  B:
    reserve: [Próba galetki 1/2]
    table: [{card: Próba testrész, attached_to: Próba galetki 1/2#1}, {card: Próba testrész, attached_to: Próba galetki 1/2#2}]
actions:
  - {player: A, play: %(hand)s%(targets)s}
  - {player: B, sacrifice_part: "%(part)s", try: true}
  - {pass: all}
"""
RULE = "hatalom-kartyai:8.4.3"


def _run(tmp_path, part, hand="Próba tömeges csábítás", targets="", ablate=()):
    f = Path(tmp_path) / "scene.yaml"
    f.write_text(SCENE % {"hand": hand, "targets": targets, "part": part})
    out = replay(load_fixture(f), set(ablate))
    assert out.error is None, out.error
    eng = out.engine
    rejected = [e for e in eng.events if e.get("event") == "action_rejected"]
    return eng, rejected


def test_galetki_going_back_to_its_owner_is_not_affected(tmp_path):
    eng, rejected = _run(tmp_path, "Próba testrész#1")
    assert len(rejected) == 1 and RULE in rejected[0]["rejected_by"]
    assert eng.obj("Próba galetki 1/2#1").controller == "A"
    assert eng.obj("Próba testrész#1").zone == "table"


def test_galetki_leaving_its_owners_control_is_affected(tmp_path):
    """Where the rule holds: B's own galetki would leave B's control; the sacrifice keeps it B's."""
    eng, rejected = _run(tmp_path, "Próba testrész#2")
    assert not rejected
    assert eng.obj("Próba galetki 1/2#2").controller == "B"
    assert eng.obj("Próba testrész#2").zone == "discard"
    assert eng.obj("Próba galetki 1/2#1").controller == "A"


def test_targeted_taking_back_is_affected_by_targeting(tmp_path):
    """'Céloz': a source targeting the galetki affects it even as it gives it back to its owner."""
    eng, rejected = _run(tmp_path, "Próba testrész#1", hand="Próba csábítás", targets=", targets: [Próba galetki 1/2#1]")
    assert not rejected
    assert eng.obj("Próba galetki 1/2#1").controller == "B"


def test_with_8_4_3_off_nothing_is_refused_nor_kept(tmp_path):
    eng, rejected = _run(tmp_path, "Próba testrész#2", ablate={RULE})
    assert not rejected
    assert eng.obj("Próba galetki 1/2#2").controller == "A"
    eng, rejected = _run(tmp_path, "Próba testrész#1", ablate={RULE})
    assert not rejected
    assert eng.obj("Próba galetki 1/2#1").controller == "A"
