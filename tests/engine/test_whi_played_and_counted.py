"""Warhammer: Invasion, what a card is while it is played, and counting cards out of play:

* a card played face down as a development is played AS a development (clarification:capital-phase,
  mechanic ``played_as_development``, developments.py): on the action chain its type is development, so an
  effect on a 'unit or support card just played' cannot target it; a unit played as a unit still can; off,
  the card keeps its printed type until it enters play. The chain item's type is the card's type as the
  game computes it (core: context.Ctx.attr).
* ``count(EXPR, ZONES)`` counts the cards in those zones (core: context._objects); Abyssal Terror counts
  the units in its controller's discard pile -- not tactics there, not the opponent's units, not units in play."""
from __future__ import annotations

from judge.games.warhammer_invasion import windows
from tests.engine.test_whi_terms import make, rid
from tests.engine.test_whi_zone_entry import _events, _run

CAPITAL_PHASE = rid("clarification:capital-phase")


_CLEANSING = """
state:
  active: A
  phase: capital
  A:
    hand: [Savage Marauders]
    resources: 3
  B:
    hand: [Asuryan's Cleansing]
    resources: 1
actions:
  - %s
  - {player: B, play: Asuryan's Cleansing, targets: [Savage Marauders], try: true}
  - {pass: all}
"""
_AS_DEVELOPMENT = "{player: A, play_development: Savage Marauders, zone: kingdom}"
# A declines to spend all his resources: the card is cancelled and discarded
_DECLINES = "{player: A, play_development: Savage Marauders, zone: kingdom, choose: [no]}"
_AS_UNIT = "{player: A, play: Savage Marauders, zone: battlefield, choose: [no]}"


def test_card_played_as_development_is_not_a_unit_just_played(tmp_path):
    eng = _run(tmp_path, _CLEANSING % _AS_DEVELOPMENT)
    assert _events(eng, "action_rejected")
    assert eng.obj("Savage Marauders").where == "A.kingdom"
    assert eng.obj_attr(eng.obj("Savage Marauders"), "type") == "development"


def test_card_played_as_development_keeps_printed_type_when_switched_off(tmp_path, monkeypatch):
    # the capital phase's other clause (either player takes Actions: windows.py) stays on, so that B may
    # still play his tactic in A's capital phase: only played_as_development is switched off here
    monkeypatch.delitem(windows.PHASE_WINDOWS, "capital")
    eng = _run(tmp_path, _CLEANSING % _DECLINES, [CAPITAL_PHASE])
    assert not _events(eng, "action_rejected")
    assert eng.obj("Savage Marauders").where == "A.discard"  # cancelled and discarded
    assert eng.obj("Asuryan's Cleansing").where == "B.discard"


def test_unit_played_as_a_unit_can_still_be_cancelled(tmp_path):
    eng = _run(tmp_path, _CLEANSING % _AS_UNIT)
    assert not _events(eng, "action_rejected")
    assert eng.obj("Savage Marauders").where == "A.discard"


def test_chain_item_type_is_development_and_printed_type_in_discard():
    eng = make(A={"hand": [("Savage Marauders", "SM")]})
    eng.state.vars.update(active="A", phase="capital")
    from judge.games.warhammer_invasion.developments import play_development
    play_development(eng, "A", {"play_development": "SM", "zone": "kingdom"})
    item = eng.state.chain[-1]
    assert eng.eval("it.type", {"it": item}) == "development"
    on_stack = eng.obj("SM")
    assert eng.obj_attr(on_stack, "power") == 0 and eng.obj_attr(on_stack, "traits") == []
    eng.move(on_stack, "discard", cause="cancel")  # cancelled: it enters the discard pile as a unit card
    assert eng.obj_attr(eng.obj("SM"), "type") == "unit"


# -- count(EXPR, ZONES): Abyssal Terror counts the units in its controller's discard pile ----------------

def _terror(**players):
    eng = make(**players)
    return eng.obj_attr(eng.obj("Terror"), "power")


def test_terror_counts_units_in_own_discard_only():
    assert _terror(A={"battlefield": [("Abyssal Terror", "Terror"), ("Rat Swarm", "Rat in play")],
                      "discard": [("Dark Zealot", "Zealot"), ("Illustrative Tribute", "Tribute"),
                                  ("Illustrative Quest", "Quest")]},
                   B={"discard": [("Hag Queen", "Queen")]}) == 1


def test_terror_counts_nothing_without_units_in_discard():
    assert _terror(A={"battlefield": [("Abyssal Terror", "Terror"), ("Rat Swarm", "Rat")],
                      "discard": [("Illustrative Tribute", "Tribute")]}) == 0


def test_count_in_zones_and_in_play():
    eng = make(A={"battlefield": [("Rat Swarm", "Rat")], "discard": [("Dark Zealot", "Z1")],
                  "hand": [("Dark Zealot", "Z2")]})
    b = {"you": "A"}
    assert eng.eval("count(it.type == 'unit')", b) == 1  # in play only
    assert eng.eval("count(it.type == 'unit', 'discard')", b) == 1
    assert eng.eval("count(it.type == 'unit', ['discard', 'hand'])", b) == 2
    assert eng.eval("any(it.name == 'Dark Zealot', 'hand')", b)
    assert not eng.eval("any(it.name == 'Dark Zealot')", b)
