"""Warhammer: Invasion, target taxes reach triggered abilities ('card effects' include Actions, Forced Effects,
Constant Effects and Keywords: clarification:card-effects; an effect targets when it says 'target':
clarification:target; mechanic triggered_effect_target_taxes, targeting.trigger_costs through the core hook
trigger_costs). A Forced effect's controller pays the tax of what it targets with its own cost (Detailed Timing
C-2) and cannot choose a target whose tax he cannot pay. Where it must apply: Blue Horrors ('Forced: When this
unit leaves play, deal 1 damage to one target unit') aimed at a Church of Sigmar player's unit; Illustrative
Blood Tithe ('pay 1 resource to deal 1 damage') pays 1 + 1. Where it must not: a player's own Church, and the
mechanic switched off. No target that can be paid for: cancelled."""
from __future__ import annotations

from tests.engine.test_whi_attachment_zone import _run  # replay a scenario text, no error allowed
from tests.engine.test_whi_terms import rid

CARD_EFFECTS = rid("clarification:card-effects")

_HORRORS = """\
state:
  active: A
  phase: capital
  A:
    kingdom: [Church of Sigmar]
    battlefield: [Hag Queen]
    hand: [Illustrative Recall]
  B:
    battlefield: [Blue Horrors GOR]
    resources: RES
actions:
  - {player: A, play: Illustrative Recall, targets: [Blue Horrors]}
  - {player: B, choose: [PICKS]}
  - {pass: all}
"""


def _horrors(res: int, picks: str, gor: bool = True) -> str:
    return (_HORRORS.replace("RES", str(res)).replace("PICKS", picks)
            .replace(" GOR", ", Savage Gor" if gor else ""))


def _rejected(eng):
    return [e for e in eng.events if e.get("event") == "choice_rejected"]


def test_tax_unpaid_target_refused(tmp_path):
    eng = _run(tmp_path, _horrors(0, "{try: Hag Queen}, Savage Gor"))
    (rej,) = _rejected(eng)
    assert rej["choice"] == "Hag Queen" and CARD_EFFECTS in rej["rejected_by"]
    assert eng.obj("Hag Queen").damage == 0 and eng.obj("Savage Gor").damage == 1


def test_tax_paid_with_the_forced_effect(tmp_path):
    eng = _run(tmp_path, _horrors(1, "Hag Queen"))
    assert eng.obj("Hag Queen").damage == 1
    assert eng.state.player_data["B"]["resources"] == 0


def test_own_unit_untaxed(tmp_path):
    eng = _run(tmp_path, _horrors(0, "Savage Gor"))
    assert not _rejected(eng)
    assert eng.obj("Savage Gor").damage == 1


def test_no_target_that_can_be_paid_for_cancels_it(tmp_path):
    eng = _run(tmp_path, _horrors(0, "", gor=False).replace("  - {player: B, choose: []}\n", ""))
    assert eng.obj("Hag Queen").damage == 0
    assert any(e.get("event") == "effect_cancelled" and e.get("source") == "Blue Horrors" for e in eng.events)


def test_rule_off_target_free(tmp_path):
    eng = _run(tmp_path, _horrors(0, "Hag Queen"), {CARD_EFFECTS})
    assert not _rejected(eng)
    assert eng.obj("Hag Queen").damage == 1


_TITHE = """\
state:
  active: A
  phase: capital
  A:
    kingdom: [Church of Sigmar]
    battlefield: [Hag Queen]
  B:
    kingdom: [Illustrative Blood Tithe]
    battlefield: [Savage Gor, Bloodsworn]
    resources: RES
actions:
  - {player: B, choose: [PICKS]}
  - {player: A, effect: [{destroy: Bloodsworn}]}
  - {pass: all}
"""


def test_forced_cost_and_tax_paid_together(tmp_path):
    eng = _run(tmp_path, _TITHE.replace("RES", "2").replace("PICKS", "Hag Queen"))
    assert eng.obj("Hag Queen").damage == 1
    assert eng.state.player_data["B"]["resources"] == 0


def test_own_cost_payable_tax_not_target_refused(tmp_path):
    eng = _run(tmp_path, _TITHE.replace("RES", "1").replace("PICKS", "{try: Hag Queen}, Savage Gor"))
    (rej,) = _rejected(eng)
    assert rej["choice"] == "Hag Queen"
    assert eng.obj("Savage Gor").damage == 1 and eng.state.player_data["B"]["resources"] == 0


def test_own_cost_unpayable_cancelled_at_c2(tmp_path):
    # no resources at all: whatever he targets, the Forced effect's own cost cannot be paid (C-2 cancels it)
    eng = _run(tmp_path, _TITHE.replace("RES", "0").replace("PICKS", "Hag Queen"))
    assert not _rejected(eng)
    assert eng.obj("Hag Queen").damage == 0
    assert any(e.get("event") == "effect_cancelled" and e.get("reason") == "cost_unpaid" for e in eng.events)
