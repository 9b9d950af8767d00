"""conditions_to_trigger: an ability whose condition is not met can't be triggered. Warhammer: Invasion binds
it to clarification:triggering-a-card-effect ("... meet any conditional requirements on the card. If a player
cannot fulfill these requirements to trigger a card effect, he cannot attempt to trigger it"), so the refusal
names that rule, and switched off the Action is triggered (its cost paid) and its condition counts only as it
resolves (clarification:resolving-a-card-effect cancels it). A game that does not bind it still refuses, by
the card's own text."""
from __future__ import annotations

from pathlib import Path

from judge.engine.rules import rule_id
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

TRIGGERING = rule_id("warhammer-invasion", "clarification:triggering-a-card-effect")

_INCURSION = """game: warhammer-invasion
state:
  active: A
  phase: capital
  A:
    quest: [%s]
actions:
  - {player: A, begin: battlefield}
  - {player: A, use: Beastman Incursion, try: true}
  - {pass: all}
"""


def _run(tmp_path, text: str, ablate=()):
    f = Path(tmp_path) / "scenario.yaml"
    f.write_text(text)
    return replay(load_fixture(f), set(ablate), lenient=bool(ablate)).engine


def _events(eng, kind):
    return [e for st in eng.trace for e in st.events if e["event"] == kind]


def test_unmet_condition_refuses_and_names_the_rule(tmp_path):
    eng = _run(tmp_path, _INCURSION % "Beastman Incursion")
    [rejected] = _events(eng, "action_rejected")
    assert rejected["rejected_by"] == [TRIGGERING]
    assert not _events(eng, "phase_skipped") and eng.obj("Beastman Incursion").where == "A.quest"


def test_switched_off_the_action_is_triggered_and_cancelled_as_it_resolves(tmp_path):
    eng = _run(tmp_path, _INCURSION % "Beastman Incursion", [TRIGGERING])
    assert not _events(eng, "action_rejected")
    assert _events(eng, "phase_skipped")  # the cost was paid
    assert [e["reason"] for e in _events(eng, "effect_cancelled")] == ["condition_failed"]
    assert eng.obj("Beastman Incursion").where == "A.quest"


def test_met_condition_is_not_refused(tmp_path):
    eng = _run(tmp_path, _INCURSION % "Beastman Incursion, {card: Dark Zealot, questing: true}")
    assert not _events(eng, "action_rejected")
    assert eng.obj("Beastman Incursion").where == "A.discard"


def test_a_game_that_does_not_bind_it_still_refuses_by_the_card_text(tmp_path):
    """Vs. System: Lilith's "Use this power only during the combat phase", used in the build phase."""
    text = """game: vs-system
state:
  active: A
  phase: build
  A:
    visible: [Lilith]
  B:
    visible: [Valeria Richards]
actions:
  - {player: A, use: Lilith, targets: [Valeria Richards], try: true}
"""
    eng = _run(tmp_path, text)
    [rejected] = _events(eng, "action_rejected")
    assert "condition not met" in rejected["reason"] and "rejected_by" not in rejected
    assert eng.obj("Lilith").where == "A.visible"
    assert "conditions_to_trigger" not in eng.game.registry.mechanics
