"""Huntik 702.4 on a hero moved from one zone to another (core events.emit / triggers._match_triggers,
Huntik effects.event_kinds): the move enters a zone but not play, so which state a power reads follows what
it triggers off -- a power watching the hero move out of a zone (a ``zone_change`` trigger) reads the state
just before the move, one watching it move into a zone (``enters_zone``, 702.4's exception) the state just
after. Fortify Zone gives the heroes in zone 2 +1 DEF (706.5), so Lok has 4 DEF there and 3 elsewhere.
Where it must not apply: a move that does not leave zone 2 (the out-of-zone power stays silent, whatever
the state). Switched off (702.4), both read the other state."""
from __future__ import annotations

import textwrap

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

CARDS = """
cards:
  - name: Out Watch
    type: feature
    traits: []
    text: "Whenever a hero with 4 or more DEF moves out of zone 2, draw a card."
    abilities:
      - kind: trigger
        on: {event: zone_change, filter: "event.obj.is_hero and event.from == 'zone2' and event.to in ['zone1', 'zone3', 'zone4'] and event.obj.def >= 4"}
        steps: [{draw: 1}]
"""

STATE = """\
active: A
lead: A
A:
  deck: [Iron Will, Avoidance, Shadowspeed]
  hand: [Fortify Zone]
  zone2: [Lok Lambert]
  features: [Watchtower, Out Watch]
B:
  zone1: [Suit Grunt]
"""


def _run(tmp_path, moves: list[str], ablate=()):
    actions = ["{player: A, play: Fortify Zone, choose: [zone2]}", "{pass: all}"]
    actions += [f"{{player: A, effect: [{{move: Lok Lambert, to: {z}}}]}}" for z in moves]
    text = ("game: huntik\n" + CARDS + "state:\n" + textwrap.indent(STATE, "  ") + "actions:\n"
            + "".join(f"  - {a}\n" for a in actions))
    f = tmp_path / "s.yaml"
    f.write_text(text)
    out = replay(load_fixture(f), set(ablate), lenient=bool(ablate))
    assert out.error is None, out.error
    return out.engine


def _triggered(eng, source):
    return sum(1 for e in eng.events if e["event"] == "triggered" and e.get("source") == source)


def test_moving_out_of_the_fortified_zone_reads_the_state_before(tmp_path):
    eng = _run(tmp_path, ["zone3"])
    assert _triggered(eng, "Out Watch") == 1  # Lok had 4 DEF in zone 2
    assert _triggered(eng, "Watchtower") == 0  # Lok has 3 DEF in zone 3


def test_moving_into_the_fortified_zone_reads_the_state_after(tmp_path):
    eng = _run(tmp_path, ["zone3", "zone2"])
    assert _triggered(eng, "Watchtower") == 1  # 4 DEF once in zone 2
    assert _triggered(eng, "Out Watch") == 1  # only the first move left zone 2


def test_a_move_not_out_of_zone_two_does_not_trigger_the_out_watch(tmp_path):
    eng = _run(tmp_path, ["zone3", "zone4"])
    assert _triggered(eng, "Out Watch") == 1
    assert _triggered(eng, "Watchtower") == 0  # 3 DEF in zone 4


def test_switched_off_each_reads_the_other_state(tmp_path):
    eng = _run(tmp_path, ["zone3"], ablate={"huntik:702.4"})
    assert _triggered(eng, "Out Watch") == 0  # read after: 3 DEF
    assert _triggered(eng, "Watchtower") == 1  # read before: 4 DEF
