"""Warhammer: Invasion, Savage keywords set off together (keywords.savage): keywords count as Constant
Effects, so simultaneous ones resolve the active player's first, then the opponent's
(clarification:simultaneous-effects, pending_order_policy); off, in the order the damage was dealt. A
unit left with lethal damage by one strike is destroyed before the next strike picks its target
(faq:unit-0-hit-points-no-damage-tokens-destroyed), so it is never offered as one."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.test_whi_terms import rid

_WIND = """
game: warhammer-invasion
state:
  active: %s
  phase: capital
  A:
    kingdom: [Hag Queen]
    battlefield: [Illustrative Savage Beast]
    hand: [Illustrative Plague Wind]
    resources: 1
  B:
    battlefield: [Savage Gor, {card: Illustrative War Paint, attached_to: Savage Gor}, {card: Dark Zealot, damage: %d}]
actions:
  - {player: A, play: Illustrative Plague Wind}
  - {player: A, choose: %s}
  - {player: B, pass: all, choose: %s}
"""


def _run(tmp_path, active, zealot_damage, a_choices, b_choices, ablate=()):
    f = Path(tmp_path) / "wind.yaml"
    f.write_text(_WIND % (active, zealot_damage, a_choices, b_choices))
    out = replay(load_fixture(f), set(ablate), lenient=bool(ablate))
    assert out.error is None, out.error
    return out.engine


def _savage_sources(eng):
    return [e["source"] for st in eng.trace for e in st.events if e["event"] == "savage"]


def test_active_players_savage_first_when_opponent_active(tmp_path):
    eng = _run(tmp_path, "B", 0, "[Savage Gor]", "[Illustrative Savage Beast, Illustrative Savage Beast]")
    assert _savage_sources(eng)[0] == "Savage Gor"


def test_active_players_savage_first_when_own_turn(tmp_path):
    # must not reorder against the active player: A is active, A's Savage goes first
    eng = _run(tmp_path, "A", 1, "[Dark Zealot]", "[]")
    assert _savage_sources(eng)[0] == "Illustrative Savage Beast"


def test_order_rule_off_follows_damage_order(tmp_path):
    eng = _run(tmp_path, "B", 0, "[Savage Gor]", "[Illustrative Savage Beast, Illustrative Savage Beast]",
               [rid("clarification:simultaneous-effects")])
    assert _savage_sources(eng)[0] == "Illustrative Savage Beast"


def test_unit_with_lethal_damage_is_gone_before_next_strike_targets(tmp_path):
    # A's Savage puts Dark Zealot (1 + 1 from the Wind) to 4 damage; B's Savage then has only the Beast
    # to hit, so it asks B nothing (strict replay: an unscripted choice would be an error)
    eng = _run(tmp_path, "A", 1, "[Dark Zealot]", "[]")
    strikes = [(e["source"], e["target"]) for st in eng.trace for e in st.events if e["event"] == "savage"]
    assert strikes[:2] == [("Illustrative Savage Beast", "Dark Zealot"), ("Savage Gor", "Illustrative Savage Beast")]
