"""Warhammer: Invasion: "A corrupted legend ... cannot be declared as the defender of a zone" and "an
attacked legend is automatically declared as a defender unless it is corrupted"
(faq:exact-consequences-legend-being-corrupted-relation-combat, clarification:legends). Naming the
attacked corrupted legend in a declaration is refused with those rules, not dropped without a word;
an uncorrupted attacked legend named in the declaration defends (it would anyway)."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.test_whi_zone_entry import _events

_SCENE = """
state:
  active: A
  phase: battlefield
  A:
    battlefield: [Hag Queen]
  B:
    legend: [{card: Illustrative Legend, damage: 4%s}]
actions:
  - {player: A, attack: legend, to: Illustrative Legend, zone: battlefield, with: [Hag Queen]}
  - {player: B, defend: [Illustrative Legend]}
"""

def _replay(tmp_path, text: str, ablate=()):
    f = Path(tmp_path) / "scenario.yaml"
    f.write_text("game: warhammer-invasion\n" + text)
    return replay(load_fixture(f), set(ablate))


RULE = "warhammer-invasion:faq:exact-consequences-legend-being-corrupted-relation-combat"


def test_naming_the_attacked_corrupted_legend_is_refused_by_the_rule(tmp_path):
    out = _replay(tmp_path, _SCENE % ", corrupted: true")
    assert "corrupted legend and cannot be declared as a defender" in out.error
    assert RULE in out.error  # the refusal names the rule


def test_an_uncorrupted_attacked_legend_named_defends(tmp_path):
    out = _replay(tmp_path, _SCENE % "")
    assert out.error is None, out.error
    eng = out.engine
    assert "defending" in eng.obj("Illustrative Legend").flags
    assert not _events(eng, "not_declared")


def test_rule_off_the_corrupted_legend_defends(tmp_path):
    out = _replay(tmp_path, _SCENE % ", corrupted: true", ablate={RULE})
    assert out.error is None, out.error
    eng = out.engine
    assert "defending" in eng.obj("Illustrative Legend").flags


def test_auto_declaration_off_the_legend_its_controller_names_defends(tmp_path):
    """clarification:legends off: an attacked legend is not declared by itself, but one its controller
    declares defends (the rule's off-state), rather than being dropped as 'not declared'."""
    out = _replay(tmp_path, _SCENE % "", ablate={"warhammer-invasion:clarification:legends"})
    assert out.error is None, out.error
    assert "defending" in out.engine.obj("Illustrative Legend").flags
    out = _replay(tmp_path, _SCENE.replace("[Illustrative Legend]}", "[]}") % "",
                  ablate={"warhammer-invasion:clarification:legends"})
    assert "defending" not in out.engine.obj("Illustrative Legend").flags
    assert _events(out.engine, "not_declared")
