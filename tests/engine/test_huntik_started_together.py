"""Huntik 711.3: the order of modifiers that start to apply simultaneously is chosen as they start to
apply, by the players who control them then (the lead player's first), and kept. A change of control
or of lead player later neither regroups them nor asks anyone again (711.2a: a card in play keeps the
time it entered play); the lead player's own start-of-game modifiers -- a card in play since the start
(711.2a) and one in a pile since the start (711.2b) -- are ordered by his choice, asked at the first
action, never by the order a scenario lists the cards in. Where it applies, where it must not
(modifiers that did not start together), and switched off."""
from __future__ import annotations

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.test_huntik import effect, make, rid

HOPLITE = "Hoplite, Lionhearted"


def _stats(eng, label):
    view = eng.characteristics()[eng.obj(label).oid]
    return view["atk"], view["def"]


def _hoplite_and_his_sentinel(lead, ablate=()):
    return make(ablate, lead=lead, A={"zone1": [HOPLITE]}, B={"zone1": ["Guardian Sentinel"]})


@pytest.mark.parametrize("lead,want", [("A", (3, 3)), ("B", (3, 4))])
def test_taken_sentinel_keeps_its_start_of_game_place(lead, want):
    """Teamwork (A's) and the Sentinel (B's then) started together: lead A -> Teamwork first (the
    Sentinel's 3 DEF last); lead B -> the Sentinel's first (Teamwork's +1 on top). A gaining the
    Sentinel asks A nothing and keeps that order."""
    eng = _hoplite_and_his_sentinel(lead)
    _stats(eng, HOPLITE)
    effect(eng, "A", [{"gain_control": "Guardian Sentinel", "player": "you"}])
    assert eng.obj("Guardian Sentinel").controller == "A"
    assert _stats(eng, HOPLITE) == want
    assert eng.choices["A"] == [] and eng.choices["B"] == []


def test_taken_sentinel_switched_off_no_lead_order():
    """711.3 off: no player's modifiers come first; the listing order stands (Teamwork, then the Sentinel)."""
    eng = _hoplite_and_his_sentinel("B", [rid("711.3")])
    effect(eng, "A", [{"gain_control": "Guardian Sentinel", "player": "you"}])
    assert _stats(eng, HOPLITE) == (3, 3)


def test_taken_stoneward_asks_the_new_controller_nothing():
    """My Stoneward (2 DEF) and his Ironhide (5 DEF) since the start, I lead: mine first, his last
    (other heroes 5 DEF). He gains my Stoneward: still his Ironhide's last, nobody chooses."""
    eng = make(lead="A", A={"zone1": ["Stoneward Sentinel", "Lok Lambert"]}, B={"zone1": ["Ironhide Sentinel"]})
    assert _stats(eng, "Lok Lambert")[1] == 5
    effect(eng, "B", [{"gain_control": "Stoneward Sentinel", "player": "you"}])
    assert eng.obj("Stoneward Sentinel").controller == "B"
    assert _stats(eng, "Lok Lambert")[1] == 5 and _stats(eng, "Ironhide Sentinel")[1] == 2


def test_defending_players_chosen_order_survives_losing_one():
    """B orders his two (Ironhide, then Stoneward: Lok 2) as they start; A gaining the Stoneward
    neither asks A nor puts the Stoneward before B's Ironhide."""
    eng = make(lead="A", A={"zone1": ["Lok Lambert"]},
               B={"zone1": ["Stoneward Sentinel", "Ironhide Sentinel"]})
    eng.choices["B"].append(["Ironhide Sentinel", "Stoneward Sentinel"])
    assert _stats(eng, "Lok Lambert")[1] == 2
    effect(eng, "A", [{"gain_control": "Stoneward Sentinel", "player": "you"}])
    assert _stats(eng, "Lok Lambert")[1] == 2
    assert eng.choices["A"] == [] and eng.choices["B"] == []


def test_lead_player_kept_from_when_they_started():
    """Who led when the modifiers started decides: a later change of lead player reorders nothing."""
    eng = make(lead="B", A={"zone1": ["Stoneward Sentinel", "Lok Lambert"]}, B={"zone1": ["Ironhide Sentinel"]})
    assert _stats(eng, "Lok Lambert")[1] == 2
    eng.state.vars["lead"] = "A"
    eng.touch()
    assert _stats(eng, "Lok Lambert")[1] == 2


@pytest.mark.parametrize("order,lok", [(["Stoneward Sentinel", "Fallen Guardian"], 3),
                                       (["Fallen Guardian", "Stoneward Sentinel"], 2)])
def test_lead_player_orders_his_pile_and_play_modifiers_of_the_start(order, lok):
    """711.2b: his Fallen Guardian in his discard pile since the start has the start of the game as
    timestamp, as his Stoneward in play since the start (711.2a): he chooses their order (711.3)."""
    eng = make(lead="A", A={"discard": ["Fallen Guardian"], "zone1": ["Stoneward Sentinel", "Lok Lambert"]})
    eng.choices["A"].append(order)
    assert _stats(eng, "Lok Lambert")[1] == lok
    assert eng.choices["A"] == []


def test_not_simultaneous_nobody_chooses():
    """Not where 711.3 applies: his two Sentinels entered play one after the other; the later one's
    modifier applies last (711.1), with no choice asked."""
    eng = make(lead="A", A={"zone1": [("Ironhide Sentinel", "Ironhide Sentinel", {"entered": 1}),
                                      ("Stoneward Sentinel", "Stoneward Sentinel", {"entered": 2}),
                                      ("Lok Lambert", "Lok Lambert", {"entered": 1})]})
    assert _stats(eng, "Lok Lambert")[1] == 2


_SCENARIO = """
game: huntik
ruling: huntik:711.3
cites: [huntik:711.3]
question: q
answer: a
state:
  active: A
  lead: A
  A:
    discard: [Fallen Guardian]
    zone1: [Stoneward Sentinel, Lok Lambert]
actions: ACTIONS
expect:
  - {card: Lok Lambert, def: DEF}
"""


def _scenario(tmp_path, actions, lok):
    path = tmp_path / "s.ruling.yaml"
    path.write_text(_SCENARIO.replace("ACTIONS", actions).replace("DEF", str(lok)))
    return replay(load_fixture(path))


@pytest.mark.parametrize("first,lok", [("Stoneward Sentinel", 3), ("Fallen Guardian", 2)])
def test_replay_a_bare_choice_takes_the_start_of_game_order(tmp_path, first, lok):
    other = "Fallen Guardian" if first == "Stoneward Sentinel" else "Stoneward Sentinel"
    out = _scenario(tmp_path, f"[{{player: A, choose: [[{first}, {other}]]}}]", lok)
    assert out.passed, (out.error, out.problems)


def test_replay_never_asked_is_a_missing_choice_not_the_listing_order(tmp_path):
    out = _scenario(tmp_path, "[]", 2)
    assert not out.passed and "missing choice" in out.error and "simultaneous modifiers" in out.error


def test_modifiers_sharing_a_key_are_told_apart_by_their_source():
    """The modifiers of given powers that return together share the key of their one timestamp: each is
    still grouped under its own controller (lead B's first)."""
    from judge.games.huntik import modifiers

    eng = make(lead="B", A={"zone1": ["Zhalia Moon"]}, B={"zone1": ["Suit Grunt"]})
    mine = {"key": ("e", 7), "ts": 7, "controller": "A", "src": eng.obj("Zhalia Moon")}
    his = {"key": ("e", 7), "ts": 7, "controller": "B", "src": eng.obj("Suit Grunt")}
    ordered = modifiers.order_simultaneous_modifiers(eng, [mine, his], lambda sub: False)
    assert [m["controller"] for m in ordered] == ["B", "A"]


_TWO_GROUPS = """
game: huntik
ruling: huntik:711.3
cites: [huntik:711.3]
question: q
answer: a
state:
  active: A
  lead: A
  A:
    discard: [Fallen Guardian]
    zone1: [Stoneward Sentinel, Lok Lambert]
  B:
    zone1: [Guardian Sentinel, "Hoplite, Lionhearted"]
actions:
  - {player: B, choose: [[Guardian Sentinel, "Hoplite, Lionhearted"]]}
  - {player: A, choose: [[Stoneward Sentinel, Fallen Guardian]]}
expect:
  - {card: Lok Lambert, def: 3}
  - {card: "Hoplite, Lionhearted", atk: 3, def: 4}
"""


def test_replay_each_player_orders_his_group_at_his_own_bare_choice(tmp_path):
    """The defending player's bare choice comes first: it orders his group (the Sentinel's 3 DEF, then
    Teamwork's +1); the lead player, with nothing scripted yet, is asked at his own (Stoneward's 2, then
    his Guardian's 3 for Lok), not refused as a missing choice at the other player's."""
    path = tmp_path / "s.ruling.yaml"
    path.write_text(_TWO_GROUPS)
    out = replay(load_fixture(path))
    assert out.passed, (out.error, out.problems)
