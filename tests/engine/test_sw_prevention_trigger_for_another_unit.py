"""Star Wars TCG: a triggered ability that prevents damage takes effect only during a chance to prevent
damage (held-triggered-abilities-2, -8; mechanic prevent_trigger_timing) -- the chance of the unit it
prevents damage to, which need not be its own card: Rebel Field Medic, "When another of your units is
attacked, prevent 1 damage to that unit." Where it must not apply: another unit's chance (the Medic's
ability prevents nothing for it), and an attack that does no damage (it waits for that unit's next
chance, ab-multi-3). Switched off, it takes effect as it triggers, before any damage: it prevents nothing."""
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


def test_waits_for_that_units_next_chance_not_another_units(tmp_path):
    # the attack misses: no chance to prevent damage to the Troopers yet. Twin Strike's first part
    # damages the Defense Squad (not protected), its second the Troopers (the Medic prevents 1)
    eng = run(tmp_path, medic("[1, 1]", """      - {player: dark, play: Twin Strike, targets: [Rebel Defense Squad, Echo Base Troopers]}
      - {pass: all}"""))
    assert _damage(eng, "Rebel Defense Squad") == 2
    assert _damage(eng, "Echo Base Troopers") == 2
    assert [e["card"] for e in events(eng, "damage_prevented")] == ["Echo Base Troopers"]


def test_rule_off_takes_effect_at_once_and_prevents_nothing(tmp_path):
    eng = run(tmp_path, medic("[5, 5]", ""), {rid(RULE)})
    assert _damage(eng, "Echo Base Troopers") == 2
    assert not events(eng, "damage_prevented")
