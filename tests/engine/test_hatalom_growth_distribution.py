"""8.2.2 "galetkijei közt szétosszon annyi erősödés-jelzőt, amennyi szörnykomponens volt kinyerhető": the
distribution puts 0 or more tokens on each of the player's galetki, exactly as many in all. A negative count
is refused by the rule (it would let -1 on one pay for an extra token on another), a count that is no whole
number is a malformed script (an error naming the field, not a Python TypeError)."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from .test_hatalom import act, make, rid

G1, G2, TORZ = "Próba galetki 1/2#1", "Próba galetki 1/2#2", "Próba torzszülött 2/2"


def _board(ablate=()):
    eng = make(ablate, A={"reserve": [("Próba galetki 1/2", G1), ("Próba galetki 1/2", G2), TORZ]})
    eng.obj(TORZ).exhausted = False
    return eng


def _tokens(eng):
    return [eng.obj(g).counters.get("erősödés", 0) for g in (G1, G2)]


@pytest.mark.parametrize("assign,tokens", [({G1: 1, G2: 1}, [1, 1]), ({G1: 0, G2: 2}, [0, 2]), ({G2: 2}, [0, 2])])
def test_legal_distributions(assign, tokens):
    eng = _board()
    act(eng, "A", "grow", TORZ, [assign])
    assert _tokens(eng) == tokens


def test_negative_count_refused_by_the_rule():
    eng = _board()
    with pytest.raises(ReplayError, match="0 or more") as err:
        act(eng, "A", "grow", TORZ, [{G1: -1, G2: 3}])
    assert rid("8.2.2") in err.value.rules


def test_negative_count_tried_then_a_legal_one():
    eng = _board()
    act(eng, "A", "grow", TORZ, [{"try": {G1: -1, G2: 3}}, {G1: 2}])
    assert _tokens(eng) == [2, 0]
    [rej] = [e for e in eng.events if e.get("event") == "choice_rejected"]
    assert rid("8.2.2") in rej.get("rules", rej.get("rejected_by", []))


@pytest.mark.parametrize("count", ["two", 1.5, True, None])
def test_count_not_a_whole_number_is_a_script_error(count):
    eng = _board()
    with pytest.raises(ReplayError, match="must be a whole number") as err:
        act(eng, "A", "grow", TORZ, [{G1: count, G2: 2}])
    assert "TypeError" not in str(err.value)
