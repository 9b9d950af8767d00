"""enters_with_modifiers off (Huntik 705.1b, 705.1a): 'the card enters play in its default state and is
modified afterwards' -- exhausted AND given its counters after it entered (both were its own 'come into
play exhausted and with a +1 DEF counter'); before, switched off, the counters were lost."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

FIXTURE = Path(__file__).resolve().parents[2] / "rulings/huntik/entering/armored-recruit-enters-exhausted-with-counter-after-stoneward.ruling.yaml"


def _events(out):
    return [(e["event"], e.get("card")) for st in out.engine.trace for e in st.events]


def test_on_the_card_enters_with_them():
    out = replay(load_fixture(FIXTURE))
    assert out.passed
    assert ("counter_added", "Armored Recruit") not in _events(out)  # part of entering, no later change


def test_off_the_card_gets_them_after_it_entered():
    out = replay(load_fixture(FIXTURE), {"huntik:705.1b"}, lenient=True)
    rec = out.engine.obj("Armored Recruit")
    assert rec.exhausted and rec.counters.get("+1 DEF") == 1
    events = _events(out)
    assert events.index(("enters_play", "Armored Recruit")) < events.index(("counter_added", "Armored Recruit"))
