"""A stun that stuns nothing pays no cost (Vs. System). Jaime Ortiz's "Stun a Crime Lords defender you control
>>> ..." can be paid only with a defender that is not already stunned (its chooser's filter); a cost that
names the character to stun is refused when that one is stunned or cannot be stunned (``can:stun``) -- as
the FAQ answers Mr. Code's cost: "If he's already in your visible area, you can't use this power"."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

JAIME = "Jaime Ortiz <> Damage, Cybernetic Enforcer"

_JAIME = """game: vs-system
state:
  turn: 1
  active: A
  phase: combat
  A:
    visible: ["Dracula, Lord of the Damned"]
  B:
    visible: [%s, "Jaime Ortiz <> Damage, Cybernetic Enforcer"]
actions:
  - {player: A, attack: Henchman, with: ["Dracula, Lord of the Damned"]}
%s
"""

_SELF_STUN = """game: vs-system
cards:
  - name: Stunt Double
    type: character
    cost: 1
    traits: [Crime Lords]
    stats: {atk: 1, def: 1}
    illustrative: true
    note: "a power whose cost stuns the character itself"
    text: "Stun Stunt Double >>> Draw a card."
    abilities:
      - kind: action
        name: fall
        cost:
          - {stun: this}
        steps:
          - {draw: 1}
state:
  active: A
  phase: build
  A:
    visible: [%s]
    deck: [Henchman]
actions:
  - {player: A, use: Stunt Double, try: true}
  - {pass: all}
"""


def _run(tmp_path, text: str):
    f = Path(tmp_path) / "scenario.yaml"
    f.write_text(text)
    return replay(load_fixture(f)).engine


def _events(eng, kind):
    return [e for st in eng.trace for e in st.events if e["event"] == kind]


def test_jaime_cannot_stun_an_already_stunned_defender(tmp_path):
    eng = _run(tmp_path, _JAIME % ("Henchman", '  - {strike: attack}\n  - {player: B, use: "%s", try: true}' % JAIME))
    assert "stunned" in eng.obj("Henchman").flags  # by the strike
    assert [e["player"] for e in _events(eng, "action_rejected")] == ["B"]
    assert [e["card"] for e in _events(eng, "becomes_defender")] == ["Henchman"]  # only as it was attacked


def test_jaime_stuns_an_unstunned_defender_and_takes_over(tmp_path):
    eng = _run(tmp_path, _JAIME % ("Henchman", '  - {player: B, use: "%s", choose: [Henchman]}\n'
                                              '  - {pass: all}' % JAIME))
    assert not _events(eng, "action_rejected")
    assert "stunned" in eng.obj("Henchman").flags  # the cost
    assert [e["card"] for e in _events(eng, "becomes_defender")] == ["Henchman", JAIME]


def test_a_cost_stunning_a_stunned_character_is_refused(tmp_path):
    eng = _run(tmp_path, _SELF_STUN % "{card: Stunt Double, stunned: true}")
    [rejected] = _events(eng, "action_rejected")
    assert "cannot pay the cost" in rejected["reason"]
    assert eng.obj("Henchman").where == "A.deck"


def test_a_cost_stunning_an_unstunned_character_is_paid(tmp_path):
    eng = _run(tmp_path, _SELF_STUN % "Stunt Double")
    assert not _events(eng, "action_rejected")
    assert "stunned" in eng.obj("Stunt Double").flags
    assert eng.obj("Henchman").where == "A.hand"


def test_the_review_scene_replays_as_the_faq_reads_it():
    """The reviewer's scene (a Dracula strike stuns B's only Crime Lords defender, then B tries Jaime
    Ortiz): the use is refused and Jaime does not become the defender."""
    fx = load_fixture(Path(__file__).parent / "data" / "vs-jaime-cannot-pay-with-an-already-stunned-defender.yaml")
    out = replay(fx)
    assert out.status == "passed", out.problems or out.error
