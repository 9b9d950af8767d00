"""Star Wars: a Pilot's move refused for where it would go names the rulings that say where it may go --
from the Character arena onto a unit only onto 'your Space or Ground units' (pilots-1) / 'in the Space or
Ground arenas' (pilots-during-the-build-step-2), off its unit only 'to the Character arena or build zone'
(build-step-4). With one of them off, the move is still refused, by what is left."""
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


PILOTS1 = "star-wars-tcg:ruling:pilots-1"


def test_from_the_character_arena_onto_a_unit_in_the_build_zone_names_both_rules_that_say_it(tmp_path):
    assert _refusal(tmp_path, ONTO_BUILT) == [PILOTS1, STEP2]
    # build-step-2 off: pilots-1 ('onto your Space or Ground units') still refuses it, alone
    assert _refusal(tmp_path, ONTO_BUILT, {STEP2}) == [PILOTS1]


def test_off_its_unit_into_an_arena_names_build_step_4(tmp_path):
    assert _refusal(tmp_path, OFF_TO_SPACE) == [STEP4]
    # build-step-4 off: no Pilot may be moved off its unit at all; the destination check that refuses
    # first then names no rule (nothing else states where it may go)
    assert _refusal(tmp_path, OFF_TO_SPACE, {STEP4}) == []
