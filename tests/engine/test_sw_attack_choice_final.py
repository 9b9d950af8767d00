"""Star Wars TCG, ruling activated-abilities-1 clauses 4-5 (mechanic attack_choice_final): "you must
choose what you are doing when you would attack, and can't change your mind later" -- a unit that
attacked this turn can't then use an ability played 'when this unit would attack'. Force Push Adept's
ability costs Force, not a tap, so only this rule stops it. Where it must not apply: a unit that has
not attacked, the same unit in a later turn."""
from __future__ import annotations

from .test_star_wars import events, rid, run

BODY = """
    ruling: star-wars-tcg:ruling:activated-abilities-1
    cites: [star-wars-tcg:ruling:activated-abilities-1]
    question: q
    answer: a
    state:
      active: light
      phase: battle
      dice: [5, 1]
      light:
        force: 3
        character: [Force Push Adept, Force Push Adept]
      dark:
        character: [Darth Vader]
    actions:
      - {player: light, attack: "Force Push Adept#1", targets: [Darth Vader]}
"""


def _run(tmp_path, extra: str, ablate=None):
    eng = run(tmp_path, BODY + extra, ablate)
    return eng, len(events(eng, "action_rejected")), eng.obj("Darth Vader").damage


def test_the_unit_that_attacked_cannot_push(tmp_path):
    eng, rejected, damage = _run(tmp_path, """
      - {player: light, use: "Force Push Adept#1", targets: [Darth Vader], try: true}
      - {pass: all}
""")
    assert rejected == 1 and damage == 1  # the attack's one hit only
    assert eng.player_attr("light", "force") == 3
    assert rid("ruling:activated-abilities-1") in events(eng, "action_rejected")[0]["rejected_by"]


def test_switched_off_the_unit_that_attacked_pushes_too(tmp_path):
    eng, rejected, damage = _run(tmp_path, """
      - {player: light, use: "Force Push Adept#1", targets: [Darth Vader]}
      - {pass: all}
""", {rid("ruling:activated-abilities-1")})
    assert rejected == 0 and damage == 2
    assert eng.player_attr("light", "force") == 2


def test_a_unit_that_has_not_attacked_pushes(tmp_path):
    eng, rejected, damage = _run(tmp_path, """
      - {player: light, use: "Force Push Adept#2", targets: [Darth Vader]}
      - {pass: all}
""")
    assert rejected == 0 and damage == 2


def test_the_choice_is_for_one_turn(tmp_path):
    """Two turns later (the light side's next turn) the Adept that attacked may push."""
    eng, rejected, damage = _run(tmp_path, """
      - {player: dark, begin: turn}
      - {player: light, begin: turn}
      - {begin: battle}
      - {player: light, use: "Force Push Adept#1", targets: [Darth Vader]}
      - {pass: all}
""")
    assert rejected == 0 and damage == 2
