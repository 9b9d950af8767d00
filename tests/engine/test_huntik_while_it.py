"""Huntik 708.3a, core mechanic ``while_condition`` (characteristics.py, whiles.py): a modifier's 'while'
condition may read ``it``, the card the modifier affects ('target hero gets +2 DEF while it is in zone 1',
'friendly heroes get +1 DEF while they are ready'), checked card by card, and the cards the power that
created it named (its target: 'while target hero is in zone 1'), read as they are now (a card that left
play and came back is a new object: no longer that target). Also for an always-on power's modifier.
Where it must not apply: a card outside the reach (an enemy hero), a card whose condition is false while
another's is true, an ``it`` inside count(...) (the counted cards, not the affected one: read once).
Switched off (708.3a): the condition is ignored."""
from __future__ import annotations

import textwrap

from judge.engine.whiles import reads_it
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

# illustrative cards: each a definite (or always-on) modifier whose 'while' is the point
CARDS = """
cards:
  - name: Anchored Stance
    type: free action
    traits: [Good]
    illustrative: true
    text: "This round, target hero gets +2 DEF while it is in zone 1."
    abilities:
      - kind: play
        targets:
          - {name: hero, filter: "it.is_hero"}
        steps:
          - {modify: {target: hero, modify: {def: 2}, while: "it.zone == 'zone1'", duration: round}}
  - name: Steady Line
    type: free action
    traits: [Good]
    illustrative: true
    text: "This round, friendly heroes get +1 DEF while they are ready."
    abilities:
      - kind: play
        steps:
          - {modify: {applies_to: "it.is_hero and it.controller == you", modify: {def: 1}, while: "not it.exhausted", duration: round}}
  - name: Rally Point
    type: free action
    traits: [Good]
    illustrative: true
    text: "This round, friendly heroes get +1 ATK while target hero is in zone 1."
    abilities:
      - kind: play
        targets:
          - {name: hero, filter: "it.is_hero"}
        steps:
          - {modify: {applies_to: "it.is_hero and it.controller == you", modify: {atk: 1}, while: "hero.zone == 'zone1'", duration: round}}
  - name: Pack Tactics
    type: free action
    traits: [Good]
    illustrative: true
    text: "This round, friendly heroes get +1 ATK while you control two or more heroes."
    abilities:
      - kind: play
        steps:
          - {modify: {applies_to: "it.is_hero and it.controller == you", modify: {atk: 1}, while: "count(it.is_hero and it.controller == you) >= 2", duration: round}}
  - name: Ready Guard
    type: minor hero
    traits: [Good]
    illustrative: true
    stats: {atk: 1, def: 1}
    text: "Friendly heroes get +1 DEF while they are ready."
    abilities:
      - kind: continuous
        applies_to: "it.is_hero and it.controller == you"
        modify: {def: 1}
        while: "not it.exhausted"
"""

OFF = ("huntik:708.3a",)


def _run(tmp_path, state: str, actions: str, ablate=()):
    text = "game: huntik\n" + CARDS + "state:\n  active: A\n  lead: A\n  round: 2\n" + \
        textwrap.indent(textwrap.dedent(state), "  ") + "actions:\n" + textwrap.indent(textwrap.dedent(actions), "  ")
    f = tmp_path / "s.yaml"
    f.write_text(text)
    out = replay(load_fixture(f), set(ablate), lenient=bool(ablate))
    assert out.error is None, out.error
    return out.engine


def _stat(eng, label, stat):
    return eng.obj_attr(eng.obj(label), stat)


ANCHORED = """\
A:
  zone1: [Lok Lambert, Zhalia Moon]
  hand: [Anchored Stance]
B:
  zone1: [Suit Grunt]
"""
PLAY_ANCHORED = "- {player: A, play: Anchored Stance, targets: [Lok Lambert]}\n- {pass: all}\n"
MOVE_LOK = "- {player: A, effect: {move: Lok Lambert, to: %s}}\n- {pass: all}\n"


def test_target_in_zone_1_gets_it_the_others_not(tmp_path):
    eng = _run(tmp_path, ANCHORED, PLAY_ANCHORED)
    assert (_stat(eng, "Lok Lambert", "def"), _stat(eng, "Zhalia Moon", "def")) == (5, 3)


def test_target_out_of_zone_1_does_not_get_it_and_gets_it_again_back_there(tmp_path):
    out = _run(tmp_path, ANCHORED, PLAY_ANCHORED + MOVE_LOK % "zone2")
    assert _stat(out, "Lok Lambert", "def") == 3
    assert "while_condition" in out._fired
    back = _run(tmp_path, ANCHORED, PLAY_ANCHORED + MOVE_LOK % "zone2" + MOVE_LOK % "zone1")
    assert _stat(back, "Lok Lambert", "def") == 5


def test_switched_off_the_condition_is_ignored(tmp_path):
    eng = _run(tmp_path, ANCHORED, PLAY_ANCHORED + MOVE_LOK % "zone2", ablate=OFF)
    assert _stat(eng, "Lok Lambert", "def") == 5


STEADY = """\
A:
  zone1: [{card: Lok Lambert, exhausted: true}, Zhalia Moon]
  hand: [Steady Line]
B:
  zone1: [Suit Grunt]
"""


def test_group_modifier_checks_each_card_its_own_condition(tmp_path):
    eng = _run(tmp_path, STEADY, "- {player: A, play: Steady Line}\n- {pass: all}\n")
    # Zhalia is ready: +1; Lok is exhausted: not; the enemy grunt is outside the reach
    assert (_stat(eng, "Zhalia Moon", "def"), _stat(eng, "Lok Lambert", "def"), _stat(eng, "Suit Grunt", "def")) == (4, 3, 2)
    # the group is the one it was created with: the condition left Lok out, not a change of the group
    assert "while_condition" in eng._fired and "definite_not_locked" not in eng._fired
    readied = _run(tmp_path, STEADY, "- {player: A, play: Steady Line}\n- {pass: all}\n"
                   "- {player: A, effect: {ready: Lok Lambert}}\n- {pass: all}\n")
    assert _stat(readied, "Lok Lambert", "def") == 4


def test_a_hero_joining_the_group_is_a_change_of_the_group(tmp_path):
    eng = _run(tmp_path, STEADY, "- {player: A, play: Steady Line}\n- {pass: all}\n"
               "- {player: A, effect: {gain_control: Suit Grunt, player: A}}\n- {pass: all}\n")
    assert _stat(eng, "Suit Grunt", "def") == 3
    assert "definite_not_locked" in eng._fired


def test_group_modifier_switched_off_reaches_the_exhausted_card(tmp_path):
    eng = _run(tmp_path, STEADY, "- {player: A, play: Steady Line}\n- {pass: all}\n", ablate=OFF)
    assert (_stat(eng, "Zhalia Moon", "def"), _stat(eng, "Lok Lambert", "def")) == (4, 4)


RALLY = """\
A:
  zone1: [Lok Lambert, Zhalia Moon]
  hand: [Rally Point]
B:
  zone1: [Suit Grunt]
"""
PLAY_RALLY = "- {player: A, play: Rally Point, targets: [Lok Lambert]}\n- {pass: all}\n"


def test_condition_reads_the_powers_target(tmp_path):
    eng = _run(tmp_path, RALLY, PLAY_RALLY)
    assert (_stat(eng, "Lok Lambert", "atk"), _stat(eng, "Zhalia Moon", "atk"), _stat(eng, "Suit Grunt", "atk")) == (4, 5, 1)
    moved = _run(tmp_path, RALLY, PLAY_RALLY + MOVE_LOK % "zone2")
    assert (_stat(moved, "Lok Lambert", "atk"), _stat(moved, "Zhalia Moon", "atk")) == (3, 4)


def test_a_target_that_left_play_and_came_back_is_not_that_target(tmp_path):
    # Lok returns to hand and is put into zone 1 again: a new object, not the hero the power targeted
    eng = _run(tmp_path, RALLY, PLAY_RALLY + MOVE_LOK % "hand" + MOVE_LOK % "zone1")
    assert eng.obj("Lok Lambert").zone == "zone1"
    assert (_stat(eng, "Lok Lambert", "atk"), _stat(eng, "Zhalia Moon", "atk")) == (3, 4)


def test_an_it_inside_count_is_the_counted_card_read_once(tmp_path):
    assert not reads_it("count(it.is_hero and it.controller == you) >= 2")
    assert reads_it("it.zone == 'zone1'") and reads_it("has(it, 'flight')")
    two = _run(tmp_path, "A:\n  zone1: [Lok Lambert, Zhalia Moon]\n  hand: [Pack Tactics]\n",
               "- {player: A, play: Pack Tactics}\n- {pass: all}\n")
    assert (_stat(two, "Lok Lambert", "atk"), _stat(two, "Zhalia Moon", "atk")) == (4, 5)
    one = _run(tmp_path, "A:\n  zone1: [Lok Lambert]\n  hand: [Pack Tactics]\n",
               "- {player: A, play: Pack Tactics}\n- {pass: all}\n")
    assert _stat(one, "Lok Lambert", "atk") == 3


GUARD = """\
A:
  zone2: [Ready Guard]
  zone1: [{card: Lok Lambert, exhausted: true}, Zhalia Moon]
B:
  zone1: [Suit Grunt]
"""


def test_always_on_power_checks_each_card_its_own_condition(tmp_path):
    eng = _run(tmp_path, GUARD, "- {pass: all}\n")
    assert (_stat(eng, "Zhalia Moon", "def"), _stat(eng, "Lok Lambert", "def"), _stat(eng, "Suit Grunt", "def")) == (4, 3, 2)
    off = _run(tmp_path, GUARD, "- {pass: all}\n", ablate=OFF)
    assert _stat(off, "Lok Lambert", "def") == 4
