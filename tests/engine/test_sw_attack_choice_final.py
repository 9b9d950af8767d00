"""Star Wars TCG, ruling activated-abilities-1 clauses 4-5 (mechanic attack_choice_final): "you must
choose what you are doing when you would attack, and can't change your mind later" -- a unit that
attacked this turn can't then use an ability played 'when this unit would attack'. Force Push Adept's
ability costs Force, not a tap, so once the Adept is untapped again only this rule stops it. Where it
must not apply: a unit that has not attacked, the same unit in a later turn."""
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

# the light side's next turn (two turns later): its ready phase untaps its units, then the battle phase
LATER_TURN = """
      - {player: dark, begin: turn}
      - {player: light, begin: turn}
      - {begin: ready}
      - {begin: battle}
"""

# the Adept that attacked is untapped again by an effect: only the rule keeps it from pushing (tapped,
# it could not attack, and its own text -- "Play only when this unit would attack" -- would refuse it)
READIED = """
      - {player: light, effect: [{ready: "Force Push Adept#1"}]}
"""


def _run(tmp_path, extra: str, ablate=None, body: str = BODY):
    eng = run(tmp_path, body + extra, ablate)
    return eng, len(events(eng, "action_rejected")), eng.obj("Darth Vader").damage


def test_the_unit_that_attacked_cannot_push(tmp_path):
    eng, rejected, damage = _run(tmp_path, READIED + """
      - {player: light, use: "Force Push Adept#1", targets: [Darth Vader], try: true}
      - {pass: all}
""")
    assert rejected == 1 and damage == 1  # the attack's one hit only
    assert eng.player_attr("light", "force") == 3
    assert rid("ruling:activated-abilities-1") in events(eng, "action_rejected")[0]["rejected_by"]


def test_switched_off_the_unit_that_attacked_pushes_too(tmp_path):
    eng, rejected, damage = _run(tmp_path, READIED + """
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
    eng, rejected, damage = _run(tmp_path, LATER_TURN + """
      - {player: light, use: "Force Push Adept#1", targets: [Darth Vader]}
      - {pass: all}
""")
    assert rejected == 0 and damage == 2


# The same rule the other way round: an ability played when the unit would attack is used INSTEAD of
# attacking ("abilities they use instead of attacks"), so a unit that used one this turn can't attack.
# Where it must not apply: another unit, the same unit in a later turn, the rule switched off.
PUSHED = BODY.replace("dice: [5, 1]", "dice: [5, 5]").replace(
    '- {player: light, attack: "Force Push Adept#1", targets: [Darth Vader]}',
    '- {player: light, use: "Force Push Adept#1", targets: [Darth Vader]}\n      - {pass: all}')


def _pushed(tmp_path, extra: str, ablate=None):
    return _run(tmp_path, extra, ablate, PUSHED)


def test_the_unit_that_pushed_cannot_attack(tmp_path):
    eng, rejected, damage = _pushed(tmp_path, """
      - {player: light, attack: "Force Push Adept#1", targets: [Darth Vader], try: true}
""")
    assert rejected == 1 and damage == 1  # the push only
    assert rid("ruling:activated-abilities-1") in events(eng, "action_rejected")[0]["rejected_by"]
    assert not eng.obj("Force Push Adept#1").exhausted


def test_switched_off_the_unit_that_pushed_attacks_too(tmp_path):
    eng, rejected, damage = _pushed(tmp_path, """
      - {player: light, attack: "Force Push Adept#1", targets: [Darth Vader]}
""", {rid("ruling:activated-abilities-1")})
    assert rejected == 0 and damage == 3


def test_another_unit_attacks_after_a_push(tmp_path):
    eng, rejected, damage = _pushed(tmp_path, """
      - {player: light, attack: "Force Push Adept#2", targets: [Darth Vader]}
""")
    assert rejected == 0 and damage == 3


def test_the_push_choice_is_for_one_turn(tmp_path):
    eng, rejected, damage = _pushed(tmp_path, LATER_TURN + """
      - {player: light, attack: "Force Push Adept#1", targets: [Darth Vader]}
""")
    assert rejected == 0 and damage == 3


# Used once instead of its attack, the ability is not used again that turn: no second time comes when
# the unit "would attack" (nor while the first use waits on the chain). A tapped unit can't attack, so
# the card's own text ("Play only when this unit would attack") refuses it. Where it must not apply:
# another unit, the same unit in a later turn, the rule switched off.
def test_the_unit_that_pushed_cannot_push_again(tmp_path):
    eng, rejected, damage = _pushed(tmp_path, """
      - {player: light, use: "Force Push Adept#1", targets: [Darth Vader], try: true}
      - {pass: all}
""")
    assert rejected == 1 and damage == 1
    assert rid("ruling:activated-abilities-1") in events(eng, "action_rejected")[0]["rejected_by"]
    assert eng.player_attr("light", "force") == 2


def test_a_second_push_behind_the_first_on_the_chain_is_refused(tmp_path):
    twice = BODY.replace('- {player: light, attack: "Force Push Adept#1", targets: [Darth Vader]}',
                         '- {player: light, use: "Force Push Adept#1", targets: [Darth Vader]}\n'
                         '      - {player: light, use: "Force Push Adept#1", targets: [Darth Vader], try: true}\n'
                         '      - {pass: all}')
    eng, rejected, damage = _run(tmp_path, "", body=twice)
    assert rejected == 1 and damage == 1


def test_switched_off_the_unit_pushes_twice(tmp_path):
    push = '      - {player: light, use: "Force Push Adept#1", targets: [Darth Vader]}\n      - {pass: all}\n'
    eng, rejected, damage = _pushed(tmp_path, push, {rid("ruling:activated-abilities-1")})
    assert (rejected, damage, eng.player_attr("light", "force")) == (0, 2, 1)


def test_another_unit_pushes_and_the_same_one_pushes_in_a_later_turn(tmp_path):
    eng, rejected, damage = _pushed(tmp_path, """
      - {player: light, use: "Force Push Adept#2", targets: [Darth Vader]}
      - {pass: all}
""" + LATER_TURN + """
      - {player: light, use: "Force Push Adept#1", targets: [Darth Vader]}
      - {pass: all}
""")
    assert rejected == 0 and damage == 3


def test_a_tapped_unit_cannot_push_its_text_refuses(tmp_path):
    tapped = BODY.replace("character: [Force Push Adept, Force Push Adept]",
                          "character: [Force Push Adept, {card: Force Push Adept, exhausted: true}]").replace(
        '- {player: light, attack: "Force Push Adept#1", targets: [Darth Vader]}',
        '- {player: light, use: "Force Push Adept#2", targets: [Darth Vader], try: true}\n'
        '      - {player: light, use: "Force Push Adept#1", targets: [Darth Vader]}\n'
        '      - {pass: all}')
    eng, rejected, damage = _run(tmp_path, "", body=tapped)
    assert rejected == 1 and damage == 1  # the untapped Adept's push only
    assert events(eng, "action_rejected")[0].get("refused_by_text") == "Force Push Adept"
    assert eng.player_attr("light", "force") == 2
