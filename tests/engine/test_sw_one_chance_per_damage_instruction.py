"""Star Wars TCG: one instruction that does damage to several units ("do 1 damage to each unit ...", an
attack's damage divided by Overkill) brings ONE chance to prevent damage for all of them, then its damage
to them is done together (abilities-and-battle-cards-with-multiple-2: the chances come "in the middle of
the instructions", with the part that does damage; mechanic prevent_chance_per_instruction). Found by
blind round 18: a chance opened per damaged unit made the outcome depend on the order the fixture listed
the cards in, and offered an activated ability once per unit instead of once per opportunity.
Where it applies: every listing order gives the same result; an activated ability is used once in the
chance (faq: once per opportunity) on the unit its player chooses; each unit's own Evade is still used
(abilities-2: "each one once each time it's damaged"). Where it must not: two instructions (Twin Strike's
two parts) are two chances. Switched off (multiple-2, seen on an attack, where chances_mid_effect bound to
the same id plays no part): a chance per unit, the Technician used for each."""
from __future__ import annotations

from itertools import permutations

import pytest

from .test_star_wars import events, rid, run
from .test_sw_partial_pilot_and_upkeep_refusal import scenario

MULTI_2 = rid("ruling:abilities-and-battle-cards-with-multiple-2")


def walker(order) -> str:
    return scenario("ruling:abilities-and-battle-cards-with-multiple-3", f"""
    state:
      active: dark
      phase: build
      dark: {{ground: [Imperial Bombardment Walker]}}
      light: {{ground: [{', '.join(order)}]}}
    actions:
      - {{begin: battle}}
""")


@pytest.mark.parametrize("order", list(permutations(["Rebel Recon Team", "Rebel Guardian Team",
                                                     "Rebel Trooper Squad"])))
def test_the_result_does_not_depend_on_the_listing_order(tmp_path, order):
    # the first part: one chance (nothing to do), then 1 damage to each; the Guardian's ability triggers
    # for the two others and waits for the next chance, the second part's: both prevent its 2 damage
    eng = run(tmp_path, walker(order))
    assert eng.obj("Rebel Guardian Team").damage == 1
    assert eng.obj("Rebel Recon Team").zone == "discard"
    assert eng.obj("Rebel Trooper Squad").damage == 3
    assert len(events(eng, "damage_prevented")) == 2


ION_STORM = scenario("faq:according-rules-activated-abilities-two-units-intercept-retaliate", """
    state:
      active: dark
      phase: battle
      dark: {hand: [Ion Storm], force: 0}
      light: {space: [Rebel X-wing, Rebel X-wing], character: [Rebel Shield Technician], force: 2}
    actions:
      - {player: dark, play: Ion Storm}
      - {player: light, pass: all, choose: [shield Rebel Shield Technician, "Rebel X-wing#2"]}
""")


def test_an_activated_ability_once_in_the_chance_on_the_unit_chosen(tmp_path):
    eng = run(tmp_path, ION_STORM)
    assert len(events(eng, "used")) == 1
    assert eng.obj("Rebel X-wing#1").damage == 1 and eng.obj("Rebel X-wing#2").damage == 0
    assert eng.state.player_data["light"]["force"] == 1


def test_each_units_own_evade_in_the_one_chance(tmp_path):
    """Ion Storm hits the Dark Side's own two Overloaded Evasive Fighters (health 1, 'Pay 1 Force -> Evade
    1'): in the one chance each evades its own damage."""
    body = scenario("ruling:abilities-2", """
    state:
      active: dark
      phase: battle
      dark: {hand: [Ion Storm], force: 2, space: [Overloaded Evasive Fighter, Overloaded Evasive Fighter]}
    actions:
      - {player: dark, choose: ["evade Overloaded Evasive Fighter#1", "evade Overloaded Evasive Fighter#2"]}
      - {player: dark, play: Ion Storm}
      - {pass: all}
""")
    eng = run(tmp_path, body)
    assert [e["card"] for e in events(eng, "damage_prevented")] == ["Overloaded Evasive Fighter#1",
                                                                    "Overloaded Evasive Fighter#2"]
    assert eng.obj("Overloaded Evasive Fighter#1").zone == "space"
    assert eng.obj("Overloaded Evasive Fighter#2").zone == "space"
    assert eng.state.player_data["dark"]["force"] == 0


def test_two_instructions_are_two_chances(tmp_path):
    """Where it must not apply: Twin Strike's two parts ("Do 2 damage to target unit. Then do 3 damage to
    another target unit.") are two instructions, each with its chance: the Technician is used in each."""
    body = scenario("ruling:abilities-and-battle-cards-with-multiple-2", """
    state:
      active: dark
      phase: battle
      dark: {hand: [Twin Strike], force: 0}
      light: {ground: [Rebel Defense Squad, Echo Base Troopers], character: [Rebel Shield Technician], force: 2}
    actions:
      - {player: light, choose: [shield Rebel Shield Technician, shield Rebel Shield Technician]}
      - {player: dark, play: Twin Strike, targets: [Rebel Defense Squad, Echo Base Troopers]}
      - {pass: all}
""")
    eng = run(tmp_path, body)
    assert len(events(eng, "used")) == 2
    assert eng.obj("Rebel Defense Squad").damage == 1 and eng.obj("Echo Base Troopers").damage == 2


def overkill(choices: str) -> str:
    return scenario("clarification:overkill", f"""
    state:
      active: dark
      phase: battle
      dice: [5, 5, 5, 5]
      dark: {{ground: [Battle Droid Division]}}
      light: {{ground: [Echo Base Troopers, Rebel Defense Squad], character: [Rebel Shield Technician], force: 2}}
    actions:
      - {{player: dark, choose: [Rebel Defense Squad]}}
      - {{player: light, choose: [{choices}]}}
      - {{player: dark, attack: Battle Droid Division, targets: [Echo Base Troopers]}}
""")


def test_overkill_one_chance_for_the_defender_and_the_excess(tmp_path):
    # 4 hits: 3 to the Troopers (their health), 1 in excess to the Defense Squad; the attack's one chance
    eng = run(tmp_path, overkill("shield Rebel Shield Technician, Echo Base Troopers"))
    assert len(events(eng, "used")) == 1
    assert eng.obj("Echo Base Troopers").damage == 2 and eng.obj("Rebel Defense Squad").damage == 1
    assert MULTI_2 in {r for st in eng.trace for r in st.rules}


def test_overkill_rule_off_a_chance_for_each_unit(tmp_path):
    eng = run(tmp_path, overkill("shield Rebel Shield Technician, shield Rebel Shield Technician"), {MULTI_2})
    assert len(events(eng, "used")) == 2
    assert eng.obj("Echo Base Troopers").damage == 2 and eng.obj("Rebel Defense Squad").damage == 0
    assert eng.state.player_data["light"]["force"] == 0


def test_one_unit_records_nothing(tmp_path):
    """An instruction damaging one unit: its chance is the same either way, the rule decides nothing."""
    body = scenario("ruling:abilities-and-battle-cards-with-multiple-2", """
    state:
      active: dark
      phase: battle
      dice: [5, 5]
      dark: {ground: [Imperial Stun Squad]}
      light: {ground: [Rebel Defense Squad], character: [Rebel Shield Technician], force: 1}
    actions:
      - {player: light, choose: [shield Rebel Shield Technician]}
      - {player: dark, attack: Imperial Stun Squad, targets: [Rebel Defense Squad]}
""")
    eng = run(tmp_path, body)
    assert eng.obj("Rebel Defense Squad").damage == 1
    assert MULTI_2 not in {r for st in eng.trace for r in st.rules}
