"""8.4.3 reads the whole effect of a source: a damage (or another listed effect) in one part of an
'and' ('X, és Y') or of a several-sentence effect counts as much as a plain step; parts that only do
something else (VP) do not make it a source 8.4.3 names."""
from __future__ import annotations

from judge.games.hatalom_kartyai.galetki import _steps

from .test_hatalom import act, make

SCORCH = "Próba perzselés"  # "1 sebzés minden lénynek, és kapsz 1 VP-t."
GALETKI, PART = "Próba galetki 1/2", "Próba testrész"


def _board():
    eng = make(A={"reserve": [GALETKI, "Próba szörny 2/3"], "table": [PART]}, B={"hand": [SCORCH], "vp": 1})
    eng.obj(PART).attached_to = eng.obj(GALETKI).oid
    eng.play("B", SCORCH, {"targets": []})
    return eng


def _resolve(eng):
    eng.pass_priority("all")
    eng.settle()


def test_damage_inside_and_lets_the_body_part_be_sacrificed():
    eng = _board()
    act(eng, "A", "sacrifice_part", PART)
    _resolve(eng)
    assert eng.obj(GALETKI).damage == 0  # no effect on the galetki
    assert eng.obj("Próba szörny 2/3").damage == 1  # the source's other effects happen
    assert eng.player_attr("B", "vp") == 1


def test_without_the_sacrifice_the_galetki_is_damaged():
    eng = _board()
    _resolve(eng)
    assert eng.obj(GALETKI).damage == 1


def test_nested_parts_are_read():
    steps = [{"and": [[{"damage": "x", "amount": 1}], [{"player_counter": "vp", "amount": 1}]]},
             {"sentences": [[{"exhaust": "y"}], [{"if": "true", "do": [{"counter": "z", "kind": "k"}]}]]}]
    verbs = [next(iter(s)) for s in _steps(steps)]
    assert {"damage", "player_counter", "exhaust", "counter"} <= set(verbs)


def test_parts_without_a_listed_effect_name_no_galetki():
    # an 'and' of VP and a card draw: nothing 8.4.3 lists (must not apply)
    steps = [{"and": [[{"player_counter": "vp", "amount": 1}], [{"draw": 1}]]}]
    verbs = {next(iter(s)) for s in _steps(steps)}
    assert not verbs & {"damage", "destroy", "sacrifice", "return_to_hand", "move", "gain_control", "exhaust",
                        "counter"}
