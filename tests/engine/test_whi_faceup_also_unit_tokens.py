"""Warhammer: Invasion, clarification:developments: "If a card becomes a faceup development (and is only a
development), remove all damage and resource tokens from it" (developments._only_development): a card another
effect makes also a unit (Kairos Fateweaver) keeps them. Where it must not apply: a card that is only a
development (no Kairos), and the mechanic switched off (it loses them too). Review 41c finding 7."""
from __future__ import annotations

from judge.engine.engine import Engine
from tests.engine.test_whi_zone_entry import _run

_TEXT = """
state:
  active: A
  phase: capital
  A:
    legend: [%s]
    kingdom: [{card: Tree Kin, damage: 3}]
    resources: 2
actions:
  - {player: A, use: Tree Kin}
  - {pass: all}
"""


def test_also_a_unit_keeps_its_damage(tmp_path):
    eng = _run(tmp_path, _TEXT % "Kairos Fateweaver")
    assert eng.obj("Tree Kin").damage == 3
    assert "faceup_only_development_clears" in eng.fired_mechanics


def test_only_a_development_loses_its_damage(tmp_path):
    eng = _run(tmp_path, _TEXT % "")
    assert eng.obj("Tree Kin").damage == 0
    assert "faceup_only_development_clears" not in eng.fired_mechanics


def test_registry_binds_the_mechanic_to_the_rule():
    from judge.engine.game import get_game
    reg = get_game("warhammer-invasion").registry
    assert "warhammer-invasion:clarification:developments" in reg.mechanics["faceup_only_development_clears"].ids


def test_mechanic_off_also_a_unit_loses_them_too(tmp_path, monkeypatch):
    # the mechanic alone switched off (the established pattern of test_whi_opposed_in_combat): its rule id
    # also carries the clearing itself, so ablating the id would keep the tokens for another reason
    on = Engine.on
    monkeypatch.setattr(Engine, "on", lambda self, key: key != "faceup_only_development_clears" and on(self, key))
    eng = _run(tmp_path, _TEXT % "Kairos Fateweaver")
    assert eng.obj("Tree Kin").damage == 0
