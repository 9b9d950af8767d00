"""Taking control of a card one controls already changes no controller (blind round 33, Hatalom): no
control_changed is logged -- a 'Valahányszor egy lény gazdát cserél' trigger stays silent -- and the step does not
count as done for a 'then'. No rule of the corpus states it (8.11.3 speaks of what a change of gazda does to the
attached cards), so it is a test of the core's gain_control rather than a ruling fixture: switching off a cited
rule could not break it. The scenario as the reviewer wrote it, the other player's creature as the contrast."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENARIO = """game: hatalom-kartyai
ruling: hatalom-kartyai:8.11.3
cites: [hatalom-kartyai:8.11.3, hatalom-kartyai:8.5.2]
question: >-
  He has "Valahányszor egy lény gazdát cserél, kapsz 1 VP-t" in play. In my main phase I play Próba
  csábítás ("Átveszed egy célpont lény irányítását (gazdája leszel)") at my own Próba szörny 2/3, then a
  second one at his Próba kalandozó 1/1. How many VP does he get?
answer: >-
  A permanent "gazdát cserél" (8.11.3: "Ha egy permanens gazdát cserél ...") only when its gazda
  becomes another player. My szörny's gazda is me before and after the first csábítás: it changed no
  gazda, his building gives nothing. His kalandozó's gazda becomes me: one change, 1 VP. General
  spells in my own main phase (8.5.2).
cards:
  - name: Próba hűségfigyelő építmény
    type: építmény
    cost: 1
    illustrative: true
    text: "Valahányszor egy lény gazdát cserél, kapsz 1 VP-t."
    abilities:
      - kind: trigger
        on: {event: control_changed, filter: "is_a(event.obj, 'lény')"}
        steps:
          - {player_counter: vp, amount: 1}
state:
  active: A
  phase: main
  A:
    vp: 2
    hand: [Próba csábítás, Próba csábítás]
    reserve: [Próba szörny 2/3]
  B:
    vp: 0
    reserve: [Próba kalandozó 1/1]
    table: [Próba hűségfigyelő építmény]
actions:
  - {player: A, play: Próba csábítás#1, targets: [Próba szörny 2/3]}
  - {pass: all}
  - check:
      - {player: B, vp: 0}
  - {player: A, play: Próba csábítás#2, targets: [Próba kalandozó 1/1]}
  - {pass: all}
expect:
  - {event: control_changed, count: 1}
  - {card: Próba kalandozó 1/1, zone: A.reserve, controller: A}
  - {player: B, vp: 1}
  - {player: A, vp: 0}
"""


def test_seducing_my_own_creature_changes_no_gazda_his_does(tmp_path):
    path = tmp_path / "seduce.ruling.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    out = replay(load_fixture(path))
    assert out.error is None and out.passed, out.error or out.problems
    changed = [e for e in out.engine.events if e["event"] == "control_changed"]
    assert [(e["card"], e["to"]) for e in changed] == [("Próba kalandozó 1/1", "A")]


def test_then_after_taking_what_i_control_already_is_skipped(tmp_path):
    path = tmp_path / "then.ruling.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    out = replay(load_fixture(path))
    eng = out.engine
    szorny = eng.obj("Próba szörny 2/3")
    assert eng.run_step({"gain_control": [szorny]}, {"you": "A"}) is False  # his already: nothing taken
    kal = eng.obj("Próba kalandozó 1/1")
    assert kal.controller == "A" and eng.run_step({"gain_control": [kal]}, {"you": "B"}) is True
