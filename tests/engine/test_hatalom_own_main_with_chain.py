"""8.1.1 / 8.5.2 ("csak a saját körük fő fázisában"): the rule names a phase, not an empty chain. A card of
those types is played in response to what waits on the chain in its player's own main phase; in another
player's main phase it is refused, naming the rule (and 8.5.1, whose catch-all names every type but the
instant: with the type's own rule switched off, 8.5.1 still refuses it)."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from .test_hatalom import make, rid

BOLT, SPELL, MONSTER = "Próba villám", "Próba általános varázslat", "Próba szörny 2/3"


def _with_bolt_waiting(ablate=(), player_hand="A"):
    """A's main phase; B's bolt waits on the chain against A's monster; ``player_hand`` holds the spell and
    a monster."""
    hand = {"hand": [SPELL, (MONSTER, "new monster")], "vp": 5}
    eng = make(ablate, A={"reserve": [MONSTER], "vp": 5, **(hand if player_hand == "A" else {})},
               B={"hand": [BOLT], "vp": 5, **({"hand": [BOLT, SPELL, (MONSTER, "new monster")]}
                                               if player_hand == "B" else {})})
    eng.begin_step(0, "B plays the bolt")
    eng.play("B", BOLT, {"targets": [MONSTER]})
    assert eng.state.chain
    return eng


@pytest.mark.parametrize("card", [SPELL, "new monster"])
def test_own_main_phase_card_answers_the_chain(card):
    eng = _with_bolt_waiting()
    eng.play("A", card, {})
    assert [i.source_label for i in eng.state.chain][-1] == card


@pytest.mark.parametrize("card,rule", [(SPELL, "8.5.2"), ("new monster", "8.1.1")])
def test_not_in_the_other_players_main_phase(card, rule):
    eng = _with_bolt_waiting(player_hand="B")
    with pytest.raises(ReplayError, match="own main phase") as err:
        eng.play("B", card, {})
    assert rid(rule) in eng.trace[-1].rules


@pytest.mark.parametrize("card,rule", [(SPELL, "8.5.2"), ("new monster", "8.1.1")])
def test_rule_off_8_5_1_still_refuses(card, rule):
    # the type's own rule off: 8.5.1's 'Valamennyi egyéb laptípus csak a játékos saját fő fázisában játszható
    # ki' names every type but the instant, so the card is still refused in the other player's main phase
    # (switching 8.5.1 off too would keep B's instant from the chain as well: 'instants too')
    eng = _with_bolt_waiting(ablate=(rid(rule),), player_hand="B")
    with pytest.raises(ReplayError, match="own main phase") as err:
        eng.play("B", card, {})
    assert err.value.rules == [rid("8.5.1")]
