"""Star Wars triggered-abilities-3: 'Once it's in the pool, it's certain to take effect, even if one or
more of its conditions stop being true.' One such condition is that the card still has the power: a power
a Pilot gave the unit, waiting in the pool when the Pilot is discarded, still takes effect; with the rule
switched off it does nothing (logged effect_cancelled, reason power_lost)."""
from __future__ import annotations

from judge.engine.rules import rule_id
from judge.paths import repo_root
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENE = repo_root() / "rulings/star-wars-tcg/blind39/blind39-pilot-given-trigger-resolves-after-marshal-discards-pilot.ruling.yaml"
RULE = rule_id("star-wars-tcg", "ruling:triggered-abilities-3")


def _cancelled(out):
    return [e for st in out.engine.trace for e in st.events
            if e.get("event") == "effect_cancelled" and e.get("reason") == "power_lost"]


def test_a_given_power_the_unit_lost_still_takes_effect():
    out = replay(load_fixture(SCENE))
    assert out.passed and not _cancelled(out)


def test_switched_off_the_lost_power_does_nothing():
    out = replay(load_fixture(SCENE), {RULE}, lenient=True)
    assert out.status == "failed" and len(_cancelled(out)) == 1
