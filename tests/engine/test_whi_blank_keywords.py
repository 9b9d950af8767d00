"""Warhammer: Invasion, a blank text box has none of its printed keywords for any reader (the core's
computed ``keywords``, GameModule.keywords_in_text_box): keywords are card effects of the text box
(clarification:card-effects), so a unit Feared targets (keyword:feared-x) or an effect blanks ({blank_text},
faq:unit-gains-resource-tokens-own-effect-like-grudgebearer, mechanic blank_text_box) is no 'unit with
Counterstrike' for has() in a filter, nor for the keyword mechanics (common.keyword_value). Where it must not
apply: a unit whose text is not blank, the attack over, either rule switched off; a keyword another card's
modifier gives the blanked unit (War Paint's 'Attached unit gains Savage 1') is not in its text box: it stays."""
from __future__ import annotations

from pathlib import Path

from judge.games.warhammer_invasion import keywords
from judge.games.warhammer_invasion.common import keyword_value
from tests.engine.test_whi_terms import make, rid
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

FEARED = rid("keyword:feared-x")
BLANKING = rid("faq:unit-gains-resource-tokens-own-effect-like-grudgebearer")


def _has(eng, label, kw):
    return eng.eval(f"has(it, '{kw}')", {"it": eng.obj(label)})


def _feared_board(ablate=()):
    eng = make(ablate, A={"battlefield": [("Illustrative Terror", "Terror")]},
               B={"battlefield": [("Counterstrike Veteran", "Vet1"), ("Counterstrike Veteran", "Vet2")]})
    terror = eng.obj("Terror")
    keywords._mem(eng)["feared"][terror.oid] = [eng.obj("Vet1").oid]
    terror.flags.add("attacking")
    eng.touch()
    return eng


def test_feared_target_has_no_printed_keyword_for_any_reader():
    eng = _feared_board()
    assert not _has(eng, "Vet1", "counterstrike")
    assert eng.obj_attr(eng.obj("Vet1"), "keywords") == []
    assert keyword_value(eng, eng.obj("Vet1"), "counterstrike") == 0
    assert "feared" in eng._fired  # recorded where the blanked keywords were read


def test_unit_feared_did_not_target_keeps_its_keyword():
    eng = _feared_board()
    assert _has(eng, "Vet2", "counterstrike")
    assert keyword_value(eng, eng.obj("Vet2"), "counterstrike") == 2


def test_attack_over_the_keyword_is_back():
    eng = _feared_board()
    eng.obj("Terror").flags.discard("attacking")
    eng.touch()
    assert _has(eng, "Vet1", "counterstrike")


_ATTACK = """
state:
  active: A
  phase: battlefield
  A:
    deck: [Rat Swarm, Savage Gor]
    battlefield: [Illustrative Terror]
  B:
    deck: [Rat Swarm, Savage Gor]
    battlefield: [Counterstrike Veteran, Counterstrike Veteran]
actions:
  - {player: A, attack: battlefield, with: [Illustrative Terror], choose: [[Counterstrike Veteran#1]]}
  - check:
      - {card: Counterstrike Veteran#1, lacks: [counterstrike]}
      - {card: Counterstrike Veteran#2, has: [counterstrike 2]}
"""


def _status(tmp_path, ablate=()):
    f = Path(tmp_path) / "scenario.yaml"
    f.write_text("game: warhammer-invasion\n" + _ATTACK)
    return replay(load_fixture(f), set(ablate), lenient=bool(ablate)).status


def test_feared_target_lacks_the_keyword_for_a_check_in_a_replay(tmp_path):
    assert _status(tmp_path) == "passed"


def test_feared_off_the_check_sees_the_keyword(tmp_path):
    assert _status(tmp_path, [FEARED]) == "failed"  # Feared does nothing: no text box is blank


def _blanked(ablate=(), paint=False):
    cards = [("Illustrative Savage Beast", "Beast")] + ([("Illustrative War Paint", "Paint")] if paint else [])
    eng = make(ablate, A={"battlefield": cards})
    if paint:
        eng.obj("Paint").attached_to = eng.obj("Beast").oid
    eng.run_step({"blank_text": "Beast"}, eng.bindings_for(eng.obj("Beast"), "A"))
    return eng


def test_blank_text_step_removes_printed_keyword():
    eng = _blanked()
    assert not _has(eng, "Beast", "savage")
    assert eng.obj_attr(eng.obj("Beast"), "keywords") == []


def test_blank_text_off_the_keyword_stays():
    eng = _blanked([BLANKING])
    assert _has(eng, "Beast", "savage")


def test_keyword_another_card_gives_outlasts_the_blank_text_box():
    """Printed Savage 2 goes, War Paint's Savage 1 (its own text box's effect) stays: one copy each."""
    eng = _blanked(paint=True)
    assert eng.obj_attr(eng.obj("Beast"), "keywords") == ["savage 1"]
    assert _has(eng, "Beast", "savage")
    assert keyword_value(eng, eng.obj("Beast"), "savage") == 1


_BANNER = """
cards:
  - name: Drillmaster Banner
    type: support
    cost: 1
    illustrative: true
    text: "Each unit with Counterstrike gets +1 [P]."
    abilities:
      - kind: continuous
        applies_to: "is_a(it, 'unit') and has(it, 'counterstrike')"
        modify: {power: 1}
state:
  active: A
  phase: battlefield
  A:
    deck: [Rat Swarm, Savage Gor]
    battlefield: [Illustrative Terror]
  B:
    deck: [Rat Swarm, Savage Gor]
    kingdom: [Drillmaster Banner]
    battlefield: [Counterstrike Veteran, Counterstrike Veteran]
actions:
  - {check: [{card: Counterstrike Veteran#1, power: 2}, {card: Counterstrike Veteran#2, power: 2}]}
  - {player: A, attack: battlefield, with: [Illustrative Terror], choose: [[Counterstrike Veteran#1]]}
  - check:
      - {card: Counterstrike Veteran#1, power: 1}
      - {card: Counterstrike Veteran#2, power: 2}
"""


def _banner(tmp_path, ablate=()):
    f = Path(tmp_path) / "banner.yaml"
    f.write_text("game: warhammer-invasion\n" + _BANNER)
    return replay(load_fixture(f), set(ablate), lenient=bool(ablate))


def test_a_constant_effect_on_units_with_a_keyword_misses_the_one_whose_text_box_is_blank(tmp_path):
    """The modifiers read a base without the blanked unit's printed Counterstrike: the Banner reaches only
    the Veteran Feared did not target; Feared is traced at the attack (there it kept the +1 away)."""
    out = _banner(tmp_path)
    assert out.status == "passed", out.problems or out.error
    assert FEARED in out.engine.trace[1].rules
    assert FEARED not in out.engine.trace[0].rules


def test_feared_off_the_constant_effect_reaches_both(tmp_path):
    assert _banner(tmp_path, [FEARED]).status == "failed"
