"""Star Wars TCG: a triggered ability that prevents damage takes effect only during a chance to prevent
damage (held-triggered-abilities-2, -8; mechanic prevent_trigger_timing), and it waits "only until the next
chance to prevent damage" (abilities-and-battle-cards-with-multiple-3; mechanic prevent_trigger_next_chance)
-- whatever unit that chance is for. Rebel Field Medic, "When another of your units is attacked, prevent 1
damage to that unit." Where it prevents: the attacked unit's chance. Where it must not: the next chance is
another unit's (it takes effect there, prevents nothing, and is gone); an attack that does no damage opens
no chance (it keeps waiting). Switched off: held-2, it takes effect as it triggers, before any damage (it
prevents nothing); -3, it waits for a chance for the unit it names (the engine's behaviour before blind
round 18)."""
from __future__ import annotations

from .test_sw_partial_pilot_and_upkeep_refusal import scenario
from .test_star_wars import events, rid, run

RULE = "ruling:held-triggered-abilities-2"


def medic(dice: str, actions: str) -> str:
    return scenario(RULE, f"""
    state:
      active: dark
      phase: battle
      dice: {dice}
      dark:
        hand: [Twin Strike]
        ground: [Imperial Stun Squad]
      light:
        ground: [Echo Base Troopers, Rebel Defense Squad]
        character: [Rebel Field Medic]
    actions:
      - {{player: dark, attack: Imperial Stun Squad, targets: [Echo Base Troopers]}}
{actions}
""")


def _damage(eng, label):
    return eng.obj(label).damage


def test_prevents_damage_to_the_attacked_unit_in_its_chance(tmp_path):
    eng = run(tmp_path, medic("[5, 5]", ""))
    assert _damage(eng, "Echo Base Troopers") == 1
    assert [e["card"] for e in events(eng, "damage_prevented")] == ["Echo Base Troopers"]
    assert eng.obj_attr(eng.obj("Echo Base Troopers"), "power") == 0  # some damage done: Stun 2 applies


TWIN_STRIKE = """      - {player: dark, play: Twin Strike, targets: [Rebel Defense Squad, Echo Base Troopers]}
      - {pass: all}"""


def test_takes_effect_in_the_next_chance_even_for_another_unit(tmp_path):
    # the attack misses: no damage, so no chance to prevent damage, and the Medic's ability keeps waiting.
    # Twin Strike's first part damages the Defense Squad: the next chance to prevent damage. The Medic's
    # ability takes effect there and prevents nothing (the Troopers are not being damaged); it is gone, so
    # the second part's 3 damage to the Troopers (health 3) is all done
    eng = run(tmp_path, medic("[1, 1]", TWIN_STRIKE))
    assert _damage(eng, "Rebel Defense Squad") == 2
    assert eng.obj("Echo Base Troopers").zone == "discard"
    assert not events(eng, "damage_prevented")
    assert [e.get("source") for e in events(eng, "nothing_to_prevent")] == ["Rebel Field Medic"]


def test_waits_for_that_units_chance_with_the_next_chance_rule_off(tmp_path):
    # abilities-and-battle-cards-with-multiple-3 off: it waits for a chance for the unit it names, the
    # Troopers' (Twin Strike's second part), and prevents 1 of its 3
    eng = run(tmp_path, medic("[1, 1]", TWIN_STRIKE), {rid("ruling:abilities-and-battle-cards-with-multiple-3")})
    assert _damage(eng, "Rebel Defense Squad") == 2
    assert _damage(eng, "Echo Base Troopers") == 2
    assert [e["card"] for e in events(eng, "damage_prevented")] == ["Echo Base Troopers"]


def test_rule_off_takes_effect_at_once_and_prevents_nothing(tmp_path):
    eng = run(tmp_path, medic("[5, 5]", ""), {rid(RULE)})
    assert _damage(eng, "Echo Base Troopers") == 2
    assert not events(eng, "damage_prevented")
