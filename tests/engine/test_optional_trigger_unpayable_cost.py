"""An optional triggered ability whose costs its controller cannot pay is not asked (core triggers._resolve_trigger,
mechanic costs_paid_in_full: 'If a player cannot fulfill these requirements to trigger a card effect, he cannot
attempt to trigger it', Warhammer clarification:triggering-a-card-effect; Hatalom binds no such rule: the core
mechanic is on, untraced): logged may_not_possible. Where it must still be asked: the cost can be paid. Rule off
(Warhammer): asked, and a "yes" left unpaid is cancelled as it resolves (trigger_cost_or_cancel)."""
from __future__ import annotations

import pytest

from judge.engine.state import ReplayError
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.test_whi_terms import rid

TRIGGERING = rid("clarification:triggering-a-card-effect")

_SNIPER = """\
game: warhammer-invasion
cards:
  - name: Illustrative Toll Sniper
    type: unit
    cost: 1
    stats: {power: 1, hp: 1}
    illustrative: true
    text: "Forced: When this unit enters play, you may pay 1 resource to deal 1 damage to one target unit."
    abilities:
      - kind: trigger
        timing: forced
        on: {event: zone_change, filter: "event.enters_play and event.new == this"}
        optional: true
        cost: [{pay: 1}]
        targets: [{name: victim, filter: "it.type == 'unit'"}]
        steps: [{damage: victim, amount: 1}]
state:
  active: A
  phase: capital
  A:
    hand: [Illustrative Toll Sniper]
    resources: RES
  B:
    battlefield: [Dark Zealot]
actions:
  - {player: A, play: Illustrative Toll Sniper}
  - {pass: all}
"""


def _replay(tmp_path, text, ablate=frozenset()):
    path = tmp_path / "scenario.yaml"
    path.write_text(text)
    return replay(load_fixture(path), set(ablate))


def _not_possible(eng):
    return [e for e in eng.events if e.get("event") == "may_not_possible"]


def test_unpayable_optional_trigger_not_asked(tmp_path):
    out = _replay(tmp_path, _SNIPER.replace("RES", "1"))
    assert out.error is None, out.error
    (ev,) = _not_possible(out.engine)
    assert ev["player"] == "A" and ev["source"] == "Illustrative Toll Sniper"
    assert out.engine.obj("Dark Zealot").damage == 0


def test_payable_optional_trigger_asked(tmp_path):
    out = _replay(tmp_path, _SNIPER.replace("RES", "2"))
    assert out.error is not None and "whether to use" in str(out.error)


def test_payable_optional_trigger_used(tmp_path):
    text = _SNIPER.replace("RES", "2").replace("  - {pass: all}\n", "  - {player: A, pass: all, choose: [yes, Dark Zealot]}\n")
    out = _replay(tmp_path, text)
    assert out.error is None, out.error
    assert not _not_possible(out.engine) and out.engine.obj("Dark Zealot").damage == 1


def test_rule_off_asked(tmp_path):
    out = _replay(tmp_path, _SNIPER.replace("RES", "1"), {TRIGGERING})
    assert out.error is not None and "whether to use" in str(out.error)


_HK = """\
game: hatalom-kartyai
state:
  active: A
  phase: main
  A:
    hand: [Próba fizetős íjászállás építmény]
    vp: VP
  B:
    reserve: [Próba szörny 2/3]
actions:
  - {player: A, play: Próba fizetős íjászállás építmény}
  - {pass: all}
"""


@pytest.mark.parametrize("vp, asked", [(1, False), (2, True)])
def test_hatalom_on_play_ability_asked_only_when_payable(tmp_path, vp, asked):
    out = _replay(tmp_path, _HK.replace("VP", str(vp)))
    if asked:
        assert out.error is not None and "whether to use" in str(out.error)
    else:
        assert out.error is None, out.error
        assert _not_possible(out.engine) and out.engine.obj("Próba szörny 2/3").damage == 0
