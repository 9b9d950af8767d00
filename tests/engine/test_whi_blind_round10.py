"""Warhammer: Invasion, blind round 10: a tactic PLAYED by another card's effect ('Play a tactic card from
an opponent's discard pile without paying its cost', Slaanesh's Domination) is the card being played, so
the effects it creates are its own (playing._resolve_tactic binds ``this`` to it): a player ordering two
such 'at the end of the turn' effects names the tactics. A COPIED effect ('Copy the effect of a tactic
card', Twin Tailed Comet) is not the tactic being played: it stays the copying card's."""
from __future__ import annotations

from tests.engine.test_whi_zone_entry import _events, _run

_PLAYED = """
state:
  active: A
  phase: capital
  A:
    battlefield: [Savage Marauders]
    hand: ["%(card)s"]
    resources: 2
  B:
    discard: [Bathe in Blood]
actions:
  - {player: A, play: "%(card)s", targets: [Bathe in Blood], choose: [Savage Marauders]}
  - {pass: all}
  - {player: A, end: turn}
"""


def _trigger_sources(eng):
    return [e.get("source") for e in _events(eng, "triggered")]


def test_tactic_played_by_an_effect_is_the_source_of_its_own_effects(tmp_path):
    eng = _run(tmp_path, _PLAYED % {"card": "Slaanesh's Domination"})
    assert "Bathe in Blood" in _trigger_sources(eng)
    assert "Slaanesh's Domination" not in _trigger_sources(eng)
    assert eng.obj("Savage Marauders").zone == "discard"  # its player (A) sacrifices his own unit


def test_copied_effect_stays_the_copying_cards(tmp_path):
    eng = _run(tmp_path, _PLAYED % {"card": "Twin Tailed Comet"})
    assert "Twin Tailed Comet" in _trigger_sources(eng)
    assert "Bathe in Blood" not in _trigger_sources(eng)
