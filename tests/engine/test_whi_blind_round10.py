"""Warhammer: Invasion, blind round 10: a tactic PLAYED by another card's effect ('Play a tactic card from
an opponent's discard pile without paying its cost', Slaanesh's Domination) is the card being played, so
the effects it creates are its own (playing._resolve_tactic binds ``this`` to it): a player ordering two
such 'at the end of the turn' effects names the tactics. A COPIED effect ('Copy the effect of a tactic
card', Twin Tailed Comet) is not the tactic being played: it stays the copying card's. The played tactic's
play is announced (``effect_played_card_announced``, clarification:card-effects-resulting-in-playing-cards):
Voice of Command sees it; its 'return it from your discard pile' takes a card only from its player's own
pile (decks._return_from_discard ``player``), so the opponent's borrowed tactic stays in his. While it
resolves the played tactic is out of the pile it was played from (Order in Chaos does not restack itself)."""
from __future__ import annotations

from tests.engine.test_whi_terms import rid
from tests.engine.test_whi_zone_entry import _events, _run

_PLAYED = """
state:
  active: A
  phase: capital
  A:
    battlefield: [Savage Marauders]
    hand: ["%(card)s"]
    resources: 2
  B:
    discard: [Bathe in Blood]
actions:
  - {player: A, play: "%(card)s", choose: [Bathe in Blood, Savage Marauders]}
  - {pass: all}
  - {player: A, end: turn}
"""


def _trigger_sources(eng):
    return [e.get("source") for e in _events(eng, "triggered")]


def test_tactic_played_by_an_effect_is_the_source_of_its_own_effects(tmp_path):
    eng = _run(tmp_path, _PLAYED % {"card": "Slaanesh's Domination"})
    assert "Bathe in Blood" in _trigger_sources(eng)
    assert "Slaanesh's Domination" not in _trigger_sources(eng)
    assert eng.obj("Savage Marauders").zone == "discard"  # its player (A) sacrifices his own unit


def test_copied_effect_stays_the_copying_cards(tmp_path):
    eng = _run(tmp_path, _PLAYED % {"card": "Twin Tailed Comet"})
    assert "Twin Tailed Comet" in _trigger_sources(eng)
    assert "Bathe in Blood" not in _trigger_sources(eng)


# -- a tactic an effect lets its player play is played (effect_played_card_announced) -------------------
# clarification:card-effects-resulting-in-playing-cards: the card is PLAYED (it resolves in the chain);
# Voice of Command ('when you play a tactic, you may spend 1 resource to return it from your discard pile
# to your hand at the end of the turn') sees it; its 'your discard pile' is the player's own.

_VOICE = """
state:
  active: A
  phase: capital
  A:
    hand: [Voice of Command, "%(card)s"]
    discard: [%(own)s]
    resources: 4
  B:
    battlefield: [Rat Swarm, Dark Zealot]
    discard: [Illustrative Orc Charge]
actions:
  - {player: A, play: Voice of Command}
  - {pass: all}
  - {player: A, play: "%(card)s", choose: [yes, %(target)s, %(choices)s]}
  - {pass: all}
  - {player: A, end: turn}
"""

PLAYING = rid("clarification:card-effects-resulting-in-playing-cards")


def test_voice_sees_the_tactic_played_through_domination_but_cannot_take_it_from_the_owners_pile(tmp_path):
    eng = _run(tmp_path, _VOICE % {"card": "Slaanesh's Domination", "own": "", "target": "Illustrative Orc Charge",
                                   "choices": "Rat Swarm, yes"})
    assert eng.player_attr("A", "resources") == 0  # Voice, Domination, 1 + 1 for the Voice
    assert eng.obj("Slaanesh's Domination").zone == "hand"
    orc = eng.obj("Illustrative Orc Charge")
    assert orc.zone == "discard" and orc.owner == "B"  # not taken from the opponent's pile
    assert eng.obj("Rat Swarm").zone == "discard"


def test_play_not_announced_when_switched_off(tmp_path):
    # ablated: the Orc Charge resolves without being played: the Voice asks only for the Domination
    eng = _run(tmp_path, _VOICE % {"card": "Slaanesh's Domination", "own": "", "target": "Illustrative Orc Charge",
                                   "choices": "Rat Swarm"}, [PLAYING])
    assert eng.player_attr("A", "resources") == 1


def test_copied_effect_plays_no_card(tmp_path):
    # Twin Tailed Comet copies the effect: no tactic is played, the Voice asks only for the Comet
    eng = _run(tmp_path, _VOICE % {"card": "Twin Tailed Comet", "own": "", "target": "Illustrative Orc Charge",
                                   "choices": "Rat Swarm"})
    assert eng.player_attr("A", "resources") == 1
    assert eng.obj("Twin Tailed Comet").zone == "hand"


def test_voice_returns_own_tactic_from_own_pile(tmp_path):
    # must still apply: a tactic of mine in my discard pile comes back (Flames of Tzeentch, X = 1)
    text = _VOICE.replace('choose: [yes, %(target)s, %(choices)s]', 'x: 1, targets: [Rat Swarm], choose: [yes]')
    eng = _run(tmp_path, text % {"card": "Flames of Tzeentch", "own": ""})
    assert eng.obj("Flames of Tzeentch").zone == "hand"
    assert eng.obj("Rat Swarm").zone == "discard"


# -- the played tactic is out of the pile it is played from while it resolves ------------------------------

_RESTACK = """
state:
  active: A
  phase: capital
  A:
    hand: ["%(card)s"]
    resources: 1
  B:
    deck: [Hag Queen]
    discard: [Rat Swarm, Dark Zealot, Order in Chaos]
actions:
  - {player: A, play: "%(card)s", choose: [Order in Chaos, B]}
  - {pass: all}
"""


def test_played_tactic_leaves_the_pile_while_it_resolves(tmp_path):
    # Order in Chaos ('Put the top two cards of target player's discard pile on top of his deck') played
    # through the Domination does not count itself among the top two; it ends in its owner's pile
    eng = _run(tmp_path, _RESTACK % {"card": "Slaanesh's Domination"})
    assert eng.obj("Rat Swarm").zone == "deck" and eng.obj("Dark Zealot").zone == "deck"
    oic = eng.obj("Order in Chaos")
    assert oic.zone == "discard" and oic.owner == "B"


def test_copied_tactic_stays_in_the_pile(tmp_path):
    # must not apply: Twin Tailed Comet copies the effect; the Order in Chaos lies on top of the pile
    eng = _run(tmp_path, _RESTACK % {"card": "Twin Tailed Comet"})
    assert eng.obj("Order in Chaos").zone == "deck"
    assert eng.obj("Rat Swarm").zone == "discard"


def test_played_tactic_stays_in_the_pile_when_switched_off(tmp_path):
    eng = _run(tmp_path, _RESTACK % {"card": "Slaanesh's Domination"}, [PLAYING])
    assert eng.obj("Order in Chaos").zone == "deck"
