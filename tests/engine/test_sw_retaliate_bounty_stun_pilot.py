"""Star Wars TCG, three gaps found by blind scenarios (2026-11-29), each with the cases where the
rule must not apply:

* a unit with two Retaliate abilities (its own and one a Pilot gives it) has both, each used once
  and paid on its own, rolling its own X dice (ruling:abilities-2: "that unit gets both abilities");
* Bounty is earned when the attack discards a unit -- Overkill's other unit too -- and not when the
  defender left play before the damage, nor for Retaliate's damage (not the unit's attack);
* Stun works on "another unit": a Pilot on a unit (a Character, not a unit) damaged by a Stun
  unit's ability is not Stunned; a Pilot in the Character arena (a unit) is.
"""
from __future__ import annotations

from .test_star_wars import events, rid, run
from .test_sw_partial_pilot_and_upkeep_refusal import scenario as _fixture


Y_WING = _fixture("keyword:retaliate", """
    state:
      active: dark
      phase: battle
      dice: [1, 1, DICE]
      light:
        force: FORCE
        space: [Rebel Y-wing, {card: Rebel Tail Gunner, attached_to: Rebel Y-wing}]
      dark:
        space: [TIE Fighter]
    actions:
      - {player: light, choose: CHOOSE}
      - {player: dark, attack: TIE Fighter, targets: [Rebel Y-wing]}
""")


def _y_wing(tmp_path, force, dice, choose, ablate=None):
    body = Y_WING.replace("FORCE", str(force)).replace("DICE", dice).replace("CHOOSE", choose)
    eng = run(tmp_path, body, ablate)
    return eng, [(e["dice"], e["damage"]) for e in events(eng, "retaliate")]


def test_one_force_uses_one_of_two_retaliates_with_its_own_dice(tmp_path):
    eng, done = _y_wing(tmp_path, 1, "5, 1, 5", '["retaliate Rebel Y-wing (2)"]')
    assert done == [([5, 1], 1)]  # Retaliate 2: two dice, not Retaliate 1 + 2 as three dice
    assert eng.state.player_data["light"]["force"] == 0


def test_two_force_use_both_each_paid(tmp_path):
    eng, done = _y_wing(tmp_path, 2, "4, 1, 1", '["retaliate Rebel Y-wing", "retaliate Rebel Y-wing (2)"]')
    assert done == [([4], 1), ([1, 1], 0)]
    assert eng.state.player_data["light"]["force"] == 0


def test_player_may_pass_the_second(tmp_path):
    eng, done = _y_wing(tmp_path, 2, "4", '["retaliate Rebel Y-wing", pass]')
    assert done == [([4], 1)]
    assert eng.state.player_data["light"]["force"] == 1


def test_rule_off_only_the_highest_retaliate(tmp_path):
    """ruling:abilities-2 off: only the highest instance counts -- one Retaliate, a yes / no."""
    eng, done = _y_wing(tmp_path, 2, "5, 1", '["yes"]', {rid("ruling:abilities-2")})
    assert done == [([5, 1], 1)]
    assert eng.state.player_data["light"]["force"] == 1


def test_a_single_retaliate_is_still_a_yes_or_no(tmp_path):
    """Where the rule has nothing to add: one Retaliate ability (the Pilot is elsewhere)."""
    body = Y_WING.replace(", {card: Rebel Tail Gunner, attached_to: Rebel Y-wing}", "")
    eng = run(tmp_path, body.replace("FORCE", "2").replace("DICE", "5").replace("CHOOSE", '["yes"]'))
    assert [(e["dice"], e["damage"]) for e in events(eng, "retaliate")] == [([5], 1)]
    assert eng.state.player_data["light"]["force"] == 1


BOUNTY = _fixture("faq:earn-bounty", """
    state:
      active: dark
      phase: battle
      dice: [5, 5, 5, 5]
      dark:
        ground: [Trade Federation Bounty Tank]
      light:
        force: 1
        ground: [{card: Rebel Dodging Squad, damage: 2}, {card: Echo Base Troopers, damage: DMG}]
    actions:
      - {player: dark, choose: [Echo Base Troopers]}
      - {player: light, choose: [evade Rebel Dodging Squad]}
      - {player: dark, attack: Trade Federation Bounty Tank, targets: [Rebel Dodging Squad]}
""")


def test_overkill_excess_discarding_another_unit_earns_the_bounty(tmp_path):
    eng = run(tmp_path, BOUNTY.replace("DMG", "1"))
    assert eng.obj("Echo Base Troopers").zone == "discard"
    assert eng.obj("Rebel Dodging Squad").zone == "ground"
    assert len(events(eng, "bounty_earned")) == 1


def test_no_bounty_when_the_attack_discards_no_unit(tmp_path):
    """Must not apply: the excess leaves the Troopers (no damage yet) alive, the Squad evades."""
    eng = run(tmp_path, BOUNTY.replace("DMG", "0"))
    assert eng.obj("Echo Base Troopers").zone == "ground"
    assert events(eng, "bounty_earned") == []


def test_defender_gone_before_the_damage_earns_nothing(tmp_path):
    body = _fixture("faq:earn-bounty", """
    state:
      active: dark
      phase: battle
      dice: [5, 5, 5, 5]
      light:
        character: [Rebel Escape Artist]
      dark:
        character: [Mandalorian Bounty Hunter]
    actions:
      - {player: dark, attack: Mandalorian Bounty Hunter, targets: [Rebel Escape Artist]}
    """)
    eng = run(tmp_path, body)
    assert eng.obj("Rebel Escape Artist").zone == "hand"
    assert events(eng, "bounty_earned") == []


MARSHAL = _fixture("keyword:stun", """
    state:
      active: dark
      phase: build
      dark:
        character: [Imperial Stun Marshal]
      light:
        space: [Rebel X-wing, {card: Rebel Ace Pilot, attached_to: Rebel X-wing}]
        character: [Rebel Evasion Pilot]
    actions:
      - {player: dark, begin: battle}
""")


def _stunned(eng) -> set:
    return {e["card"] for e in events(eng, "stunned")}


def test_pilot_on_a_unit_is_damaged_but_not_stunned(tmp_path):
    eng = run(tmp_path, MARSHAL)
    assert eng.obj("Rebel Ace Pilot").damage == 1
    assert _stunned(eng) == {"Rebel Evasion Pilot"}  # the Pilot in the Character arena is a unit
    assert eng.obj_attr(eng.obj("Rebel Ace Pilot"), "power") == 3


def test_pilot_counts_as_a_unit_with_the_rule_off(tmp_path):
    eng = run(tmp_path, MARSHAL, {rid("ruling:piloting-units-1")})
    assert _stunned(eng) == {"Rebel Evasion Pilot", "Rebel Ace Pilot"}


UPKEEP = _fixture("ruling:abilities-2", """
    state:
      active: dark
      phase: battle
      light:
        force: FORCE
        ground: [Rebel Heavy Trooper Squad, PILOT]
    actions:
      - {player: light, begin: turn}
      - {player: light, begin: build, choose: CHOOSE}
""")
ON_SQUAD = "{card: Rebel Heavy Gunner Pilot, attached_to: Rebel Heavy Trooper Squad}"


def _upkeep(tmp_path, force, choose, pilot=ON_SQUAD, ablate=None):
    body = UPKEEP.replace("FORCE", str(force)).replace("CHOOSE", choose).replace("PILOT", pilot)
    if pilot != ON_SQUAD:  # the Pilot waits in the Character arena
        body = body.replace(", " + pilot + "]", "]\n        character: [" + pilot + "]")
    eng = run(tmp_path, body, ablate)
    return eng, eng.obj("Rebel Heavy Trooper Squad").zone, eng.state.player_data["light"]["force"]


def test_two_upkeeps_one_force_the_second_discards_the_unit(tmp_path):
    eng, zone, force = _upkeep(tmp_path, 1, '["yes"]')
    assert (zone, force) == ("discard", 0)
    assert eng.obj("Rebel Heavy Gunner Pilot").zone == "discard"  # the Pilot goes with its unit


def test_two_upkeeps_two_force_both_paid(tmp_path):
    eng, zone, force = _upkeep(tmp_path, 2, '["yes", "yes"]')
    assert (zone, force) == ("ground", 0)
    assert len(events(eng, "upkeep_paid")) == 2


def test_rule_off_only_one_upkeep(tmp_path):
    _, zone, force = _upkeep(tmp_path, 1, '["yes"]', ablate={rid("ruling:abilities-2")})
    assert (zone, force) == ("ground", 0)


def test_pilot_in_character_arena_gives_no_upkeep(tmp_path):
    """Must not apply: in the Character arena the Pilot's 'The unit gets ... Upkeep 1' does nothing."""
    _, zone, force = _upkeep(tmp_path, 1, '["yes"]', pilot="Rebel Heavy Gunner Pilot")
    assert (zone, force) == ("ground", 0)


SNIPER = _fixture("keyword:stun", """
    state:
      active: light
      phase: battle
      light:
        force: 1
        space: [Rebel X-wing, {card: Rebel Stun Sniper, attached_to: Rebel X-wing}]
      dark:
        character: [Darth Vader]
    actions:
      - {player: light, use: Rebel Stun Sniper, targets: [Darth Vader]}
      - {pass: all}
""")


def test_pilot_on_a_unit_damaging_with_its_own_ability_does_not_stun(tmp_path):
    eng = run(tmp_path, SNIPER)
    assert eng.obj("Darth Vader").damage == 1
    assert _stunned(eng) == set()


def test_pilot_in_character_arena_stuns(tmp_path):
    """Must apply: in the Character arena the Sniper is a unit."""
    body = SNIPER.replace("space: [Rebel X-wing, {card: Rebel Stun Sniper, attached_to: Rebel X-wing}]",
                          "character: [Rebel Stun Sniper]")
    assert _stunned(run(tmp_path, body)) == {"Darth Vader"}


def test_pilot_source_stuns_with_the_rule_off(tmp_path):
    assert _stunned(run(tmp_path, SNIPER, {rid("ruling:piloting-units-1")})) == {"Darth Vader"}


def test_the_stun_of_a_unit_already_discarded_is_its_modifier():
    # was: "? creates an effect lasting until the end of the battle" -- a dying Retaliate's Stun had no source
    from judge.scenarios.loader import load_fixture
    from judge.scenarios.replay import replay

    out = replay(load_fixture("rulings/star-wars-tcg/retaliate/dying-stun-squad-retaliates-and-stuns.ruling.yaml"))
    created = [e for e in out.engine.events if e["event"] == "modifier_created"]
    assert out.passed and "Retaliating Stun Squad" in {e["source"] for e in created}
    assert "?" not in {e["source"] for e in created}
