"""Warhammer: Invasion, 'Play at the beginning of your turn' is the card's own restriction: a play outside
its player's beginning-of-turn phase is refused by the card's text (refused_by_text), from the hand naming no
rule; played through another card's permission (Xirat'p: Spells from the discard pile) the card keeps it by
clarification:play (permission_keeps_own_timing), named beside the card; with that rule off the permission
lifts it and the card is played."""
from __future__ import annotations

from tests.engine.test_whi_attachment_zone import _run
from tests.engine.test_whi_terms import rid

PLAY = rid("clarification:play")

_SCREAM = """\
state:
  active: A
  phase: capital
  A:
    ZONE: [Cacophonic Scream]
    battlefield: [Xirat'p]
    resources: 10
actions:
  - {player: A, play: Cacophonic Scream, FROMtargets: [B capital kingdom], try: true}
"""


def _scream(zone: str) -> str:
    return _SCREAM.replace("ZONE", zone).replace("FROM", "" if zone == "hand" else f"from: {zone}, ")


def _rejections(eng):
    return [e for e in eng.events if e.get("event") == "action_rejected"]


def test_from_hand_outside_the_beginning_of_turn_refused_by_its_text(tmp_path):
    (rej,) = _rejections(_run(tmp_path, _scream("hand")))
    assert rej["refused_by_text"] == "Cacophonic Scream"
    assert "rejected_by" not in rej


def test_through_a_permission_names_the_rule_that_keeps_it_and_the_text(tmp_path):
    (rej,) = _rejections(_run(tmp_path, _scream("discard")))
    assert rej["refused_by_text"] == "Cacophonic Scream"
    assert PLAY in rej["rejected_by"]


def test_through_a_permission_with_the_rule_off_is_played(tmp_path):
    eng = _run(tmp_path, _scream("discard"), {PLAY})
    assert not _rejections(eng)
    assert [e["card"] for e in eng.events if e.get("event") == "played"] == ["Cacophonic Scream"]
