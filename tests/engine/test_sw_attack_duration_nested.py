"""Star Wars periods nest (phases.expire_through): an effect 'for this attack' made outside an attack ends at
the latest with the battle phase, and with the turn; 'until end of battle' with the turn. The documents say
nothing of such an effect (review 43L #8: it never ended); an attack's own end still ends it first, and a
longer effect is not cut short by the end of a shorter period."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.scenes import replay_text

SCENE = Path(__file__).parent / "data" / "sw-attack-duration-outside-an-attack.yaml"


def _replay(tmp_path, text: str):
    return replay_text(tmp_path, text)


def test_attack_bonus_made_outside_an_attack_ends_with_the_battle():
    out = replay(load_fixture(SCENE))
    assert out.passed, (out.problems, out.error)


def test_attack_bonus_ends_with_the_turn_when_no_battle_ends(tmp_path):
    text = SCENE.read_text(encoding="utf-8").replace("  - {end: battle}\n", "  - {begin: turn}\n")
    out = _replay(tmp_path, text)
    assert out.passed, (out.problems, out.error)


def test_a_turn_bonus_outlives_the_end_of_the_battle(tmp_path):
    """The rule must not apply to a longer period: 'this turn' lasts past the battle phase, ends with the turn."""
    text = SCENE.read_text(encoding="utf-8").replace("duration: attack", "duration: turn")
    text = text.replace("  - {end: battle}\n  - check:\n      - {card: Rebel Shield Squad, power: 1}\n",
                        "  - {end: battle}\n  - check:\n      - {card: Rebel Shield Squad, power: 3}\n")
    assert "power: 3}\n  - {begin: turn}" in text
    out = _replay(tmp_path, text)
    assert out.passed, (out.problems, out.error)
