"""Star Wars TCG: Battle cards that reroll dice are played in the play-or-pass chance to reroll
attack dice, before or after Lucky (faq:reroll-dice, mechanic reroll_cards_in_chance). Found by two
player scenarios (a Lucky then a Battle card; two Battle cards, Dark Side first). Cases: played (on),
not offered with the rule off, a Battle card that doesn't reroll is not offered, and no play-or-pass
chance for damage dice (Orbital Barrage): the reroll card stays in hand."""
from __future__ import annotations

from .test_star_wars import events, rid, run

HEADER = """
    ruling: star-wars-tcg:faq:reroll-dice
    cites: [star-wars-tcg:faq:reroll-dice]
    question: q
    answer: a
    state:
      active: dark
      phase: battle
"""

ATTACK = HEADER + """      dice: DICE
      dark:
        ground: [Droid Tank]
      light:
        hand: [HAND]
        ground: [Rebel Defense Squad]
    actions:
      CHOICE
      - {player: dark, attack: Droid Tank, targets: [Rebel Defense Squad]}
"""


def _attack(tmp_path, hand: str, choice: str = "", ablate=None):
    dice = "[5, 5, 1, 1]" if choice else "[5, 5, 1]"  # the reroll rolls one more die
    return run(tmp_path, ATTACK.replace("HAND", hand).replace("CHOICE", choice).replace("DICE", dice), ablate)


def test_reroll_battle_card_played_in_the_chance(tmp_path):
    eng = _attack(tmp_path, "Rebel Second Chance", "- {player: light, choose: [Rebel Second Chance, die 1]}")
    assert eng.obj("Rebel Second Chance").zone == "discard"
    assert events(eng, "attack_result")[0]["dice"] == [1, 5, 1]  # the first 5 rerolled: 1
    assert eng.obj("Rebel Defense Squad").damage == 1


def test_not_offered_with_the_rule_off(tmp_path):
    eng = _attack(tmp_path, "Rebel Second Chance", ablate={rid("faq:reroll-dice")})
    assert eng.obj("Rebel Second Chance").zone == "hand"
    assert eng.obj("Rebel Defense Squad").damage == 2


def test_battle_card_that_does_not_reroll_is_not_offered(tmp_path):
    """Where the rule must not apply: Evasive Maneuvers is a Battle card, but rerolls nothing."""
    eng = _attack(tmp_path, "Evasive Maneuvers")
    assert eng.obj("Evasive Maneuvers").zone == "hand"
    assert eng.obj("Rebel Defense Squad").damage == 2


def test_no_play_or_pass_chance_for_damage_dice(tmp_path):
    """Orbital Barrage's dice are not attack dice: the reroll card is not offered (no choice asked)."""
    eng = run(tmp_path, HEADER + """      dice: [5, 5, 1]
      dark:
        hand: [Orbital Barrage]
      light:
        hand: [Rebel Second Chance]
        ground: [Rebel Defense Squad]
    actions:
      - {player: dark, play: Orbital Barrage, targets: [Rebel Defense Squad]}
      - {pass: all}
    """)
    assert eng.obj("Rebel Second Chance").zone == "hand"
    assert eng.obj("Rebel Defense Squad").damage == 3  # 2 hits, then 1 for being damaged


OFFICER = HEADER + """      dice: [5, 5, 5, 1, 1]
      dark:
        force: FORCE
        ground: [Droid Tank]
        character: [Imperial Gunnery Officer]
      light:
        ground: [Gungan Lucky Battalion]
    actions:
      CHOICE
      - {player: light, attack: Gungan Lucky Battalion, targets: [Droid Tank]}
"""
ONCE = rid("faq:according-rules-activated-abilities-two-units-intercept-retaliate")


def _officer(tmp_path, force: int, choice: str, ablate=None):
    body = OFFICER.replace("FORCE", str(force)).replace("CHOICE", choice).replace("active: dark", "active: light")
    return run(tmp_path, body, ablate)


def test_activated_reroll_ability_used_once_per_chance(tmp_path):
    """2 Force, but the Officer's ability is used once in the chance (the light player passes Lucky)."""
    eng = _officer(tmp_path, 2, "- {player: dark, choose: [reroll Imperial Gunnery Officer, die 1]}\n"
                                "      - {player: light, choose: [pass]}")
    assert len(events(eng, "used")) == 1 and eng.state.player_data["dark"]["force"] == 1
    assert events(eng, "attack_result")[0]["dice"] == [1, 5, 5]


def test_activated_reroll_ability_again_with_once_per_opportunity_off(tmp_path):
    eng = _officer(tmp_path, 2, "- {player: dark, choose: [reroll Imperial Gunnery Officer, die 1,"
                                " reroll Imperial Gunnery Officer, die 2]}\n"
                                "      - {player: light, choose: [pass, pass]}", {ONCE})
    assert len(events(eng, "used")) == 2 and eng.state.player_data["dark"]["force"] == 0


def test_activated_reroll_ability_not_offered_without_its_cost(tmp_path):
    """Where it must not apply: no Force to pay before the arrow -- only the Lucky choice is asked."""
    eng = _officer(tmp_path, 0, "- {player: light, choose: [pass]}")
    assert not events(eng, "used")
