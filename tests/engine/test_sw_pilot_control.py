"""Star Wars TCG: a Pilot on a unit in the Space or Ground arena is "just part of the Space or Ground
unit" (ruling:piloting-units-1, mechanic pilot_control_with_unit): whoever controls the unit controls the
Pilot and the cards under its stack -- a unit listed under another player's control, or whose control
changes (gain_control). Where it must not apply: a unit without a Pilot, a Pilot in the Character arena;
and the rule switched off (the Pilot keeps its controller)."""
from __future__ import annotations

from .test_star_wars import events, rid, run

OFF = {rid("ruling:piloting-units-1")}

# an illustrative card of the test: nothing in the corpus changes control during a game
CARDS = """
    cards:
      - name: Seize The Controls
        type: battle
        faction: dark
        illustrative: true
        text: "Gain control of target unit."
        abilities:
          - kind: play
            targets: [{name: victim, filter: "is_unit(it)"}]
            steps: [{gain_control: victim}]
      - name: Control Watcher
        type: character
        faction: light
        stats: {speed: 10, power: 1, health: 3}
        illustrative: true
        text: "When a Character changes control, you gain 1 Force."
        abilities:
          - kind: trigger
            on: {event: control_changed, filter: "event.obj.type == 'character'"}
            steps: [{player_counter: force, amount: 1}]
"""

SEIZE = """
    ruling: star-wars-tcg:ruling:piloting-units-1
    cites: [star-wars-tcg:ruling:piloting-units-1]
    question: q
    answer: a
""" + CARDS + """
    state:
      active: dark
      phase: battle
      dark:
        force: 2
        hand: [Seize The Controls]
        character: [Darth Vader]
      light:
        force: 0
        space: [Rebel X-wing@PILOT@]
        character: [Control Watcher@ALONE@]
    actions:
      - {player: dark, play: Seize The Controls, targets: [Rebel X-wing]}
      - {pass: all}
"""


def _seize(tmp_path, pilot="Rebel Gunner Pilot", alone="", ablate=None):
    p = f", {{card: {pilot}, attached_to: Rebel X-wing}}" if pilot else ""
    a = f", {alone}" if alone else ""
    return run(tmp_path, SEIZE.replace("@PILOT@", p).replace("@ALONE@", a), ablate)


def _changed(eng):
    return [e["card"] for e in events(eng, "control_changed")]


def test_gain_control_of_the_unit_takes_its_pilot(tmp_path):
    eng = _seize(tmp_path)
    x, p = eng.obj("Rebel X-wing"), eng.obj("Rebel Gunner Pilot")
    assert (x.controller, p.controller) == ("dark", "dark")
    assert p.side == "dark" and p.zone == "space" and p.owner == "light"
    assert _changed(eng) == ["Rebel X-wing", "Rebel Gunner Pilot"]
    # an event of its own: a trigger watching Characters changing control sees it
    assert eng.player_attr("light", "force") == 1
    assert eng.obj_attr(x, "power") == 3  # still its Pilot: the bonus stays


def test_the_new_controller_uses_and_pays_for_the_pilots_ability(tmp_path):
    body = SEIZE.replace("@PILOT@", ", {card: Rebel Gunner Pilot, attached_to: Rebel X-wing}").replace("@ALONE@", "") + """
      - {player: light, use: Rebel Gunner Pilot, ability: snipe, targets: [Darth Vader], try: true}
      - {player: dark, use: Rebel Gunner Pilot, ability: snipe, targets: [Control Watcher]}
      - {pass: all}
    """
    eng = run(tmp_path, body)
    assert [e["player"] for e in events(eng, "action_rejected")] == ["light"]
    assert eng.obj("Control Watcher").damage == 1 and eng.obj("Darth Vader").damage == 0
    assert eng.player_attr("dark", "force") == 1


def test_switched_off_the_pilot_keeps_its_controller(tmp_path):
    eng = _seize(tmp_path, ablate=OFF)
    assert eng.obj("Rebel X-wing").controller == "dark"
    assert eng.obj("Rebel Gunner Pilot").controller == "light"
    assert _changed(eng) == ["Rebel X-wing"]
    assert eng.player_attr("light", "force") == 0


def test_a_unit_without_a_pilot_and_a_pilot_in_the_character_arena(tmp_path):
    eng = _seize(tmp_path, pilot="", alone="Rebel Gunner Pilot")
    assert eng.obj("Rebel X-wing").controller == "dark"
    assert eng.obj("Rebel Gunner Pilot").controller == "light"  # not on the unit: not part of it
    assert _changed(eng) == ["Rebel X-wing"]
    assert eng.player_attr("light", "force") == 0


LISTED = """
    ruling: star-wars-tcg:ruling:piloting-units-1
    cites: [star-wars-tcg:ruling:piloting-units-1]
    question: q
    answer: a
    state:
      active: light
      turn: 2
      phase: ready
      dark: {{force: {dark}}}
      light:
        force: 3
        space:
          - {{card: Rebel X-wing, controller: dark}}
          - {{card: {pilot}, attached_to: Rebel X-wing}}
        character: [{alone}]
        {stacked}
    actions:
      - {{begin: build}}
"""


def _listed(tmp_path, pilot="Veteran Smuggler Pilot", dark=1, stacked="", ablate=None, alone="Veteran Smuggler Pilot"):
    eng = run(tmp_path, LISTED.format(pilot=pilot, dark=dark, stacked=stacked, alone=alone), ablate)
    return eng, [(e["player"], e["card"]) for e in events(eng, "upkeep_paid")]


def test_listed_on_a_unit_another_player_controls_its_upkeep_is_his(tmp_path):
    eng, paid = _listed(tmp_path)
    pilot = eng.obj("Veteran Smuggler Pilot#1")
    assert (pilot.controller, pilot.side, pilot.zone) == ("dark", "dark", "space")
    # the Pilot in Light's Character arena is Light's own, and pays with Light's Force
    assert sorted(paid) == [("dark", "Veteran Smuggler Pilot#1"), ("light", "Veteran Smuggler Pilot#2")]
    assert eng.player_attr("dark", "force") == 0 and eng.player_attr("light", "force") == 2


def test_unpaid_the_pilot_goes_to_its_owners_discard_the_unit_stays(tmp_path):
    eng, paid = _listed(tmp_path, dark=0)
    assert eng.obj("Veteran Smuggler Pilot#1").where == "light.discard"
    assert eng.obj("Rebel X-wing").where == "dark.space"
    assert eng.player_attr("light", "force") == 2


def test_listed_switched_off_its_owner_pays(tmp_path):
    eng, paid = _listed(tmp_path, ablate=OFF, alone="Rebel Starfighter Pilot")
    pilot = eng.obj("Veteran Smuggler Pilot")
    assert (pilot.controller, pilot.side) == ("light", "light")
    assert paid == [("light", "Veteran Smuggler Pilot")]
    assert eng.player_attr("dark", "force") == 1 and eng.player_attr("light", "force") == 2


STACK = "stacked: [{card: Luke Skywalker (Speeder Pilot), attached_to: Luke Skywalker (Starfighter Pilot)}]"


def test_a_pilot_stack_goes_with_its_top(tmp_path):
    eng, paid = _listed(tmp_path, pilot="Luke Skywalker (Starfighter Pilot)", stacked=STACK, alone="Rebel Starfighter Pilot")
    under = eng.obj("Luke Skywalker (Speeder Pilot)")
    assert under.controller == "dark" and under.zone == "stacked"
    assert ("dark", "Luke Skywalker (Speeder Pilot)") in paid
    eng, paid = _listed(tmp_path, pilot="Luke Skywalker (Starfighter Pilot)", stacked=STACK, ablate=OFF,
                        alone="Rebel Starfighter Pilot")
    assert eng.obj("Luke Skywalker (Speeder Pilot)").controller == "light"
    assert ("light", "Luke Skywalker (Speeder Pilot)") in paid


MOVE = """
    ruling: star-wars-tcg:ruling:piloting-units-1
    cites: [star-wars-tcg:ruling:piloting-units-1]
    question: q
    answer: a
    state:
      active: dark
      phase: build
      light:
        space:
          - {card: Rebel X-wing, controller: dark}
          - {card: Rebel Starfighter Pilot, attached_to: Rebel X-wing}
    actions:
      - {player: light, unpilot: Rebel Starfighter Pilot, to: character, try: true}
      - {player: dark, unpilot: Rebel Starfighter Pilot, to: character}
"""


def test_the_units_controller_moves_it_off_to_his_character_arena(tmp_path):
    eng = run(tmp_path, MOVE)
    assert [e["player"] for e in events(eng, "action_rejected")] == ["light"]
    assert eng.obj("Rebel Starfighter Pilot").where == "dark.character"
    assert eng.obj("Rebel Starfighter Pilot").controller == "dark"


def test_switched_off_the_units_controller_cannot_move_it(tmp_path):
    body = MOVE.replace("- {player: light, unpilot: Rebel Starfighter Pilot, to: character, try: true}\n", "")
    eng = run(tmp_path, body.replace("to: character}", "to: character, try: true}"), OFF)
    assert [e["player"] for e in events(eng, "action_rejected")] == ["dark"]
    assert eng.obj_attr(eng.obj("Rebel Starfighter Pilot"), "piloting") == "Rebel X-wing"


def test_gain_control_takes_the_pilots_stack_too(tmp_path):
    body = SEIZE.replace("@PILOT@", ", {card: Luke Skywalker (Starfighter Pilot), attached_to: Rebel X-wing}").replace(
        "@ALONE@", "") + """
    """
    body = body.replace("        character: [Control Watcher]\n", "        character: [Control Watcher]\n"
                        "        stacked: [{card: Luke Skywalker (Speeder Pilot), attached_to: Luke Skywalker "
                        "(Starfighter Pilot)}]\n")
    eng = run(tmp_path, body)
    assert eng.obj("Luke Skywalker (Starfighter Pilot)").controller == "dark"
    assert eng.obj("Luke Skywalker (Speeder Pilot)").where == "dark.stacked"
    assert _changed(eng) == ["Rebel X-wing", "Luke Skywalker (Starfighter Pilot)", "Luke Skywalker (Speeder Pilot)"]
    eng = run(tmp_path, body, OFF)
    assert eng.obj("Luke Skywalker (Speeder Pilot)").where == "light.stacked"


RESTACK = """
    ruling: star-wars-tcg:ruling:piloting-units-1
    cites: [star-wars-tcg:ruling:piloting-units-1]
    question: q
    answer: a
    state:
      active: dark
      phase: build
      light:
        ground:
          - {card: Rebel Snowspeeder, controller: dark}
          - {card: Luke Skywalker (Ground Pilot), attached_to: Rebel Snowspeeder}
        stacked: [{card: Luke Skywalker (Speeder Pilot), attached_to: Luke Skywalker (Ground Pilot)}]
    actions:
      - {player: dark, restack: Luke Skywalker (Ground Pilot), with: Luke Skywalker (Speeder Pilot)}
"""


def test_restacked_on_the_unit_the_stack_stays_its_controllers(tmp_path):
    eng = run(tmp_path, RESTACK)
    top, under = eng.obj("Luke Skywalker (Speeder Pilot)"), eng.obj("Luke Skywalker (Ground Pilot)")
    assert eng.obj_attr(top, "piloting") == "Rebel Snowspeeder" and top.controller == "dark"
    assert under.where == "dark.stacked"


TAPPED = """
    ruling: star-wars-tcg:ruling:piloting-units-1
    cites: [star-wars-tcg:ruling:piloting-units-1]
    question: q
    answer: a
    state:
      active: light
      phase: end
      light:
        space:
          - {card: Rebel X-wing, controller: dark, exhausted: true}
          - {card: Rebel Starfighter Pilot, attached_to: Rebel X-wing, exhausted: true}
    actions:
      - {player: dark, begin: turn}
      - {player: dark, begin: ready}
"""


def test_it_untaps_in_the_units_controllers_ready_phase(tmp_path):
    eng = run(tmp_path, TAPPED)
    assert not eng.obj("Rebel X-wing").exhausted and not eng.obj("Rebel Starfighter Pilot").exhausted
    eng = run(tmp_path, TAPPED, OFF)
    assert not eng.obj("Rebel X-wing").exhausted and eng.obj("Rebel Starfighter Pilot").exhausted
