"""Vs. System card sentences modelled for the card-text accounting (issue 13 item 5): Professor X's
'Target opponent discards a card' (discard_card with player:), Valeria Richards' draw power, Dracula,
Lord of the Damned's boost, Mephisto's granted 'opponents cannot win' -- and where they must not apply."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError

from .test_vs_system import act, events, make


def test_professor_x_makes_the_opponent_discard_in_combat():
    eng = make(A_visible=["Professor X"], A_hand=["Lilith"], B_hand=["Henchman"])
    eng.state.vars["phase"] = "combat"
    eng.use("A", "Professor X", {"ability": "mind probe"})
    eng.resolve_chain()
    assert eng.obj("Henchman").zone == "kod"          # the opponent discards
    assert eng.obj("Lilith").zone == "hand"           # not the power's controller
    assert eng.state.player_data["A"]["endurance"] == 19
    assert [e["player"] for e in events(eng, "discarded")] == ["B"]


def test_professor_x_power_only_during_combat():
    eng = make(A_visible=["Professor X"], B_hand=["Henchman"])
    eng.state.vars["phase"] = "build"
    with pytest.raises(ReplayError):
        eng.use("A", "Professor X", {"ability": "mind probe"})
    assert eng.obj("Henchman").zone == "hand"


def test_discard_needs_a_card_in_the_discarding_players_hand():
    eng = make(A_visible=["Professor X"], A_hand=["Lilith"])
    eng.state.vars["phase"] = "combat"
    eng.use("A", "Professor X", {"ability": "mind probe"})
    eng.resolve_chain()
    assert eng.obj("Lilith").zone == "hand"           # B has nothing to discard; A's hand is not used
    assert not events(eng, "discarded")


def test_valeria_draws_with_dr_doom_and_the_doom_affiliation_only():
    eng = make(A_visible=["Valeria Richards", "Dr. Doom"], A_deck=["Henchman"])
    with pytest.raises(ReplayError):                  # Valeria has no Doom affiliation of her own
        eng.use("A", "Valeria Richards", {"ability": "draw"})
    eng.run_steps([{"modify": {"target": "Valeria Richards", "grant_traits": ["Doom"], "duration": "turn"}}],
                  {"you": "A"})
    eng.use("A", "Valeria Richards", {"ability": "draw"})
    eng.resolve_chain()
    assert eng.obj("Henchman").zone == "hand"
    assert eng.obj("Valeria Richards").exhausted


def test_valeria_draw_needs_dr_doom():
    eng = make(A_visible=["Valeria Richards"], A_deck=["Henchman"])
    eng.run_steps([{"modify": {"target": "Valeria Richards", "grant_traits": ["Doom"], "duration": "turn"}}],
                  {"you": "A"})
    with pytest.raises(ReplayError):
        eng.use("A", "Valeria Richards", {"ability": "draw"})


def test_dracula_boost_gives_two_atk_this_turn_only_when_boosted():
    name = "Dracula, Lord of the Damned"
    eng = make(A_hand=[name])
    act(eng, "recruit", what=name, **{"with": ["boost"]})
    d = eng.obj(name)
    assert eng.obj_attr(d, "atk") == 13
    assert "invulnerability" in eng.obj_attr(d, "keywords")
    act(eng, "begin", what="turn")
    assert eng.obj_attr(eng.obj(name), "atk") == 11
    plain = make(A_hand=[name])
    act(plain, "recruit", what=name)
    assert plain.obj_attr(plain.obj(name), "atk") == 11


def test_mephisto_grants_opponents_cannot_win_only_with_the_errata():
    eng = make(A_visible=["Mephisto"], B_hand=["Victory Scheme"])
    assert "opponents cannot win" in eng.obj_attr(eng.obj("Mephisto"), "keywords")
    old = make(versions={"Mephisto": "printed"}, A_visible=["Mephisto"])
    kws = old.obj_attr(old.obj("Mephisto"), "keywords")
    assert "you cannot lose the game" in kws and "opponents cannot win" not in kws


# -- Vs. System has no discard pile (GameModule.discard_zone = "kod") -----------------------------

def test_negated_plot_twist_goes_to_the_kod_pile():
    eng = make(A_visible=["Shang Chi"], A_hand=["Bring the Pain"], B_hand=["Negation"])
    eng.play("A", "Bring the Pain", {"targets": ["Shang Chi"]})
    eng.play("B", "Negation", {"targets": ["Bring the Pain"]})
    eng.resolve_chain()
    assert eng.obj("Bring the Pain").zone == "kod"
    assert eng.obj("Negation").zone == "kod"
    assert not eng.state.zones.get("A.discard")


def test_equipment_whose_character_left_play_goes_to_the_kod_pile():
    eng = make(A_visible=["Henchman", "Power Gauntlet@Henchman"])
    eng.run_steps([{"ko": "Henchman"}], {"you": "A"})
    eng.settle()
    assert eng.obj("Power Gauntlet").zone == "kod"
