"""Star Wars TCG, triggered-abilities-3/-4 (core mechanic pending_pool_reordered): an ability that
triggers while waiting abilities take effect joins the pool, and all the Dark Side's waiting abilities
take effect before the Light Side's -- a Dark one that triggers while the Light Side's take effect goes
before those of the Light Side still waiting. Cases where it must not change the order (a Light one that
triggers while the Dark Side's take effect waits behind them all), where the player orders his own group
again (a Light one joins the Light Side's waiting ones), and the rule switched off."""
from __future__ import annotations

from functools import partial

from judge.engine.rules import rule_id

from .test_star_wars import events, run

rid = partial(rule_id, "star-wars-tcg")
JOINS_POOL = rid("ruling:triggered-abilities-3")
DARK_FIRST = rid("ruling:triggered-abilities-4")

# Light's batch: the Patrol Ship (first, by the Light Side's choice) wakes the Dark Vengeance Wing
LIGHT_BATCH = """
    cards:
      - name: Imperial Vengeance Wing
        type: space
        faction: dark
        stats: {speed: 30, power: 2, health: 4}
        illustrative: true
        text: When this unit is damaged, do 2 damage to target Light Side unit in the Space arena.
        abilities:
          - kind: trigger
            on: {event: damage_applied, filter: "event.obj == this"}
            targets:
              - {name: victim, filter: "is_unit(it) and it.controller == opponent and it.zone == 'space'"}
            steps:
              - {damage: victim, amount: 2}
    state:
      active: light
      phase: build
      light:
        space: [Rebel Patrol Ship, Rebel Shield Frigate, {card: Rebel X-wing, damage: 1}]
      dark:
        space: [Imperial Vengeance Wing]
    actions:
      - {player: dark, choose: [Rebel X-wing]}
      - {player: light, begin: battle, choose: [[Rebel Patrol Ship, Rebel Shield Frigate]]}
"""

# Dark's batch: the Bomber Wing (first, by the Dark Side's choice) damages a Light unit whose ability
# triggers; the Ambush Cruiser's is still waiting
DARK_BATCH = """
    cards:
      - name: Rebel Reactive Cruiser
        type: space
        faction: light
        stats: {speed: 20, power: 2, health: 6}
        illustrative: true
        text: When this unit is damaged, this unit gets +2 power until end of battle.
        abilities:
          - kind: trigger
            on: {event: damage_applied, filter: "event.obj == this"}
            steps:
              - modify: {applies_to: "it == this", modify: {power: 2}, duration: battle}
    state:
      active: light
      phase: build
      light:
        space: [Rebel Reactive Cruiser, Rebel X-wing]
      dark:
        space: [TIE Bomber Wing, Imperial Ambush Cruiser]
    actions:
      - {player: dark, choose: [[TIE Bomber Wing, Imperial Ambush Cruiser], Rebel X-wing]}
      - {player: light, begin: battle}
"""

# Light's batch again: the Patrol Ship's damage wakes the Light Side's own Spotter, which joins the
# Shield Frigate's waiting ability; the Light Side orders the two
SPOTTER = """
    cards:
      - name: Rebel Spotter
        type: space
        faction: light
        stats: {speed: 20, power: 1, health: 3}
        illustrative: true
        text: When an opponent's unit is damaged, this unit gets +1 power until end of battle.
        abilities:
          - kind: trigger
            on: {event: damage_applied, filter: "is_unit(event.obj) and event.obj.controller == opponent"}
            steps:
              - modify: {applies_to: "it == this", modify: {power: 1}, duration: battle}
    state:
      active: light
      phase: build
      light:
        space: [Rebel Patrol Ship, Rebel Shield Frigate, Rebel Spotter]
      dark:
        space: [TIE Fighter]
    actions:
      - {player: light, begin: battle, choose: [[Rebel Patrol Ship, Rebel Shield Frigate], ORDER]}
"""


def resolved(eng) -> list[str]:
    return [e["source"] for e in events(eng, "resolved")]


def test_dark_ability_triggered_in_lights_batch_goes_before_lights_waiting_one(tmp_path):
    eng = run(tmp_path, LIGHT_BATCH)
    assert resolved(eng) == ["Rebel Patrol Ship", "Imperial Vengeance Wing", "Rebel Shield Frigate"]
    assert eng.obj("Rebel X-wing").zone == "discard"  # 3 damage on health 3, before the Frigate's +2


def test_switched_off_it_waits_behind_the_whole_batch(tmp_path):
    eng = run(tmp_path, LIGHT_BATCH, ablate={JOINS_POOL})
    assert resolved(eng) == ["Rebel Patrol Ship", "Rebel Shield Frigate", "Imperial Vengeance Wing"]
    x_wing = eng.obj("Rebel X-wing")
    assert x_wing.zone == "space" and x_wing.damage == 3 and eng.obj_attr(x_wing, "health") == 5


def test_dark_first_switched_off_timestamp_order(tmp_path):
    eng = run(tmp_path, LIGHT_BATCH.replace(", choose: [[Rebel Patrol Ship, Rebel Shield Frigate]]", ""),
              ablate={DARK_FIRST})
    assert resolved(eng)[-1] == "Imperial Vengeance Wing"
    assert eng.obj("Rebel X-wing").zone == "space"


def test_light_ability_triggered_in_darks_batch_still_waits_for_the_dark_side(tmp_path):
    eng = run(tmp_path, DARK_BATCH)
    assert resolved(eng) == ["TIE Bomber Wing", "Imperial Ambush Cruiser", "Rebel Reactive Cruiser"]
    assert eng.obj("Rebel X-wing").zone == "discard"
    assert eng.obj_attr(eng.obj("Rebel Reactive Cruiser"), "power") == 4


def test_light_ability_joining_lights_waiting_one_is_ordered_again(tmp_path):
    first = run(tmp_path / "a", SPOTTER.replace("ORDER", "[Rebel Spotter, Rebel Shield Frigate]"))
    assert resolved(first) == ["Rebel Patrol Ship", "Rebel Spotter", "Rebel Shield Frigate"]
    second = run(tmp_path / "b", SPOTTER.replace("ORDER", "[Rebel Shield Frigate, Rebel Spotter]"))
    assert resolved(second) == ["Rebel Patrol Ship", "Rebel Shield Frigate", "Rebel Spotter"]
