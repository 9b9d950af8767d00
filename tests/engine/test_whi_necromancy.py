"""Warhammer: Invasion, Necromancy's return at the end of the turn follows the card that entered play from
the discard pile (keywords.necromancy_note): a card that left play for an out-of-play zone is a new card
(clarification:out-of-play, core ``new_object_on_zone_change``), so a copy played again from the hand stays;
a card moved within play is the same card and still returns. Each on and switched off."""
from __future__ import annotations

from pathlib import Path

from judge.games.warhammer_invasion import playing
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.test_whi_terms import rid

OUT_OF_PLAY = rid("clarification:out-of-play")
NECROMANCY = rid("keyword:necromancy")

_SCENARIO = """game: warhammer-invasion
state:
  active: A
  phase: capital
  A:
    discard: [Cackling Hexwrath]
    hand: [Illustrative Recall]
    deck: [Rat Swarm]
    resources: 4
actions:
  - {player: A, play: Cackling Hexwrath, from: discard, zone: battlefield}
  - {pass: all}
%s
  - {player: A, end: turn}
"""

_RECALL = "  - {player: A, play: Illustrative Recall, targets: [Cackling Hexwrath]}\n  - {pass: all}\n"
_REPLAY = "  - {player: A, play: Cackling Hexwrath, zone: battlefield}\n  - {pass: all}\n"
_MOVE = '  - {player: A, effect: [{move_to_zone: Cackling Hexwrath, by: A}], choose: [A.kingdom]}\n'


def _where(tmp_path, acts: str, ablate=()):
    f = Path(tmp_path) / "necromancy.yaml"
    f.write_text(_SCENARIO % acts)
    eng = replay(load_fixture(f), set(ablate), lenient=bool(ablate)).engine
    return eng.obj("Cackling Hexwrath").where


def test_still_in_play_goes_to_the_bottom_of_the_deck(tmp_path, monkeypatch):
    assert _where(tmp_path, "") == "A.deck"
    # the keyword's other clause (played from the discard pile: playing.necromancy_from_discard) is off too;
    # let the card be played anyway, so that only the return at the end of the turn is tested switched off
    monkeypatch.setattr(playing, "outside_hand_needs_permission", lambda *a: None)
    assert _where(tmp_path, "", [NECROMANCY]) == "A.battlefield"


def test_moved_within_play_is_the_same_card_and_still_returns(tmp_path):
    assert _where(tmp_path, _MOVE) == "A.deck"


def test_recalled_and_replayed_from_hand_is_a_new_card_and_stays(tmp_path):
    assert _where(tmp_path, _RECALL + _REPLAY) == "A.battlefield"


def test_replayed_card_keeps_its_identity_when_switched_off(tmp_path):
    """Off: the card keeps its identity across zones, and the Necromancy return follows it."""
    assert _where(tmp_path, _RECALL + _REPLAY, [OUT_OF_PLAY]) == "A.deck"


def test_recalled_and_kept_in_hand_stays_in_hand(tmp_path):
    assert _where(tmp_path, _RECALL) == "A.hand"
    assert _where(tmp_path, _RECALL, [OUT_OF_PLAY]) == "A.hand"


_OPPONENTS = """game: warhammer-invasion
state:
  active: A
  phase: capital
  A:
    resources: 4
  B:
    discard: [Cackling Hexwrath]
actions:
  - {player: A, play: Cackling Hexwrath, from: discard, try: true}
"""


def _refusal(tmp_path, ablate=()):
    f = Path(tmp_path) / "opponents.yaml"
    f.write_text(_OPPONENTS)
    eng = replay(load_fixture(f), set(ablate), lenient=bool(ablate)).engine
    assert eng.obj("Cackling Hexwrath").where == "B.discard"
    return [e["rejected_by"] for e in eng.events if e["event"] == "action_rejected"]


def test_a_unit_in_the_opponents_discard_pile_is_refused_naming_necromancy(tmp_path):
    # 'as though the unit was in its OWNER's hand': only its owner plays it with the keyword
    assert _refusal(tmp_path) == [[NECROMANCY]]
    # keyword off: no permission at all, and cards are played from hand (clarification:entering-play)
    assert _refusal(tmp_path, [NECROMANCY]) == [[rid("clarification:entering-play")]]
