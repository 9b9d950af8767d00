"""Blind round 34's Warhammer gaps: Voice of Command returns the copy its tactic became as it resolved into the
discard pile, not a later copy (core Engine.became); a replacement's proceed takes {of: controller} (Volkmar the
Grim: 'the bottom of its controller's deck'); a card that had lost its Actions and Forced Effects (Eataine
Harbour) as it left play has none to trigger or use off its leaving (its last known keywords)."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

ROOT = Path(__file__).resolve().parents[2] / "rulings" / "warhammer-invasion"
FILES = [ROOT / "triggered" / "blind34-eataine-harbour-hexwrath-leave-action-lost.ruling.yaml",
         ROOT / "triggered" / "blind34-eataine-harbour-no-development-zone-sacrifice-has-no-forced.ruling.yaml",
         ROOT / "decks" / "blind34-voice-of-command-borrowed-bolt-is-a-new-copy.ruling.yaml",
         ROOT / "leaving" / "blind34-volkmar-stolen-unit-to-controllers-deck.ruling.yaml"]


@pytest.mark.parametrize("path", FILES, ids=[p.stem[8:50] for p in FILES])
def test_passes(path):
    out = replay(load_fixture(path))
    assert out.error is None and out.passed, out.error or out.problems


def test_became_follows_a_card_to_the_zone_and_no_further():
    eng = replay(load_fixture(FILES[2])).engine
    bolt = [o for o in eng.state.objects.values() if o.card.name == "Illustrative Fire Bolt"]
    assert len(bolt) == 1 and bolt[0].zone == "discard"
    assert eng.became(bolt[0], "discard") is bolt[0]
    assert eng.became(bolt[0], "hand") is None  # it is in the discard pile, and went nowhere since



def test_a_scenarios_own_replacement_card_may_proceed(tmp_path):
    # the scenario loader refused {proceed: ..} in an inline card's 'instead' as an unknown step
    path = tmp_path / "own.ruling.yaml"
    path.write_text("""game: warhammer-invasion
cards:
  - name: Illustrative Grim
    type: unit
    cost: 1
    stats: {power: 1, hp: 1}
    illustrative: true
    text: "If a unit would enter a discard pile from play, place it on the bottom of its controller's deck instead."
    abilities:
      - kind: replacement
        replaces: {event: zone_change, filter: "event.to == 'discard' and event.obj.in_play and event.obj != this"}
        instead:
          - {proceed: {to: deck, position: bottom, of: controller}}
state:
  active: A
  phase: capital
  A:
    battlefield: [Illustrative Grim, Rat Swarm]
actions:
  - {player: A, effect: [{destroy: Rat Swarm}]}
expect:
  - {card: Rat Swarm, zone: A.deck}
""", encoding="utf-8")
    out = replay(load_fixture(path))
    assert out.error is None and out.passed, out.error or out.problems
