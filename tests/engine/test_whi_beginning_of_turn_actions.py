"""Warhammer: 'Action: At the beginning of your turn, ...' is a triggered Action (the triggered-actions
clarification, whose Rat Ogres example has the same words): once per copy and once per trigger condition.
A scenario that starts in the active player's beginning phase starts in a turn that has begun: the
condition is met once there; not for the other player, and not in another phase."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

SCENE = """\
game: warhammer-invasion
state:
  active: ACTIVE
  phase: PHASE
  A:
    kingdom: [Har Ganeth]
  B:
    battlefield: [Rat Swarm, Rat Swarm]
actions:
  - {player: A, use: Har Ganeth, targets: [Rat Swarm#1], try: true}
  - {pass: all}
  - {player: A, use: Har Ganeth, targets: [Rat Swarm#2], try: true}
  - {pass: all}
"""


def _returned(tmp_path, active="A", phase="beginning"):
    path = tmp_path / "har.yaml"
    path.write_text(SCENE.replace("ACTIVE", active).replace("PHASE", phase), encoding="utf-8")
    out = replay(load_fixture(path))
    assert out.error is None, out.error
    eng = out.engine
    return [lb for lb in ("Rat Swarm#1", "Rat Swarm#2") if eng.obj(lb).zone == "hand"], eng


def test_once_per_copy_in_the_beginning_phase_it_starts_in(tmp_path):
    returned, eng = _returned(tmp_path)
    assert returned == ["Rat Swarm#1"]
    assert sum(1 for e in eng.events if e.get("event") == "action_rejected") == 1


def test_not_in_the_other_players_beginning_phase(tmp_path):
    returned, _ = _returned(tmp_path, active="B")
    assert returned == []


def test_not_in_another_phase(tmp_path):
    returned, _ = _returned(tmp_path, phase="capital")
    assert returned == []



def test_the_condition_met_at_the_start_lapses_when_the_window_closes(tmp_path):
    """Met as the scene starts in phase 0; once the kingdom phase begins, its first opportunity is gone."""
    path = tmp_path / "lapse.yaml"
    path.write_text(SCENE.replace("ACTIVE", "A").replace("PHASE", "beginning").replace(
        "actions:\n", "actions:\n  - {player: A, begin: kingdom}\n", 1), encoding="utf-8")
    out = replay(load_fixture(path))
    assert out.error is None, out.error
    assert [lb for lb in ("Rat Swarm#1", "Rat Swarm#2") if out.engine.obj(lb).zone == "hand"] == []


BEFORE_KINGDOM = "warhammer-invasion:faq:effects-occur-beginning-turn-occur-before-kingdom-phase"


def test_beginning_before_kingdom_off_the_scene_start_waits_for_the_kingdom_phase(tmp_path):
    """Switched off, 'at the beginning of the turn' comes after the kingdom phase's steps: a scene starting
    in phase 0 has not reached it (refused there), and it comes once the kingdom phase begins."""
    path = tmp_path / "off.yaml"
    path.write_text(SCENE.replace("ACTIVE", "A").replace("PHASE", "beginning"), encoding="utf-8")
    out = replay(load_fixture(path), {BEFORE_KINGDOM}, lenient=True)
    assert [lb for lb in ("Rat Swarm#1", "Rat Swarm#2") if out.engine.obj(lb).zone == "hand"] == []
    path.write_text(SCENE.replace("ACTIVE", "A").replace("PHASE", "beginning").replace(
        "actions:\n", "actions:\n  - {player: A, begin: kingdom}\n", 1), encoding="utf-8")
    out = replay(load_fixture(path), {BEFORE_KINGDOM}, lenient=True)
    assert [lb for lb in ("Rat Swarm#1", "Rat Swarm#2") if out.engine.obj(lb).zone == "hand"] == ["Rat Swarm#1"]
    out = replay(load_fixture(path))  # on: met in phase 0, lapsed as the kingdom phase began
    assert [lb for lb in ("Rat Swarm#1", "Rat Swarm#2") if out.engine.obj(lb).zone == "hand"] == []
