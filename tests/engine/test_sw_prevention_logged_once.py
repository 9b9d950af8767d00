"""Star Wars TCG: one prevention, one damage_prevented event -- an activated ability played in the chance
to prevent damage (Rebel Shield Technician) is logged once (it was logged by its prevent step and
again by the chance), and a triggered ability's prevention (Rebel Bunker Team: not played in the
chance) is still logged by its prevent step."""
from __future__ import annotations

from .test_star_wars import events, run

TECHNICIAN = """
    ruling: star-wars-tcg:ruling:held-triggered-abilities-6
    cites: [star-wars-tcg:ruling:held-triggered-abilities-6]
    question: q
    answer: a
    state:
      active: dark
      dice: [5, 5]
      dark:
        ground: [Droid Tank]
      light:
        force: 1
        ground: [DEFENDER]
        character: [Rebel Shield Technician]
    actions:
      - {player: light, choose: [CHOICE]}
      - {player: dark, attack: Droid Tank, targets: [DEFENDER]}
"""


def _prevented(eng) -> list:
    return events(eng, "damage_prevented")


def test_technician_prevention_is_one_event(tmp_path):
    eng = run(tmp_path, TECHNICIAN.replace("DEFENDER", "Rebel Defense Squad")
              .replace("CHOICE", "shield Rebel Shield Technician").replace("[5, 5]", "[5, 5, 1]"))
    assert [(e["by"], e["amount"]) for e in _prevented(eng)] == [("Rebel Shield Technician", 1)]
    assert eng.obj("Rebel Defense Squad").damage == 1


def test_triggered_prevention_is_still_logged(tmp_path):
    """Where the change must not apply: the Bunker Team's 'When this unit is attacked, prevent 1 damage
    to it' is not played in the chance; the Technician is not used (pass)."""
    eng = run(tmp_path, TECHNICIAN.replace("DEFENDER", "Rebel Bunker Team").replace("CHOICE", "pass")
              .replace("[5, 5]", "[5, 5, 1]"))
    assert [(e["by"], e["amount"]) for e in _prevented(eng)] == [("Rebel Bunker Team", 1)]
    assert eng.obj("Rebel Bunker Team").damage == 1
