"""Warhammer: Invasion, 'Actions may be taken by either player' in each phase's action windows
(windows.py): the non-active player may play a tactic or trigger an Action in the kingdom, quest,
capital and battlefield phases; each phase's clarification switched off refuses his Actions in that
phase only, never the active player's, never a unit's play (not an Action), never in phase 0."""
from __future__ import annotations

import pytest

from judge.games.warhammer_invasion import windows
from tests.engine.test_whi_terms import make, rid


def _eng(phase, ablate=()):
    eng = make(ablate, active="B", A={"hand": [("Bladewind", "Bladewind"), ("Dark Zealot", "Zealot")]},
               B={"hand": [("Flames of Tzeentch", "Flames")]})
    eng.state.vars["phase"] = phase
    return eng


@pytest.mark.parametrize("phase", ["kingdom", "quest", "capital", "battlefield"])
def test_non_active_player_takes_actions_in_every_phase(phase):
    eng = _eng(phase)
    assert windows.non_active_action(eng, "A", eng.obj("Bladewind")) is None
    assert rid(f"clarification:{phase}-phase") in eng.step.rules


@pytest.mark.parametrize("phase", ["kingdom", "quest", "capital", "battlefield"])
def test_phase_entry_off_refuses_non_active_tactic(phase):
    eng = _eng(phase, [rid(f"clarification:{phase}-phase")])
    reason = windows.non_active_action(eng, "A", eng.obj("Bladewind"))
    assert reason and phase in reason


def test_one_phase_off_leaves_the_others():
    eng = _eng("capital", [rid("clarification:kingdom-phase")])
    assert windows.non_active_action(eng, "A", eng.obj("Bladewind")) is None


def test_active_player_never_refused():
    eng = _eng("quest", [rid("clarification:quest-phase")])
    assert windows.non_active_action(eng, "B", eng.obj("Flames")) is None
    assert rid("clarification:quest-phase") not in eng.step.rules


def test_unit_play_is_not_an_action():
    eng = _eng("kingdom", [rid("clarification:kingdom-phase")])
    assert windows.non_active_action(eng, "A", eng.obj("Zealot")) is None


def test_phase_zero_has_its_own_window():
    eng = _eng("beginning", [rid(f"clarification:{p}-phase") for p in ("kingdom", "quest", "capital", "battlefield")])
    assert windows.non_active_action(eng, "A", eng.obj("Bladewind")) is None


def test_play_refused_through_can_play_when_off():
    eng = _eng("kingdom", [rid("clarification:kingdom-phase")])
    eng.state.player_data["A"]["resources"] = 1
    assert "kingdom phase" in (eng.hooks.can_play(eng, "A", eng.obj("Bladewind"), {}) or "")
