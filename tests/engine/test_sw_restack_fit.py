"""Star Wars TCG: rearranging a unique Pilot's stack (keyword:unique-pilots, mechanic
restack_pilot_fit). "You may have to move the Pilot if the card you want to put on top can't be put on
the Pilot's current unit": a new top that CAN go on it (the unit's type -- a Ground Pilot on a Ground
unit -- or its subtype) stays on it, and the replaced top is no second Pilot there (pilots-2's "only 1
Pilot" is about another Pilot). Where the rule must refuse: a new top that does not fit stays off the
unit, and a stack moved onto another unit that has its own Pilot is refused."""
from __future__ import annotations

from .test_star_wars import events, rid, run
from .test_sw_partial_pilot_and_upkeep_refusal import scenario

FIT = "keyword:unique-pilots"


def restack(tmp_path, zones: str, action: str, ablate=None):
    """Replay one restack in light's build step; ``zones``: light's zones, as YAML lines."""
    body = f"""
    state:
      active: light
      phase: build
      light:
{zones}
    actions:
      - {action}
"""
    return run(tmp_path, scenario(FIT, body), ablate)


def _piloting(eng, label):
    return eng.obj_attr(eng.obj(label), "piloting")


STARFIGHTER_LUKE_ON_X_WING = """        space: [Rebel X-wing, {card: Luke Skywalker (Starfighter Pilot), attached_to: Rebel X-wing}]
        stacked: [{card: Luke Skywalker (Ground Pilot), attached_to: Luke Skywalker (Starfighter Pilot)}]"""
GROUND_LUKE_ON_TOP = "{player: light, restack: Luke Skywalker (Starfighter Pilot), with: Luke Skywalker (Ground Pilot)"


def test_new_top_fitting_the_unit_by_subtype_stays_on_it(tmp_path):
    eng = restack(tmp_path, """        ground: [Anakin's Podracer (A), {card: Anakin Skywalker (J), attached_to: Anakin's Podracer (A)}]
        stacked: [{card: Anakin Skywalker (K), attached_to: Anakin Skywalker (J)}]""",
                  "{player: light, restack: Anakin Skywalker (J), with: Anakin Skywalker (K)}")
    assert not events(eng, "action_rejected")
    assert _piloting(eng, "Anakin Skywalker (K)") == "Anakin's Podracer (A)"
    assert eng.obj("Anakin Skywalker (J)").zone == "stacked"
    assert eng.obj_attr(eng.obj("Anakin's Podracer (A)"), "speed") == 70  # only the top card's bonus


def test_new_top_fitting_the_unit_by_its_type_stays_on_it(tmp_path):
    # a Ground Pilot on a Ground unit: the unit's type, not one of its subtypes (Speeder)
    eng = restack(tmp_path, """        ground: [Rebel Snowspeeder, {card: Luke Skywalker (Speeder Pilot), attached_to: Rebel Snowspeeder}]
        stacked: [{card: Luke Skywalker (Ground Pilot), attached_to: Luke Skywalker (Speeder Pilot)}]""",
                  "{player: light, restack: Luke Skywalker (Speeder Pilot), with: Luke Skywalker (Ground Pilot)}")
    assert not events(eng, "action_rejected")
    assert _piloting(eng, "Luke Skywalker (Ground Pilot)") == "Rebel Snowspeeder"
    snow = eng.obj("Rebel Snowspeeder")
    assert (eng.obj_attr(snow, "power"), eng.obj_attr(snow, "speed")) == (3, 60)


def test_new_top_not_fitting_the_unit_is_refused(tmp_path):
    eng = restack(tmp_path, STARFIGHTER_LUKE_ON_X_WING, GROUND_LUKE_ON_TOP + ", try: true}")
    rejected = events(eng, "action_rejected")
    assert len(rejected) == 1 and rid(FIT) in rejected[0]["rejected_by"]
    assert _piloting(eng, "Luke Skywalker (Starfighter Pilot)") == "Rebel X-wing"
    assert eng.obj("Luke Skywalker (Ground Pilot)").zone == "stacked"


def test_stack_moved_onto_a_unit_with_its_own_pilot_is_refused(tmp_path):
    eng = restack(tmp_path, """        ground: [Rebel Snowspeeder, {card: Luke Skywalker (Speeder Pilot), attached_to: Rebel Snowspeeder},
                 Rebel Dodging Squad, {card: Rebel Evasion Pilot, attached_to: Rebel Dodging Squad}]
        stacked: [{card: Luke Skywalker (Ground Pilot), attached_to: Luke Skywalker (Speeder Pilot)}]""",
                  "{player: light, restack: Luke Skywalker (Speeder Pilot), with: Luke Skywalker (Ground Pilot),"
                  " to: Rebel Dodging Squad, try: true}")
    rejected = events(eng, "action_rejected")
    assert len(rejected) == 1 and rid("ruling:pilots-2") in rejected[0]["rejected_by"]
    assert _piloting(eng, "Rebel Evasion Pilot") == "Rebel Dodging Squad"
    assert _piloting(eng, "Luke Skywalker (Speeder Pilot)") == "Rebel Snowspeeder"


def test_rule_off_new_top_stays_whatever_its_type(tmp_path):
    eng = restack(tmp_path, STARFIGHTER_LUKE_ON_X_WING, GROUND_LUKE_ON_TOP + "}", {rid(FIT)})
    assert _piloting(eng, "Luke Skywalker (Ground Pilot)") == "Rebel X-wing"
