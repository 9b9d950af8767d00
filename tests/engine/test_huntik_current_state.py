"""Huntik 708.2 / 703.1 / 705.1c: an always-on power's indefinite modifier always uses the current game
state -- for the cards it reaches as for its amounts: a hero entering play is taken into account
(705.1c), 'friendly' follows a change of control. Switched off, the modifier uses the state from when
its source entered play (the core mechanic's off): the cards it reached then, 'friendly' read with the
controller it had then. Traced where the current state decided which cards it reaches, not where a
reached card merely left play."""
from __future__ import annotations

import pytest

from tests.engine.test_huntik import effect, make, rid

OFF = [rid("708.2")]


def _def(eng, label):
    return eng.obj_attr(eng.obj(label), "def")


@pytest.mark.parametrize("ablate,mine,his", [((), 3, 5), (OFF, 5, 3)])
def test_taken_guardian_sentinel_guards_its_new_controllers_heroes(ablate, mine, his):
    eng = make(ablate, A={"zone1": [("Sophie Casterwill", "Mine")]},
               B={"zone1": ["Guardian Sentinel", ("Sophie Casterwill", "His")]})
    assert (_def(eng, "Mine"), _def(eng, "His")) == (5, 3)
    effect(eng, "A", [{"gain_control": "Guardian Sentinel", "player": "you"}])
    assert (_def(eng, "Mine"), _def(eng, "His")) == (mine, his)
    assert (rid("708.2") in eng.step.rules) is (not ablate)


def test_hero_put_into_play_later_reached_unless_switched_off():
    for ablate, want in (((), 5), (OFF, 2)):
        eng = make(ablate, A={"zone1": ["Ironhide Sentinel", "Lok Lambert"], "hand": ["Suit Grunt"]})
        assert _def(eng, "Lok Lambert") == 5
        effect(eng, "A", [{"move": "Suit Grunt", "to": "zone1"}])
        assert _def(eng, "Suit Grunt") == want
        assert (rid("705.1c") in eng.step.rules) is (not ablate)


def test_reached_card_leaving_play_records_nothing():
    """Not where 708.2 decides: a hero Ironhide reached is KO'd; the modifier reaches one card fewer
    because that card left play, which the state from when Ironhide entered would say too."""
    eng = make(A={"zone1": ["Ironhide Sentinel", "Lok Lambert", "Suit Grunt"]})
    assert _def(eng, "Suit Grunt") == 5
    effect(eng, "A", [{"ko": "Suit Grunt"}])
    assert _def(eng, "Lok Lambert") == 5
    assert rid("708.2") not in eng.step.rules
