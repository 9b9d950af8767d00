"""Star Wars TCG: 'If a Pilot on a unit is tapped, the Pilot untaps normally during the ready phase'
(clarification:pilots-during-the-ready-phase) names no arena: a tapped Pilot on a retreated unit in the
build zone untaps too. Where it must not apply: the unit in the build zone (the text speaks of the Pilot),
a Pilot alone in the build zone (on no unit), the other player's Pilot, the rule switched off."""
from __future__ import annotations

from .test_star_wars import rid, run

BODY = """
    ruling: star-wars-tcg:clarification:pilots-during-the-ready-phase
    cites: [star-wars-tcg:clarification:pilots-during-the-ready-phase]
    question: q
    answer: a
    state:
      active: light
      phase: build
      light:
        build:
          - {card: Rebel Trooper Squad, exhausted: true}
          - {card: Rebel Spotter Pilot, attached_to: Rebel Trooper Squad, exhausted: true}
          - {card: Rebel Evasion Pilot, exhausted: true}
      dark:
        build:
          - {card: Battle Droid Platoon, exhausted: true}
    actions:
      - {player: light, begin: ready}
"""


def test_pilot_on_a_unit_in_the_build_zone_untaps_the_rest_stays(tmp_path):
    eng = run(tmp_path, BODY)
    assert not eng.obj("Rebel Spotter Pilot").exhausted
    assert eng.obj("Rebel Trooper Squad").exhausted and eng.obj("Rebel Evasion Pilot").exhausted
    assert eng.obj("Battle Droid Platoon").exhausted


def test_switched_off_it_stays_tapped(tmp_path):
    eng = run(tmp_path, BODY, {rid("clarification:pilots-during-the-ready-phase")})
    assert eng.obj("Rebel Spotter Pilot").exhausted
