"""Control for a duration (core gain_control, blind round 29): {gain_control: X, duration: turn} -- "Átveszed
egy célpont lény irányítását a kör végéig" -- gives the card back as the duration ends (a control_changed, the
game's moves done as for any control change: Hatalom's reserve), not before; a card that left play meanwhile is
a new card and does not come back; of two such effects the one still running decides, and when none is, the
player who had it before the first; a later control change with no duration is the newest word (nothing goes
back). The loader refuses a `duration:` on a core step that takes none (it was accepted and ignored)."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.errors import BadInputError
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

CARDS = """\
game: hatalom-kartyai
cards:
  - name: Próba kölcsönvétel
    type: általános
    cost: 1
    illustrative: true
    text: "Átveszed egy célpont lény irányítását a kör végéig."
    abilities:
      - kind: play
        targets: [{name: victim, filter: "is_a(it, 'lény')"}]
        steps:
          - {gain_control: victim, duration: turn}
  - name: Próba visszaadás
    type: általános
    cost: 1
    illustrative: true
    text: "Egy célpont lény irányítását a tulajdonosa kapja %(back)s."
    abilities:
      - kind: play
        targets: [{name: victim, filter: "is_a(it, 'lény')"}]
        steps:
          - {gain_control: victim, player: victim.owner%(back_duration)s}
state:
  active: A
  phase: main
  A:
    hand: [Próba kölcsönvétel, Próba visszaadás, Próba szörnyölő átok]
    vp: 5
  B:
    reserve: [Próba szörny 2/3]
    vp: 1
actions:
%(actions)s
"""
TAKE = ["{player: A, play: Próba kölcsönvétel, targets: [Próba szörny 2/3]}", "{pass: all}"]
GIVE = ["{player: A, play: Próba visszaadás, targets: [Próba szörny 2/3]}", "{pass: all}"]


def _run(tmp_path, actions, back_duration="phase"):
    f = Path(tmp_path) / "scene.yaml"
    f.write_text(CARDS % {"back": "a fázis végéig" if back_duration else "",
                          "back_duration": f", duration: {back_duration}" if back_duration else "",
                          "actions": "\n".join(f"  - {a}" for a in actions)})
    out = replay(load_fixture(f), set())
    assert out.error is None, out.error
    eng = out.engine
    changes = [(e["from"], e["to"]) for e in eng.events if e.get("event") == "control_changed"]
    return eng, eng.obj("Próba szörny 2/3"), changes


def test_control_goes_back_as_the_turn_ends_not_before(tmp_path):
    eng, monster, changes = _run(tmp_path, TAKE + ["{player: A, begin: combat}"])
    assert (monster.controller, monster.side, monster.zone) == ("A", "A", "reserve")  # a phase ended: still A's
    assert changes == [("B", "A")]
    eng, monster, changes = _run(tmp_path, TAKE + ["{player: B, begin: main}"])
    assert (monster.controller, monster.side, monster.zone) == ("B", "B", "reserve")  # B's reserve again
    assert changes == [("B", "A"), ("A", "B")]


def test_a_card_that_left_play_meanwhile_does_not_come_back(tmp_path):
    eng, monster, changes = _run(tmp_path, TAKE + ["{player: A, play: Próba szörnyölő átok, targets: [Próba szörny 2/3]}",
                                                   "{pass: all}", "{player: B, begin: main}"])
    assert monster.zone == "discard" and monster.owner == "B"
    assert changes == [("B", "A")]


def test_two_leases_the_running_one_decides_then_the_first_holder(tmp_path):
    # A takes it for the turn, then gives it to its owner for the phase: the phase ends -> A's (the turn's
    # lease still runs); the turn ends -> B's, who had it before both
    eng, monster, changes = _run(tmp_path, TAKE + GIVE + ["{player: A, begin: combat}"])
    assert monster.controller == "A" and changes == [("B", "A"), ("A", "B"), ("B", "A")]
    eng, monster, changes = _run(tmp_path, TAKE + GIVE + ["{player: A, begin: combat}", "{player: B, begin: main}"])
    assert monster.controller == "B" and monster.side == "B"
    assert changes == [("B", "A"), ("A", "B"), ("B", "A"), ("A", "B")]


def test_two_leases_ending_together_leave_it_with_the_first_holder(tmp_path):
    eng, monster, changes = _run(tmp_path, TAKE + GIVE + ["{player: B, begin: main}"], back_duration="turn")
    assert monster.controller == "B" and changes == [("B", "A"), ("A", "B")]  # already B's: no change


def test_a_later_control_change_for_good_is_the_newest_word(tmp_path):
    # B's own card back for good (no duration): the turn's end gives nothing back to anyone
    eng, monster, changes = _run(tmp_path, TAKE + GIVE + ["{player: B, begin: main}"], back_duration=None)
    assert monster.controller == "B" and changes == [("B", "A"), ("A", "B")]


def _load(tmp_path, step):
    f = Path(tmp_path) / "scene.yaml"
    f.write_text(f"""\
game: hatalom-kartyai
cards:
  - name: Próba kártya
    type: általános
    cost: 1
    illustrative: true
    text: "x"
    abilities:
      - kind: play
        targets: [{{name: victim, filter: "is_a(it, 'lény')"}}]
        steps:
          - {step}
state:
  active: A
  phase: main
  B:
    reserve: [Próba szörny 2/3]
actions:
  - {{pass: all}}
""")
    return load_fixture(f)


@pytest.mark.parametrize("step", ["{exhaust: victim, duration: turn}",
                                  "{modify: {target: victim, modify: {sebzes: 1}}, duration: turn}"])
def test_a_duration_on_a_step_that_takes_none_is_refused_at_its_line(tmp_path, step):
    with pytest.raises(BadInputError, match="takes no 'duration'") as err:
        _load(tmp_path, step)
    assert err.value.line == 12 and "scene.yaml" in str(err.value.path)


def test_a_duration_the_game_never_ends_is_refused(tmp_path):
    with pytest.raises(BadInputError, match="duration 'round' never ends in hatalom-kartyai"):
        _load(tmp_path, "{gain_control: victim, duration: round}")


def test_gain_control_and_modify_durations_load(tmp_path):
    _load(tmp_path, "{gain_control: victim, duration: turn}")
    _load(tmp_path, "{modify: {target: victim, modify: {sebzes: 1}, duration: turn}}")


def test_going_back_moves_the_attached_cards_as_the_games_gain_control_does():
    # Hatalom's own gain_control step moves the card back: with 8.11.3 (the enchantment A played on it stays
    # A's) and without it (an attached card's gazda changes with the permanent's: it goes back to B with it)
    f = Path(__file__).parents[2] / "rulings/hatalom-kartyai/control" / \
        "blind29-monster-borrowed-for-the-turn-keeps-my-enchantment-after-it-goes-back.ruling.yaml"
    fixture = load_fixture(f)
    kept = replay(fixture, set()).engine
    assert kept.obj("Próba bűbáj szörnyre").zone == "discard" and kept.obj("Próba bűbáj szörnyre").side == "A"
    off = replay(load_fixture(f), {"hatalom-kartyai:8.11.3"})
    assert off.error is None, off.error
    enchantment = off.engine.obj("Próba bűbáj szörnyre")
    assert (enchantment.zone, enchantment.side) == ("discard", "B")


def test_a_created_modifier_setting_controller_is_refused_at_its_line(tmp_path):
    # it would change only the computed controller (the card stays on its side): control is gain_control
    with pytest.raises(BadInputError, match="cannot set 'controller'") as err:
        _load(tmp_path, "{modify: {target: victim, set: {controller: you}, duration: turn}}")
    assert err.value.line == 12
