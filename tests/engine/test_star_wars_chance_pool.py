"""Star Wars TCG, triggered-abilities-3/-4 in a chance to reroll dice (timing._resolve_now through the
core's Engine.pool_joined): triggered rerolls take effect in the chance (held-triggered-abilities-7); one
that triggers while they do joins the pool of those waiting, and all the Dark Side's waiting abilities
take effect before the Light Side's. A Dark one woken by a Light reroll goes before the Light one still
waiting; a Light one woken by a Dark reroll still waits behind the Dark ones (must not change); the rule
switched off: it waits until the whole batch has taken effect."""
from __future__ import annotations

from functools import partial

from judge.engine.rules import rule_id

from .test_star_wars import events, run

rid = partial(rule_id, "star-wars-tcg")
JOINS_POOL = rid("ruling:triggered-abilities-3")

# Light's batch in the reroll chance: Jar Jar's reroll (first, by the Light Side's choice) wakes the Dark
# Side's Jamming Droid while the Dice Caller's reroll is still waiting
LIGHT_BATCH = """
    cards:
      - name: Gungan Dice Caller
        type: ground
        faction: light
        stats: {speed: 10, power: 1, health: 3}
        illustrative: true
        text: When one of your units rolls attack dice, you may reroll one of those dice.
        abilities:
          - kind: trigger
            on: {event: attack_dice_rolled, filter: "is_unit(event.obj) and event.obj.controller == you"}
            optional: true
            steps:
              - {reroll: 1, attack: true}
    state:
      active: light
      phase: battle
      dice: [1, 1, 5, 1, 2, 6, 3]
      light:
        character: [Jar Jar Binks (A)]
        ground: [Gungan Dice Caller]
      dark:
        character: [Jawa Scavenger]
        ground: [Imperial Jamming Droid]
    actions:
      - {player: light, choose: [[Jar Jar Binks (A), Gungan Dice Caller], "yes", "yes", die 2]}
      - {player: dark, choose: ["yes", die 1, "yes", die 2]}
      - {player: light, attack: Jar Jar Binks (A), targets: [Jawa Scavenger]}
"""

# Dark's batch in the reroll chance: the Gunnery Squad's reroll (first, by the Dark Side's choice) wakes a
# Light Side jamming ability while the Dark Dice Caller's reroll is still waiting
DARK_BATCH = """
    cards:
      - name: Imperial Dice Caller
        type: ground
        faction: dark
        stats: {speed: 10, power: 1, health: 3}
        illustrative: true
        text: When one of your units rolls attack dice, you may reroll one of those dice.
        abilities:
          - kind: trigger
            on: {event: attack_dice_rolled, filter: "is_unit(event.obj) and event.obj.controller == you"}
            optional: true
            steps:
              - {reroll: 1, attack: true}
      - name: Rebel Jamming Team
        type: ground
        faction: light
        stats: {speed: 20, power: 1, health: 5}
        illustrative: true
        text: When an opponent rerolls attack dice, you may reroll one of those dice.
        abilities:
          - kind: trigger
            on: {event: dice_rerolled, filter: "event.player == opponent and event.attack"}
            optional: true
            steps:
              - {reroll: 1, attack: true}
    state:
      active: dark
      phase: battle
      dice: [1, 1, 5, 1, 4, 1, 2]
      dark:
        ground: [Imperial Gunnery Squad, Imperial Dice Caller]
      light:
        ground: [Rebel Recon Team, Rebel Jamming Team]
    actions:
      - {player: dark, choose: [[Imperial Gunnery Squad, Imperial Dice Caller], "yes", "yes", die 2]}
      - {player: light, choose: ["yes", die 1, "yes", die 2]}
      - {player: dark, attack: Imperial Gunnery Squad, targets: [Rebel Recon Team]}
"""


def resolved(eng) -> list[str]:
    return [e["source"] for e in events(eng, "resolved")]


def result(eng) -> dict:
    (res,) = events(eng, "attack_result")
    return res


def test_dark_reroll_woken_in_lights_batch_goes_before_lights_waiting_reroll(tmp_path):
    eng = run(tmp_path, LIGHT_BATCH)
    assert resolved(eng) == ["Jar Jar Binks (A)", "Imperial Jamming Droid", "Gungan Dice Caller",
                             "Imperial Jamming Droid"]
    assert [(e["position"], e["new"]) for e in events(eng, "die_rerolled")] == [(1, 5), (2, 1), (1, 2), (2, 6), (2, 3)]
    assert result(eng)["dice"] == [2, 3] and result(eng)["hits"] == 0
    assert eng.obj("Jawa Scavenger").zone == "character"


def test_light_reroll_woken_in_darks_batch_waits_behind_darks_waiting_reroll(tmp_path):
    eng = run(tmp_path, DARK_BATCH)
    assert resolved(eng) == ["Imperial Gunnery Squad", "Imperial Dice Caller", "Rebel Jamming Team",
                             "Rebel Jamming Team"]
    assert result(eng)["dice"] == [1, 2] and result(eng)["hits"] == 0
    assert eng.obj("Rebel Recon Team").damage == 0


def test_switched_off_the_dark_reroll_waits_behind_the_whole_light_batch(tmp_path):
    eng = run(tmp_path, LIGHT_BATCH, ablate={JOINS_POOL})
    assert resolved(eng) == ["Jar Jar Binks (A)", "Gungan Dice Caller", "Imperial Jamming Droid",
                             "Imperial Jamming Droid"]
    assert result(eng)["dice"] == [6, 3] and result(eng)["hits"] == 1
    assert eng.obj("Jawa Scavenger").zone == "discard"


def test_switched_off_the_dark_batch_is_unchanged(tmp_path):
    eng = run(tmp_path, DARK_BATCH, ablate={JOINS_POOL})
    assert resolved(eng) == ["Imperial Gunnery Squad", "Imperial Dice Caller", "Rebel Jamming Team",
                             "Rebel Jamming Team"]


# 'held' switched off (held-triggered-abilities-4): the Light Side's abilities that trigger while the Bomber
# Wing's takes effect take effect at once, in the middle of it (timing._resolve_now too); the Return-Fire
# Wing's (first, by the Light Side's choice) wakes the Dark Vengeance Wing while the Tracking Team's waits
HELD_OFF = """
    cards:
      - name: Rebel Return-Fire Wing
        type: space
        faction: light
        stats: {speed: 30, power: 2, health: 6}
        illustrative: true
        text: When this unit is damaged, do 1 damage to target opponent's unit in the Space arena.
        abilities:
          - kind: trigger
            on: {event: damage_applied, filter: "event.obj == this"}
            targets:
              - {name: victim, filter: "is_unit(it) and it.controller == opponent and it.zone == 'space'"}
            steps:
              - {damage: victim, amount: 1}
      - name: Rebel Tracking Team
        type: ground
        faction: light
        stats: {speed: 20, power: 1, health: 3}
        illustrative: true
        text: When one of your units in the Space arena is damaged, this unit gets +1 power until end of battle.
        abilities:
          - kind: trigger
            on: {event: damage_applied, filter: "is_unit(event.obj) and event.obj.controller == you and event.obj.zone == 'space'"}
            steps:
              - modify: {applies_to: "it == this", modify: {power: 1}, duration: battle}
      - name: Imperial Vengeance Wing
        type: space
        faction: dark
        stats: {speed: 30, power: 2, health: 4}
        illustrative: true
        text: When this unit is damaged, gain 1 Force.
        abilities:
          - kind: trigger
            on: {event: damage_applied, filter: "event.obj == this"}
            steps:
              - {player_counter: force, amount: 1}
    state:
      active: light
      phase: build
      light:
        space: [Rebel Return-Fire Wing]
        ground: [Rebel Tracking Team]
      dark:
        space: [TIE Bomber Wing, Imperial Vengeance Wing]
    actions:
      - {player: light, begin: battle, choose: [[Rebel Return-Fire Wing, Rebel Tracking Team], Imperial Vengeance Wing]}
"""
HELD = rid("ruling:held-triggered-abilities-4")


def test_held_off_dark_ability_woken_mid_effect_goes_before_lights_waiting_one(tmp_path):
    eng = run(tmp_path, HELD_OFF, ablate={HELD})
    # all in the middle of the Bomber Wing's ability, which finishes last
    assert resolved(eng) == ["Rebel Return-Fire Wing", "Imperial Vengeance Wing", "Rebel Tracking Team",
                             "TIE Bomber Wing"]
    assert eng.obj("Imperial Vengeance Wing").damage == 1 and eng.state.player_data["dark"]["force"] == 1


def test_held_off_and_pool_rule_off_it_waits_behind_the_light_batch(tmp_path):
    eng = run(tmp_path, HELD_OFF, ablate={HELD, JOINS_POOL})
    assert resolved(eng) == ["Rebel Return-Fire Wing", "Rebel Tracking Team", "Imperial Vengeance Wing",
                             "TIE Bomber Wing"]
