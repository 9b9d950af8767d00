"""Huntik 708.3: a use of an action power a modifier gave a card 'this round', tried once the round has
ended, is refused by 708.3 (definite_duration: powers.use_action); with 708.3 switched off the power lasts
and the use goes through; a card that was never given the power is refused naming no rule."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

PACT = """\
game: huntik
cards:
  - name: Dark Pact
    type: free action
    traits: [Evil]
    illustrative: true
    text: "This round, target hero gets \\"Free Action: Discard a card to draw 2 cards.\\""
    abilities:
      - kind: play
        targets:
          - {name: hero, filter: "it.is_hero"}
        steps:
          - modify:
              target: hero
              duration: round
              grant_powers:
                - kind: action
                  name: Pact
                  timing: free
                  cost: [{discard_from_hand: 1}]
                  steps:
                    - {draw: 2}
state:
  active: A
  round: 1
  A:
    deck: [Honorguard, Breakspell, Augerfrost, Thundercut]
    hand: [Dark Pact, Hyperstride, Shadowspeed]
    zone1: [Lok Lambert]
actions:
PLAY  - {start: round}
  - {player: A, use: Lok Lambert, ABILITYchoose: [Hyperstride], try: true}
  - {pass: all}
"""

PLAY = "  - {player: A, play: Dark Pact, targets: [Lok Lambert]}\n  - {pass: all}\n"


def _run(tmp_path, play=PLAY, ability="", ablate=()):
    path = tmp_path / "probe.yaml"
    path.write_text(PACT.replace("PLAY", play).replace("ABILITY", ability), encoding="utf-8")
    out = replay(load_fixture(path), set(ablate), lenient=bool(ablate))
    assert out.engine is not None, out.status
    refused = [e.get("rejected_by") for e in out.engine.events if e["event"] == "action_rejected"]
    return refused, out.engine


def test_the_ended_power_is_refused_by_708_3(tmp_path):
    refused, eng = _run(tmp_path)
    assert refused == [["huntik:708.3"]]
    assert eng.obj("Hyperstride").zone == "hand"


def test_named_by_its_name_too(tmp_path):
    refused, _ = _run(tmp_path, ability="ability: Pact, ")
    assert refused == [["huntik:708.3"]]


def test_with_708_3_off_the_power_lasts_and_is_used(tmp_path):
    refused, eng = _run(tmp_path, ablate={"huntik:708.3"})
    assert refused == []
    assert eng.obj("Hyperstride").zone == "discard"


def test_a_power_never_given_names_no_rule(tmp_path):
    refused, _ = _run(tmp_path, play="")
    assert refused == [None]
