"""Star Wars TCG: a waiting triggered ability whose card left play (triggered-abilities-3, the rule's
own example), and a Pilot moved off its unit or retreated alone leaving the unit where it is
(pilots-6). Each mechanic switched off, and cases where it must not apply."""
from __future__ import annotations

from functools import partial

from judge.engine.rules import rule_id

from .test_star_wars import events, run

rid = partial(rule_id, "star-wars-tcg")
POOL = rid("ruling:triggered-abilities-3")
UNIT_STAYS = rid("ruling:pilots-6")

# Twin Strike discards the first Rally Squad (2 + 2 damage on health 4); its "when damaged" ability
# is held until the card is done, then waits in the pool with its card gone.
FALLEN_RALLY = """
    state:
      active: dark
      dark:
        hand: [Twin Strike]
      light:
        ground: [{card: Rebel Rally Squad, damage: 2}, Rebel Rally Squad]
    actions:
      - {player: light, choose: [["Rebel Rally Squad#1", "Rebel Rally Squad#2"]]}
      - {player: dark, play: Twin Strike, targets: ["Rebel Rally Squad#1", "Rebel Rally Squad#2"]}
      - {pass: all}
"""


def test_pooled_ability_of_a_discarded_card_takes_effect(tmp_path):
    eng = run(tmp_path, FALLEN_RALLY)
    assert eng.obj("Rebel Rally Squad#1").zone == "discard"
    second = eng.obj("Rebel Rally Squad#2")
    assert second.damage == 3 and eng.obj_attr(second, "health") == 6
    assert not [e for e in events(eng, "effect_cancelled") if e.get("reason") == "source_left_play"]


def test_pooled_ability_of_a_discarded_card_cancelled_when_off(tmp_path):
    eng = run(tmp_path, FALLEN_RALLY, {POOL})
    assert eng.obj_attr(eng.obj("Rebel Rally Squad#2"), "health") == 4
    cancelled = [e for e in events(eng, "effect_cancelled") if e.get("reason") == "source_left_play"]
    assert [e["source"] for e in cancelled] == ["Rebel Rally Squad#1"]


def test_pooled_ability_of_a_card_still_in_play_takes_effect_when_off(tmp_path):
    # must not apply: the second Squad is still there, its ability (nothing to give) is not cancelled
    eng = run(tmp_path, FALLEN_RALLY, {POOL})
    resolved = [e["source"] for e in events(eng, "resolved")]
    assert "Rebel Rally Squad#2" in resolved


def test_bounty_of_a_discarded_hunter_is_not_a_pooled_card_ability(tmp_path):
    # must not apply: a bounty triggers at the next build step, wherever its card is by then
    eng = run(tmp_path, """
        state:
          active: dark
          phase: battle
          dice: [5, 1, 1, 1]
          dark:
            character: [Mandalorian Bounty Hunter]
          light:
            character: [Ewok Warrior]
        actions:
          - {player: dark, attack: Mandalorian Bounty Hunter, targets: [Ewok Warrior]}
          - {player: light, effect: [{discard: Mandalorian Bounty Hunter}]}
          - {player: light, begin: turn}
          - {player: light, begin: build}
    """, {POOL})
    assert eng.obj("Mandalorian Bounty Hunter").zone == "discard"
    assert eng.state.player_data["dark"]["force"] == 2


UNPILOT = """
    state:
      active: light
      phase: build
      light:
        space: [Rebel X-wing, {card: Rebel Starfighter Pilot, attached_to: Rebel X-wing}]
    actions:
      - {player: light, unpilot: Rebel Starfighter Pilot, to: character}
"""

RETREAT_ALONE = UNPILOT.replace("phase: build", "phase: retreat").replace(
    "unpilot: Rebel Starfighter Pilot, to: character", "retreat: Rebel Starfighter Pilot")


def test_pilot_moved_off_unit_stays(tmp_path):
    eng = run(tmp_path, UNPILOT)
    assert eng.obj("Rebel Starfighter Pilot").zone == "character"
    assert eng.obj("Rebel X-wing").zone == "space"
    assert events(eng, "unit_stays")


def test_pilot_moved_off_unit_follows_when_off(tmp_path):
    eng = run(tmp_path, UNPILOT, {UNIT_STAYS})
    assert eng.obj("Rebel X-wing").zone == "character"


def test_pilot_retreated_alone_unit_follows_when_off(tmp_path):
    eng = run(tmp_path, RETREAT_ALONE, {UNIT_STAYS})
    assert eng.obj("Rebel Starfighter Pilot").zone == "build"
    assert eng.obj("Rebel X-wing").zone == "build"


def test_unit_retreating_with_its_pilot_is_not_a_pilot_move(tmp_path):
    # must not apply: the unit moves and its Pilot goes with it (pilots-7), switched off or not
    body = RETREAT_ALONE.replace("retreat: Rebel Starfighter Pilot", "retreat: Rebel X-wing")
    for ablate in (set(), {UNIT_STAYS}):
        eng = run(tmp_path, body, ablate)
        assert eng.obj("Rebel X-wing").zone == "build"
        assert eng.obj("Rebel Starfighter Pilot").zone == "build"
        assert not events(eng, "unit_stays")
