"""A card another player owns that is in a player's hand is his to play (Hatalom, plays_from_own_hand, 8.1.1
"A lényeket a játékosok a kezükből ... játszhatják ki": no rule of chapter 8 asks who owns a card to play
it): a creature B seized and bounced to its gazda's hand (B's). A card in another player's hand stays his;
with 8.1.1 switched off only the owner may play it. The illustrative cost cards' "your (opponent's) cards"
read the hand the card is played from (``it.side``)."""
from __future__ import annotations

from pathlib import Path

from judge.engine.rules import rule_id
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

RULE = rule_id("hatalom-kartyai", "8.1.1")

_BOUNCED = """game: hatalom-kartyai
state:
  active: B
  phase: main
  A:
    table: [%s]
    reserve: [Próba szörny 2/3]
  B:
    hand: [Próba csábítás, Próba visszaűzés]
    vp: %d
actions:
  - {player: B, play: Próba csábítás, targets: [Próba szörny 2/3]}
  - {pass: all}
  - {player: B, play: Próba visszaűzés, targets: [Próba szörny 2/3]}
  - {pass: all}
  - {player: B, play: Próba szörny 2/3, try: true}
  - {pass: all}
"""


def _run(tmp_path, text: str, ablate=()):
    f = Path(tmp_path) / "scenario.yaml"
    f.write_text(text)
    return replay(load_fixture(f), set(ablate), lenient=bool(ablate)).engine


def _rejections(eng):
    return [e for st in eng.trace for e in st.events if e["event"] == "action_rejected"]


def test_bounced_creature_is_played_by_the_player_whose_hand_it_is_in(tmp_path):
    eng = _run(tmp_path, _BOUNCED % ("Próba vámszedő építmény", 7))
    monster = eng.obj("Próba szörny 2/3")
    assert not _rejections(eng)
    assert (monster.where, monster.controller, monster.owner) == ("B.reserve", "B", "A")
    assert eng.player_attr("B", "vp") == 0  # (1 + 1 + 2) + 3: each a card A's opponent plays
    assert any(RULE in st.rules for st in eng.trace)


def test_rule_switched_off_only_the_owner_plays_it(tmp_path):
    eng = _run(tmp_path, _BOUNCED % ("Próba vámszedő építmény", 7), [RULE])
    [rejected] = _rejections(eng)
    assert "A owns it" in rejected["reason"]
    assert eng.obj("Próba szörny 2/3").where == "B.hand"


def test_a_card_in_another_players_hand_is_not_his_to_play(tmp_path):
    text = """game: hatalom-kartyai
state:
  active: B
  phase: main
  A:
    hand: [Próba szörny 2/3]
  B:
    vp: 5
actions:
  - {player: B, play: Próba szörny 2/3, try: true}
"""
    eng = _run(tmp_path, text)
    [rejected] = _rejections(eng)
    assert "not in B.hand" in rejected["reason"]
    assert eng.obj("Próba szörny 2/3").where == "A.hand"


def test_opponents_discount_does_not_reach_the_card_he_plays_from_his_hand(tmp_path):
    """A's Próba kedvezmény ("A lapjaid kijátszása 1 VP-vel olcsóbb"): B's play of A's card is not A's."""
    eng = _run(tmp_path, _BOUNCED % ("Próba kedvezmény építmény", 5))
    assert eng.obj("Próba szörny 2/3").where == "B.reserve"
    assert not _rejections(eng)
    assert eng.player_attr("B", "vp") == 1  # 1 + 1 + 2 of 5: nothing off the monster
