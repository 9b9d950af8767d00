"""Star Wars TCG: Battle cards that prevent damage are played in the chance to prevent damage (the
chances "to play activated abilities and Battle cards", held-triggered-abilities-6; in the middle of
an ability too, abilities-and-battle-cards-with-multiple-2; mechanic prevent_cards_in_chance). Found
by two player scenarios (Twin Strike's first part; an Evade plus a Battle card against Stun). Cases:
played (on), not offered with the rule off, not offered for the opponent's unit, and a prevention by
a card makes 'when damage to this unit is prevented' trigger as Evade's does."""
from __future__ import annotations

from .test_star_wars import events, rid, run
from .test_sw_partial_pilot_and_upkeep_refusal import scenario

BODY = scenario("ruling:held-triggered-abilities-6", """
    state:
      active: dark
      phase: battle
      dice: [5, 5]
      dark:
        ground: [ATTACKER]
      light:
        hand: [Rebel Shield Boost]
        ground: [DEFENDER]
    actions:
      CHOICE
      - ACTION
""")


def _run(tmp_path, choice="", ablate=None, defender="Rebel Defense Squad", light_attacks=False):
    action = ("{player: light, attack: DEFENDER, targets: [ATTACKER]}" if light_attacks
              else "{player: dark, attack: ATTACKER, targets: [DEFENDER]}")
    body = BODY.replace("CHOICE", choice).replace("ACTION", action)
    return run(tmp_path, body.replace("ATTACKER", "Imperial Stun Squad").replace("DEFENDER", defender), ablate)


def test_prevention_card_played_in_the_chance(tmp_path):
    eng = _run(tmp_path, "- {player: light, choose: [Rebel Shield Boost]}")
    assert eng.obj("Rebel Shield Boost").zone == "discard"
    assert eng.obj("Rebel Defense Squad").damage == 0
    assert not events(eng, "stunned")


def test_not_offered_with_the_rule_off(tmp_path):
    eng = _run(tmp_path, ablate={rid("ruling:held-triggered-abilities-6")})
    assert eng.obj("Rebel Shield Boost").zone == "hand"
    assert eng.obj("Rebel Defense Squad").damage == 2


def test_not_offered_for_the_opponents_unit(tmp_path):
    """Where it must not apply: the Light Side's Rebel Defense Squad attacks; the damaged unit is the
    Dark Side's, so the Light Side's prevention card is not offered (no choice asked)."""
    eng = _run(tmp_path, light_attacks=True)
    assert eng.obj("Rebel Shield Boost").zone == "hand"
    assert eng.obj("Imperial Stun Squad").damage == 2


def test_card_prevention_triggers_when_damage_is_prevented(tmp_path):
    """The Shield Generator Team: 'When damage to this unit is prevented, prevent 1 more damage to it.'"""
    eng = _run(tmp_path, "- {player: light, choose: [Rebel Shield Boost]}", defender="Rebel Shield Generator Team")
    sources = [e.get("source") for e in events(eng, "triggered")]
    assert "Rebel Shield Generator Team" in sources
    assert eng.obj("Rebel Shield Generator Team").damage == 0


# the same attack, with a Rebel Shield Technician and FORCE Force instead of the Battle card
TECHNICIAN = (BODY.replace("hand: [Rebel Shield Boost]", "force: FORCE\n        character: [Rebel Shield Technician]")
              .replace("ACTION", "{player: dark, attack: Imperial Stun Squad, targets: [Rebel Defense Squad]}")
              .replace("ATTACKER", "Imperial Stun Squad").replace("DEFENDER", "Rebel Defense Squad"))


def test_activated_prevention_used_once_in_the_chance(tmp_path):
    eng = run(tmp_path, TECHNICIAN.replace("FORCE", "2").replace(
        "CHOICE", "- {player: light, choose: [shield Rebel Shield Technician]}"))
    assert len(events(eng, "used")) == 1
    assert eng.obj("Rebel Defense Squad").damage == 1 and eng.state.player_data["light"]["force"] == 1


def test_activated_prevention_not_offered_without_its_cost(tmp_path):
    eng = run(tmp_path, TECHNICIAN.replace("FORCE", "0").replace("CHOICE", ""))
    assert not events(eng, "used") and eng.obj("Rebel Defense Squad").damage == 2


def test_target_unit_preventions_not_offered_for_a_pilot(tmp_path):
    """Where it must not apply: a Pilot on a unit is damaged; 'target unit' can't be the Pilot
    (piloting-units-3), so neither the Battle card nor the Technician is offered (no choice asked)."""
    eng = run(tmp_path, scenario("ruling:piloting-units-3", """
    state:
      active: dark
      phase: battle
      dark:
        hand: [Sniper Shot]
      light:
        force: 1
        hand: [Rebel Shield Boost]
        ground: [Rebel Snowspeeder, {card: Rebel Evasion Pilot, attached_to: Rebel Snowspeeder}]
        character: [Rebel Shield Technician]
    actions:
      - {player: dark, play: Sniper Shot, targets: [Rebel Evasion Pilot]}
      - {pass: all}
    """))
    assert eng.obj("Rebel Evasion Pilot").zone == "discard"
    assert eng.obj("Rebel Shield Boost").zone == "hand" and not events(eng, "used")
