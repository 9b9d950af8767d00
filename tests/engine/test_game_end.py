"""A game that has ended stays ended (engine.end_game; blind round 28): its first result stands -- a later
win, loss or draw does not happen, whatever card or rule tries it --, what waits on the chain or in the
pending pool does not resolve, the steps left of the effect that ended it are not done, and the replay
refuses every later scripted action, `try` or not (action_rejected, "the game is over"). A game that has
not ended is not affected. Game structure, not a mechanic: there is no rule to switch off; the contrasts
are a game that goes on and the chain's order (vs-system:ruling:gravesite) deciding which result comes
first."""
from __future__ import annotations

from judge.engine.rules import rule_id
from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay
from tests.engine.test_whi_terms import make

GRAVESITE = rule_id("vs-system", "ruling:gravesite")


def _run(tmp_path, text, ablate=frozenset()):
    path = tmp_path / "game_end.yaml"
    path.write_text(text)
    out = replay(load_fixture(path), ablate, lenient=bool(ablate))
    assert out.error is None, out.error
    return out.engine


def _events(eng, kind, **fields):
    return [e for e in eng.events if e["event"] == kind and all(e.get(k) == v for k, v in fields.items())]


VS_TWO_SCHEMES = """\
game: vs-system
state:
  active: A
  phase: build
  A: {hand: [Victory Scheme]}
  B: {hand: [Victory Scheme]}
actions:
  - {player: A, play: "Victory Scheme#1"}
  - {player: B, play: "Victory Scheme#2"}
  - {pass: all}
"""


def test_two_wins_on_the_chain_the_first_stands_the_second_does_not_resolve(tmp_path):
    eng = _run(tmp_path, VS_TWO_SCHEMES)
    assert [e["player"] for e in _events(eng, "game_won")] == ["B"]  # last in, first out: B's wins
    assert eng.game_over == "B"
    assert not _events(eng, "resolving", source="Victory Scheme#1")  # A's never resolves
    assert eng.obj("Victory Scheme#1").zone == "stack"  # it stays where the game left it


def test_the_chain_order_decides_which_win_comes_first(tmp_path):
    eng = _run(tmp_path, VS_TWO_SCHEMES, {GRAVESITE})  # first in, first out: A's resolves first and stands
    assert [e["player"] for e in _events(eng, "game_won")] == ["A"]
    assert not _events(eng, "resolving", source="Victory Scheme#2")


VS_LOOP = """\
game: vs-system
versions: {Stilt-Man: printed}
state:
  active: A
  phase: build
  A: {hand: [Stilt-Man, Victory Scheme]}
  B: {visible: [Stilt-Man]}
actions:
  - {player: A, recruit: "Stilt-Man#1", with: [boost]}
"""


def test_a_drawn_game_is_not_then_won_and_later_actions_are_refused(tmp_path):
    eng = _run(tmp_path, VS_LOOP + """\
  - {begin: combat, try: true}
  - {player: A, play: Victory Scheme, try: true}
  - {pass: all, try: true}
""")
    assert len(_events(eng, "game_drawn")) == 1 and not _events(eng, "game_won")
    refused = _events(eng, "action_rejected")
    # the phase change, the play and the pass, each tried: each refused, none carried out
    assert [e["player"] for e in refused] == [None, "A", None]
    assert all(e["reason"] == "the game is over: it was drawn" for e in refused)
    assert eng.state.vars["phase"] == "build"
    assert eng.obj("Victory Scheme").zone == "hand"


def test_a_won_game_is_not_then_drawn(tmp_path):
    # Victory Scheme answers the boost waiting on the chain: it resolves first, the loop never begins
    eng = _run(tmp_path, VS_LOOP + """\
  - {player: A, play: Victory Scheme}
  - {pass: all}
""")
    assert [e["player"] for e in _events(eng, "game_won")] == ["A"]
    assert not _events(eng, "game_drawn") and not _events(eng, "loop_detected")
    assert not eng.obj("Stilt-Man#1").counters.get("+1/+1")  # the boost did not resolve


def test_choices_of_a_refused_action_are_dropped_with_it(tmp_path):
    eng = _run(tmp_path, VS_TWO_SCHEMES + """\
  - {player: A, play: Victory Scheme#1, choose: [yes], try: true}
""")
    assert _events(eng, "action_rejected", player="A", reason="the game is over: B has won it")


def test_an_action_after_the_end_not_tried_is_a_script_error_at_its_line(tmp_path):
    # a scenario that ended the game by the way and plays on: its later expectations would hold or fail
    # for nothing, so the replay stops there
    path = tmp_path / "game_end.yaml"
    path.write_text(VS_LOOP + "  - {begin: combat}\n")
    out = replay(load_fixture(path))
    assert out.error and out.error.endswith("the game is over: it was drawn: this action is not carried out "
                                            "(write try: true to expect its refusal)")
    assert out.error_line == VS_LOOP.count("\n") + 1


def test_a_game_that_has_not_ended_goes_on(tmp_path):
    # Mephisto: B cannot win; nothing ends, and the next action is carried out
    eng = _run(tmp_path, """\
game: vs-system
state:
  active: B
  phase: build
  A: {visible: [Mephisto]}
  B: {hand: [Victory Scheme, Victory Scheme]}
actions:
  - {player: B, play: "Victory Scheme#1"}
  - {pass: all}
  - {player: B, play: "Victory Scheme#2"}
  - {pass: all}
""")
    assert eng.game_over is None and not _events(eng, "game_won")
    assert len(_events(eng, "win_prevented", player="B")) == 2
    assert not _events(eng, "action_rejected")


def test_end_game_keeps_the_first_result():
    eng = make()
    assert eng.game_over is None
    assert eng.end_game("A") and eng.game_over == "A"
    assert not eng.end_game("draw") and not eng.end_game("B")
    assert eng.game_over == "A"


def test_the_steps_left_of_the_effect_that_ended_the_game_are_not_done(tmp_path):
    eng = _run(tmp_path, """\
game: vs-system
state:
  active: A
  phase: build
  A: {deck: [Shang Chi, Henchman]}
actions:
  - {player: A, effect: [{win_game: you}, {draw: 1}]}
""")
    assert eng.game_over == "A"
    assert eng.obj("Henchman").zone == "deck"  # the draw after the win is not done


def test_the_steps_of_an_effect_that_ends_no_game_are_all_done(tmp_path):
    eng = _run(tmp_path, """\
game: vs-system
state:
  active: A
  phase: build
  A: {deck: [Shang Chi, Henchman]}
  B: {visible: [Mephisto]}
actions:
  - {player: A, effect: [{win_game: you}, {draw: 1}]}
""")
    assert eng.game_over is None and _events(eng, "win_prevented", player="A")
    assert eng.obj("Henchman").zone == "hand"


WHI_DECK_OUT = """\
game: warhammer-invasion
state:
  active: A
  phase: capital
  A:
    hand: [Bladewind, Bladewind]
    deck: [Rat Swarm, Hag Queen]
    resources: 2
  B:
    hand: [Illustrative Orc Trick]
    deck: [Dark Zealot]
    resources: 1
actions:
  - {player: A, play: "Bladewind#1"}
  - {player: B, play: Illustrative Orc Trick}
  - {pass: all}
  - {player: A, play: "Bladewind#2", try: true}
"""


def test_warhammer_a_player_who_loses_with_an_empty_deck_ends_the_game_at_once(tmp_path):
    # B's Orc Trick draws his last card: B loses, A wins; Bladewind below it never resolves (A draws
    # nothing, B keeps the card); A's second Bladewind is refused
    eng = _run(tmp_path, WHI_DECK_OUT)
    assert [e["player"] for e in _events(eng, "game_lost")] == ["B"]
    assert [e["player"] for e in _events(eng, "game_won")] == ["A"]
    assert eng.obj("Dark Zealot").zone == "hand"
    assert eng.obj("Hag Queen").zone == "deck"
    assert not _events(eng, "resolving", source="Bladewind#1")
    assert _events(eng, "action_rejected", player="A", reason="the game is over: A has won it")
    assert eng.obj("Bladewind#2").zone == "hand"


def test_warhammer_a_deck_that_does_not_run_out_lets_the_game_go_on(tmp_path):
    eng = _run(tmp_path, WHI_DECK_OUT.replace("deck: [Dark Zealot]", "deck: [Savage Gor, Dark Zealot]"))
    assert eng.game_over is None and not _events(eng, "game_won")
    assert eng.obj("Hag Queen").zone == "hand"  # Bladewind#1 resolved: B discarded Dark Zealot, A drew
    assert not _events(eng, "action_rejected")
