"""Star Wars: a Pilot's move refused for where it would go names the ruling that says where it may go --
from the Character arena onto a unit only 'in the Space or Ground arenas' (pilots-during-the-build-step-2),
off its unit only 'to the Character arena or build zone' (build-step-4). With that ruling off, it is not
the one named."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

STEP2 = "star-wars-tcg:ruling:pilots-during-the-build-step-2"
STEP4 = "star-wars-tcg:ruling:pilots-during-the-build-step-4"

_SCENE = """game: star-wars-tcg
state:
  active: light
  phase: ready
  turn: 2
  light:
    build: [Rebel X-wing]
    space:
      - Rebel Y-wing
      - {card: Rebel Starfighter Pilot, attached_to: Rebel Y-wing}
    character: [Rebel Starfighter Pilot]
actions:
  - {begin: build}
  - ACTION
"""


def _refusal(tmp_path, action: str, ablate=frozenset()):
    path = tmp_path / "s.yaml"
    path.write_text(_SCENE.replace("ACTION", action), encoding="utf-8")
    out = replay(load_fixture(path), set(ablate))
    assert out.error is None, out.error
    (rej,) = [e for e in out.engine.events if e["event"] == "action_rejected"]
    return rej.get("rejected_by") or []


ONTO_BUILT = "{player: light, pilot: Rebel Starfighter Pilot#2, targets: [Rebel X-wing], try: true}"
OFF_TO_SPACE = "{player: light, unpilot: Rebel Starfighter Pilot#1, to: space, try: true}"


def test_from_the_character_arena_onto_a_unit_in_the_build_zone_names_build_step_2(tmp_path):
    assert STEP2 in _refusal(tmp_path, ONTO_BUILT)
    assert STEP2 not in _refusal(tmp_path, ONTO_BUILT, {STEP2})  # off: still refused (pilots-1), not by it


def test_off_its_unit_into_an_arena_names_build_step_4(tmp_path):
    assert _refusal(tmp_path, OFF_TO_SPACE) == [STEP4]
    assert STEP4 not in _refusal(tmp_path, OFF_TO_SPACE, {STEP4})
