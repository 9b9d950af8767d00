"""The core's granted_powers in a game other than Huntik (VS System binds no rule to it: a core
mechanic, on): a triggered or replacement power a modifier gives a card functions like a printed
one, read from the card's computed powers; it is the card's, so its controller's."""
from __future__ import annotations

from tests.engine.test_vs_system import make

_DRAW = {"kind": "trigger", "name": "mourn",
         "on": {"event": "zone_change", "filter": "event.cause == 'ko' and event.obj != this and "
                "event.obj.controller == this.controller"},
         "steps": [{"draw": 1}]}
_SAVE = {"kind": "replacement", "name": "save",
         "replaces": {"event": "zone_change", "filter": "event.cause == 'ko' and event.obj != this"},
         "instead": [{"exhaust": "this"}]}


def _given(power):
    eng = make(A_visible=["Shang Chi", "Gin Genie"], B_visible=["Lilith"], A_deck=["Blackout"])
    eng.run_steps([{"modify": {"target": "Shang Chi", "duration": "turn", "grant_powers": [power]}}],
                  eng.bindings_for(None, "A"))
    eng.settle()
    return eng


def _ko(eng, label):
    eng.run_steps([{"ko": label}], eng.bindings_for(None, "A"))
    eng.settle()
    if eng.state.chain:
        eng.pass_until_empty()  # VS System: what it triggered waits on the chain until the players pass


def test_given_trigger_triggers():
    eng = _given(_DRAW)
    _ko(eng, "Gin Genie")
    assert len(eng.zone_objs("A", "hand")) == 1


def test_given_trigger_not_for_an_enemy():
    eng = _given(_DRAW)
    _ko(eng, "Lilith")
    assert len(eng.zone_objs("A", "hand")) == 0


def test_no_given_power_nothing_triggers():
    eng = make(A_visible=["Shang Chi", "Gin Genie"], A_deck=["Blackout"])
    _ko(eng, "Gin Genie")
    assert len(eng.zone_objs("A", "hand")) == 0


def test_given_replacement_replaces():
    eng = _given(_SAVE)
    _ko(eng, "Lilith")
    assert eng.obj("Lilith").zone == "visible"
    assert eng.obj("Shang Chi").exhausted
