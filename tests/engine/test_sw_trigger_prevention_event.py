"""Star Wars TCG: damage a triggered ability prevents ({prevent: ..} step, taking effect in the chance to
prevent damage: held-triggered-abilities-2 / -8) is prevented as Evade's is -- a ``damage_prevented`` event
(mechanic prevent_trigger_event), so "When damage to one of your units is prevented" triggers for it
(held until the chance passes, -5) and a prevention ability on that event takes effect in the same chance.
Where it must not: a prevention that prevents nothing (no damage left), the other player's unit; and the
Shield Generator Team's "prevent 1 more" is not triggered again by its own prevention (its cards.yaml
filter: the documents say nothing of an ability triggering on its own effect). Switched off: only Evade,
Deflect, Battle cards and activated abilities trigger it (the engine before blind round 28)."""
from __future__ import annotations

from .test_sw_partial_pilot_and_upkeep_refusal import scenario
from .test_star_wars import events, rid, run

RULE = "ruling:held-triggered-abilities-8"

OFFICER = """
    cards:
      - name: Rebel Alert Officer
        type: character
        faction: light
        stats: {speed: 30, power: 1, health: 3}
        illustrative: true
        text: "When damage to one of your units is prevented, gain 1 Force."
        abilities:
          - kind: trigger
            on: {event: damage_prevented, filter: "is_unit(event.obj) and event.obj.controller == you"}
            steps:
              - {player_counter: force, amount: 1}
"""


def game(dice: str, light: str, dark: str = "[Droid Tank]", target: str = "Rebel Bunker Team",
         extra: str = "") -> str:
    return scenario(RULE, OFFICER + f"""
    state:
      active: dark
      phase: battle
      dice: {dice}
      dark:
        ground: {dark}
      light:
        force: 0
        ground: {light}
        character: [Rebel Alert Officer]
    actions:
{extra}      - {{player: dark, attack: Droid Tank, targets: [{target}]}}
""")


def _prevented(eng) -> list[tuple]:
    return [(e["card"], e["by"], e["amount"]) for e in events(eng, "damage_prevented")]


def _officer(eng) -> int:
    return len([e for e in events(eng, "triggered") if e["source"] == "Rebel Alert Officer"])


def test_a_triggered_prevention_triggers_when_damage_is_prevented(tmp_path):
    eng = run(tmp_path, game("[5, 5, 5]", "[Rebel Bunker Team]"))
    assert _prevented(eng) == [("Rebel Bunker Team", "Rebel Bunker Team", 1)]
    assert eng.obj("Rebel Bunker Team").damage == 2
    assert _officer(eng) == 1 and eng.player_attr("light", "force") == 1


def test_the_officer_waits_until_the_prevention_has_taken_effect(tmp_path):
    # -5: the Officer's ability triggers during the chance and takes effect after it, before the damage
    eng = run(tmp_path, game("[5, 5, 5]", "[Rebel Bunker Team]"))
    seq = [(e["event"], e["card"] if e["event"] == "damage_dealt" else e.get("source")) for e in eng.events
           if e["event"] in ("damage_prevented", "resolved", "triggered", "damage_dealt")]
    assert seq.index(("resolved", "Rebel Bunker Team")) < seq.index(("triggered", "Rebel Alert Officer"))
    assert seq.index(("triggered", "Rebel Alert Officer")) < seq.index(("damage_dealt", "Rebel Bunker Team"))


def test_a_prevention_that_prevents_nothing_is_no_event(tmp_path):
    # one hit: the Bunker Team's ability and the Field Medic's both prevent 1 damage to it; the second finds
    # none left (logged with amount 0, as before: no event): one Force
    order = '      - {player: light, choose: [["Rebel Bunker Team", "Rebel Field Medic"]]}\n'
    eng = run(tmp_path, game("[5, 1, 1]", "[Rebel Bunker Team]", extra=order).replace(
        "character: [Rebel Alert Officer]", "character: [Rebel Alert Officer, Rebel Field Medic]"))
    assert _prevented(eng) == [("Rebel Bunker Team", "Rebel Bunker Team", 1), ("Rebel Bunker Team", "Rebel Field Medic", 0)]
    assert eng.obj("Rebel Bunker Team").damage == 0
    assert _officer(eng) == 1 and eng.player_attr("light", "force") == 1


def test_a_prevention_ability_on_the_event_takes_effect_in_the_same_chance_once(tmp_path):
    # the Field Medic prevents 1 of 3 to the Shield Generator Team; that triggers the Team's "prevent 1 more",
    # which is not held in the chance; its own prevention does not trigger it again: the Team takes 1
    body = game("[5, 5, 5]", "[Rebel Shield Generator Team]", target="Rebel Shield Generator Team").replace(
        "character: [Rebel Alert Officer]", "character: [Rebel Alert Officer, Rebel Field Medic]")
    eng = run(tmp_path, body)
    assert _prevented(eng) == [("Rebel Shield Generator Team", "Rebel Field Medic", 1),
                               ("Rebel Shield Generator Team", "Rebel Shield Generator Team", 1)]
    assert eng.obj("Rebel Shield Generator Team").damage == 1
    assert _officer(eng) == 2 and eng.player_attr("light", "force") == 2


def test_mechanic_off_a_triggered_prevention_is_no_event(tmp_path, monkeypatch):
    from judge.engine import engine as engine_module
    real = engine_module.Engine.on
    monkeypatch.setattr(engine_module.Engine, "on", lambda self, key: key != "prevent_trigger_event" and real(self, key))
    eng = run(tmp_path, game("[5, 5, 5]", "[Rebel Bunker Team]"))
    assert eng.obj("Rebel Bunker Team").damage == 2  # it still prevents 1
    assert _officer(eng) == 0 and eng.player_attr("light", "force") == 0


def test_rule_off_the_whole_entry(tmp_path):
    # -8 switched off switches off prevent_trigger_timing too: the Bunker Team's ability is held like any
    # other and prevents nothing; no prevention, no Force
    eng = run(tmp_path, game("[5, 5, 5]", "[Rebel Bunker Team]"), {rid(RULE)})
    assert eng.obj("Rebel Bunker Team").damage == 3
    assert _officer(eng) == 0 and eng.player_attr("light", "force") == 0
