"""'Starfighters can't attack this unit' (blind round 51, Star Wars): the keyword "can't be attacked by <kind>"
bars an attacker of that kind (a trait or type, singular or plural) from attacking the unit -- the declaration
and Intercept's shift alike (keyword:intercept: 'the defending unit won't change') -- and no other attacker."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.scenes import variant

#: a scene only the card's text decides (no rule's ablation changes it: it would be unbroken under rulings/)
FRIGATE = Path(__file__).parent / "data" / "card-text" / "sw-picket-frigate-starfighters-cannot-attack-it-intercept-paid-defender-stays.yaml"


def test_the_intercept_is_paid_and_the_defender_stays():
    out = replay(load_fixture(FRIGATE))
    assert out.error is None and out.passed, out.problems or out.error


def test_a_starfighter_cannot_be_declared_against_it(tmp_path):
    scene = variant(tmp_path, FRIGATE, [("  - {player: dark, choose: [intercept Imperial Picket Frigate]}\n", ""),
                                        ("attack: Rebel X-wing, to: TIE Fighter}", "attack: Rebel X-wing, to: Imperial Picket Frigate, try: true}")],
                    expect="  - {event: action_rejected, player: light, refused_by_text: Imperial Picket Frigate, count: 1}\n"
                           "  - {card: Rebel X-wing, exhausted: false}\n")
    out = replay(load_fixture(scene))
    assert out.error is None and out.passed, out.problems or out.error


def test_an_attacker_of_another_kind_may_attack_it(tmp_path):
    """The same unit without the Starfighter trait (a Capital Ship) attacks the Frigate."""
    scene = variant(tmp_path, FRIGATE, [("  - {player: dark, choose: [intercept Imperial Picket Frigate]}\n", ""),
                                        ("attack: Rebel X-wing, to: TIE Fighter}", "attack: Rebel X-wing, to: Imperial Picket Frigate}"),
                                        ("cards:\n", "cards:\n  - name: Rebel X-wing\n    type: space\n    faction: light\n"
                                                     "    traits: [Capital Ship]\n    stats: {speed: 50, power: 2, health: 3}\n"
                                                     "    illustrative: true\n    text: \"\"\n")],
                    expect="  - {card: Imperial Picket Frigate, damage: 2}\n")
    out = replay(load_fixture(scene))
    assert out.error is None and out.passed, out.problems or out.error
