"""Card scripts (judge/engine/GUIDE.md "Card scripts"): each serves the one card it names, and a game keeps
them to at most 5% of its cards."""
from __future__ import annotations

import importlib

import pytest

from judge.engine.game import known_games
from judge.paths import repo_root
from judge.scenarios.loader import card_pool


def _uses(value, names: set[str]) -> set[str]:
    """The script names a card's data uses (as step verbs or in expressions)."""
    if isinstance(value, dict):
        return set().union(*[_uses(v, names) for v in value.values()], {k for k in value if k in names})
    if isinstance(value, list):
        return set().union(set(), *[_uses(v, names) for v in value])
    if isinstance(value, str):
        return {n for n in names if f"{n}(" in value or value == n}
    return set()


def _scripts(game: str) -> dict[str, tuple[str, ...]]:
    try:
        mod = importlib.import_module(f"judge.games.{game.replace('-', '_')}.card_scripts")
    except ModuleNotFoundError:
        return {}
    return mod.SCRIPTS


@pytest.mark.parametrize("game", known_games())
def test_card_scripts_serve_their_card_only_and_stay_few(game):
    scripts = _scripts(game)
    if not scripts:
        return
    pool = card_pool(game, str(repo_root() / "rules_corpus"))
    names = {n for ns in scripts.values() for n in ns}
    users: dict[str, set[str]] = {n: set() for n in names}
    for slug, versions in pool.versions.items():
        for card in versions.values():
            for used in _uses(list(card.keywords), names):  # a script may be a keyword the card has
                users[used].add(card.name)
            for ab in card.abilities:
                for used in _uses(ab.data, names):
                    users[used].add(card.name)
    for card, own in scripts.items():
        for name in own:
            assert users[name] == {card}, f"card script {name} must serve {card} alone, used by {sorted(users[name])}"
    assert len(scripts) <= 0.05 * len(pool.versions), f"{len(scripts)} card scripts for {len(pool.versions)} cards"
