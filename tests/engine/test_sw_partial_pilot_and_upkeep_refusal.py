"""Star Wars TCG: a partially built Pilot can't use its Pilot ability (ruling abilities-1 applied to
the Pilot ability, pilots-1), while a built card in the build zone can; refusing to pay an Upkeep one
can pay names ruling upkeep-1; an attacked unit can't Intercept the attack on itself, and that refusal
names keyword:intercept. Each with the rule on, switched off, or where it must not apply."""
from __future__ import annotations

from .test_star_wars import events, rid, run


def scenario(ruling: str, body: str) -> str:
    """A unit scenario citing only its ruling (an id without the game's): ``body`` is its state and actions."""
    return f"""
    ruling: star-wars-tcg:{ruling}
    cites: [star-wars-tcg:{ruling}]
    question: q
    answer: a
""" + body


PILOTS = scenario("ruling:abilities-1", """
    state:
      active: light
      phase: build
      light:
        space: [Rebel X-wing, Rebel X-wing]
        build: [{card: Rebel Ace Pilot, partial: true}, Rebel Starfighter Pilot]
    actions:
      - {player: light, pilot: Rebel Ace Pilot, targets: ["Rebel X-wing#1"], try: true}
      - {player: light, pilot: Rebel Starfighter Pilot, targets: ["Rebel X-wing#2"]}
""")


def test_partially_built_pilot_is_not_moved_onto_a_unit(tmp_path):
    eng = run(tmp_path, PILOTS)
    rejected = events(eng, "action_rejected")
    assert len(rejected) == 1 and rid("ruling:abilities-1") in rejected[0]["rejected_by"]
    assert eng.obj("Rebel Ace Pilot").zone == "build"


def test_built_pilot_in_build_zone_is_moved(tmp_path):
    """Where the rule must not apply: the retreated Starfighter Pilot is not partially built."""
    eng = run(tmp_path, PILOTS)
    assert eng.obj_attr(eng.obj("Rebel Starfighter Pilot"), "piloting") == "Rebel X-wing#2"
    assert eng.obj_attr(eng.obj("Rebel X-wing#2"), "power") == 3


def test_partially_built_pilot_moves_with_the_rule_off(tmp_path):
    eng = run(tmp_path, PILOTS, {rid("ruling:abilities-1")})
    assert not events(eng, "action_rejected")
    assert eng.obj_attr(eng.obj("Rebel Ace Pilot"), "piloting") == "Rebel X-wing#1"


UPKEEP = scenario("ruling:upkeep-1", """
    state:
      active: light
      phase: ready
      light:
        force: FORCE
        character: [Luke Skywalker (Speeder Pilot)]
    actions:
      - {player: light, begin: build, choose: [{try: "no"}, "yes"]}
""")


def test_refused_upkeep_choice_names_upkeep_1(tmp_path):
    eng = run(tmp_path, UPKEEP.replace("FORCE", "1"))
    rejected = events(eng, "choice_rejected")
    assert len(rejected) == 1 and rejected[0]["rejected_by"] == [rid("ruling:upkeep-1")]
    assert eng.state.player_data["light"]["force"] == 0


def test_upkeep_not_paid_when_the_rule_is_off(tmp_path):
    out_eng = run(tmp_path, UPKEEP.replace("FORCE", "1").replace(', "yes"', ''), {rid("ruling:upkeep-1")})
    assert not events(out_eng, "choice_rejected")
    assert out_eng.obj("Luke Skywalker (Speeder Pilot)").zone == "discard"


INTERCEPT = scenario("keyword:intercept", """
    state:
      active: light
      phase: battle
      dice: [5, 5, 5]
      light:
        space: [Rebel Blockade Runner]
      dark:
        force: 2
        space: [{card: Imperial Escort Frigate, label: A}, {card: Imperial Escort Frigate, label: B}]
    actions:
      - {player: dark, choose: [{try: intercept A}, intercept B, pass]}
      - {player: light, attack: Rebel Blockade Runner, targets: [A]}
""")


def test_attacked_unit_cannot_intercept_for_itself_and_the_refusal_names_intercept(tmp_path):
    eng = run(tmp_path, INTERCEPT)
    rejected = events(eng, "choice_rejected")
    assert len(rejected) == 1 and rejected[0]["rejected_by"] == [rid("keyword:intercept")]
    # where the clause must not apply: the other Frigate intercepts
    assert [e["defender"] for e in events(eng, "defender_changed")] == ["B"]
    assert eng.obj("B").damage == 3 and eng.obj("A").damage == 0
