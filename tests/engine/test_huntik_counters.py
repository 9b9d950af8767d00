"""Huntik '+N ATK' / '+N DEF' counters (705.1b, 711.2e): each is a continuous modifier of its card,
timestamped when it was put on. On, switched off, removed, gone with the card, and where it must not
apply (other counters; no counter at all)."""
from __future__ import annotations

from tests.engine.test_huntik import act, effect, make, play, rid


def dfn(eng, label):
    return eng.obj_attr(eng.obj(label), "def")


def _marked(ablate=()):
    """Lok Lambert (3 DEF): a +1 DEF counter, then Iron Will (has 4 DEF), then another counter."""
    eng = make(ablate, A={"zone1": ["Lok Lambert"], "hand": ["Seeker's Mark", ("Seeker's Mark", "Mark2"), "Iron Will"]})
    play(eng, "A", "Seeker's Mark", ["Lok Lambert"])
    play(eng, "A", "Iron Will", ["Lok Lambert"])
    play(eng, "A", "Mark2", ["Lok Lambert"])
    return eng


def test_counters_take_their_place_in_timestamp_order():
    eng = _marked()
    assert dfn(eng, "Lok Lambert") == 5
    assert rid("711.2e") in eng.step.rules


def test_switched_off_counters_apply_before_every_modifier():
    assert dfn(_marked([rid("711.2e")]), "Lok Lambert") == 4


def test_removed_counter_takes_its_modifier_away_latest_first():
    eng = _marked()
    effect(eng, "A", [{"remove_counter": "Lok Lambert", "counter": "+1 DEF", "amount": 1}])
    assert dfn(eng, "Lok Lambert") == 4  # the counter put on after Iron Will is the one gone
    act(eng, None, "start", "round")  # Iron Will ends: the earlier counter remains
    assert dfn(eng, "Lok Lambert") == 4


def test_counters_leave_with_the_card():
    eng = _marked()
    effect(eng, "A", [{"ko": "Lok Lambert"}])
    assert not [e for e in eng.state.effects if "counter" in e.data]


def test_counters_outlast_turns_even_without_708_3():
    """A counter is not a definite modifier with a duration: it stays at the turn's end either way."""
    eng = make([rid("708.3")], A={"zone1": ["Lok Lambert"], "hand": ["Seeker's Mark"]})
    play(eng, "A", "Seeker's Mark", ["Lok Lambert"])
    act(eng, "A", "pass_turn", True)
    assert dfn(eng, "Lok Lambert") == 4


def test_counters_on_a_card_at_the_start_and_other_kinds():
    """Counters already on a card count; a counter of another kind changes no stat."""
    eng = make(A={"zone1": ["Lok Lambert", "Zhalia Moon"]})
    eng.obj("Lok Lambert").counters["+2 ATK"] = 1
    eng.obj("Zhalia Moon").counters["charge"] = 3
    eng.touch()
    eng.settle()
    assert eng.obj_attr(eng.obj("Lok Lambert"), "atk") == 5
    assert eng.obj_attr(eng.obj("Zhalia Moon"), "atk") == 4 and dfn(eng, "Zhalia Moon") == 3


def test_counter_a_card_comes_into_play_with_counts():
    """705.1b: a card that comes into play with a +1 DEF counter has it, timestamped as it entered:
    after a Sentinel already in play, so its 'has 2 DEF' is applied first."""
    eng = make(A={"hand": ["Armored Recruit"]}, B={"zone1": ["Stoneward Sentinel"]})
    play(eng, "A", "Armored Recruit")
    assert eng.obj("Armored Recruit").exhausted and dfn(eng, "Armored Recruit") == 3
