"""Warhammer: Invasion, mechanics completed in blind scenario round 5 (2026-11-29, afternoon):

indirect damage several players must assign at the same time ('deal 1 indirect damage to each player',
``{indirect: each}``; clarification:indirect-damage, its last paragraph):

* the active player assigns his share first, then the next player (``indirect_active_player_first``;
  off: the player whose card effect deals it first);
* the damage is still applied at the same time, one batch (``indirect_applied_together``; off: each
  share is applied as soon as it is assigned).

Neither mechanic is consulted for indirect damage dealt to one player, and the order is not decided by
the rule when the effect's controller is the active player anyway."""
from __future__ import annotations

from tests.engine.test_whi_terms import rid
from tests.engine.test_whi_zone_entry import _events, _run

_EACH = """
state:
  active: %s
  phase: capital
  A:
    kingdom: [Garden of Morr, Rat Swarm]
    hand: [Illustrative Cataclysm]
    resources: 1
  B:
    battlefield: [{card: Savage Gor, damage: 1}]
actions:
  - {player: A, play: Illustrative Cataclysm, choose: [{Rat Swarm: 1}]}
  - {player: B, pass: all, choose: [{Savage Gor: 1}]}
"""


def _order(eng):
    return [e["player"] for e in _events(eng, "indirect_dealt")]


def test_active_player_assigns_first_even_when_his_opponent_deals_it(tmp_path):
    eng = _run(tmp_path, _EACH % "B")
    assert _order(eng) == ["B", "A"]
    assert "indirect_active_player_first" in eng._fired


def test_switched_off_the_dealer_assigns_first(tmp_path):
    eng = _run(tmp_path, _EACH % "B", ablate=[rid("clarification:indirect-damage")])
    assert _order(eng) == ["A", "B"]


def test_dealer_is_active_player_rule_decides_nothing(tmp_path):
    # must not apply: the order is the same whoever the rule names
    eng = _run(tmp_path, _EACH % "A")
    assert _order(eng) == ["A", "B"]
    assert "indirect_active_player_first" not in eng._fired


def test_shares_applied_together_one_destruction_event(tmp_path):
    eng = _run(tmp_path, _EACH % "B")
    assert eng.obj("Rat Swarm").zone == "discard" and eng.obj("Savage Gor").zone == "discard"
    assert eng.obj("Garden of Morr").counters.get("resource") == 1
    assert "indirect_applied_together" in eng._fired


def test_switched_off_each_share_applied_at_once_two_destructions(tmp_path):
    eng = _run(tmp_path, _EACH % "B", ablate=[rid("clarification:indirect-damage")])
    assert eng.obj("Garden of Morr").counters.get("resource") == 2


_ONE = """
state:
  active: B
  phase: capital
  A:
    kingdom: [Rat Swarm]
  B:
    battlefield: [Reaper Bolt Thrower]
    resources: 2
actions:
  - {player: B, use: Reaper Bolt Thrower}
  - {player: A, pass: all, choose: [{Rat Swarm: 1, A capital kingdom: 1}]}
"""


def test_indirect_damage_to_one_player_consults_neither(tmp_path):
    # must not apply: 'each opponent' with one opponent is one player assigning
    eng = _run(tmp_path, _ONE)
    assert eng.obj("Rat Swarm").zone == "discard"
    assert _order(eng) == ["A"]
    assert "indirect_applied_together" not in eng._fired
    assert "indirect_active_player_first" not in eng._fired
