"""Huntik: a definite modifier's specified duration (708.3): 'this round' ends as the round ends (the
turn in progress ends with it), never at a turn's end inside the round; 'this turn' ends with the turn;
a modifier with no duration, an always-on power's modifier and a triggered modifier's own duration
(709.1) are not this rule's. Each where it applies, where it must not apply, and switched off."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from tests.engine.test_huntik import act, effect, hand, make, play, rid


def atk(eng, label):
    return eng.obj_attr(eng.obj(label), "atk")


def dfn(eng, label):
    return eng.obj_attr(eng.obj(label), "def")


def _surged(ablate=()):
    """Quickening Surge on Lok Lambert (3 ATK / 3 DEF): +2 ATK this round, +2 DEF this turn."""
    eng = make(ablate, A={"zone1": ["Lok Lambert"], "hand": ["Quickening Surge"]}, B={"zone1": ["Suit Grunt"]})
    play(eng, "A", "Quickening Surge", ["Lok Lambert"])
    return eng


def test_round_modifier_lasts_through_the_turns_of_its_round():
    """Must not apply: a turn ends (twice), the round goes on: 'this round' stays, 'this turn' ends."""
    eng = _surged()
    act(eng, "A", "pass_turn", True)
    assert (atk(eng, "Lok Lambert"), dfn(eng, "Lok Lambert")) == (5, 3)
    act(eng, "B", "pass_turn", True)
    assert atk(eng, "Lok Lambert") == 5


def test_round_end_ends_round_and_turn_modifiers():
    """The round ends in the turn the power was played: both parts end (the turn ends with it)."""
    eng = _surged()
    act(eng, None, "start", "round")
    assert (atk(eng, "Lok Lambert"), dfn(eng, "Lok Lambert")) == (3, 3)
    assert rid("708.3") in eng.step.rules
    assert eng.state.vars["round"] == 2 and eng.state.vars["active"] == "A"


def test_duration_switched_off_modifiers_last_into_the_next_round():
    eng = _surged([rid("708.3")])
    act(eng, None, "start", "round")
    assert (atk(eng, "Lok Lambert"), dfn(eng, "Lok Lambert")) == (5, 5)


def test_no_duration_and_always_on_modifiers_outlast_the_round():
    """Must not apply: Lasting Blessing has no duration (lasts until the game ends) and Hoplite's
    Teamwork is an always-on power's modifier: neither ends with the round."""
    eng = make(A={"zone1": ["Lok Lambert", "Hoplite, Lionhearted", "Seeker Recruit"], "hand": ["Lasting Blessing"]})
    play(eng, "A", "Lasting Blessing", ["Lok Lambert"])
    act(eng, None, "start", "round")
    act(eng, None, "start", "round")
    assert dfn(eng, "Lok Lambert") == 4 and atk(eng, "Hoplite, Lionhearted") == 3


def test_powers_lost_this_turn_return_as_the_round_ends():
    eng = make(A={"zone1": ["Dante Vale"], "hand": ["Nullifying Gaze"]}, B={"zone1": ["Suit Grunt"]})
    play(eng, "A", "Nullifying Gaze", ["Dante Vale"])
    act(eng, None, "start", "round")
    eng.use("A", "Dante Vale", {"targets": ["Suit Grunt"]})
    eng.pass_priority("all")
    assert eng.obj("Suit Grunt").zone == "discard"


def test_powers_lost_this_turn_stay_lost_when_switched_off():
    eng = make([rid("708.3")], A={"zone1": ["Dante Vale"], "hand": ["Nullifying Gaze"]}, B={"zone1": ["Suit Grunt"]})
    play(eng, "A", "Nullifying Gaze", ["Dante Vale"])
    act(eng, None, "start", "round")
    with pytest.raises(ReplayError, match="lost its powers"):
        eng.use("A", "Dante Vale", {"targets": ["Suit Grunt"]})


def test_triggered_modifier_duration_is_709_1s_not_708_3s():
    """Set a Trap's triggered modifier ends with the round even with 708.3 switched off (709.1)."""
    eng = make([rid("708.3")], A={"zone1": ["Lok Lambert"], "hand": ["Set a Trap"], "deck": ["Avoidance"]},
               B={"zone1": ["Suit Grunt"]})
    play(eng, "A", "Set a Trap", choices=["zone2"], exhaust="Lok Lambert")
    act(eng, None, "start", "round")
    assert not [e for e in eng.state.effects if e.kind == "trigger"]


def test_round_cannot_end_while_an_action_waits():
    eng = make(A={"zone1": ["Lok Lambert"], "hand": ["Avoidance"]})
    eng.play("A", "Avoidance", {"targets": []})
    with pytest.raises(ReplayError, match="round cannot end"):
        act(eng, None, "start", "round")


def _combat_bonus(ablate=()):
    """Lok Lambert gets +2 ATK this combat, Zhalia Moon +1 ATK this round, in a combat."""
    eng = make(ablate, A={"zone1": ["Lok Lambert", "Zhalia Moon"]})
    act(eng, None, "start", "combat")
    effect(eng, "A", [{"modify": {"target": "Lok Lambert", "modify": {"atk": 2}, "duration": "combat"}},
                      {"modify": {"target": "Zhalia Moon", "modify": {"atk": 1}, "duration": "round"}}])
    return eng


def test_combat_modifier_ends_with_its_combat_not_the_round_one():
    eng = _combat_bonus()
    assert (atk(eng, "Lok Lambert"), atk(eng, "Zhalia Moon")) == (5, 5)
    act(eng, None, "end", "combat")
    assert (atk(eng, "Lok Lambert"), atk(eng, "Zhalia Moon")) == (3, 5)
    assert not eng.state.vars["in_combat"]


def test_a_new_combat_ends_the_one_in_progress():
    eng = _combat_bonus()
    act(eng, None, "start", "combat")
    assert atk(eng, "Lok Lambert") == 3 and eng.state.vars["in_combat"]


def test_combat_modifier_lasts_when_switched_off():
    eng = _combat_bonus([rid("708.3")])
    act(eng, None, "end", "combat")
    assert atk(eng, "Lok Lambert") == 5


def test_combat_actions_refused_after_the_combat_ends():
    eng = make(A={"zone1": ["Ashtoreth, Colossus"], "hand": ["Shadowspeed"]})
    act(eng, None, "start", "combat")
    act(eng, None, "end", "combat")
    eng.begin_check()
    with pytest.raises(ReplayError, match="only during combat"):
        eng.use("A", "Ashtoreth, Colossus", {})


def test_no_combat_to_end():
    eng = make(A={"zone1": ["Lok Lambert"]})
    with pytest.raises(ReplayError, match="no combat to end"):
        act(eng, None, "end", "combat")


def test_round_cannot_end_before_a_go_again_turn():
    eng = make(A={"zone1": ["Lok Lambert"], "hand": ["Augerfrost"]}, B={"zone1": ["Suit Grunt"]})
    play(eng, "A", "Augerfrost", ["Suit Grunt"], exhaust="Lok Lambert")
    with pytest.raises(ReplayError, match="additional turn"):
        act(eng, None, "start", "round")
    act(eng, "A", "pass_turn", True)  # the additional turn
    act(eng, "A", "pass_turn", True)
    act(eng, None, "start", "round")
    assert eng.state.vars["round"] == 2


_KO_WATCH = "event.cause == 'ko' and event.obj.is_hero and event.obj.controller == you"


def _vigil(ablate=()):
    """Eternal Vigil (a triggered modifier with no duration), then the turn passes and Lok is KO'd."""
    eng = make(ablate, A={"zone1": ["Lok Lambert", "Zhalia Moon"], "hand": ["Eternal Vigil"],
                          "deck": ["Avoidance", "Shadowspeed"]}, B={"zone1": ["Suit Grunt"]})
    play(eng, "A", "Eternal Vigil")
    act(eng, "A", "pass_turn", True)
    return eng


def test_triggered_modifier_with_no_duration_outlasts_turn_and_round():
    """708.3 (a triggered modifier is a definite one, 709.1): no duration, so it lasts until the game ends."""
    eng = _vigil()
    act(eng, None, "start", "round")
    effect(eng, "B", [{"ko": "Lok Lambert"}])
    assert hand(eng, "A") == 1


def test_triggered_modifier_with_no_duration_ends_with_the_turn_when_switched_off():
    eng = _vigil([rid("708.3")])
    effect(eng, "B", [{"ko": "Lok Lambert"}])
    assert hand(eng, "A") == 0 and not [e for e in eng.state.effects if e.kind == "trigger"]


def test_next_time_triggered_modifier_is_not_ended_when_switched_off():
    """Must not apply: a 'next time' triggered modifier with no duration lasts until it triggers (709.1),
    708.3 switched off or not."""
    eng = make([rid("708.3")], A={"zone1": ["Lok Lambert"], "deck": ["Avoidance"]}, B={"zone1": ["Suit Grunt"]})
    effect(eng, "A", [{"create": {"kind": "trigger", "on": {"event": "zone_change", "next": True, "filter": _KO_WATCH},
                                  "steps": [{"draw": 1}]}}])
    act(eng, "A", "pass_turn", True)
    effect(eng, "B", [{"ko": "Lok Lambert"}])
    assert hand(eng, "A") == 1
