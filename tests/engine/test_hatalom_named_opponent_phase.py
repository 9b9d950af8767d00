"""8.5.1.1's condition: a card's text lets a non-instant card be played in the opponent's turn AND does
not say exactly when. A text naming the phase ("Ez a lap az ellenfél harci fázisában is kijátszható")
makes that condition false: the named phase of the opponent's turn is the one, whether 8.5.1.1 is on
or off; the card follows its type's rule in every other phase (8.1.1, 8.5.2)."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from .test_hatalom import make, rid
from judge.games.hatalom_kartyai.timing import named_opponent_phases

SPELL, CREATURE, PLAIN = "Próba harci lesből varázslat", "Próba harci lesből szörny 2/2", "Lesből támadó szörny 2/2"


def _try(card, active, phase, ablate=()):
    eng = make(ablate, active=active, phase=phase, A={"hand": [card], "vp": 2})
    try:
        eng.play("A", card, {})
    except ReplayError:
        return False
    return True


@pytest.mark.parametrize("card", [SPELL, CREATURE])
@pytest.mark.parametrize("ablate", [(), (rid("8.5.1.1"),)])
def test_named_phase_of_the_opponents_turn_only(card, ablate):
    assert _try(card, "B", "combat", ablate)
    assert not _try(card, "B", "main", ablate)      # not "the opponent's main phase": the text says when
    assert not _try(card, "B", "healing", ablate)
    assert not _try(card, "A", "combat", ablate)    # own turn: the type's rule, own main phase only
    assert _try(card, "A", "main", ablate)


def test_in_response_in_the_named_phase_not_in_another():
    # the text names a phase, not an empty chain (as 8.5.2's "saját körük fő fázisában" names a phase): in
    # that phase the card answers what waits on the chain; in a phase it does not name, it is still refused
    eng = make(active="B", phase="combat", A={"hand": [SPELL], "reserve": ["Próba szörny 2/3"], "vp": 2},
               B={"hand": ["Próba villám"], "vp": 1})
    assert named_opponent_phases(eng.obj(SPELL).card) == {"combat"}
    eng.play("B", "Próba villám", {"targets": ["Próba szörny 2/3"]})
    eng.play("A", SPELL, {})
    assert eng.state.chain[-1].source_label == SPELL
    eng = make(active="B", phase="healing", A={"hand": [SPELL], "reserve": ["Próba szörny 2/3"], "vp": 2},
               B={"hand": ["Próba villám"], "vp": 1})
    eng.play("B", "Próba villám", {"targets": ["Próba szörny 2/3"]})
    with pytest.raises(ReplayError):
        eng.play("A", SPELL, {})


def test_unnamed_permission_is_not_read_as_a_named_phase():
    eng = make(A={"hand": [PLAIN]})
    assert named_opponent_phases(eng.obj(PLAIN).card) == set()
    assert not _try(PLAIN, "B", "combat") and _try(PLAIN, "B", "main")  # 8.5.1.1 reads it as his main phase


class _Card:
    def __init__(self, *keywords):
        self.keywords = list(keywords)


@pytest.mark.parametrize("keyword, phases", [
    ("ez a lap az ellenfél harci vagy gyógyulási fázisában is kijátszható", {"combat", "healing"}),
    ("ez a lap az ellenfél fő-, harci-, vagy gyógyulási fázisában is kijátszható", {"main", "combat", "healing"}),
    ("ez a lap az ellenfél húzás és vége fázisában is kijátszható", {"draw", "end"}),
    ("ez a lap az ellenfél harci vagy utolsó fázisában is kijátszható", set()),  # a word naming no phase
    ("ez a lap az ellenfél körében is kijátszható", set()),  # no phase named: 8.5.1.1's own case
])
def test_a_list_of_named_phases(keyword, phases):
    assert named_opponent_phases(_Card(keyword)) == phases


@pytest.mark.parametrize("active, phase, ok", [
    ("B", "combat", True), ("B", "healing", True), ("B", "main", False), ("B", "end", False),
    ("A", "healing", False), ("A", "main", True)])
def test_two_named_phases_of_the_opponents_turn(active, phase, ok):
    assert _try("Próba alkonyi lesből varázslat", active, phase) is ok
