"""Star Wars: Stun works when the unit damages another unit, not itself (keyword:stun); a Pilot
moved in the build step keeps its tapped state (nothing untaps it before the ready phase)."""
from __future__ import annotations

from pathlib import Path

from tests.engine.test_star_wars import events, rid, run

OVERLOAD = """
    ruling: star-wars-tcg:keyword:stun
    cites: [star-wars-tcg:keyword:stun]
    question: q
    answer: a
    state:
      active: dark
      phase: battle
      dice: [5, 5, 1, 1]
      dark:
        space: [Overloaded Stun Bomber]
      light:
        space: [Rebel Blockade Runner]
    actions:
      - {player: dark, attack: Overloaded Stun Bomber, targets: [Rebel Blockade Runner], choose: ["yes"]}
"""


def test_stun_unit_damaging_itself_is_not_stunned(tmp_path):
    eng = run(tmp_path, OVERLOAD)
    bomber, runner = eng.obj("Overloaded Stun Bomber"), eng.obj("Rebel Blockade Runner")
    assert bomber.damage == 1 and eng.obj_attr(bomber, "power") == 2
    assert runner.damage == 2 and eng.obj_attr(runner, "power") == 2  # the other unit is stunned
    assert [e["card"] for e in events(eng, "stunned")] == ["Rebel Blockade Runner"]


def test_stun_switched_off_stuns_nobody(tmp_path):
    eng = run(tmp_path, OVERLOAD, {rid("keyword:stun")})
    assert not events(eng, "stunned")


DEFLECT_BACK = """
    ruling: star-wars-tcg:ruling:stun-3
    cites: [star-wars-tcg:ruling:stun-3]
    question: q
    answer: a
    state:
      active: dark
      phase: battle
      dice: [5, 5]
      dark:
        ground: [Imperial Stun Squad]
      light:
        force: 1
        ground: [Rebel Stun Shield Squad]
    actions:
      - {player: light, choose: [deflect Rebel Stun Shield Squad]}
      - {player: dark, attack: Imperial Stun Squad, targets: [Rebel Stun Shield Squad]}
"""


def test_deflected_back_onto_the_attacker_stuns_it(tmp_path):
    eng = run(tmp_path, DEFLECT_BACK)
    squad = eng.obj("Imperial Stun Squad")
    assert squad.damage == 2 and eng.obj_attr(squad, "power") == 0


def test_deflect_source_off_the_attacker_damages_itself_and_is_not_stunned(tmp_path):
    """stun-3 switched off: the deflected damage is still the attacker's own -- it damages itself,
    and Stun is only about another unit."""
    eng = run(tmp_path, DEFLECT_BACK, {rid("ruling:stun-3")})
    squad = eng.obj("Imperial Stun Squad")
    assert squad.damage == 2 and eng.obj_attr(squad, "power") == 2


PILOT = """
    ruling: star-wars-tcg:clarification:pilots-during-the-retreat-step
    cites: [star-wars-tcg:clarification:pilots-during-the-retreat-step]
    question: q
    answer: a
    state:
      active: light
      phase: {phase}
      light:
        space: [{{card: Rebel X-wing, label: Red One}}, {{card: Rebel Starfighter Pilot, attached_to: Red One{tapped}}}, {{card: Rebel X-wing, label: Red Two}}]
    actions:
{actions}
"""


def test_retreat_tapped_pilot_stays_tapped_when_moved(tmp_path):
    body = PILOT.format(phase="retreat", tapped="", actions="""      - {player: light, retreat: Red One}
      - {player: light, begin: build}
      - {player: light, pilot: Rebel Starfighter Pilot, targets: [Red Two]}""")
    eng = run(tmp_path, body)
    pilot = eng.obj("Rebel Starfighter Pilot")
    assert pilot.zone == "space" and pilot.exhausted
    assert eng.obj("Red One").exhausted and not eng.obj("Red Two").exhausted


def test_untapped_pilot_moved_stays_untapped(tmp_path):
    body = PILOT.format(phase="build", tapped="", actions="""      - {player: light, unpilot: Rebel Starfighter Pilot, to: character}""")
    eng = run(tmp_path, body)
    pilot = eng.obj("Rebel Starfighter Pilot")
    assert pilot.zone == "character" and not pilot.exhausted


def test_tapped_pilot_moved_off_stays_tapped(tmp_path):
    body = PILOT.format(phase="build", tapped=", exhausted: true",
                        actions="""      - {player: light, unpilot: Rebel Starfighter Pilot, to: character}""")
    eng = run(tmp_path, body)
    pilot = eng.obj("Rebel Starfighter Pilot")
    assert pilot.zone == "character" and pilot.exhausted


def test_pilot_type_may_be_a_unit_type_or_a_subtype():
    """pilots-2: 'a unit that matches the type given after the Pilot symbol' -- a Ground Pilot goes on a
    Ground unit (the unit's type), a Starfighter Pilot on a Starfighter (a subtype); not elsewhere."""
    from judge.scenarios.loader import load_fixture
    from judge.scenarios.replay import replay

    root = Path(__file__).resolve().parents[2] / "rulings/star-wars-tcg/pilots"
    ground = replay(load_fixture(root / "ground-pilot-on-ground-unit-not-on-starfighter.ruling.yaml"))
    assert ground.passed, ground.problems or ground.error
    starfighter = replay(load_fixture(root / "pilot-goes-only-on-matching-non-droid-unit.ruling.yaml"))
    assert starfighter.passed, starfighter.problems or starfighter.error
