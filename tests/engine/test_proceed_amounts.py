"""A replacement that lets its event happen changed (`proceed`) may work a number of the event out from it, `event`
bound ('prevent 2 of that damage': {proceed: {amount: "max(event.amount - 2, 0)"}}, blind round 50); its other
fields stay the words written ({proceed: {to: deck}})."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.scenes import variant

SHIELDS = next((Path(__file__).resolve().parents[2] / "rulings" / "star-wars-tcg" / "blind50")
               .glob("blind50-emergency-shields-*.ruling.yaml"))


def test_prevent_two_of_the_next_damage(tmp_path):
    out = replay(load_fixture(SHIELDS))
    assert out.error is None and out.passed, out.problems or out.error


def test_the_amount_left_after_prevention_is_dealt_and_stuns(tmp_path):
    """The volley's parts swapped (2, then 1): the shields take 2 of the first part's 2 (nothing dealt, no Stun)
    and the 1 of the second is dealt and stuns: damage 1, power 1."""
    scene = variant(tmp_path, SHIELDS, [("          - {damage: victim, amount: 1}\n          - {damage: victim, amount: 2}",
                                         "          - {damage: victim, amount: 2}\n          - {damage: victim, amount: 1}")],
                    expect="  - {card: Rebel Defense Squad, damage: 1, power: 1}\n")
    out = replay(load_fixture(scene))
    assert out.error is None and out.passed, out.problems or out.error


def test_less_is_prevented_than_the_damage(tmp_path):
    """Prevent 1 of the next damage, the first part dealing 2: 1 of it is dealt, then the second part's 2 (3 in
    all, the Squad's health is 4)."""
    scene = variant(tmp_path, SHIELDS, [('"max(event.amount - 2, 0)"', '"max(event.amount - 1, 0)"'),
                                        ("          - {damage: victim, amount: 1}\n", "          - {damage: victim, amount: 2}\n")],
                    expect="  - {card: Rebel Defense Squad, damage: 3}\n")
    out = replay(load_fixture(scene))
    assert out.error is None and out.passed, out.problems or out.error
