"""Star Wars TCG: the end of a phase is an event (``phase_ended``), as its start is (``phase_begins``), so a
card's "When the battle phase ends" triggers -- if its 'if' is true (triggered-abilities-2; mechanic
trigger_if_condition). The battle phase ends at {end: battle} or when a later turn begins without one; what
its end triggered resolves before the turn begins. Where it must not trigger: a card out of play (the build
zone), a card whose 'if' is false, the start of a phase. Switched off: the 'if' is ignored."""
from __future__ import annotations

from .test_sw_partial_pilot_and_upkeep_refusal import scenario
from .test_star_wars import events, rid, run

RULE = "ruling:triggered-abilities-2"

CARDS = """
    cards:
      - name: Rebel Repair Crew
        type: ground
        faction: light
        stats: {speed: 20, power: 1, health: 4}
        illustrative: true
        text: "When the battle phase ends, if this unit is in the Ground arena, gain 1 Force."
        abilities:
          - kind: trigger
            on: {event: phase_ended, filter: "event.phase == 'battle'"}
            if: "this.zone == 'ground'"
            steps:
              - {player_counter: force, amount: 1}
      - name: Rebel Watch Officer
        type: character
        faction: light
        stats: {speed: 30, power: 1, health: 3}
        illustrative: true
        text: "When the battle phase ends, if you have 2 or more units in the Ground arena, gain 2 Force."
        abilities:
          - kind: trigger
            on: {event: phase_ended, filter: "event.phase == 'battle'"}
            if: "count(is_unit(it) and it.controller == you and it.zone == 'ground') >= 2"
            steps:
              - {player_counter: force, amount: 2}
"""


def crews(ground: int, actions: str, phase: str = "battle") -> str:
    return scenario(RULE, CARDS + f"""
    state:
      active: light
      phase: {phase}
      turn: 2
      light:
        force: 0
        build: [Rebel Repair Crew]
        ground: {["Rebel Repair Crew"] * ground}
        character: [Rebel Watch Officer]
    actions:
{actions}
""")


def _triggered(eng) -> list[str]:
    return [e["source"] for e in events(eng, "triggered")]


def test_end_of_battle_triggers_the_cards_in_play_whose_if_is_true(tmp_path):
    eng = run(tmp_path, crews(1, "      - {end: battle}"))
    assert _triggered(eng) == ["Rebel Repair Crew#2"]  # not #1 (build zone), not the Officer (one unit)
    assert eng.player_attr("light", "force") == 1
    assert [e["phase"] for e in events(eng, "phase_ended")] == ["battle"]


def test_two_units_in_the_ground_arena_the_officer_triggers_too(tmp_path):
    order = '      - {player: light, choose: [["Rebel Repair Crew#2", "Rebel Repair Crew#3", "Rebel Watch Officer"]]}'
    eng = run(tmp_path, crews(2, order + "\n      - {end: battle}"))
    assert sorted(_triggered(eng)) == ["Rebel Repair Crew#2", "Rebel Repair Crew#3", "Rebel Watch Officer"]
    assert eng.player_attr("light", "force") == 4


def test_a_new_turn_ends_the_battle_and_its_triggers_resolve_before_the_turn_begins(tmp_path):
    eng = run(tmp_path, crews(1, "      - {begin: turn, player: dark}"))
    kinds = [e["event"] for e in eng.events if e["event"] in ("phase_ended", "triggered", "turn_begins")]
    assert kinds == ["phase_ended", "triggered", "turn_begins"]
    assert eng.player_attr("light", "force") == 1


def test_the_start_of_a_phase_is_not_its_end(tmp_path):
    eng = run(tmp_path, crews(2, "      - {begin: battle}", phase="build"))
    assert not _triggered(eng) and not events(eng, "phase_ended")


def test_if_condition_rule_off_the_if_is_ignored(tmp_path):
    order = '      - {player: light, choose: [["Rebel Repair Crew#2", "Rebel Watch Officer"]]}'
    eng = run(tmp_path, crews(1, order + "\n      - {end: battle}"), {rid(RULE)})
    assert sorted(_triggered(eng)) == ["Rebel Repair Crew#2", "Rebel Watch Officer"]
    assert eng.player_attr("light", "force") == 3
