"""Warhammer: Invasion, entering a zone and questing per quest (judge/games/warhammer_invasion: movement.py,
quests.py), each on, switched off, and where the rule must not apply:

* a unit moved from one zone to another has entered the new zone, though not play (clarification:moving-cards,
  mechanic ``moved_unit_enters_zone``): a trigger ``on: {event: enters_zone}`` fires for a card entering play
  there and for a unit moved there (the moved unit itself included) -- not for a unit moved elsewhere, not for a non-unit card moved there,
  not for another player's zone;
* resource tokens stay on a quest only while a unit quests on THAT quest (clarification:quests, per quest,
  not per zone); a unit moved off its quest's zone no longer quests (clarification:moving-cards)."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.test_whi_terms import rid

MOVING = rid("clarification:moving-cards")
QUESTS = rid("clarification:quests")


def _run(tmp_path, text: str, ablate=()):
    f = Path(tmp_path) / "scenario.yaml"
    f.write_text("game: warhammer-invasion\n" + text)
    return replay(load_fixture(f), set(ablate), lenient=bool(ablate)).engine


def _power(eng, label):
    return eng.obj_attr(eng.obj(label), "power")


def _events(eng, kind):
    return [e for st in eng.trace for e in st.events if e["event"] == kind]


# -- 'After a unit enters this zone' (The Greatswords: a Forced effect) ---------------------------------

_GREATSWORDS = """
state:
  active: A
  phase: capital
  A:
    battlefield: [The Greatswords]
    kingdom: [Pistoliers]
    quest: [Dark Zealot]
    resources: 1
  B:
    battlefield: [Hag Queen]
    hand: [Rat Swarm]
    resources: 1
actions:
  - {player: A, use: Pistoliers, choose: [%s]}
  - {pass: all}
"""


def test_unit_moved_into_the_zone_has_entered_it(tmp_path):
    eng = _run(tmp_path, _GREATSWORDS % "battlefield")
    assert eng.obj("Pistoliers").where == "A.battlefield"
    assert _power(eng, "The Greatswords") == 2


def test_moved_unit_enters_no_zone_when_switched_off(tmp_path):
    eng = _run(tmp_path, _GREATSWORDS % "battlefield", [MOVING])
    assert eng.obj("Pistoliers").where == "A.battlefield"
    assert _power(eng, "The Greatswords") == 1


def test_unit_moved_into_another_zone_does_not_enter_this_one(tmp_path):
    eng = _run(tmp_path, _GREATSWORDS % "quest")
    assert eng.obj("Pistoliers").where == "A.quest"
    assert _power(eng, "The Greatswords") == 1


def test_unit_entering_play_in_the_zone_enters_it_either_way(tmp_path):
    text = """
state:
  active: A
  phase: capital
  A:
    battlefield: [The Greatswords]
    hand: [Rat Swarm]
    resources: 1
actions:
  - {player: A, play: Rat Swarm, zone: battlefield}
  - {pass: all}
"""
    assert _power(_run(tmp_path, text), "The Greatswords") == 2
    assert _power(_run(tmp_path, text, [MOVING]), "The Greatswords") == 2


def test_opponents_unit_entering_his_zone_is_not_this_zone(tmp_path):
    text = """
state:
  active: B
  phase: capital
  A:
    battlefield: [The Greatswords]
  B:
    hand: [Rat Swarm]
    resources: 1
actions:
  - {player: B, play: Rat Swarm, zone: battlefield}
  - {pass: all}
"""
    eng = _run(tmp_path, text)
    assert eng.obj("Rat Swarm").where == "B.battlefield"
    assert _power(eng, "The Greatswords") == 1


_MOVES_ITSELF = """
state:
  active: A
  phase: capital
  A:
    kingdom: [The Greatswords]
    hand: ["Sigmar's Brilliance"]
    resources: 1
actions:
  - {player: A, play: "Sigmar's Brilliance", targets: [The Greatswords], choose: [A.battlefield]}
  - {pass: all}
"""


def test_the_moved_unit_itself_has_entered_its_new_zone(tmp_path):
    """Its own 'after a unit enters this zone' sees it in the new zone: entering a zone is looked at just
    after the move, as entering play is (GameModule.entering_kinds)."""
    eng = _run(tmp_path, _MOVES_ITSELF)
    assert eng.obj("The Greatswords").where == "A.battlefield"
    assert _power(eng, "The Greatswords") == 2
    assert _power(_run(tmp_path, _MOVES_ITSELF, [MOVING]), "The Greatswords") == 1


# -- 'When another card enters this zone' (Valley of Many Eyes): a unit moved in, a quest moved in ------

_VALLEY = """
state:
  active: A
  phase: capital
  A:
    quest: [Valley of Many Eyes]
    kingdom: [%s]
    deck: [Rat Swarm, Dark Zealot]
actions:
  - {player: A, effect: [{move_to_zone: "%s", by: A}], choose: [A.quest]}
"""


def test_unit_moved_into_valley_zone_triggers_it(tmp_path):
    eng = _run(tmp_path, _VALLEY % ("Savage Marauders", "Savage Marauders"))
    assert eng.obj("Dark Zealot").where == "A.discard"  # the top card, cost 2: not odd
    assert eng.obj("Savage Marauders").where == "A.discard"  # destroyed


def test_quest_moved_into_valley_zone_does_not_trigger_it(tmp_path):
    """The clarification says a moved UNIT has entered the new zone; a moved quest is not said to."""
    eng = _run(tmp_path, _VALLEY % ("Illustrative Quest", "Illustrative Quest"))
    assert eng.obj("Illustrative Quest").where == "A.quest"
    assert eng.obj("Dark Zealot").where == "A.deck"
    assert not _events(eng, "triggered")


# -- 'Action: When a unit enters this zone' (Black Knights of Morr: a triggered Action) -----------------

_KNIGHTS = """
state:
  active: A
  phase: capital
  A:
    battlefield: [Black Knights of Morr]
    kingdom: [Pistoliers]
    resources: 1
  B:
    kingdom: [Dark Zealot]
actions:
  - {player: A, use: Pistoliers, choose: [battlefield]}
  - {pass: all}
  - {player: A, use: Black Knights of Morr, targets: [Dark Zealot], try: true}
  - {pass: all}
"""


def _cannot_defend(eng):
    return "cannot defend" in (eng.obj_attr(eng.obj("Dark Zealot"), "keywords") or [])


def test_triggered_action_sees_a_unit_moved_into_its_zone(tmp_path):
    eng = _run(tmp_path, _KNIGHTS)
    assert _cannot_defend(eng) and not _events(eng, "action_rejected")


def test_triggered_action_not_met_by_a_move_when_switched_off(tmp_path):
    eng = _run(tmp_path, _KNIGHTS, [MOVING])
    assert not _cannot_defend(eng) and _events(eng, "action_rejected")


# -- resource tokens: per quest ------------------------------------------------------------------------

_TWO_QUESTS = """
state:
  active: A
  phase: capital
  A:
    quest:
      - {card: Illustrative Quest, counters: {resource: 2}}
      - {card: Pistoliers, questing: true}
      - {card: Illustrative Quest, counters: {resource: 1}}
      - {card: Dark Zealot, questing: true}
    hand: [Illustrative Recall]
    resources: 1
actions:
%s
"""


def _tokens(eng):
    return [eng.obj(f"Illustrative Quest#{i}").counters.get("resource", 0) for i in (1, 2)]


def test_questing_units_listed_after_their_quests_keep_their_tokens(tmp_path):
    eng = _run(tmp_path, _TWO_QUESTS % "  - {player: A, end: turn}")
    assert _tokens(eng) == [2, 1]


def test_unit_leaving_play_takes_only_its_quests_tokens(tmp_path):
    """Dark Zealot returns to the hand: the quest it quested on loses its token; the Pistoliers' keeps its 2
    (a unit questing on another quest of the same zone does not keep them)."""
    acts = "  - {player: A, play: Illustrative Recall, targets: [Dark Zealot]}\n  - {pass: all}"
    eng = _run(tmp_path, _TWO_QUESTS % acts)
    assert eng.obj("Dark Zealot").where == "A.hand"
    assert _tokens(eng) == [2, 0]


def test_tokens_stay_without_a_quester_when_switched_off(tmp_path):
    acts = "  - {player: A, play: Illustrative Recall, targets: [Dark Zealot]}\n  - {pass: all}"
    assert _tokens(_run(tmp_path, _TWO_QUESTS % acts, [QUESTS])) == [2, 1]


def test_unit_moved_away_stops_questing_other_quest_keeps_its_tokens(tmp_path):
    acts = "  - {player: A, use: Pistoliers, choose: [kingdom]}\n  - {pass: all}"
    eng = _run(tmp_path, _TWO_QUESTS % acts)
    assert "questing" not in eng.obj("Pistoliers").flags
    assert _tokens(eng) == [0, 1]
    off = _run(tmp_path, _TWO_QUESTS % acts, [MOVING])
    assert "questing" in off.obj("Pistoliers").flags and _tokens(off) == [2, 1]


def test_quest_moved_away_its_unit_stops_questing(tmp_path):
    acts = ('  - {player: A, effect: [{move_to_zone: "Illustrative Quest#2", by: A}], choose: [A.kingdom]}')
    eng = _run(tmp_path, _TWO_QUESTS % acts)
    assert eng.obj("Illustrative Quest#2").where == "A.kingdom"
    assert eng.obj("Dark Zealot").where == "A.quest" and "questing" not in eng.obj("Dark Zealot").flags
    assert _tokens(eng) == [2, 0]


# -- 'the unit questing on this card' / 'if a unit is questing here': on THAT quest (quests_on) -------

_WOLVES = """
state:
  active: A
  phase: quest
  A:
    quest: [%s]
actions:
  - {player: A, effect: []}
"""


def test_questing_here_means_on_this_quest_not_another_of_its_zone(tmp_path):
    on_wolves = _run(tmp_path, _WOLVES % "Illustrative Quest, Wolves of the North, {card: Dark Zealot, questing: true}")
    on_other = _run(tmp_path, _WOLVES % "Wolves of the North, Illustrative Quest, {card: Dark Zealot, questing: true}")
    assert on_wolves.obj_attr(on_wolves.obj("Dark Zealot"), "attacks_from_quest") is True
    assert not on_other.obj_attr(on_other.obj("Dark Zealot"), "attacks_from_quest")


def test_quests_on_is_false_for_a_unit_not_questing(tmp_path):
    eng = _run(tmp_path, _WOLVES % "Wolves of the North, Dark Zealot")
    assert eng.eval("quests_on(zealot, wolves)", {"zealot": eng.obj("Dark Zealot"), "wolves": eng.obj("Wolves of the North")}) is False
    assert eng.eval("quests_on(nothing, wolves)", {"nothing": None, "wolves": eng.obj("Wolves of the North")}) is False
