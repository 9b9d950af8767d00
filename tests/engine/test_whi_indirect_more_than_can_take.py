"""Warhammer: Invasion, indirect damage beyond what the player's units and capital can take (damage.
_assignable): each place is capped (clarification:indirect-damage: no more than destroys a unit or burns a
section) and the effect is fulfilled as much as possible (faq:play-card-snotling-ambush-...: "You should
fulfill as much as the effect as possible"): he assigns all they can take, the rest is not assigned. Where it
must not apply: places that can take it all (all of it must be assigned), and the FAQ switched off. Review 41c
finding 3."""
from __future__ import annotations

from tests.engine.test_whi_terms import rid
from tests.engine.test_whi_zone_entry import _events, _run

FAQ = rid("faq:play-card-snotling-ambush-discard-card-more-loyalty")

_TEXT = """
state:
  active: A
  phase: capital
  A:
    hand: []
  B:
    capital: {kingdom: %d, quest: burning, battlefield: 7}
actions:
  - {player: B, effect: [{indirect: B, amount: 3}], choose: [%s]}
"""


def _rejected(eng):
    return _events(eng, "choice_rejected")


def test_all_they_can_take_is_assigned_the_rest_is_not(tmp_path):
    eng = _run(tmp_path, _TEXT % (7, '{try: {"B capital kingdom": 2, "B capital battlefield": 1}}, '
                                     '{"B capital kingdom": 1, "B capital battlefield": 1}'))
    assert len(_rejected(eng)) == 1
    assert eng.state.vars.get("game_over") == "A"


def test_room_enough_all_must_be_assigned(tmp_path):
    eng = _run(tmp_path, _TEXT % (5, '{try: {"B capital kingdom": 1, "B capital battlefield": 1}}, '
                                     '{"B capital kingdom": 2, "B capital battlefield": 1}'))
    assert len(_rejected(eng)) == 1
    assert eng.obj("B capital kingdom").damage == 7 and eng.obj("B capital battlefield").damage == 8
    assert FAQ not in {r for st in eng.trace for r in st.rules}


def test_faq_off_all_must_still_be_assigned(tmp_path):
    eng = _run(tmp_path, _TEXT % (7, '{"B capital kingdom": 1, "B capital battlefield": 1}'), ablate=[FAQ])
    assert eng.state.vars.get("game_over") != "A"
