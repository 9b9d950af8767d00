"""A creature's damage and hit points read under their printed stat names (``sebzes``, ``ep``: what
cards.yaml calls them, what a card's filter 'sebzése legalább 2' reads) are its current values, with the
+1/+1 of each erősödés token (8.2.1) and level-up (8.3.1) -- the same as ``dmg`` / ``hp``. Switched off,
the rule's bonus is gone from both names."""
from __future__ import annotations

from .test_hatalom import make, rid


def _board(ablate=()):
    eng = make(ablate, B={"reserve": ["Próba galetki 1/2", "Próba íjász kalandozó 1/1", "Próba kalandozó 1/1"],
                          "table": ["Próba szintlépés"]})
    eng.obj("Próba galetki 1/2").counters["erősödés"] = 1
    eng.obj("Próba szintlépés").attached_to = eng.obj("Próba íjász kalandozó 1/1").oid
    eng.touch()
    return eng


def _stats(eng, label):
    o = eng.obj(label)
    return [eng.obj_attr(o, n) for n in ("sebzes", "ep", "dmg", "hp")]


def test_printed_stat_names_read_the_current_values():
    eng = _board()
    assert _stats(eng, "Próba galetki 1/2") == [2, 3, 2, 3]
    assert _stats(eng, "Próba íjász kalandozó 1/1") == [2, 2, 2, 2]
    assert _stats(eng, "Próba kalandozó 1/1") == [1, 1, 1, 1]  # no token, no level: printed


def test_without_the_rules_no_bonus_under_either_name():
    eng = _board([rid("8.2.1"), rid("8.3.1")])
    assert _stats(eng, "Próba galetki 1/2") == [1, 2, 1, 2]
    assert _stats(eng, "Próba íjász kalandozó 1/1") == [1, 1, 1, 1]
