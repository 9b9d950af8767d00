"""Warhammer: Invasion, ruling:b-action-window-2: "Choose targets, then pay all costs" (mechanic
targets_then_costs, targeting.chosen_before_costs / _targets_chosen_first, the last cost step): a target a
cost then makes illegal (sacrificed, corrupted to pay) was a legal choice -- the card is played, the effect
is cancelled as it resolves; traced. A cost that leaves the target legal, and a card without targets, are
untouched (untraced). Switched off (only this mechanic), the costs come first and such a target cannot be
chosen: the play is refused naming the rule."""
from __future__ import annotations

from judge.engine.engine import Engine
from tests.engine.test_whi_terms import rid
from tests.engine.test_whi_zone_entry import _events, _run

RULE = rid("ruling:b-action-window-2")
KEY = "targets_then_costs"

_SCENE = """
cards:
  - name: Illustrative Blood Offering
    type: tactic
    cost: 0
    illustrative: true
    text: "Action: Sacrifice a unit to deal 2 damage to one target unit."
    abilities:
      - kind: play
        targets:
          - {name: victim, filter: "it.type == 'unit'"}
        cost:
          - {choose: {filter: "it.type == 'unit' and it.controller == you", by: you, what: a unit to sacrifice}, as: offering}
          - {sacrifice: offering}
        steps:
          - {damage: victim, amount: 2}
state:
  active: A
  phase: capital
  A:
    hand: [Illustrative Blood Offering]
    battlefield: [Rat Swarm, Dark Zealot]
  B:
    battlefield: [Savage Gor]
actions:
  - {player: A, play: Illustrative Blood Offering, targets: [%s], choose: [%s], try: true}
  - {pass: all}
"""


def _switch_off(monkeypatch):
    on = Engine.on
    monkeypatch.setattr(Engine, "on", lambda self, key: False if key == KEY else on(self, key))


def test_target_sacrificed_to_pay_was_a_legal_choice(tmp_path):
    eng = _run(tmp_path, _SCENE % ("Rat Swarm", "Rat Swarm"))
    assert not _events(eng, "action_rejected")
    assert [e for e in _events(eng, "effect_cancelled") if e.get("reason") == "illegal_target"]
    assert KEY in eng._fired


def test_cost_leaving_the_target_legal_untraced(tmp_path):
    eng = _run(tmp_path, _SCENE % ("Savage Gor", "Dark Zealot"))
    assert not _events(eng, "action_rejected")
    assert eng.obj("Savage Gor").where == "B.discard"
    assert KEY not in eng._fired


def test_switched_off_costs_first_target_cannot_be_chosen(tmp_path, monkeypatch):
    _switch_off(monkeypatch)
    eng = _run(tmp_path, _SCENE % ("Rat Swarm", "Rat Swarm"))
    rej = _events(eng, "action_rejected")
    assert len(rej) == 1 and RULE in rej[0]["rejected_by"]
    assert not _events(eng, "effect_cancelled")


def test_switched_off_target_left_legal_still_played(tmp_path, monkeypatch):
    _switch_off(monkeypatch)
    eng = _run(tmp_path, _SCENE % ("Savage Gor", "Dark Zealot"))
    assert not _events(eng, "action_rejected")
    assert eng.obj("Savage Gor").where == "B.discard"
