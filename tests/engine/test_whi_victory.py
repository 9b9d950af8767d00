"""Warhammer: Invasion, winning by burning capital sections (capital.victory, capital.sections_to_burn):
2 burning sections of the opponent's capital win; after a legend whose first line reads "you must burn 3
zones instead of 2 in order to win for the rest of the game" entered play under a player's control, he
needs all 3, even once that legend has left play (keyword:for-the-rest-of-the-game, mechanic
burn_three_rest_of_game; off: only while such a legend of his is in play). Only the player who played the
legend is affected: his opponent still wins with 2."""
from __future__ import annotations

from judge.games.warhammer_invasion import capital
from tests.engine.test_whi_terms import make, rid

OFF = [rid("keyword:for-the-rest-of-the-game")]


def _burn(eng, player: str, *zones: str) -> None:
    for z in zones:
        eng.obj(f"{player} capital {z}").flags.add("burning")


def _won(eng):
    return [e for e in eng.events if e.get("event") == "game_won"]


def test_two_burning_sections_win():
    eng = make()
    _burn(eng, "B", "kingdom", "quest")
    assert capital.victory(eng)
    assert eng.state.vars["game_over"] == "A" and _won(eng)[0]["player"] == "A"
    assert not capital.victory(eng)  # once over, nobody wins again
    assert len(_won(eng)) == 1


def test_one_burning_section_no_win():
    eng = make()
    _burn(eng, "B", "kingdom")
    assert not capital.victory(eng) and not _won(eng)


def test_legend_in_play_needs_three():
    eng = make(A={"legend": [("Wurrzag", "Wurrzag")]})
    eng.state.player_data["A"][capital.BURN_ALL_THREE] = 1
    _burn(eng, "B", "kingdom", "quest")
    assert capital.sections_to_burn(eng, "A") == 3 and not capital.victory(eng)
    _burn(eng, "B", "battlefield")
    assert capital.victory(eng) and eng.state.vars["game_over"] == "A"


def test_legend_left_play_still_needs_three():
    eng = make()  # the counter is written, the legend is gone
    eng.state.player_data["A"][capital.BURN_ALL_THREE] = 1
    _burn(eng, "B", "kingdom", "quest")
    assert capital.sections_to_burn(eng, "A") == 3 and not capital.victory(eng)


def test_off_legend_left_play_two_win_again():
    eng = make(OFF)
    eng.state.player_data["A"][capital.BURN_ALL_THREE] = 1
    _burn(eng, "B", "kingdom", "quest")
    assert capital.sections_to_burn(eng, "A") == 2 and capital.victory(eng)


def test_off_legend_still_in_play_needs_three():
    eng = make(OFF, A={"legend": [("Wurrzag", "Wurrzag")]})
    eng.state.player_data["A"][capital.BURN_ALL_THREE] = 1
    _burn(eng, "B", "kingdom", "quest")
    assert capital.sections_to_burn(eng, "A") == 3 and not capital.victory(eng)


def test_opponent_of_legend_player_still_wins_with_two():
    eng = make(A={"legend": [("Wurrzag", "Wurrzag")]})
    eng.state.player_data["A"][capital.BURN_ALL_THREE] = 1
    _burn(eng, "A", "kingdom", "quest")
    assert capital.victory(eng) and eng.state.vars["game_over"] == "B"


def test_wurrzag_entering_play_writes_the_counter():
    eng = make(A={"hand": [("Wurrzag", "Wurrzag")], "resources": 5})
    eng.play("A", "Wurrzag", {})
    eng.pass_priority("all")
    assert eng.obj("Wurrzag").zone == "legend"
    assert eng.state.player_data["A"].get(capital.BURN_ALL_THREE) == 1
