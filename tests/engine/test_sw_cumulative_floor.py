"""Star Wars: 'Effects are cumulative' (ruling:abilities-2): the modifiers on a number add up to one net
change and the floor at zero applies once, to the net -- modifiers with a duration ('until end of battle':
Stun, a boost) too -- so the order the same effects came in does not change the result (core
floor_on_net with the game's floor_net_all)."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENE = """\
game: star-wars-tcg
state:
  active: dark
  phase: battle
  dice: [4, 1, 4, 1, 6]
  dark:
    ground: [Imperial Stun Squad, Imperial Stun Squad]
  light:
    ground: [Rebel Trooper Squad]
    force: 1
actions:
%s
"""
STUNS = ('  - {player: dark, attack: "Imperial Stun Squad#1", to: Rebel Trooper Squad}\n'
         '  - {player: dark, attack: "Imperial Stun Squad#2", to: Rebel Trooper Squad}\n')
BOOST = "  - {player: light, use: Rebel Trooper Squad, ability: boost}\n  - {pass: all}\n"
RULE = "star-wars-tcg:ruling:abilities-2"


def _power(tmp_path, actions: str, ablate=()) -> int:
    f = Path(tmp_path) / "scene.yaml"
    f.write_text(SCENE % actions.rstrip("\n"))
    out = replay(load_fixture(f), set(ablate))
    assert out.error is None, out.error
    eng = out.engine
    return eng.obj_attr(eng.obj("Rebel Trooper Squad"), "power")


def test_two_stuns_then_a_boost_net_to_zero_in_either_order(tmp_path):
    assert _power(tmp_path, STUNS + BOOST) == 0  # 2 - 2 - 2 + 1, floored once
    assert _power(tmp_path, BOOST + STUNS) == 0


def test_rule_off_the_boost_gives_power(tmp_path):
    """Switched off, the rule's whole clause goes: each modifier is floored in turn (2-2=0, 0-2 stays 0,
    +1) and two Stuns no longer add up (bonuses_cumulative): either way the unit has power 1."""
    assert _power(tmp_path, STUNS + BOOST, ablate={RULE}) == 1


def test_a_net_above_zero_is_not_floored(tmp_path):
    """One Stun and the boost: 2 - 2 + 1 = 1, no floor applies."""
    one_stun = '  - {player: dark, attack: "Imperial Stun Squad#1", to: Rebel Trooper Squad}\n'
    assert _power(tmp_path, one_stun + BOOST) == 1
