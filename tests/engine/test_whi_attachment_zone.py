"""Warhammer: Invasion, an attachment occupies the zone of the card it is attached to
(attachments.occupy_host_zone, mechanic attachment_occupies_host_zone: clarification:attachments, 'if the
unit later moves zones, it does not have an effect on the attachment'; developments example 1, an
opponent's attachment on your character is in 'the current zone it occupies'). Played on an opponent's
unit it sits in his zone; it goes along when its unit moves or changes sides, and keeps its controller.
Where it must not apply: a unit leaving play (the attachment goes to its owner's discard pile), a unit
that stays where it is (nothing logged), and with the mechanic switched off (the old zone)."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.test_whi_terms import rid

OFF = {rid("clarification:developments:example-1")}


def _run(tmp_path, text: str, ablate=frozenset()):
    path = tmp_path / "scenario.yaml"
    path.write_text("game: warhammer-invasion\n" + text)
    out = replay(load_fixture(path), set(ablate))
    assert out.error is None, out.error
    return out.engine


_CURSE = """\
state:
  active: A
  phase: capital
  A:
    hand: [Illustrative Curse]
    resources: 1
  B:
    kingdom: [Savage Marauders]
actions:
  - {player: A, play: Illustrative Curse, targets: [Savage Marauders]}
  - {pass: all}
"""


def test_played_on_opponents_unit_sits_in_his_zone_under_players_control(tmp_path):
    eng = _run(tmp_path, _CURSE)
    curse = eng.obj("Illustrative Curse")
    assert curse.where == "B.kingdom" and curse.controller == "A" and curse.owner == "A"


def test_switched_off_it_stays_in_the_zone_it_entered(tmp_path):
    eng = _run(tmp_path, _CURSE, OFF)
    assert eng.obj("Illustrative Curse").where == "A.kingdom"


_MOVE = """\
state:
  active: A
  phase: capital
  A:
    battlefield: [Pistoliers, {card: Illustrative War Paint, attached_to: Pistoliers}]
    resources: 1
actions:
  - {player: A, use: Pistoliers, choose: [%s]}
  - {pass: all}
"""


def test_goes_along_when_its_unit_moves(tmp_path):
    eng = _run(tmp_path, _MOVE % "kingdom")
    paint = eng.obj("Illustrative War Paint")
    assert paint.where == "A.kingdom" and paint.attached_to == eng.obj("Pistoliers").oid
    assert [e for e in eng.events if e["event"] == "attachment_with_host"]


def test_moved_unit_switched_off_leaves_it_behind(tmp_path):
    eng = _run(tmp_path, _MOVE % "kingdom", OFF)
    assert eng.obj("Illustrative War Paint").where == "A.battlefield"


def test_unit_that_does_not_move_nothing_to_follow(tmp_path):
    eng = _run(tmp_path, """\
state:
  active: A
  phase: capital
  A:
    battlefield: [Pistoliers, {card: Illustrative War Paint, attached_to: Pistoliers}]
    hand: [Flames of Tzeentch]
    resources: 1
actions:
  - {player: A, play: Flames of Tzeentch, x: 1, targets: [Pistoliers]}
  - {pass: all}
""")
    assert eng.obj("Illustrative War Paint").where == "A.battlefield"
    assert not [e for e in eng.events if e["event"] == "attachment_with_host"]


def test_unit_changes_sides_attachment_goes_along_and_keeps_its_controller(tmp_path):
    eng = _run(tmp_path, """\
state:
  active: A
  phase: capital
  A:
    hand: [Soul Stealer]
    resources: 3
  B:
    battlefield: [Hag Queen, {card: Illustrative War Paint, attached_to: Hag Queen}]
actions:
  - {player: A, play: Soul Stealer, targets: [Hag Queen]}
  - {pass: all}
""")
    paint, stealer = eng.obj("Illustrative War Paint"), eng.obj("Soul Stealer")
    assert eng.obj("Hag Queen").where == "A.battlefield"
    assert paint.where == "A.battlefield" and paint.controller == "B"
    assert stealer.where == "A.battlefield" and stealer.controller == "A"


def test_unit_leaves_play_attachment_goes_to_owners_discard_not_along(tmp_path):
    eng = _run(tmp_path, _CURSE.replace("resources: 1", "resources: 4").replace(
        "hand: [Illustrative Curse]", "hand: [Illustrative Curse, Flames of Tzeentch]") + """\
  - {player: A, play: Flames of Tzeentch, x: 3, targets: [Savage Marauders]}
  - {pass: all}
""")
    assert eng.obj("Savage Marauders").where == "B.discard"
    assert eng.obj("Illustrative Curse").where == "A.discard"


def test_listed_attachment_is_set_up_with_its_unit_without_a_game_event(tmp_path):
    # a scenario that writes an attachment in another zone list than its unit's: set up where the unit is
    eng = _run(tmp_path, """\
state:
  active: A
  phase: capital
  A:
    battlefield: [Savage Marauders]
  B:
    kingdom: [{card: Illustrative Curse, attached_to: Savage Marauders}]
actions: []
""")
    curse = eng.obj("Illustrative Curse")
    assert curse.where == "A.battlefield" and curse.controller == "B"
    assert not [e for e in eng.events if e["event"] == "attachment_with_host"]


def test_listed_control_attachment_sets_up_its_unit_on_its_controllers_side(tmp_path):
    # a scenario that lists a Soul Stealer already attached: its constant control effect applies from the
    # start, so the unit is in its controller's zone (as after playing it), and the Soul Stealer with it
    eng = _run(tmp_path, """\
state:
  active: B
  phase: capital
  A:
    kingdom: [{card: Soul Stealer, attached_to: Hag Queen}]
  B:
    battlefield: [Hag Queen]
actions: []
""")
    queen, stealer = eng.obj("Hag Queen"), eng.obj("Soul Stealer")
    assert queen.where == "A.battlefield" and queen.controller == "A" and queen.owner == "B"
    assert stealer.where == "A.battlefield" and stealer.controller == "A"
