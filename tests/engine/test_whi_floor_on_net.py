"""Warhammer: Invasion applies the net effect of Constant Effects that do not have a trigger
(clarification:simultaneous-effects, its example paragraph; core mechanic floor_on_net with the game's
floor_net): the floor at zero (clarification:reduction) applies to the sum of a unit's always-on
modifiers, not to each in turn. Where nothing goes below zero, or nothing raises it again, it changes
nothing."""
from __future__ import annotations

from tests.engine.test_whi_terms import rid
from tests.engine.test_whi_zone_entry import _power, _run

NET = rid("clarification:simultaneous-effects")

_SCENARIO = """
state:
  active: A
  phase: capital
  A:
    battlefield: [{card: %s, label: Mine}]
    hand: [%s]
    discard: [%s]
    resources: 5
  B:
    battlefield: [{card: Illustrative Curse, attached_to: Mine}]
actions:
%s
"""


def _mine(tmp_path, unit: str, banners: int, ablate=(), discard: str = "") -> int:
    """The power of A's ``unit`` carrying B's Illustrative Curse (-1) after A plays ``banners`` +1 Banners
    (``discard``: the cards of A's discard pile)."""
    hand = ", ".join(["Illustrative Banner"] * banners) or "Rat Swarm"
    acts = []
    for n in range(1, banners + 1):
        label = f'"Illustrative Banner#{n}"' if banners > 1 else "Illustrative Banner"
        acts += [f"  - {{player: A, play: {label}, targets: [Mine]}}", "  - {pass: all}"]
    eng = _run(tmp_path, _SCENARIO % (unit, hand, discard, "\n".join(acts) or "  - {pass: all}"), ablate)
    return _power(eng, "Mine")


def test_minus_one_then_plus_one_on_zero_power_nets_zero(tmp_path):
    assert _mine(tmp_path, "Abyssal Terror", 1) == 0


def test_minus_one_then_two_plus_ones_nets_one(tmp_path):
    assert _mine(tmp_path, "Abyssal Terror", 2) == 1


def test_the_net_is_still_floored_at_zero(tmp_path):
    # the Curse alone: net -1 on a 0-power unit, floored once
    assert _mine(tmp_path, "Abyssal Terror", 0) == 0


def test_nothing_below_zero_nothing_changes(tmp_path):
    # Rat Swarm (1 power): 1 - 1 + 1 never goes below zero, net or in turn
    assert _mine(tmp_path, "Rat Swarm", 1) == 1


def test_switched_off_each_modifier_is_floored_in_turn(tmp_path):
    # Abyssal Terror +1 (a unit in A's discard pile) and the Curse -1: net 0. Off, the same paragraph's
    # timestamp order is reversed too: the Curse first takes 0 to -1, floored to 0, then +1 makes 1
    assert _mine(tmp_path, "Abyssal Terror", 0, discard="Rat Swarm") == 0
    assert _mine(tmp_path, "Abyssal Terror", 0, [NET], discard="Rat Swarm") == 1
