"""Star Wars TCG: a reroll made by a triggered ability (Jar Jar's, Veers') is a reroll of attack dice
like Lucky's, so 'when you / an opponent reroll(s) attack dice' abilities trigger on it. Found by
player scenarios (Jar Jar's reroll answered by the Jamming Droid; the Charm Team gaining Force).
Cases: the reroll made (trigger), declined (no trigger), and the opponent's 'when an opponent
rerolls' reroll trigger taking effect inside the same chance."""
from __future__ import annotations

from .test_star_wars import events, run

BODY = """
    ruling: star-wars-tcg:faq:dice-reroll-ability-jar-jar-binks-resolve-like
    cites: [star-wars-tcg:faq:dice-reroll-ability-jar-jar-binks-resolve-like]
    question: q
    answer: a
    state:
      active: light
      phase: battle
      dice: [1, 1, 5, 5, 1]
      light:
        character: [Jar Jar Binks (A)]
        ground: [Rebel Lucky Charm Team]
      dark:
        character: [Darth Vader]
        ground: [DARK]
    actions:
      - {player: light, choose: [REROLL]}
      DARK_CHOICE
      - {player: light, attack: Jar Jar Binks (A), targets: [Darth Vader]}
"""


def _run(tmp_path, reroll: str, dark: str = "Battle Droid Platoon", dark_choice: str = ""):
    body = BODY.replace("REROLL", reroll).replace("DARK_CHOICE", dark_choice).replace("DARK", dark)
    return run(tmp_path, body)


def test_triggered_reroll_triggers_when_you_reroll(tmp_path):
    eng = _run(tmp_path, '"yes"')
    rerolled = events(eng, "dice_rerolled")
    assert len(rerolled) == 1 and rerolled[0].get("player") == "light"
    assert eng.state.player_data["light"]["force"] == 1  # the Charm Team's 'when you reroll'


def test_declined_reroll_triggers_nothing(tmp_path):
    """Where it must not apply: Jar Jar's optional reroll is declined, no dice are rerolled."""
    eng = _run(tmp_path, '"no"')
    assert not events(eng, "dice_rerolled")
    assert eng.state.player_data.get("light", {}).get("force", 0) == 0


def test_opponent_reroll_trigger_answers_inside_the_chance(tmp_path):
    eng = _run(tmp_path, '"yes"', "Imperial Jamming Droid", '- {player: dark, choose: ["yes", die 1]}')
    assert [e.get("source") for e in events(eng, "triggered")][:2] == ["Jar Jar Binks (A)", "Imperial Jamming Droid"]
    result = events(eng, "attack_result")[0]
    assert result["dice"] == [1, 5] and result["hits"] == 1  # Jar Jar's 5, 5; the Jamming Droid's 1
