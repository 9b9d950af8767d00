"""Star Wars TCG: when a unique Pilot's top card leaves play -- returned to the hand with its unit
(pilots-7), or discarded alone -- the cards under it go to the same zone (pilots.stack_checks: a game
convention no corpus entry states, so bound to no id). Where it must not apply: the unit retreats to
the build zone (the stack stays a stack there). Switching off keyword:unique-pilots does not change it."""
from __future__ import annotations

from .test_sw_partial_pilot_and_upkeep_refusal import scenario
from .test_star_wars import rid, run

RULE = "keyword:unique-pilots"


def stack(phase: str, hand: str, actions: str, top_damage: int = 0) -> str:
    return scenario(RULE, f"""
    state:
      active: {'light' if phase == 'retreat' else 'dark'}
      phase: {phase}
      dark:
        hand: {hand}
      light:
        space: [Rebel X-wing, {{card: Luke Skywalker (Starfighter Pilot), attached_to: Rebel X-wing, damage: {top_damage}}}]
        stacked: [{{card: Luke Skywalker (Speeder Pilot), attached_to: Luke Skywalker (Starfighter Pilot)}}]
    actions:
{actions}
""")


RECALL = stack("battle", "[Sudden Recall]", """      - {player: dark, play: Sudden Recall, targets: [Rebel X-wing]}
      - {pass: all}""")


def _zones(eng):
    return [eng.obj(n).zone for n in ("Rebel X-wing", "Luke Skywalker (Starfighter Pilot)", "Luke Skywalker (Speeder Pilot)")]


def test_stack_goes_to_the_hand_with_its_unit(tmp_path):
    assert _zones(run(tmp_path, RECALL)) == ["hand", "hand", "hand"]


def test_stack_is_discarded_with_its_top_card(tmp_path):
    eng = run(tmp_path, stack("battle", "[Precise Blast]", """      - {player: dark, play: Precise Blast, targets: [Luke Skywalker (Starfighter Pilot)]}
      - {pass: all}""", top_damage=1))
    assert _zones(eng) == ["space", "discard", "discard"]  # the unit stays (pilots-6)


def test_retreated_unit_keeps_its_pilots_stack(tmp_path):
    eng = run(tmp_path, stack("retreat", "[]", "      - {player: light, retreat: Rebel X-wing}"))
    assert _zones(eng) == ["build", "build", "stacked"]


def test_not_bound_to_unique_pilots(tmp_path):
    # keyword:unique-pilots says nothing of the stack leaving play: switching it off leaves this alone
    assert _zones(run(tmp_path, RECALL, {rid(RULE)})) == ["hand", "hand", "hand"]
