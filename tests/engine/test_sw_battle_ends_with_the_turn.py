"""Star Wars TCG: 'until end of battle' effects (Stun, keyword:stun; a card's '+2 health until end of
battle') end when the battle phase ends, and a battle phase is over once a later turn, ready phase or
build step begins -- with or without the script's {end: battle}. Where it must not apply: the battle
still going on (another attack in it), a battle ended once (not ended twice), the retreat step (the
document does not place it in the turn: it neither ends the battle nor hides it from the next turn),
and effects that last longer than the battle ('until end of turn', or no end at all)."""
from __future__ import annotations

import pytest

from .test_star_wars import events, run

BODY = """
    ruling: star-wars-tcg:keyword:stun
    cites: [star-wars-tcg:keyword:stun]
    question: q
    answer: a
    state:
      active: dark
      phase: battle
      dice: [5, 5]
      dark:
        ground: [Imperial Stun Squad]
      light:
        ground: [Rebel Defense Squad]
    actions:
      - {player: dark, attack: Imperial Stun Squad, targets: [Rebel Defense Squad]}
"""


def _power(tmp_path, extra: str, body: str = BODY):
    eng = run(tmp_path, body + extra)
    return eng, eng.obj_attr(eng.obj("Rebel Defense Squad"), "power")


@pytest.mark.parametrize("extra", [
    "      - {player: light, begin: turn}\n",
    "      - {player: light, begin: turn}\n      - {begin: ready}\n",
    "      - {begin: build}\n",
    "      - {begin: ready}\n",
])
def test_a_later_turn_or_phase_ends_the_battle(tmp_path, extra):
    eng, power = _power(tmp_path, extra)
    assert power == 2
    assert len(events(eng, "phase_ended")) == 1  # ended once, even when a ready phase follows the turn


def test_still_in_the_battle_the_stun_holds(tmp_path):
    eng, power = _power(tmp_path, "")
    assert power == 0 and not events(eng, "phase_ended")


def test_the_retreat_step_does_not_end_it(tmp_path):
    eng, power = _power(tmp_path, "      - {begin: retreat}\n")
    assert power == 0 and not events(eng, "phase_ended")


@pytest.mark.parametrize("extra", [
    "      - {begin: retreat}\n      - {player: light, begin: turn}\n",
    "      - {begin: retreat}\n      - {begin: build}\n",
    "      - {begin: retreat}\n      - {begin: ready}\n",
])
def test_a_retreat_step_after_the_battle_does_not_keep_it_open(tmp_path, extra):
    # the battle is still open during the retreat step; what comes after ends it, once
    eng, power = _power(tmp_path, extra)
    assert power == 2 and len(events(eng, "phase_ended")) == 1


def test_a_fixture_outside_a_battle_has_none_to_end(tmp_path):
    body = BODY.replace("phase: battle", "phase: build")
    eng = run(tmp_path, body.split("    actions:")[0] + "    actions:\n      - {begin: retreat}\n      - {player: light, begin: turn}\n")
    assert not events(eng, "phase_ended")


LONGER = "      - {player: light, effect: [{modify: {target: Rebel Defense Squad, modify: {power: 1}%s}}]}\n"


@pytest.mark.parametrize("duration, ends", [(", duration: turn", "{player: light, begin: build}"),
                                            (", duration: turn", "{end: battle}"),
                                            ("", "{player: light, begin: turn}")])
def test_an_effect_lasting_longer_outlives_the_battle(tmp_path, duration, ends):
    # must not apply: the battle's end takes its Stun (-2) away, not a +1 lasting the turn or more
    eng, power = _power(tmp_path, LONGER % duration + "      - {begin: retreat}\n      - %s\n" % ends)
    assert power == 3 and len(events(eng, "phase_ended")) == 1


def test_an_effect_lasting_the_turn_ends_with_it(tmp_path):
    # the +1 'until end of turn' outlives the battle (above) but not the turn: the next turn ends both
    eng, power = _power(tmp_path, LONGER % ", duration: turn" + "      - {end: battle}\n      - {player: light, begin: turn}\n")
    assert power == 2


def test_explicit_end_then_turn_ends_it_once(tmp_path):
    eng, power = _power(tmp_path, "      - {end: battle}\n      - {player: light, begin: turn}\n      - {begin: build}\n")
    assert power == 2 and len(events(eng, "phase_ended")) == 1


def test_a_new_battle_ends_on_its_own(tmp_path):
    # the next turn's battle phase: its Stun holds during it (the first one's is over: power 0, not
    # -4), and ends when the turn after begins
    # a Rebel Trooper Squad (power 2, health 6) survives both attacks
    body = BODY.replace("dice: [5, 5]", "dice: [5, 5, 5, 5]").replace("Rebel Defense Squad", "Rebel Trooper Squad")
    second_battle = """      - {player: light, begin: turn}
      - {player: dark, begin: turn}
      - {begin: battle}
      - {player: dark, effect: [{ready: Imperial Stun Squad}]}
      - {player: dark, attack: Imperial Stun Squad, targets: [Rebel Trooper Squad]}
"""
    eng = run(tmp_path, body + second_battle)
    assert eng.obj_attr(eng.obj("Rebel Trooper Squad"), "power") == 0 and len(events(eng, "phase_ended")) == 1
    eng = run(tmp_path, body + second_battle + "      - {player: light, begin: turn}\n")
    assert eng.obj_attr(eng.obj("Rebel Trooper Squad"), "power") == 2 and len(events(eng, "phase_ended")) == 2
