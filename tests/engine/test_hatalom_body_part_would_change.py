"""8.4.3 speaks of what a source WOULD do to a galetki ("passzivizálna", "jelzőt tenne", a source that
"megsebez" or "aminek hatására ... kikerül"): a step that reaches a galetki but would leave it as it is
does not affect it -- passivizing one already passive, damage or tokens of 0, a move within play --, nor
does a step inside an `if` whose condition is false as the source waits for reactions. A target is always
affected ("céloz"). A condition or amount that reads a name bound only as the effect resolves is not known:
the step counts. Each case where the rule must apply, where it must not, and with 8.4.3 switched off (a
body part may then be sacrificed against anything, and protects nothing)."""
from __future__ import annotations

import textwrap

from judge.games.hatalom_kartyai.galetki import _would_change

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

from .test_hatalom import make, rid

GALETKI, PART = "Próba galetki 1/2", "Próba testrész"

CARDS = """
cards:
  - name: Próba kézerő hullám
    type: általános
    cost: 1
    illustrative: true
    text: "Minden lény annyi sebzést kap, ahány lap van a kezedben."
    abilities:
      - kind: play
        steps:
          - {damage: {all: "is_a(it, 'lény')"}, amount: "count(it.owner == you, 'hand')"}
  - name: Próba kézjelölés
    type: általános
    cost: 1
    illustrative: true
    text: "Tegyél minden lényre annyi jelzőt, ahány lap van a kezedben."
    abilities:
      - kind: play
        steps:
          - {counter: {all: "is_a(it, 'lény')"}, kind: jelző, amount: "count(it.owner == you, 'hand')"}
  - name: Próba feltételes bénítás
    type: általános
    cost: 1
    illustrative: true
    text: "Ha legalább két lap van a kezedben, passzivizálj minden lényt."
    abilities:
      - kind: play
        steps:
          - if: "count(it.owner == you, 'hand') >= 2"
            do:
              - {exhaust: {all: "is_a(it, 'lény')"}}
  - name: Próba választott tűz
    type: általános
    cost: 1
    illustrative: true
    text: "Válassz egy lényt. Ha az galetki, 2 sebzés minden lénynek."
    abilities:
      - kind: play
        steps:
          - {choose: {filter: "is_a(it, 'lény')"}, as: chosen}
          - if: "is_a(chosen, 'galetki')"
            do:
              - {damage: {all: "is_a(it, 'lény')"}, amount: 2}
"""

SCENE = """
state:
  active: A
  phase: main
  A:
    vp: 3
    hand: %(hand)s
    reserve: [Próba szörny 2/3]
  B:
    reserve:
      - {card: Próba galetki 1/2, exhausted: %(passive)s}
    table:
      - {card: Próba testrész, attached_to: Próba galetki 1/2}
actions:
  - {player: A, play: %(card)s%(targets)s}
  - {player: B, sacrifice_part: Próba testrész, try: true}
  - {pass: all}
expect:
"""

REFUSED = """
  - {event: action_rejected, player: B, rejected_by: hatalom-kartyai:8.4.3}
  - {card: Próba testrész, zone: B.table}
"""
SACRIFICED = """
  - {event: action_rejected, player: B, count: 0}
  - {card: Próba testrész, zone: B.discard}
"""


def _run(tmp_path, card, expect, hand=(), passive=False, targets="", ablate=()):
    path = tmp_path / "scenario.yaml"
    scene = SCENE % {"hand": [card, *hand], "passive": "true" if passive else "false", "card": card,
                     "targets": targets}
    path.write_text("game: hatalom-kartyai\n" + textwrap.dedent(CARDS) + textwrap.dedent(scene)
                    + textwrap.dedent(expect), encoding="utf-8")
    out = replay(load_fixture(path), set(ablate))
    assert out.status == "passed", out.problems or out.error
    return out


# -- passivizing ('passzivizálna') ------------------------------------------------------------------------

def test_passivize_all_active_galetki_part_sacrificed_it_stays_active(tmp_path):
    _run(tmp_path, "Próba bénító hullám", SACRIFICED + """
  - {card: Próba galetki 1/2, passive: false}
  - {card: Próba szörny 2/3, passive: true}
""")


def test_passivize_all_already_passive_galetki_refused(tmp_path):
    _run(tmp_path, "Próba bénító hullám", REFUSED + "  - {card: Próba galetki 1/2, passive: true}\n", passive=True)


def test_passivize_target_already_passive_galetki_still_targeted(tmp_path):
    # 'céloz': a target is affected whatever the step would change
    _run(tmp_path, "Próba bénítás", SACRIFICED, passive=True, targets=", targets: [Próba galetki 1/2]")


def test_passivize_all_already_passive_with_8_4_3_off_sacrifice_allowed(tmp_path):
    _run(tmp_path, "Próba bénító hullám", SACRIFICED + "  - {card: Próba galetki 1/2, passive: true}\n",
         passive=True, ablate=[rid("8.4.3")])


# -- damage ('megsebez'): only damage that would be dealt ------------------------------------------------

def test_damage_of_zero_is_no_damage_refused(tmp_path):
    # the spell is on the chain: A's hand is empty, the amount is 0
    _run(tmp_path, "Próba kézerő hullám", REFUSED + "  - {card: Próba szörny 2/3, damage: 0}\n")


def test_damage_above_zero_part_sacrificed_galetki_spared(tmp_path):
    _run(tmp_path, "Próba kézerő hullám", SACRIFICED + """
  - {card: Próba galetki 1/2, damage: 0}
  - {card: Próba szörny 2/3, damage: 1}
""", hand=["Próba villám"])


def test_damage_of_zero_with_8_4_3_off_sacrifice_allowed(tmp_path):
    _run(tmp_path, "Próba kézerő hullám", SACRIFICED, ablate=[rid("8.4.3")])


# -- tokens ('jelzőt tenne'): only a token that would be put ---------------------------------------------

def test_zero_tokens_refused(tmp_path):
    _run(tmp_path, "Próba kézjelölés", REFUSED)


def test_one_token_part_sacrificed_galetki_gets_none(tmp_path):
    _run(tmp_path, "Próba kézjelölés", SACRIFICED + """
  - {card: Próba galetki 1/2, counters: {jelző: 0}}
  - {card: Próba szörny 2/3, counters: {jelző: 1}}
""", hand=["Próba villám"])


# -- an `if` step: its condition read as the source waits for reactions ----------------------------------

def test_condition_false_refused(tmp_path):
    _run(tmp_path, "Próba feltételes bénítás", REFUSED + "  - {card: Próba szörny 2/3, passive: false}\n",
         hand=["Próba villám"])


def test_condition_true_part_sacrificed(tmp_path):
    _run(tmp_path, "Próba feltételes bénítás", SACRIFICED + """
  - {card: Próba galetki 1/2, passive: false}
  - {card: Próba szörny 2/3, passive: true}
""", hand=["Próba villám", "Próba villám"])


def test_condition_false_with_8_4_3_off_sacrifice_allowed(tmp_path):
    _run(tmp_path, "Próba feltételes bénítás", SACRIFICED, ablate=[rid("8.4.3")])


def test_condition_reading_a_later_choice_counts(tmp_path):
    # 'chosen' is bound only as the spell resolves: not known when B reacts, so the step counts (the
    # choice then picks the galetki: 2 damage to every creature, none to the shielded galetki)
    path = tmp_path / "scenario.yaml"
    scene = (SCENE % {"hand": ["Próba választott tűz"], "passive": "false", "card": "Próba választott tűz",
                      "targets": ", choose: [Próba galetki 1/2]"})
    path.write_text("game: hatalom-kartyai\n" + textwrap.dedent(CARDS) + textwrap.dedent(scene)
                    + textwrap.dedent(SACRIFICED + """
  - {card: Próba galetki 1/2, damage: 0}
  - {card: Próba szörny 2/3, damage: 2}
"""), encoding="utf-8")
    out = replay(load_fixture(path), set())
    assert out.status == "passed", out.problems or out.error


# -- the 'would' filter itself ------------------------------------------------------------------------------

def _galetki_board():
    eng = make(A={"reserve": [GALETKI, ("Próba galetki 1/2", "G2")]})
    eng.obj("G2").exhausted = True
    return eng, [eng.obj(GALETKI), eng.obj("G2")]


def test_would_change_exhaust_only_the_active_one():
    eng, both = _galetki_board()
    got = _would_change(eng, "exhaust", {"exhaust": {"all": "true"}}, both, {"you": "B"}, set())
    assert [o.label for o in got] == [GALETKI]


def test_would_change_leaving_play_every_one():
    eng, both = _galetki_board()
    for verb in ("destroy", "sacrifice", "return_to_hand"):
        assert _would_change(eng, verb, {verb: {"all": "true"}}, both, {"you": "B"}, set()) == both


def test_would_change_move_within_play_none_out_of_play_every_one():
    eng, both = _galetki_board()
    assert _would_change(eng, "move", {"move": {"all": "true"}, "to": "table"}, both, {"you": "B"}, set()) == []
    assert _would_change(eng, "move", {"move": {"all": "true"}, "to": "deck"}, both, {"you": "B"}, set()) == both


def test_would_change_amount_bound_later_counts():
    eng, both = _galetki_board()
    step = {"damage": {"all": "true"}, "amount": "n"}
    assert _would_change(eng, "damage", step, both, {"you": "B"}, {"n"}) == both
    assert _would_change(eng, "damage", {**step, "amount": 0}, both, {"you": "B"}, set()) == []
