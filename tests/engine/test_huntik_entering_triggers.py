"""Huntik 705.1b before 705.1d (entering.py, counters.py, core hook entering_play): the 'come into play
exhausted / with counters' modifiers -- other cards' (Training Grounds, Quagmire) and a card's own when an
effect puts it into play -- are processed as the card enters, so the powers that trigger on its entering
play, which look at the state just after the event (702.4), see it exhausted and with its counters.
Where it must not apply: a hero moved between zones (not entering play), an enemy of Training Grounds, a
friend of Quagmire. Switched off: 705.1b (no such modifier processed) and 702.4 (the trigger looks before)."""
from __future__ import annotations

import textwrap

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

# illustrative watchers: what they read is the point (the DEF with counters, being ready)
CARDS = """
cards:
  - name: Strong Watch
    type: minor hero
    traits: [Good]
    stats: {atk: 1, def: 1}
    text: Whenever a hero with 3 or more DEF enters play, draw a card.
    abilities:
      - kind: trigger
        on: {event: enters_play, filter: "event.new.is_hero and event.new.def >= 3"}
        steps: [{draw: 1}]
  - name: Ready Watch
    type: minor hero
    traits: [Good]
    stats: {atk: 1, def: 1}
    text: Whenever a ready hero enters play, draw a card.
    abilities:
      - kind: trigger
        on: {event: enters_play, filter: "event.new.is_hero and not event.new.exhausted"}
        steps: [{draw: 1}]
"""


def _run(tmp_path, state: str, actions: str, ablate=()):
    text = "game: huntik\n" + CARDS + "state:\n  active: A\n  lead: A\n  round: 2\n" + \
        textwrap.indent(textwrap.dedent(state), "  ") + "actions:\n" + textwrap.indent(textwrap.dedent(actions), "  ")
    f = tmp_path / "s.yaml"
    f.write_text(text)
    out = replay(load_fixture(f), set(ablate), lenient=bool(ablate))
    assert out.error is None, out.error
    return out.engine


def _draws(eng, watcher):
    return sum(1 for e in eng.events if e["event"] == "triggered" and e.get("source") == watcher)


GROUNDS = """\
A:
  features: [Training Grounds]
  zone1: [Strong Watch]
  hand: [Suit Grunt, Seeker Recruit]
  deck: [Avoidance, Iron Will, Shadowspeed]
B:
  zone1: [Lok Lambert]
"""
PLAY_BOTH = """\
- {player: A, play: Suit Grunt}
- {pass: all}
- {player: A, play: Seeker Recruit}
- {pass: all}
"""


def test_the_trigger_reads_the_counter_another_card_gives(tmp_path):
    eng = _run(tmp_path, GROUNDS, PLAY_BOTH)
    assert eng.obj_attr(eng.obj("Suit Grunt"), "def") == 3  # 2 + the counter: triggers
    assert eng.obj_attr(eng.obj("Seeker Recruit"), "def") == 2  # 1 + the counter: too low
    assert _draws(eng, "Strong Watch") == 1


def test_switched_off_no_counter_and_no_draw(tmp_path):
    eng = _run(tmp_path, GROUNDS, PLAY_BOTH, ablate=["huntik:705.1b"])
    assert eng.obj("Suit Grunt").counters == {} and _draws(eng, "Strong Watch") == 0


def test_702_4_off_the_trigger_looks_before_the_card_entered(tmp_path):
    eng = _run(tmp_path, GROUNDS, PLAY_BOTH, ablate=["huntik:702.4"])
    assert eng.obj("Suit Grunt").counters == {"+1 DEF": 1} and _draws(eng, "Strong Watch") == 0


def test_an_enemy_of_training_grounds_gets_no_counter(tmp_path):
    state = """\
    A:
      features: [Training Grounds]
      zone1: [Strong Watch]
    B:
      zone1: [Lok Lambert]
      hand: [Suit Grunt]
      deck: [Avoidance]
    """
    eng = _run(tmp_path, state, "- {player: A, pass_turn: true}\n- {player: B, play: Suit Grunt}\n- {pass: all}\n")
    assert eng.obj("Suit Grunt").counters == {} and _draws(eng, "Strong Watch") == 0


def test_a_hero_moved_between_zones_does_not_enter_play(tmp_path):
    state = """\
    A:
      features: [Training Grounds]
      zone1: [Strong Watch, Zhalia Moon]
      deck: [Avoidance]
    B:
      zone1: [Lok Lambert]
    """
    eng = _run(tmp_path, state, "- {player: A, effect: [{move: Zhalia Moon, to: zone2}]}\n")
    assert eng.obj("Zhalia Moon").counters == {} and _draws(eng, "Strong Watch") == 0


QUAG = """\
A:
  zone1: [Ready Watch]
  hand: [Suit Grunt]
  deck: [Avoidance, Iron Will]
B:
  features: [Quagmire]
  zone1: [Lok Lambert]
  hand: [Seeker Recruit]
"""
BOTH_SIDES = """\
- {player: A, play: Suit Grunt}
- {pass: all}
- {player: A, pass_turn: true}
- {player: B, play: Seeker Recruit}
- {pass: all}
"""


def test_the_trigger_sees_the_exhaustion_another_card_gives(tmp_path):
    eng = _run(tmp_path, QUAG, BOTH_SIDES)
    assert eng.obj("Suit Grunt").exhausted and not eng.obj("Seeker Recruit").exhausted
    # only the Recruit (Quagmire's friend) entered ready: one draw
    assert _draws(eng, "Ready Watch") == 1 and len(eng.zone_objs("A", "hand")) == 1


def test_switched_off_the_enemy_hero_enters_ready_and_triggers(tmp_path):
    eng = _run(tmp_path, QUAG, BOTH_SIDES, ablate=["huntik:705.1b"])
    assert not eng.obj("Suit Grunt").exhausted and _draws(eng, "Ready Watch") == 2


def test_own_modifiers_of_a_card_an_effect_puts_into_play_are_seen(tmp_path):
    state = """\
    A:
      zone1: [Ready Watch, Strong Watch]
      discard: [Armored Recruit, "Storm Gladiator, Wind and Metal"]
      deck: [Avoidance, Iron Will]
    B:
      zone1: [Lok Lambert]
    """
    # Armored Recruit (1 DEF, enters exhausted with a +1 DEF counter); Storm Gladiator (3 DEF, exhausted)
    eng = _run(tmp_path, state, "- {player: A, effect: [{move: Armored Recruit, to: zone2}]}\n"
                                "- {player: A, effect: [{move: \"Storm Gladiator, Wind and Metal\", to: zone2}]}\n")
    assert eng.obj("Armored Recruit").exhausted and eng.obj("Armored Recruit").counters == {"+1 DEF": 1}
    assert _draws(eng, "Ready Watch") == 0  # neither entered ready
    assert _draws(eng, "Strong Watch") == 1  # the Gladiator's 3 DEF; the Recruit has 2


def test_a_played_cards_own_counter_is_read_by_the_trigger(tmp_path):
    state = """\
    A:
      features: [Training Grounds]
      zone1: [Strong Watch]
      hand: [Armored Recruit]
      deck: [Avoidance]
    B:
      zone1: [Lok Lambert]
    """
    eng = _run(tmp_path, state, "- {player: A, play: Armored Recruit}\n- {pass: all}\n")
    # 1 DEF + its own counter + Training Grounds' counter
    assert eng.obj_attr(eng.obj("Armored Recruit"), "def") == 3 and _draws(eng, "Strong Watch") == 1
