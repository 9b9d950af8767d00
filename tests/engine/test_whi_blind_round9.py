"""Warhammer: Invasion, mechanics completed in blind scenario round 9 (2026-11-29, night):

1. A tactic whose Action has a trigger condition ("Action: When your opponent declares at least 1 defender
   against your attack, ...": Reckless Attack) is a Triggered Action (clarification:triggered-actions-formerly-
   response-actions: "a subset of Actions that contain a trigger condition"): it is played only once its
   condition is met (clarification:trigger-conditions, mechanic trigger_condition_first), at the first
   opportunity, once per time it is met (tactic_triggers.py feeding triggered.py). A tactic with no trigger
   condition is untouched.
2. Attribute ``attacked_this_phase``: the units declared as attackers in the current phase (combat.py) --
   still true for one moved out of the battlefield (no longer attacking), false in a later battlefield phase."""
from __future__ import annotations

from tests.engine.test_whi_terms import rid
from tests.engine.test_whi_zone_entry import _events, _run

FIRST = rid("clarification:trigger-conditions")

# an illustrative tactic with a trigger condition on another event, to show the mechanic is not Reckless
# Attack's: "Action: When a unit you control is destroyed, draw a card."
_CARDS = """
cards:
  - name: Illustrative Last Rites
    type: tactic
    cost: 0
    illustrative: true
    text: "Action: When a unit you control is destroyed, draw a card."
    abilities:
      - kind: play
        timing: {event: zone_change, filter: "event.cause == 'destroy' and event.obj.controller == you"}
        steps:
          - {draw: 1}
"""

_RITES = _CARDS + """
state:
  active: A
  phase: capital
  A:
    battlefield: [Rat Swarm]
    hand: [Illustrative Last Rites, Flames of Tzeentch]
    deck: [Dark Zealot, Hag Queen]
    resources: 3
actions:
"""

_ATTACK = """
state:
  active: A
  phase: battlefield
  A:
    battlefield: [Savage Marauders]
    discard: [Hag Queen]
    hand: [Reckless Attack]
    resources: 1
  B:
    kingdom: [Rat Swarm]
actions:
  - {player: A, attack: kingdom, with: [Savage Marauders]}
"""


def _rejected(eng):
    return len(_events(eng, "action_rejected"))


def test_tactic_with_trigger_condition_refused_before_it_is_met(tmp_path):
    eng = _run(tmp_path, _RITES + "  - {player: A, play: Illustrative Last Rites, try: true}\n")
    assert _rejected(eng) == 1
    assert eng.obj("Illustrative Last Rites").zone == "hand"
    assert "trigger_condition_first" in eng._fired


def test_tactic_played_once_its_condition_is_met(tmp_path):
    text = _RITES + """  - {player: A, play: Flames of Tzeentch, x: 1, targets: [Rat Swarm]}
  - {pass: all}
  - {player: A, play: Illustrative Last Rites}
  - {pass: all}
"""
    eng = _run(tmp_path, text)
    assert _rejected(eng) == 0
    assert eng.obj("Rat Swarm").zone == "discard"
    assert eng.obj("Hag Queen").zone == "hand"  # the top card drawn


def test_switched_off_the_tactic_is_played_any_time(tmp_path):
    eng = _run(tmp_path, _RITES + "  - {player: A, play: Illustrative Last Rites, try: true}\n", ablate=[FIRST])
    assert _rejected(eng) == 0
    assert eng.obj("Hag Queen").zone == "hand"


def test_tactic_without_trigger_condition_untouched(tmp_path):
    # must not apply: Flames of Tzeentch has no trigger condition
    eng = _run(tmp_path, _RITES + "  - {player: A, play: Flames of Tzeentch, x: 1, targets: [Rat Swarm]}\n")
    assert _rejected(eng) == 0
    assert "trigger_condition_first" not in eng._fired


def test_reckless_attack_after_a_defender_is_declared(tmp_path):
    text = _ATTACK + """  - {player: B, defend: [Rat Swarm]}
  - {player: A, play: Reckless Attack, targets: [Hag Queen]}
  - {pass: all}
"""
    eng = _run(tmp_path, text)
    assert _rejected(eng) == 0
    assert eng.obj("Hag Queen").zone == "battlefield"


def test_reckless_attack_refused_with_no_defender(tmp_path):
    text = _ATTACK + """  - {player: B, defend: []}
  - {player: A, play: Reckless Attack, targets: [Hag Queen], try: true}
"""
    eng = _run(tmp_path, text)
    assert _rejected(eng) == 1
    assert eng.obj("Hag Queen").zone == "discard"


def test_attacked_this_phase_survives_a_move_out_of_the_battlefield(tmp_path):
    text = """
state:
  active: A
  phase: battlefield
  A:
    battlefield: [Pistoliers, Dark Zealot]
    resources: 1
actions:
  - {player: A, attack: kingdom, with: [Pistoliers]}
  - {player: A, use: Pistoliers, choose: [kingdom]}
  - {pass: all}
"""
    eng = _run(tmp_path, text)
    pist, zealot = eng.obj("Pistoliers"), eng.obj("Dark Zealot")
    assert pist.zone == "kingdom" and "attacking" not in pist.flags
    assert eng.obj_attr(pist, "attacked_this_phase")
    assert not eng.obj_attr(zealot, "attacked_this_phase")  # must not apply: it did not attack


def test_attacked_this_phase_is_false_in_the_next_battlefield_phase(tmp_path):
    text = """
state:
  active: A
  phase: battlefield
  A:
    battlefield: [Savage Marauders]
    hand: [Bash 'Em!]
    resources: 1
actions:
  - {player: A, attack: quest, with: [Savage Marauders]}
  - {player: B, defend: []}
  - {player: A, assign: {capital: 2}}
  - {pass: all}
  - {player: A, play: Bash 'Em!}
  - {pass: all}
  - {player: A, begin: battlefield}
"""
    eng = _run(tmp_path, text)
    assert not eng.obj_attr(eng.obj("Savage Marauders"), "attacked_this_phase")


# -- 3. a tactic's refusal names the trigger-condition rule, not the permission checked before it ----------
# (B, not active, may play tactics in A's battlefield phase: that permission fires first; the refusal is the
# trigger condition's)

def test_non_active_tactic_refusal_names_the_trigger_condition_rule(tmp_path):
    text = """
state:
  active: A
  phase: battlefield
  A:
    battlefield: [Savage Marauders]
  B:
    kingdom: [Rat Swarm]
    hand: [Reckless Attack]
    discard: [Dark Zealot]
    resources: 1
actions:
  - {player: A, attack: kingdom, with: [Savage Marauders]}
  - {player: B, defend: [Rat Swarm]}
  - {player: B, play: Reckless Attack, targets: [Dark Zealot], try: true}
"""
    eng = _run(tmp_path, text)
    rej = [e for st in eng.trace for e in st.events if e["event"] == "action_rejected"]
    assert len(rej) == 1
    assert FIRST in str(rej[0]) and rid("clarification:battlefield-phase") not in str(rej[0])


# -- 4. '(limit once per phase)': one phase of one turn (an additional battlefield phase is another) --------

_ZOO = """
state:
  active: A
  phase: capital
  A:
    kingdom: [The Imperial Zoo]
    battlefield: [Savage Marauders]
    hand: [Bash 'Em!]
    resources: 6
actions:
  - {player: A, use: The Imperial Zoo, x: 1}
  - {pass: all}
"""

_AGAIN = "  - {player: A, use: The Imperial Zoo, x: 1, try: true}\n  - {pass: all}\n"


def _tokens(eng):
    return eng.obj("The Imperial Zoo").counters.get("resource", 0)


def test_once_per_phase_refused_twice_in_one_phase(tmp_path):
    eng = _run(tmp_path, _ZOO + _AGAIN)  # must not apply: the same capital phase
    assert _rejected(eng) == 1 and _tokens(eng) == 1


def test_once_per_phase_again_in_the_same_phase_of_the_next_turn(tmp_path):
    eng = _run(tmp_path, _ZOO + "  - {player: A, end: turn}\n  - {player: B, begin: capital}\n" + _AGAIN)
    assert _rejected(eng) == 0 and _tokens(eng) == 2


def test_once_per_phase_again_in_the_additional_battlefield_phase(tmp_path):
    text = (_ZOO + "  - {player: A, begin: battlefield}\n" + _AGAIN
            + "  - {player: A, attack: kingdom, with: [Savage Marauders]}\n  - {player: B, defend: []}\n"
            + "  - {player: A, assign: {capital: 2}}\n  - {pass: all}\n"
            + "  - {player: A, play: Bash 'Em!}\n  - {pass: all}\n  - {player: A, begin: battlefield}\n" + _AGAIN + _AGAIN)
    eng = _run(tmp_path, text)
    assert _tokens(eng) == 3  # capital, battlefield, additional battlefield
    assert _rejected(eng) == 1  # the second use in the additional phase


def test_once_per_turn_limit_unchanged(tmp_path):
    # must not apply: a 'per turn' limit still spans the turn's phases (Werner Ludenhof's Action)
    from judge.games.warhammer_invasion import turn
    eng = _run(tmp_path, _ZOO)
    assert eng.game.limit_period(eng, "turn") == ("turn", eng.state.vars.get("turn"))
    assert eng.game.limit_period(eng, "phase") == turn.phase_period(eng)
