"""Star Wars: an ability used before an attack takes effect before the attack, whether or not the script
passes in between (Game.resolve_chain_before_game_actions): the attack is a game action that moves the
game on, as if the players had passed. Hatalom, whose game actions answer a spell on the chain, keeps them
while the chain waits."""
from __future__ import annotations

from pathlib import Path

from judge.engine.game import get_game
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENE = """\
game: star-wars-tcg
state:
  active: light
  phase: battle
  dice: [6, 6, 6, 6]
  dark:
    ground: [Imperial Stun Squad]
  light:
    ground: [Rebel Trooper Squad]
    force: 1
actions:
  - {player: light, use: Rebel Trooper Squad, ability: boost}
%s  - {player: light, attack: Rebel Trooper Squad, to: Imperial Stun Squad}
"""


def _damage(tmp_path, passed: bool) -> int:
    f = Path(tmp_path) / "scene.yaml"
    f.write_text(SCENE % ("  - {pass: all}\n" if passed else ""))
    out = replay(load_fixture(f))
    assert out.error is None, out.error
    return out.engine.obj("Imperial Stun Squad").damage


def test_the_boost_counts_in_the_attack_with_or_without_a_pass(tmp_path):
    with_pass = _damage(tmp_path, passed=True)
    assert with_pass == 3  # power 2 + 1: three dice, each a hit
    assert _damage(tmp_path, passed=False) == with_pass


def test_only_games_that_say_so_resolve_the_chain_before_a_game_action():
    assert get_game("star-wars-tcg").resolve_chain_before_game_actions
    assert not get_game("hatalom-kartyai").resolve_chain_before_game_actions
