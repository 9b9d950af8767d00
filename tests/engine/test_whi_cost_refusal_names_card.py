"""Warhammer: Invasion, a refusal for costs another card's effect made unpayable names that card
(refused_by_text, hook cost_refused_by: costs.cost_refused_by with targeting's cost note): an additional cost
(Master Rune of Dismay: 'Opponent's units cost 1 additional resource to play'), a target tax (Church of Sigmar:
'Opponents cannot target your units ... unless they pay an additional 1 resource per effect') on a play and on
a Forced effect's target (core triggers._unaffordable). Where it must not name one: a cost the player could
not pay even without the raise; no raise at all. Rule off (costs_paid_in_full): nothing is refused."""
from __future__ import annotations

from tests.engine.test_whi_attachment_zone import _run
from tests.engine.test_whi_terms import rid

TRIGGERING = rid("clarification:triggering-a-card-effect")

_PLAY = """\
state:
  active: A
  phase: capital
  A:
    hand: [Rat Swarm]
    resources: RES
  B:
    kingdom: [RUNE]
actions:
  - {player: A, play: Rat Swarm, try: true}
"""


def _play(res: int, rune: str = "Master Rune of Dismay") -> str:
    return _PLAY.replace("RES", str(res)).replace("RUNE", rune)


def _rejections(eng, kind="action_rejected"):
    return [e for e in eng.events if e.get("event") == kind]


def test_raised_cost_names_the_raising_card(tmp_path):
    (rej,) = _rejections(_run(tmp_path, _play(1)))
    assert rej["refused_by_text"] == "Master Rune of Dismay"


def test_unpayable_without_the_raise_names_no_card(tmp_path):
    (rej,) = _rejections(_run(tmp_path, _play(0)))
    assert "refused_by_text" not in rej


def test_no_raise_names_no_card(tmp_path):
    (rej,) = _rejections(_run(tmp_path, _play(0, "Church of Sigmar")))
    assert "refused_by_text" not in rej


def test_affordable_raise_not_refused(tmp_path):
    eng = _run(tmp_path, _play(2))
    assert not _rejections(eng)
    assert eng.obj("Rat Swarm").zone != "hand"


def test_rule_off_nothing_refused(tmp_path):
    assert not _rejections(_run(tmp_path, _play(1), {TRIGGERING}))


_FLAMES = """\
state:
  active: B
  phase: capital
  A:
    kingdom: [Church of Sigmar]
    battlefield: [Dark Zealot]
  B:
    hand: [Flames of Tzeentch]
    resources: RES
actions:
  - {player: B, play: Flames of Tzeentch, x: 1, targets: [Dark Zealot], try: true}
"""


def test_target_tax_on_a_play_names_the_taxing_card(tmp_path):
    (rej,) = _rejections(_run(tmp_path, _FLAMES.replace("RES", "1")))
    assert rej["refused_by_text"] == "Church of Sigmar"


def test_target_tax_unpayable_anyway_names_no_card(tmp_path):
    (rej,) = _rejections(_run(tmp_path, _FLAMES.replace("RES", "0")))
    assert "refused_by_text" not in rej


_TITHE = """\
state:
  active: A
  phase: capital
  A:
    kingdom: [Illustrative Blood Tithe]
    battlefield: [Rat Swarm, Squig Herd]
    resources: 1
  B:
    kingdom: [Church of Sigmar]
    battlefield: [Dark Zealot]
actions:
  - {player: A, effect: [{destroy: Rat Swarm}], choose: [{try: Dark Zealot}]}
"""


def test_forced_effect_target_tax_names_the_taxing_card(tmp_path):
    eng = _run(tmp_path, _TITHE)
    (rej,) = _rejections(eng, "choice_rejected")
    assert rej["refused_by_text"] == "Church of Sigmar"
    assert eng.obj("Squig Herd").damage == 1 and eng.obj("Dark Zealot").damage == 0
