"""A rule that blanks a text box (Huntik 700.3 'loses its powers', Warhammer's 'a development has no text
box', Feared) is recorded in the trace only where a power of that text would have applied -- its
modifier reaching a card, its trigger or replacement fitting an event -- not wherever the engine looks
at the blank card (issue 13 item 6; judge/engine/blanking.py ``blank_rules``)."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

ROOT = Path(__file__).resolve().parents[2]


def _steps_citing(rel: str, rule: str) -> list[str]:
    out = replay(load_fixture(ROOT / rel))
    assert out.passed
    return [st.action if isinstance(st.action, str) else repr(st.action)
            for st in out.engine.trace if rule in st.rules]


@pytest.mark.parametrize("rel, rule", [
    # the Recruit's only power is how it comes into play; gazed while already in play, it loses nothing
    ("rulings/huntik/powers/gazed-armored-recruit-keeps-its-counter.ruling.yaml", "huntik:700.3"),
])
def test_blank_text_that_changed_nothing_is_not_traced(rel, rule):
    assert _steps_citing(rel, rule) == []


def test_blank_development_text_that_changed_nothing_is_not_traced():
    # the attachment turned into a development is discarded at once: its text box never mattered. Its
    # rule id (clarification:developments) also carries the owner rule that discards it: the mechanic
    # that blanks the text is what must not be recorded
    out = replay(load_fixture(ROOT / "rulings/warhammer-invasion/developments/rodriks-raiders-opponents-attachment.ruling.yaml"))
    assert out.passed
    assert "development_no_text" not in out.engine.fired_mechanics and "development_owner_only" in out.engine.fired_mechanics


@pytest.mark.parametrize("rel, rule", [
    # a trigger of the blank text fits the KO event
    ("rulings/huntik/powers/blind5-gazed-squire-still-a-teammate-for-hoplite-and-draws-nothing-when-kod.ruling.yaml",
     "huntik:700.3"),
    # an always-on modifier of the blank text would reach a card
    ("rulings/huntik/powers/blind11-he-gazes-my-drummer-and-my-stoneward-bonus-stays-def-setting-stops.ruling.yaml",
     "huntik:700.3"),
    # a replacement of the blank text fits the exhaust event
    ("rulings/huntik/powers/blind17-gazed-weary-guardian-replaces-nothing-this-turn-next-turn-it-takes-the-exhaust-again.ruling.yaml",
     "huntik:700.3"),
    # Feared blanks the defender's text while the attack lasts
    ("rulings/warhammer-invasion/keywords/feared-blanks-lelansi-during-attack-her-text-back-after.ruling.yaml",
     "warhammer-invasion:keyword:feared-x"),
])
def test_blank_text_that_kept_a_power_from_applying_is_traced(rel, rule):
    assert _steps_citing(rel, rule)
