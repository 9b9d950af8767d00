"""Warhammer: Invasion, mechanics completed in blind scenario round 3 (2026-11-29, afternoon):

* Ambush X: "After all cards have ambushed, resolve any game text on those cards as separate actions"
  (keyword:ambush-x, ``texts_after_all_ambushed``): what a card's text does in answer to its ambushing waits
  while its player could still ambush another card, and is released -- one card after the other -- by the
  last possible ambush, a list ambushed together, the declare-defenders step or any other action;
* a player with no cards in his deck loses the game (keyword:for-the-rest-of-the-game, ``empty_deck_loses``),
  a deck the fixture lists only;
* playing a card face down as a development is never done in response (clarification:playing-non-tactic-cards,
  ``non_tactic_timing``), as for a unit."""
from __future__ import annotations

from tests.engine.test_whi_terms import rid
from tests.engine.test_whi_zone_entry import _events, _run

# -- Ambush X: texts after all cards have ambushed -------------------------------------------------------

_TRAPS = """
state:
  active: A
  phase: battlefield
  A:
    battlefield: [Savage Marauders, Rat Swarm]
  B:
    kingdom: [{card: Illustrative Ambush Trap, development: true}, {card: Illustrative Ambush Trap, development: true}]
    resources: %d
actions:
  - {player: A, attack: kingdom, with: [Savage Marauders, Rat Swarm]}
%s
"""


def _flat(eng):
    """(step index, event) for every logged event, in order."""
    return [(st.index, e) for st in eng.trace for e in st.events]


def _first(eng, kind, card=None):
    for i, (_, e) in enumerate(_flat(eng)):
        if e["event"] == kind and (card is None or e.get("card") == card):
            return i
    raise AssertionError(f"no {kind} {card}")


def _step_of(eng, kind, card):
    return next(s for s, e in _flat(eng) if e["event"] == kind and e.get("card") == card)


def test_two_ambush_texts_wait_until_both_have_ambushed(tmp_path):
    eng = _run(tmp_path, _TRAPS % (2, """  - {player: B, ambush: "Illustrative Ambush Trap#1", choose: [Rat Swarm]}
  - {player: B, ambush: "Illustrative Ambush Trap#2", choose: [Savage Marauders]}"""))
    assert _first(eng, "ambushed", "Illustrative Ambush Trap#2") < _first(eng, "damage_dealt", "Rat Swarm")
    assert _first(eng, "damage_dealt", "Rat Swarm") < _first(eng, "damage_dealt", "Savage Marauders")
    assert _step_of(eng, "damage_dealt", "Rat Swarm") == 3  # released by the last possible ambush


def test_last_possible_ambush_resolves_at_once(tmp_path):
    # one resource: after the first ambush no other card can ambush -- nothing to wait for
    eng = _run(tmp_path, _TRAPS % (1, """  - {player: B, ambush: "Illustrative Ambush Trap#1", choose: [Rat Swarm]}"""))
    assert _step_of(eng, "damage_dealt", "Rat Swarm") == 2
    assert eng.obj("Illustrative Ambush Trap#2").card.type == "support" and "development" in eng.obj(
        "Illustrative Ambush Trap#2").flags


def test_cards_ambushed_together_in_one_action(tmp_path):
    eng = _run(tmp_path, _TRAPS % (2, """  - {player: B, ambush: ["Illustrative Ambush Trap#1", "Illustrative Ambush Trap#2"],
     choose: [Rat Swarm, Savage Marauders]}"""))
    assert _first(eng, "ambushed", "Illustrative Ambush Trap#2") < _first(eng, "damage_dealt", "Rat Swarm")
    assert _step_of(eng, "damage_dealt", "Savage Marauders") == 2
    assert eng.obj("Savage Marauders").damage == 1


def test_declaring_defenders_releases_a_waiting_text_first(tmp_path):
    # two resources, one ambush: the player could still ambush, so the text waits for the next step
    eng = _run(tmp_path, _TRAPS % (2, """  - {player: B, ambush: "Illustrative Ambush Trap#1", choose: [Rat Swarm]}
  - {player: B, defend: []}"""))
    assert _step_of(eng, "damage_dealt", "Rat Swarm") == 3
    assert _events(eng, "combat_damage_assigned") == []
    assert eng.obj("Rat Swarm").where == "A.discard"


def test_text_waits_no_longer_than_another_action(tmp_path):
    text = _TRAPS.replace("resources: %d", "resources: %d\n    hand: [Flames of Tzeentch]")
    eng = _run(tmp_path, text % (3, """  - {player: B, ambush: "Illustrative Ambush Trap#1", choose: [Rat Swarm]}
  - {player: B, play: Flames of Tzeentch, x: 1, targets: [Savage Marauders]}
  - {pass: all}"""))
    assert _first(eng, "damage_dealt", "Rat Swarm") < _first(eng, "damage_dealt", "Savage Marauders")


def test_a_card_without_such_text_ambushes_as_before(tmp_path):
    text = _TRAPS.replace("Illustrative Ambush Trap", "Illustrative Ambusher") % (2, """  - {player: B, ambush: "Illustrative Ambusher#1"}
  - {player: B, defend: ["Illustrative Ambusher#1"]}""")
    eng = _run(tmp_path, text)
    assert len(_events(eng, "ambushed")) == 1 and len(_events(eng, "declared_defender")) == 1


# -- a player with no cards in his deck loses ------------------------------------------------------------

_DRAW = """
state:
  active: A
  phase: capital
  A:
    hand: [Illustrative Scholar]
    %s
    resources: 1
  B:
    deck: [Hag Queen]
actions:
  - {player: A, play: Illustrative Scholar}
  - {pass: all}
"""


def test_drawing_the_last_card_loses(tmp_path):
    eng = _run(tmp_path, _DRAW % "deck: [Rat Swarm, Dark Zealot, Savage Gor]")
    assert [e["player"] for e in _events(eng, "game_lost")] == ["A"]
    assert [e["player"] for e in _events(eng, "game_won")] == ["B"]
    assert eng.state.vars["game_over"] == "B"


def test_cards_left_in_the_deck_no_loss(tmp_path):
    eng = _run(tmp_path, _DRAW % "deck: [Rat Swarm, Dark Zealot, Savage Gor, Hag Queen]")
    assert _events(eng, "game_lost") == [] and not eng.state.vars.get("game_over")


def test_a_deck_the_fixture_does_not_list_is_not_empty(tmp_path):
    # B's deck is listed; A's is not: a scenario that leaves A's deck out says nothing about it
    eng = _run(tmp_path, _DRAW % "")
    assert _events(eng, "game_lost") == []


def test_listed_empty_deck_loses_at_once(tmp_path):
    eng = _run(tmp_path, _DRAW.replace("deck: [Hag Queen]", "deck: []") % "deck: [Rat Swarm, Dark Zealot, Savage Gor, Hag Queen]")
    assert [e["player"] for e in _events(eng, "game_lost")] == ["B"]


def test_empty_deck_switched_off(tmp_path):
    eng = _run(tmp_path, _DRAW % "deck: [Rat Swarm]", [rid("keyword:for-the-rest-of-the-game")])
    assert _events(eng, "game_lost") == []


# -- a development is not played in response (playing non-tactic cards) --------------------------------

_DEVELOP = """
state:
  active: A
  phase: capital
  A:
    battlefield: [Rat Swarm]
    hand: [Dark Zealot]
  B:
    hand: [Flames of Tzeentch]
    resources: 1
actions:
  - {player: B, play: Flames of Tzeentch, x: 1, targets: [Rat Swarm]}
  %s
  - {pass: all}
  %s
"""


def test_development_refused_in_response(tmp_path):
    eng = _run(tmp_path, _DEVELOP % ("- {player: A, develop: Dark Zealot, zone: kingdom, try: true}", ""))
    assert len(_events(eng, "action_rejected")) == 1 and eng.obj("Dark Zealot").where == "A.hand"


def test_development_played_once_the_chain_resolved(tmp_path):
    eng = _run(tmp_path, _DEVELOP % ("", "- {player: A, develop: Dark Zealot, zone: kingdom}"))
    assert eng.obj("Dark Zealot").where == "A.kingdom" and _events(eng, "action_rejected") == []


def test_development_in_response_when_switched_off(tmp_path):
    eng = _run(tmp_path, _DEVELOP % ("- {player: A, develop: Dark Zealot, zone: kingdom}", ""),
               [rid("clarification:playing-non-tactic-cards")])
    assert eng.obj("Dark Zealot").where == "A.kingdom"
