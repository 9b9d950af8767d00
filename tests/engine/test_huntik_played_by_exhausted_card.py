"""The card_played event's ``exhausted_card``: the card an exhaust cost of the play exhausted (Huntik 701.2:
"Only a ready hero or obstacle can use an exhaust action power, and doing so exhausts it"; 701.4a: "You exhaust
Dante Vale to play the exhaust action card Hyperstride"). Dante Vale's "Whenever I play a Hyperstride card, ready
me" -- "I" is the card itself, as in "I come into play exhausted" -- reads it: he readies when he is the hero
exhausted to play it, not when another hero of his player is, and a card played with nothing exhausted (a free
action card) has none."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENE = """\
game: huntik
CARDS
state:
  active: A
  A:
    zone1: [Dante Vale, Lok Lambert, {card: Zhalia Moon, exhausted: true}]
    hand: [Hyperstride, Shadowspeed]
actions:
ACTIONS
"""

# a hero of the test's own: any card's filter may read the attribute
SEEKER = """cards:
  - name: Test Seeker
    type: minor hero
    traits: [Good, Seeker]
    stats: {atk: 1, def: 1}
    text: "Whenever I play an action card, draw a card."
    abilities:
      - kind: trigger
        on: {event: card_played, filter: "event.exhausted_card == this"}
        steps:
          - {draw: 1}
"""


def _replay(tmp_path, actions: str, cards: str = ""):
    path = tmp_path / "probe.ruling.yaml"
    path.write_text(SCENE.replace("CARDS", cards).replace("ACTIONS", actions), encoding="utf-8")
    out = replay(load_fixture(path))
    assert out.error is None, out.error
    return out.engine


def _played(eng) -> list[dict]:
    return [e for e in eng.events if e["event"] == "card_played"]


def _dante_triggered(eng) -> int:
    return len([e for e in eng.events if e["event"] == "triggered" and e.get("source") == "Dante Vale"])


def test_dante_exhausted_to_play_it_readies(tmp_path):
    eng = _replay(tmp_path, "  - {player: A, play: Hyperstride, exhaust: Dante Vale}\n  - {pass: all}")
    assert [e["exhausted_card"] for e in _played(eng)] == ["Dante Vale"]
    assert _dante_triggered(eng) == 1
    assert not eng.obj("Dante Vale").exhausted


def test_another_hero_exhausted_to_play_it_does_not_ready_dante(tmp_path):
    # must not apply: Lok played it, not Dante, though Dante's player did
    actions = ("  - {player: A, play: Shadowspeed, targets: [Zhalia Moon]}\n  - {pass: all}\n"
               "  - {player: A, effect: {exhaust: Dante Vale}}\n"
               "  - {player: A, play: Hyperstride, exhaust: Lok Lambert}\n  - {pass: all}")
    eng = _replay(tmp_path, actions)
    assert [e["exhausted_card"] for e in _played(eng)] == [None, "Lok Lambert"]
    assert _dante_triggered(eng) == 0
    assert eng.obj("Dante Vale").exhausted and eng.obj("Lok Lambert").exhausted


def test_any_cards_filter_reads_it(tmp_path):
    scene = SCENE.replace("Lok Lambert,", "Test Seeker,").replace("hand: [", "deck: [Suit Grunt]\n    hand: [")
    path = tmp_path / "probe.ruling.yaml"
    played = "  - {player: A, play: Hyperstride, exhaust: WHO}\n  - {pass: all}"
    for who, drawn in (("Test Seeker", 1), ("Dante Vale", 0)):
        path.write_text(scene.replace("CARDS", SEEKER).replace("ACTIONS", played.replace("WHO", who)),
                        encoding="utf-8")
        out = replay(load_fixture(path))
        assert out.error is None, out.error
        assert len([e for e in out.engine.events if e["event"] == "triggered"
                    and e.get("source") == "Test Seeker"]) == drawn
