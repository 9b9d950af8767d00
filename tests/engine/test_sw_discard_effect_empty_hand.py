"""Star Wars TCG, clarification:discard ("Any time a card is discarded, that card must be discarded from
your hand") reached by a discard EFFECT ('Each player discards a card', {discard_card: 1} in each_player):
a player with an empty hand discards nothing -- his cards in play and in the build zone stay -- and one
with a single card in hand discards it without being asked; with two he picks. Switched off, a card in
play may be discarded instead."""
from __future__ import annotations

from .test_star_wars import events, rid, run

DISCARD = rid("clarification:discard")

SCENE = """
    cards:
      - name: Test Requisition
        type: battle
        faction: dark
        text: "Each player discards a card."
        abilities:
          - kind: play
            steps:
              - each_player:
                  - {{discard_card: 1}}
    state:
      active: dark
      phase: battle
      dark:
        hand: [Test Requisition{dark_hand}]
        ground: [Droid Tank]
        build: [Battle Droid Platoon]
      light:
        hand: [{light_hand}]
        ground: [Rebel Scavenger Squad]
    actions:
      - {{player: dark, play: Test Requisition{choose}}}
{light_choice}      - {{pass: all}}
"""


def _scene(dark_hand="", choose="", light_choice=""):
    return SCENE.format(dark_hand=dark_hand, light_hand="Rebel Lucky Break", choose=choose,
                        light_choice=light_choice)


def test_empty_hand_discards_nothing_single_card_taken_unasked(tmp_path):
    eng = run(tmp_path, _scene())
    assert eng.obj("Droid Tank").zone == "ground"
    assert eng.obj("Battle Droid Platoon").zone == "build"
    assert eng.obj("Rebel Lucky Break").zone == "discard"
    assert eng.obj("Rebel Scavenger Squad").zone == "ground"
    assert [e["player"] for e in events(eng, "nothing_to_discard")] == ["dark"]


def test_a_player_with_cards_in_hand_picks_one_must_not_skip(tmp_path):
    """Must not apply: a hand of two is discarded from (the player's pick), nothing is skipped."""
    eng = run(tmp_path, _scene(dark_hand=", Evasive Maneuvers, Ewok Warrior", choose=", choose: [Evasive Maneuvers]"))
    assert eng.obj("Evasive Maneuvers").zone == "discard"
    assert eng.obj("Ewok Warrior").zone == "hand"
    assert eng.obj("Droid Tank").zone == "ground"
    assert not events(eng, "nothing_to_discard")


def test_switched_off_a_card_in_play_is_discarded(tmp_path):
    # the rule off, the pick is among all his cards: the hand is empty, so a card in play goes
    body = _scene(choose=", choose: [Droid Tank]", light_choice="      - {player: light, choose: [Rebel Lucky Break]}\n")
    eng = run(tmp_path, body, ablate={DISCARD})
    assert eng.obj("Droid Tank").zone == "discard"
    assert eng.obj("Battle Droid Platoon").zone == "build"
    assert not events(eng, "nothing_to_discard")
