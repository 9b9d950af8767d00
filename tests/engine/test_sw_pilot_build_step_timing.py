"""Star Wars TCG: "During your build step, you can move each of your Pilots once"
(pilots-during-the-build-step-1, mechanic pilot_move_build_step): a Pilot is not moved onto or off a
unit in another phase, and the refusal names the rule; in the build step it is moved (where the rule
must not apply), in the opponent's turn too (a turn's build step is each player's, build_step.py) --
but not there when that reading is switched off; with the rule off it is moved in the battle phase
too."""
from __future__ import annotations

from .test_star_wars import events, rid, run

RULE = "ruling:pilots-during-the-build-step-1"


def scenario(active: str, phase: str, action: str) -> str:
    return f"""
    ruling: star-wars-tcg:{RULE}
    cites: [star-wars-tcg:{RULE}]
    question: q
    answer: a
    state:
      active: {active}
      phase: {phase}
      light:
        space: [Rebel X-wing, Rebel X-wing, {{card: Rebel Ace Pilot, attached_to: "Rebel X-wing#2"}}]
        character: [Rebel Starfighter Pilot]
    actions:
      - {{player: light, pilot: Rebel Starfighter Pilot, targets: ["Rebel X-wing#1"], try: true}}
      - {action}
"""


UNPILOT = '{player: light, unpilot: Rebel Ace Pilot, to: character, try: true}'


def _rejected_by_rule(eng) -> list:
    return [e for e in events(eng, "action_rejected") if rid(RULE) in (e.get("rejected_by") or [])]


def test_not_moved_in_the_battle_phase(tmp_path):
    eng = run(tmp_path, scenario("light", "battle", UNPILOT))
    assert len(_rejected_by_rule(eng)) == 2  # onto a unit, and off one
    assert eng.obj_attr(eng.obj("Rebel Starfighter Pilot"), "piloting") is None
    assert eng.obj_attr(eng.obj("Rebel Ace Pilot"), "piloting") == "Rebel X-wing#2"


def test_moved_in_the_build_step_of_the_opponents_turn(tmp_path):
    # a turn's build step is each player's (faq:earn-bounty with faq:try-pay-upkeep-before-earning-
    # bounty, mechanic build_step_each_player): Light moves his Pilots in Dark's turn's build step
    eng = run(tmp_path, scenario("dark", "build", UNPILOT))
    assert not events(eng, "action_rejected")
    assert eng.obj_attr(eng.obj("Rebel Starfighter Pilot"), "piloting") == "Rebel X-wing#1"
    assert eng.obj("Rebel Ace Pilot").zone == "character"


def test_not_moved_in_the_opponents_build_step_when_it_is_his_only(tmp_path):
    # with the shared build step switched off, the build step is the active player's only
    eng = run(tmp_path, scenario("dark", "build", UNPILOT), {rid("faq:earn-bounty")})
    assert len(_rejected_by_rule(eng)) == 2


def test_moved_in_own_build_step(tmp_path):
    eng = run(tmp_path, scenario("light", "build", UNPILOT))
    assert not events(eng, "action_rejected")
    assert eng.obj_attr(eng.obj("Rebel Starfighter Pilot"), "piloting") == "Rebel X-wing#1"
    assert eng.obj("Rebel Ace Pilot").zone == "character"


def test_moved_in_the_battle_phase_with_the_rule_off(tmp_path):
    eng = run(tmp_path, scenario("light", "battle", UNPILOT), {rid(RULE)})
    assert eng.obj_attr(eng.obj("Rebel Starfighter Pilot"), "piloting") == "Rebel X-wing#1"
