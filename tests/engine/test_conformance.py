"""Every registered game: the module loads, its rule bindings are well formed, its cards parse,
and each of its fixtures replays and passes."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.engine.game import get_game, known_games
from judge.engine.rules import CORE_MECHANICS
from judge.scenarios.loader import card_pool, default_corpus, find_fixtures, load_fixture
from judge.scenarios.replay import replay

RULINGS = Path(__file__).resolve().parent.parent.parent / "rulings"


@pytest.mark.parametrize("game_id", known_games())
def test_game_module_loads_and_binds_own_ids(game_id):
    game = get_game(game_id)
    assert game.id == game_id
    assert game.play_zones and set(game.play_zones) <= set(game.zones)
    for mech in game.registry.mechanics.values():
        assert mech.ids and all(i.startswith(game_id + ":") for i in mech.ids)
        assert mech.does and mech.off
        assert mech.key in CORE_MECHANICS or mech.does != CORE_MECHANICS.get(mech.key, ("",))[0]


@pytest.mark.parametrize("game_id", known_games())
def test_cards_parse(game_id):
    pool = card_pool(game_id, str(default_corpus()))
    for slug, versions in pool.versions.items():
        assert "printed" in versions
        for card in versions.values():
            assert card.name and card.type


@pytest.mark.parametrize("game_id", known_games())
def test_every_duration_a_card_names_ends_in_its_game(game_id):
    """A created effect lasting a period the game never ends (a Warhammer 'battle', a misspelt 'trun')
    would last the whole game: every card's `duration:` is one of the game's durations."""
    from judge.scenarios.schema import durations_in

    game = get_game(game_id)
    pool = card_pool(game_id, str(default_corpus()))
    bad = [(card.name, value) for versions in pool.versions.values() for card in versions.values()
           for ab in card.abilities for _node, value in durations_in(ab.data) if value not in game.durations]
    assert not bad, bad


@pytest.mark.parametrize("game_id", known_games())
def test_fixtures_replay(game_id):
    files = find_fixtures([RULINGS], game_id) if (RULINGS / game_id).exists() else []
    for path in files:
        out = replay(load_fixture(path, known_ids=None))
        assert out.status == "passed", f"{path}: {out.error or out.problems}"


def test_unknown_game_lists_known_ids():
    from judge.errors import UnknownGameError

    with pytest.raises(UnknownGameError) as info:
        get_game("nope")
    assert "huntik" in str(info.value)
