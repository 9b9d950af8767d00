"""Star Wars TCG, ruling abilities-1 ("You can't use the abilities of partially built cards"): a partially
built card's triggered and always-on abilities do not work in the build zone (hook powers_barred_by, mechanic
no_abilities_partially_built); switched off, they work there. The rule is traced only where a barred ability
would have done something; a partially built Pilot's bonus, which reaches no unit, records nothing."""
from __future__ import annotations

from .test_star_wars import rid, run
from .test_sw_partial_pilot_and_upkeep_refusal import scenario

ABILITIES_1 = rid("ruling:abilities-1")

SENTRY = scenario("ruling:abilities-1", """
    state:
      active: light
      dice: [1, 1]
      dark:
        build: [{card: Imperial Ambush Sentry, partial: true}]
        ground: [Battle Droid Platoon]
      light:
        ground: [Rebel Trooper Squad]
    actions:
      - {player: light, attack: Rebel Trooper Squad, targets: [Battle Droid Platoon]}
""")

BANNER = scenario("ruling:abilities-1", """
    cards:
      - name: Illustrative Banner Squad
        type: ground
        faction: dark
        stats: {speed: 10, power: 1, health: 2}
        text: "Your other Ground units get +1 power."
        abilities:
          - kind: continuous
            applies_to: "it.type == 'ground' and it.controller == this.controller and it != this"
            modify: {power: 1}
    state:
      active: dark
      phase: build
      dark:
        build: [{card: Illustrative Banner Squad, partial: true}]
        ground: [Battle Droid Platoon]
    actions: []
""")


def test_partially_built_card_triggers_nothing_traced_where_it_would_have(tmp_path):
    eng = run(tmp_path, SENTRY)
    assert eng.obj("Rebel Trooper Squad").damage == 0
    assert any(ABILITIES_1 in st.rules for st in eng.trace)
    off = run(tmp_path, SENTRY, {ABILITIES_1})
    assert off.obj("Rebel Trooper Squad").damage == 1  # switched off, the Sentry in the build zone triggers


def test_partially_built_always_on_ability_is_not_in_force(tmp_path):
    eng = run(tmp_path, BANNER)
    assert eng.obj_attr(eng.obj("Battle Droid Platoon"), "power") == eng.obj("Battle Droid Platoon").card.stats["power"]
    assert any(ABILITIES_1 in st.rules for st in eng.trace)
    off = run(tmp_path, BANNER, {ABILITIES_1})
    assert off.obj_attr(off.obj("Battle Droid Platoon"), "power") == off.obj("Battle Droid Platoon").card.stats["power"] + 1


def test_built_card_in_an_arena_is_not_barred_and_a_pilot_bonus_reaching_nothing_is_not_traced(tmp_path):
    eng = run(tmp_path, BANNER.replace("build: [{card: Illustrative Banner Squad, partial: true}]",
                                       "build: [{card: Rebel Starfighter Pilot, partial: true}]")
              .replace("ground: [Battle Droid Platoon]", "ground: [Battle Droid Platoon, Illustrative Banner Squad]"))
    assert eng.obj_attr(eng.obj("Battle Droid Platoon"), "power") == eng.obj("Battle Droid Platoon").card.stats["power"] + 1
    assert not any(ABILITIES_1 in st.rules for st in eng.trace)
