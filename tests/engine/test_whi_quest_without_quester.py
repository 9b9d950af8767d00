"""Warhammer: Invasion, a quest's effects may be triggered with no unit questing on it
(clarification:quests, quests.why_no_quester / keep_quest_trigger): its Action is usable, traced; the rule
switched off refuses it; a quest with a unit questing on it, and a card that is not a quest, are never
refused (nothing for the rule to decide)."""
from __future__ import annotations

from judge.engine.cards import Ability
from judge.games.warhammer_invasion import quests
from tests.engine.test_whi_terms import make, rid

QUESTS = rid("clarification:quests")


def _eng(ablate=(), quester=False):
    eng = make(ablate, A={"quest": [("Illustrative Reward Quest", "Quest")] + ([("Dark Zealot", "Zealot")] if quester else []),
                          "battlefield": [("Rat Swarm", "Swarm")]})
    if quester:
        eng.obj("Zealot").flags.add("questing")
    return eng


def _draw(eng):
    q = eng.obj("Quest")
    return quests.why_no_quester(eng, q, next(a for a in q.card.abilities if a.name == "draw"))


def test_no_quester_action_usable_and_traced():
    eng = _eng()
    assert _draw(eng) is None
    assert QUESTS in eng.step.rules


def test_no_quester_refused_when_off():
    assert "no unit is questing" in (_draw(_eng([QUESTS])) or "")


def test_with_quester_never_refused_nor_traced():
    eng = _eng([QUESTS], quester=True)
    assert _draw(eng) is None
    eng = _eng(quester=True)
    assert _draw(eng) is None and QUESTS not in eng.step.rules


def test_not_a_quest_untouched():
    eng = _eng([QUESTS])
    assert quests.why_no_quester(eng, eng.obj("Swarm"), Ability(0, "action", {})) is None
