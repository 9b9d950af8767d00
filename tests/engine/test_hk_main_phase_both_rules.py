"""Hatalom 8.5.1's second sentence, "Valamennyi egyéb laptípus csak a játékos saját fő fázisában játszható ki",
names every card type but the instant (8.5.1.1 speaks of "egy azonnalitól eltérő típusú lap" alike). A type
whose own rule says the same -- 8.1.1's creatures, 8.5.2's general spells -- is refused by both texts: the
refusal names both, and switching off one leaves the other refusing (NEWUSER44: a creature's refusal named
8.1.1 only, and a scenario written from 8.5.1's sentence failed)."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.scenes import write_scene

SCENE = """
    question: "B plays a creature in A's combat phase, then an instant."
    state:
      active: A
      phase: combat
      A:
        table: [Próba szörny 2/3]
      B:
        hand: [Próba bénítás, Próba szörny 2/3]
        vp: 3
    actions:
      - {player: B, play: Próba szörny 2/3#2, try: true}
      - {player: B, play: Próba bénítás, targets: [Próba szörny 2/3#1], try: true}
      - {pass: all}
    """


def _rejections(tmp_path, ablate=frozenset()):
    out = replay(load_fixture(write_scene(tmp_path, SCENE, game="hatalom-kartyai")), ablate)
    assert out.status == "replayed", out.error or out.problems
    # the creature's refusal (with 8.5.1 off, instants too are kept to the main phase: not asked here)
    return [e for e in out.engine.events if e["event"] == "action_rejected" and "szörny" in e["reason"]]


def test_a_creature_outside_its_main_phase_is_refused_by_both_rules(tmp_path):
    (rej,) = _rejections(tmp_path)
    assert rej["rejected_by"] == ["hatalom-kartyai:8.1.1", "hatalom-kartyai:8.5.1"]


def test_either_rule_alone_still_refuses_it(tmp_path):
    (rej,) = _rejections(tmp_path, {"hatalom-kartyai:8.1.1"})
    assert rej["rejected_by"] == ["hatalom-kartyai:8.5.1"]
    (rej,) = _rejections(tmp_path, {"hatalom-kartyai:8.5.1"})
    assert rej["rejected_by"] == ["hatalom-kartyai:8.1.1"]


def test_with_both_off_the_creature_is_played(tmp_path):
    assert _rejections(tmp_path, {"hatalom-kartyai:8.1.1", "hatalom-kartyai:8.5.1"}) == []


def test_the_instant_is_not_refused_in_combat(tmp_path):
    # where 8.5.1 must not refuse: its first sentence allows the instant in any player's combat phase
    out = replay(load_fixture(write_scene(tmp_path, SCENE, game="hatalom-kartyai")))
    assert [e for e in out.engine.events if e["event"] == "action_rejected" and "bénítás" in e["reason"]] == []
    assert any(e["event"] == "card_played" and "bénítás" in str(e.get("card")) for e in out.engine.events)
