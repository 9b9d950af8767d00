"""Vs. System: powers a strike's stuns trigger go on the chain (triggers_on_chain, bound to the Gravesite
answer): the players may respond to them, and the attack ends once they have resolved. A strike that
triggers nothing ends the attack at once. With the rule off, the powers resolve at the strike, before
anyone can respond."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

HEAD = """\
game: vs-system
state:
  active: A
  phase: combat
  A:
    visible: ["Dracula, Vlad Dracula", Shang Chi]
  B:
    visible: [Henchman]
    hand: [Into the Shadows]
    endurance: 20
actions:
"""

# Vlad Dracula stuns Henchman; in response B hides it; B does not pay
RESPONSE = HEAD + """\
  - {player: A, attack: Henchman, with: ["Dracula, Vlad Dracula"]}
  - {player: A, strike: attack}
  - {player: B, play: Into the Shadows, targets: [Henchman], choose: [hidden front]}
  - {pass: all, player: B, choose: ["no"]}
"""

# the same stun, nobody responds (B's answer scripted before the strike)
NO_RESPONSE = HEAD + """\
  - {player: A, attack: Henchman, with: ["Dracula, Vlad Dracula"]}
  - {player: B, choose: ["no"]}
  - {player: A, strike: attack}
"""

# Shang Chi (4/3 against Henchman) stuns Henchman: no power triggers
NO_TRIGGER = HEAD + """\
  - {player: A, attack: Henchman, with: [Shang Chi]}
  - {player: A, strike: attack}
"""


def _run(tmp_path, text, ablate=frozenset()):
    path = tmp_path / "strike.yaml"
    path.write_text(text)
    out = replay(load_fixture(path), ablate, lenient=bool(ablate))
    assert out.error is None, out.error
    return out.engine


def _step_events(eng, index):
    return [e["event"] for st in eng.trace if st.index == index for e in st.events]


def test_a_stun_trigger_waits_on_the_chain_and_can_be_answered(tmp_path):
    eng = _run(tmp_path, RESPONSE)
    henchman = eng.obj("Henchman")
    # hidden in response, then taken into the same kind of area: A's hidden front row, recovered
    assert (henchman.zone, henchman.controller) == ("hidden", "A")
    assert "stunned" not in henchman.flags
    # the attack is still in progress while the power waits; it ends after the power resolved
    assert "attack_ended" not in _step_events(eng, 2)
    assert "attack_ended" in _step_events(eng, 4)
    assert eng.state.vars.get("combat") is None


def test_a_strike_that_triggers_nothing_ends_the_attack_at_once(tmp_path):
    eng = _run(tmp_path, NO_TRIGGER)
    assert "attack_ended" in _step_events(eng, 2)
    assert eng.state.vars.get("combat") is None
    assert eng.obj("Henchman").zone == "visible"


def test_unanswered_the_power_resolves_when_the_players_pass_then_the_attack_ends(tmp_path):
    eng = _run(tmp_path, NO_RESPONSE)
    henchman = eng.obj("Henchman")
    assert (henchman.zone, henchman.controller) == ("visible", "A")
    assert "moved" not in _step_events(eng, 3) and "attack_ended" not in _step_events(eng, 3)
    assert "attack_ended" in _step_events(eng, 4)  # the end of the script: all players pass


def test_with_triggers_on_chain_off_the_power_resolves_at_the_strike(tmp_path):
    eng = _run(tmp_path, NO_RESPONSE, frozenset({"vs-system:ruling:gravesite"}))
    henchman = eng.obj("Henchman")
    assert (henchman.zone, henchman.controller) == ("visible", "A")
    assert "moved" in _step_events(eng, 3) and "attack_ended" in _step_events(eng, 3)
