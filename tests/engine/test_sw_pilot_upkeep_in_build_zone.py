"""Star Wars TCG: a unit that retreated to the build zone keeps its Pilot (pilots-7) and still pays
its Upkeep (upkeep-2) -- the Upkeep its Pilot gives it included (pilots-1: a Pilot on a unit gives it
its bonuses; pilots-4: they stop only in the Character arena). Where it must not apply: a Pilot alone
in the build zone (it gives Upkeep only to a unit it is on), a Pilot that gives no Upkeep, the rules
switched off."""
from __future__ import annotations

from .test_star_wars import events, rid, run

BODY = """
    ruling: star-wars-tcg:ruling:upkeep-2
    cites: [star-wars-tcg:ruling:upkeep-2]
    question: q
    answer: a
    state:
      active: light
      phase: retreat
      light:
        force: {force}
        build: [Rebel Snowspeeder, {{card: {pilot}, attached_to: Rebel Snowspeeder}}, {alone}]
    actions:
      - {{player: light, begin: build}}
"""


def _run(tmp_path, force=1, pilot="Rebel Heavy Gunner Pilot", alone="Rebel Heavy Gunner Pilot", ablate=None):
    eng = run(tmp_path, BODY.format(force=force, pilot=pilot, alone=alone), ablate)
    return eng, [e["card"] for e in events(eng, "upkeep_paid")], [e["card"] for e in events(eng, "upkeep_unpaid")]


def test_retreated_unit_pays_the_upkeep_its_pilot_gives_it(tmp_path):
    eng, paid, unpaid = _run(tmp_path)
    assert paid == ["Rebel Snowspeeder"] and unpaid == []  # the lone Pilot gives nothing
    assert eng.player_attr("light", "force") == 0


def test_unpaid_the_unit_is_discarded(tmp_path):
    eng, paid, unpaid = _run(tmp_path, force=0)
    assert paid == [] and unpaid == ["Rebel Snowspeeder"]
    assert eng.obj("Rebel Snowspeeder").zone == "discard"
    assert eng.obj("Rebel Heavy Gunner Pilot#1").zone == "discard"  # the Pilot goes with its unit
    assert eng.obj("Rebel Heavy Gunner Pilot#2").zone == "build"


def test_a_pilot_that_gives_no_upkeep(tmp_path):
    eng, paid, unpaid = _run(tmp_path, pilot="Rebel Evasion Pilot", alone="Rebel Evasion Pilot")
    assert paid == [] and unpaid == []


def test_switched_off_no_upkeep_out_of_the_arenas(tmp_path):
    for off in ("ruling:upkeep-2", "ruling:pilots-1"):
        eng, paid, unpaid = _run(tmp_path, ablate={rid(off)})
        assert paid == [] and unpaid == [], off
