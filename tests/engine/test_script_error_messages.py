"""Script errors that tell the author what to write. `try: true` covers an action, not the choices it
scripts. A plain scripted choice that a rule or the card's text refuses is a script error (never silently replaced), and in a `try: true` action the error
tells the author how to expect the refusal: `{try: X}`, which is logged as choice_rejected. A missing
choice names another player's unused scripted choice; a target out of play says where it is."""
from __future__ import annotations

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

# Boss of Bosses: 'As an additional cost ..., exhaust a Crime Lords character you control' -- the
# exhausted Henchman cannot pay it; READY lists the Crime Lords characters that can
SCENARIO = """\
game: vs-system
state:
  active: A
  phase: combat
  A:
    visible: [{card: Henchman, exhausted: true}]
    hidden: READY
    hand: [Boss of Bosses]
    deck: [Luke Cage]
  B:
    visible: [Shang Chi]
actions:
  - {player: A, play: Boss of Bosses, choose: [CHOICE], try: TRY}
  - {pass: all}
"""


def _replay(tmp_path, ready: str, choice: str, tried: str = "true"):
    path = tmp_path / "boss.yaml"
    path.write_text(SCENARIO.replace("READY", ready).replace("CHOICE", choice).replace("TRY", tried),
                    encoding="utf-8")
    return replay(load_fixture(path))


def test_a_refused_choice_in_a_tried_action_says_how_to_try_it(tmp_path):
    out = _replay(tmp_path, "[Death-Stalker, Stilt-Man]", "Henchman")
    assert out.error and "not a legal option" in out.error and "{try: VALUE}" in out.error


def test_a_refused_choice_in_an_untried_action_has_no_hint(tmp_path):
    out = _replay(tmp_path, "[Death-Stalker, Stilt-Man]", "Henchman", tried="false")
    assert out.error and "not a legal option" in out.error and "{try: VALUE}" not in out.error


def test_one_legal_option_leaves_the_plain_choice_unused_and_says_how_to_try_it(tmp_path):
    out = _replay(tmp_path, "[Death-Stalker]", "Henchman")
    assert out.error and "never used" in out.error and "{try: VALUE}" in out.error


def test_the_tentative_choice_is_refused_and_the_legal_one_taken(tmp_path):
    out = _replay(tmp_path, "[Death-Stalker, Stilt-Man]", "{try: Henchman}, Stilt-Man")
    assert out.error is None
    rejected = [e for e in out.engine.events if e.get("event") == "choice_rejected"]
    assert [e.get("choice") for e in rejected] == ["Henchman"]
    assert out.engine.obj("Stilt-Man").exhausted and not out.engine.obj("Death-Stalker").exhausted


def test_no_hint_when_the_tried_action_itself_was_refused(tmp_path):
    """No Crime Lords character can pay: the play is refused, and its choice stays queued for the next
    decision on purpose (GUIDE) -- left over, it is an error without the {try: X} advice."""
    out = _replay(tmp_path, "[]", "Henchman")
    assert out.error and "never used" in out.error and "{try: VALUE}" not in out.error
    assert any(e.get("event") == "action_rejected" for e in out.engine.events)


WRONG_PLAYER = """\
game: huntik
state:
  active: A
  A:
    hand: [Augerfrost]
    zone1: [Zhalia Moon, Lok Lambert]
  B:
    zone1: [Suit Grunt]
actions:
  - {player: B, choose: [Lok Lambert]}
  - {player: A, play: Augerfrost, targets: [Suit Grunt]}
  - {pass: all}
"""


def test_a_missing_choice_names_the_other_players_unused_one(tmp_path):
    """A's choice scripted under B: the missing-choice error says so, rather than only listing A's options."""
    path = tmp_path / "wrong.yaml"
    path.write_text(WRONG_PLAYER, encoding="utf-8")
    out = replay(load_fixture(path))
    assert out.error and "missing choice: A" in out.error and "B has an unused scripted choice 'Lok Lambert'" in out.error


TARGET_IN_HAND = """\
game: huntik
state:
  active: A
  A:
    hand: [Augerfrost]
    zone1: [Zhalia Moon]
  B:
    hand: [Suit Grunt]
    zone1: [Dante Vale]
actions:
  - {player: A, play: Augerfrost, targets: [Suit Grunt]}
"""


def test_a_target_out_of_play_is_refused_saying_where_it_is(tmp_path):
    """Suit Grunt fits the card's target description (a minor hero) but is in B's hand: the refusal says so."""
    path = tmp_path / "hand.yaml"
    path.write_text(TARGET_IN_HAND, encoding="utf-8")
    out = replay(load_fixture(path))
    assert out.error and "it is in B.hand, not in play" in out.error
