"""Warhammer: Invasion (blind round 18): one Limited card each turn on every path a card takes into play
(limited.py). Put into play by an effect (a search, Seeking New Slaves): 'Cards put into play follow the same
restrictions as cards played' (faq:cannon-crew-put-limited-card-into-play-play) and 'Limited' is in the text box
put into play does not bypass (clarification:put-into-play) -- a Limited card is not offered once one was played
this turn, and one put into play counts for the turn. Played by an effect (Slaanesh's Domination, a card played
from hand by Gathering the Winds): it is played, following all restrictions (clarification:play). Where it must
not apply: no Limited card this turn, a card that is not Limited; switched off, the second Limited card goes
in."""
from __future__ import annotations

from tests.engine.test_whi_terms import rid
from tests.engine.test_whi_zone_entry import _events, _run

PUT = rid("clarification:put-into-play")
PLAY = rid("clarification:play")
LIMITED = rid("faq:cannon-crew-put-limited-card-into-play-play")

_SEARCH = """
state:
  active: A
  phase: capital
  A:
    hand: [%(first)s, Dwarf Cannon Crew]
    deck: [Rat Swarm, Warpstone Excavation, Illustrative Forge]
    resources: 5
actions:
  - {player: A, play: %(first)s%(extra)s}
  - {pass: all}
  - {player: A, play: Dwarf Cannon Crew, zone: kingdom, choose: [%(pick)s]}
  - {pass: all}
"""


def _search(tmp_path, first="Order in Chaos", pick="{try: Warpstone Excavation}, Illustrative Forge", ablate=()):
    extra = ", choose: [B]" if first == "Order in Chaos" else ""
    return _run(tmp_path, _SEARCH % {"first": first, "extra": extra, "pick": pick}, ablate=ablate)


def test_search_refuses_a_limited_card_after_one_was_played(tmp_path):
    eng = _search(tmp_path)
    assert eng.obj("Warpstone Excavation").zone == "deck"
    assert eng.obj("Illustrative Forge").zone == "kingdom"
    rejected = [e for e in _events(eng, "choice_rejected") if e["choice"] == "Warpstone Excavation"]
    assert rejected and PUT in rejected[0]["rejected_by"]


def test_search_puts_a_limited_card_in_when_none_was_played(tmp_path):
    eng = _search(tmp_path, first="Dark Zealot", pick="Warpstone Excavation")
    assert eng.obj("Warpstone Excavation").zone == "kingdom"
    assert eng.state.player_data["A"]["limited_played"]  # it is the turn's Limited card


def test_search_rule_off_the_second_limited_card_goes_in(tmp_path):
    eng = _search(tmp_path, pick="{try: Warpstone Excavation}, Illustrative Forge", ablate=[PUT])
    assert eng.obj("Warpstone Excavation").zone == "kingdom"


_SLAVES = """
cards:
  - name: Illustrative Limited Raider
    type: unit
    cost: 1
    keywords: [limited]
    stats: {power: 1, hp: 1}
    illustrative: true
    text: "Limited."
state:
  active: A
  phase: capital
  A:
    hand: [%(hand)s]
    resources: 6
  B:
    battlefield: [Illustrative Limited Raider]
actions:
  - {player: A, effect: [{destroy: Illustrative Limited Raider}]}
  %(first)s
  - {player: A, play: Seeking New Slaves, targets: [Illustrative Limited Raider], choose: [kingdom]}
  - {pass: all}
  %(after)s
"""


def test_put_into_play_by_seeking_new_slaves_refused_after_a_limited_card(tmp_path):
    eng = _run(tmp_path, _SLAVES % {"hand": "Pigeon Bombs, Seeking New Slaves", "after": "",
                                    "first": "- {player: A, play: Pigeon Bombs}\n  - {pass: all}"})
    assert eng.obj("Illustrative Limited Raider").zone == "discard"
    assert [e for e in _events(eng, "put_into_play_blocked") if e["card"] == "Illustrative Limited Raider"]


def test_a_limited_card_put_into_play_counts_for_the_turn(tmp_path):
    eng = _run(tmp_path, _SLAVES % {"hand": "Pigeon Bombs, Seeking New Slaves", "first": "",
                                    "after": "- {player: A, play: Pigeon Bombs, try: true}"})
    assert eng.obj("Illustrative Limited Raider").zone == "kingdom"
    assert eng.obj("Pigeon Bombs").zone == "hand"
    assert [e for e in _events(eng, "action_rejected") if LIMITED in e.get("rejected_by", [])]


_DOMINATION = """
state:
  active: A
  phase: capital
  A:
    hand: [%(first)s, Slaanesh's Domination]
    resources: 3
  B:
    discard: [Savage Gor, Bloodsworn, Order in Chaos]
actions:
  - {player: A, play: %(first)s}
  - {pass: all}
  - {player: A, play: Slaanesh's Domination, choose: [Order in Chaos%(choose)s]}
  - {pass: all}
"""


def test_domination_does_not_play_a_second_limited_card(tmp_path):
    eng = _run(tmp_path, _DOMINATION % {"first": "Pigeon Bombs", "choose": ""})
    assert [e for e in _events(eng, "play_blocked") if e["card"] == "Order in Chaos"]
    assert eng.obj("Savage Gor").zone == "discard" and eng.obj("Bloodsworn").zone == "discard"


def test_domination_plays_a_limited_card_when_none_was_played(tmp_path):
    eng = _run(tmp_path, _DOMINATION % {"first": "Dark Zealot", "choose": ", B"})
    assert eng.obj("Savage Gor").zone == "deck" and eng.obj("Bloodsworn").zone == "deck"


def test_domination_rule_off_plays_the_second_limited_card(tmp_path):
    eng = _run(tmp_path, _DOMINATION % {"first": "Pigeon Bombs", "choose": ", B"}, ablate=[PLAY])
    assert eng.obj("Savage Gor").zone == "deck"


_WINDS = """
cards:
  - name: Illustrative Limited Bolt
    type: tactic
    cost: 1
    traits: [Spell]
    keywords: [limited]
    illustrative: true
    text: "Limited. Action: Draw a card."
    abilities:
      - kind: play
        steps: [{draw: 1}]
state:
  active: A
  phase: capital
  A:
    kingdom: [{card: Gathering the Winds, counters: {resource: 1}}]
    hand: [Pigeon Bombs, %(spells)s]
    deck: [Rat Swarm]
    resources: 1
  B:
    battlefield: [Savage Gor]
actions:
  - {player: A, play: Pigeon Bombs}
  - {pass: all}
  - {player: A, use: Gathering the Winds%(choose)s}
  - {pass: all}
"""


def test_card_played_from_hand_by_an_effect_not_a_second_limited_card(tmp_path):
    text = _WINDS % {"spells": "Illustrative Limited Bolt, Illustrative Fire Bolt",
                     "choose": ", choose: [{try: Illustrative Limited Bolt}, Illustrative Fire Bolt, Savage Gor]"}
    eng = _run(tmp_path, text)
    assert eng.obj("Illustrative Limited Bolt").zone == "hand"
    assert [e for e in _events(eng, "choice_rejected") if e["choice"] == "Illustrative Limited Bolt"]
    assert eng.obj("Illustrative Fire Bolt").zone == "discard"  # the Spell that is not Limited is played


def test_only_a_limited_card_to_play_nothing_is_played(tmp_path):
    eng = _run(tmp_path, _WINDS % {"spells": "Illustrative Limited Bolt", "choose": ""})
    assert eng.obj("Illustrative Limited Bolt").zone == "hand"
    assert _events(eng, "nothing_to_play")
