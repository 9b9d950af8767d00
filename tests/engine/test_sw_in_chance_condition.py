"""Star Wars TCG: a Battle card or activated ability whose text says "(Play / Use during a chance to
reroll dice / prevent damage.)" has the condition ``in_chance(KIND)`` (timing.in_chance): played or
used at another time it is refused by its own text (refused_by_text), the card stays in the hand and
no Force is paid; in a chance of its kind it is played (where the condition must hold)."""
from __future__ import annotations

from .test_sw_partial_pilot_and_upkeep_refusal import scenario
from .test_star_wars import events, run


def outside_a_chance(actions: str) -> str:
    return scenario("ruling:held-triggered-abilities-6", f"""
    state:
      active: light
      phase: build
      light:
        force: 2
        hand: [Rebel Second Chance, Rebel Shield Boost]
        ground: [Echo Base Troopers]
      dark:
        character: [Imperial Gunnery Officer]
        force: 1
    actions:
{actions}
""")


def test_refused_outside_a_chance_by_their_own_text(tmp_path):
    eng = run(tmp_path, outside_a_chance("""      - {player: light, play: Rebel Second Chance, try: true}
      - {player: light, play: Rebel Shield Boost, targets: [Echo Base Troopers], try: true}
      - {player: dark, use: Imperial Gunnery Officer, try: true}"""))
    refused = [e.get("refused_by_text") for e in events(eng, "action_rejected")]
    assert refused == ["Rebel Second Chance", "Rebel Shield Boost", "Imperial Gunnery Officer"]
    assert {eng.obj("Rebel Second Chance").zone, eng.obj("Rebel Shield Boost").zone} == {"hand"}
    assert eng.state.player_data["dark"]["force"] == 1  # the Officer's cost is not paid


def test_played_in_a_chance_of_its_kind(tmp_path):
    eng = run(tmp_path, scenario("ruling:held-triggered-abilities-6", """
    state:
      active: dark
      phase: battle
      dice: [5, 5, 1]
      dark:
        ground: [Imperial Stun Squad]
      light:
        hand: [Rebel Second Chance, Rebel Shield Boost]
        ground: [Echo Base Troopers]
    actions:
      - {player: light, choose: [Rebel Second Chance, die 1, Rebel Shield Boost]}
      - {player: dark, attack: Imperial Stun Squad, targets: [Echo Base Troopers]}
"""))
    assert not events(eng, "action_rejected")
    assert eng.obj("Rebel Second Chance").zone == "discard"  # in the chance to reroll the attack dice
    assert eng.obj("Rebel Shield Boost").zone == "discard"  # in the chance to prevent its damage
    assert eng.obj("Echo Base Troopers").damage == 0
