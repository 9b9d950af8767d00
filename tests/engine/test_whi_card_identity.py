"""Warhammer: Invasion: what a card is as it enters the discard pile, and what a facedown card is in play (the states_rule FAQ on Kairos
Fateweaver and Offering to Hekarti: 'When cards hit the discard pile, they do so as whatever their printed
card type is, and not what type they may have been while in play'; mechanic ``discard_printed_type``).

Card texts about a unit entering a discard pile read ``discard_type(event)`` (Illustrative Gravekeeper's
trigger, Volkmar the Grim's replacement); texts about a unit leaving play read the type the card had in play
(Illustrative Mourner). Both directions are checked: a development that was a unit in play (Kairos) but is a
support card, and a facedown development that was no unit in play but is a unit card."""
from __future__ import annotations

from tests.engine.test_whi_terms import rid
from tests.engine.test_whi_zone_entry import _run

_DESTROYED = """
state:
  active: B
  phase: capital
  A:
    legend: [%s]
    kingdom: [%s]
    battlefield: [{card: Dark Zealot, development: true}, {card: Armoury, development: true}]
    deck: [Rat Swarm]
  B:
    kingdom: [Illustrative Mourner, Illustrative Gravekeeper]
actions:
  - {player: B, effect: [{destroy: {all: "it.development and it.controller == opponent"}}]}
"""


def _tokens(eng, label):
    return eng.obj(label).counters.get("resource", 0)


def _where(eng, label):
    return eng.obj(label).where


def test_facedown_unit_card_enters_discard_as_unit_but_left_play_as_no_unit(tmp_path):
    eng = _run(tmp_path, _DESTROYED % ("Illustrative Legend", "Hag Queen"))
    assert _tokens(eng, "Illustrative Gravekeeper") == 1   # Dark Zealot only, a unit card
    assert _tokens(eng, "Illustrative Mourner") == 0       # no unit left play


def test_kairos_developments_leave_play_as_units_enter_discard_as_printed(tmp_path):
    # B orders his simultaneous Forced effects: the Mourner's two instances, then the Gravekeeper's
    eng = _run(tmp_path, (_DESTROYED % ("Kairos Fateweaver", "Hag Queen")).replace(
        "opponent\"}}]}", "opponent\"}}], choose: [[Illustrative Mourner, Illustrative Mourner, Illustrative Gravekeeper]]}"))
    assert _tokens(eng, "Illustrative Mourner") == 2       # both were units in play
    assert _tokens(eng, "Illustrative Gravekeeper") == 1   # Armoury enters as a support card


def test_type_in_play_when_switched_off(tmp_path):
    ablate = [rid("faq:developments-destroyed-while-kairos-fateweaver-play-trigger-quest")]
    eng = _run(tmp_path, _DESTROYED % ("Kairos Fateweaver", "Hag Queen"), ablate)
    assert _tokens(eng, "Illustrative Gravekeeper") == 2
    eng = _run(tmp_path, _DESTROYED % ("Illustrative Legend", "Hag Queen"), ablate)
    assert _tokens(eng, "Illustrative Gravekeeper") == 0


def test_volkmar_replaces_only_a_card_entering_as_unit(tmp_path):
    eng = _run(tmp_path, _DESTROYED % ("Kairos Fateweaver", "Volkmar the Grim"))
    assert _where(eng, "Dark Zealot") == "A.deck"
    assert _where(eng, "Armoury") == "A.discard"


def test_volkmar_without_kairos_facedown_unit_card_still_a_unit_entering(tmp_path):
    eng = _run(tmp_path, _DESTROYED % ("Illustrative Legend", "Volkmar the Grim"))
    assert _where(eng, "Dark Zealot") == "A.deck"
    assert _where(eng, "Armoury") == "A.discard"


# -- a facedown card shows no title: it is no copy of a unique card (facedown_no_title) -----------------

_UNIQUE = """
state:
  active: A
  phase: capital
  A:
    hand: [Illustrative Unique Champion]
    kingdom: [%s]
    deck: [Rat Swarm]
    resources: 3
  B:
    kingdom: [%s]
actions:
  - {player: A, play: "Illustrative Unique Champion#1", zone: battlefield, try: true}
  - {pass: all}
"""


def _rejected(eng):
    return [e for st in eng.trace for e in st.events if e["event"] == "action_rejected"]


def test_facedown_development_is_no_copy(tmp_path):
    eng = _run(tmp_path, _UNIQUE % ("{card: Illustrative Unique Champion, development: true}", "Hag Queen"))
    assert not _rejected(eng)
    assert _where(eng, "Illustrative Unique Champion#1") == "A.battlefield"


def test_faceup_development_keeps_its_uniqueness(tmp_path):
    eng = _run(tmp_path, _UNIQUE % ("Illustrative Unique Champion",
                                    "{card: Judgement of Loec, attached_to: Illustrative Unique Champion#2}"))
    assert len(_rejected(eng)) == 1
    assert _where(eng, "Illustrative Unique Champion#1") == "A.hand"


def test_unit_copy_in_play_blocks(tmp_path):
    eng = _run(tmp_path, _UNIQUE % ("Illustrative Unique Champion", "Hag Queen"))
    assert len(_rejected(eng)) == 1


def test_facedown_development_counts_when_switched_off(tmp_path):
    eng = _run(tmp_path, _UNIQUE % ("{card: Illustrative Unique Champion, development: true}", "Hag Queen"),
               [rid("clarification:developments")])
    assert len(_rejected(eng)) == 1
