"""8.9.6's second clause (mechanic location_search_draw_phase): the location search, made in the
preparation phase, counts as a search made in the draw phase for the effects about searching."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from .test_hatalom import act, make, rid

KEY = "location_search_draw_phase"
DRAW_WATCHER, PREP_WATCHER = "Próba kémhálózat építmény", "Próba hajnali őrszem építmény"


def _without(eng, key):
    """Switch off one mechanic of an id that binds several (ablation works by id: switching off
    8.9.6 would refuse the search itself)."""
    eng._off.add(key)
    eng._on_map = {**eng._on_map, key: False}
    return eng


def _events(eng, kind):
    return [e for step in eng.trace for e in step.events if e.get("event") == kind]


def _fired(eng):
    return {e["source"] for e in _events(eng, "triggered")}


def _search(eng):
    act(eng, "A", "search_location", "Próba helyszín")
    return eng.player_attr("B", "vp")


def _eng(ablate=(), **b):
    return make(ablate, phase="preparation", A={"deck": ["Próba helyszín"], "vp": 3},
                B={"table": [DRAW_WATCHER, PREP_WATCHER], "vp": 0, **b})


def test_counts_as_a_draw_phase_search():
    eng = _eng()
    assert _search(eng) == 1
    assert [e["phase"] for e in _events(eng, "deck_searched")] == ["draw"]
    assert _fired(eng) == {DRAW_WATCHER}


def test_switched_off_it_is_a_preparation_phase_search():
    eng = _without(_eng(), KEY)
    assert _search(eng) == 1
    assert [e["phase"] for e in _events(eng, "deck_searched")] == ["preparation"]
    assert _fired(eng) == {PREP_WATCHER}


def test_own_search_does_not_trigger_the_opponents_watchers_only():
    # the watchers are the searching player's own: "az ellenfeled" -- they do not trigger (the rule
    # changes the phase of the search, not who searched)
    eng = make(phase="preparation", A={"deck": ["Próba helyszín"], "table": [DRAW_WATCHER, PREP_WATCHER], "vp": 3})
    act(eng, "A", "search_location", "Próba helyszín")
    assert eng.player_attr("A", "vp") == 1  # 3 - 2, nothing gained
    assert [e["phase"] for e in _events(eng, "deck_searched")] == ["draw"]
    assert not _fired(eng)


def test_a_refused_search_is_no_search():
    # not a location: refused, so no search happened in any phase and no watcher triggers
    eng = make(phase="preparation", A={"deck": ["Próba szörny 2/3"], "vp": 3},
               B={"table": [DRAW_WATCHER, PREP_WATCHER], "vp": 0})
    with pytest.raises(ReplayError):
        act(eng, "A", "search_location", "Próba szörny 2/3")
    assert not _events(eng, "deck_searched")
    assert eng.player_attr("B", "vp") == 0


def test_with_8_9_6_off_there_is_no_location_search_at_all():
    eng = _eng((rid("8.9.6"),))
    with pytest.raises(ReplayError):
        _search(eng)
    assert eng.player_attr("B", "vp") == 0
