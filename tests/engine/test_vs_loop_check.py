"""Vs. System: the game is drawn only for "an infinite loop" (the reason for the Stilt-Man errata). A run
of mandatory triggered powers repeating one cycle is a loop only while it renews itself -- the cycle's
next power triggered after the repeating run began; powers one event batch triggered, resolving one after
another, are a finite run. A cycle with an optional power ('you may'), waiting on the chain or in the
pool, is no draw: its controller can stop it."""
from __future__ import annotations

from pathlib import Path

from judge.scenarios.loader import load_fixture
from judge.scenarios.replay import replay

ROOT = Path(__file__).resolve().parents[2]

_RALLY = """game: vs-system
cards:
  - name: Rally
    type: plot twist
    cost: 1
    illustrative: true
    text: "Put a +1 ATK / +1 DEF counter on each character you control."
    abilities:
      - kind: play
        steps:
          - {counter: {all: "it.type == 'character' and it.controller == you"}, kind: "+1/+1", amount: 1}
state:
  active: A
  phase: build
  A:
    visible: HENCHMEN
    hand: [Rally]
  B:
    visible: [STILT]
versions: VERSIONS
actions:
  - {player: A, play: Rally}
  - {pass: all}
"""


def _run(tmp_path, text: str):
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    out = replay(load_fixture(path))
    assert out.error is None, out.error
    return out.engine


def _drawn(eng) -> bool:
    return any(e["event"] == "game_drawn" for st in eng.trace for e in st.events)


def _rally(tmp_path, n: int, version: str = "errata"):
    text = (_RALLY.replace("HENCHMEN", "[" + ", ".join(["Henchman"] * n) + "]")
            .replace("STILT", "Stilt-Man").replace("VERSIONS", "{Stilt-Man: %s}" % version))
    return _run(tmp_path, text)


def test_five_powers_one_event_triggered_are_no_loop(tmp_path):
    eng = _rally(tmp_path, 5)
    assert not _drawn(eng)
    assert eng.obj("Stilt-Man").counters.get("+1/+1") == 5


def test_ten_powers_one_event_triggered_are_no_loop(tmp_path):
    eng = _rally(tmp_path, 10)
    assert not _drawn(eng)
    assert eng.obj("Stilt-Man").counters.get("+1/+1") == 10


def test_the_review_scenario_passes():
    out = replay(load_fixture(ROOT / "tests/engine/data/vs-review41-stilt-man-five-triggers-no-loop.yaml"))
    assert out.passed, out.problems


def test_two_old_text_stilt_men_still_loop():
    """Must apply: each counter triggers the other Stilt-Man, for ever."""
    out = replay(load_fixture(ROOT / "rulings/vs-system/errata/stilt-man-old-text-loops.ruling.yaml"))
    assert out.passed, out.problems
    assert _drawn(out.engine)


_ECHO = """game: vs-system
cards:
  - name: Rally
    type: plot twist
    cost: 1
    illustrative: true
    text: "Put a +1 ATK / +1 DEF counter on each character you control."
    abilities:
      - kind: play
        steps:
          - {counter: {all: "it.type == 'character' and it.controller == you"}, kind: "+1/+1", amount: 1}
  - name: Echo
    type: character
    cost: 1
    illustrative: true
    stats: {atk: 1, def: 1}
    text: "Whenever a character an opponent controls gains a counter, MAYput a +1 ATK / +1 DEF counter on Echo."
    abilities:
      - kind: trigger
        name: echo
        optional: OPTIONAL
        on: {event: counter_added, filter: "event.obj.type == 'character' and event.obj.controller == opponent"}
        steps:
          - {counter: this, kind: "+1/+1", amount: 1}
state:
  active: A
  phase: build
  A:
    visible: [Echo]
    hand: [Rally]
  B:
    visible: [Echo]
actions:
  - {player: A, play: Rally}
CHOICES
"""


def _echo(tmp_path, optional: bool, yes: int):
    choices = "".join(f"  - {{player: {'BA'[i % 2]}, choose: [yes]}}\n" for i in range(yes))
    if optional:
        choices += f"  - {{player: {'BA'[yes % 2]}, choose: [no]}}\n"
    text = (_ECHO.replace("OPTIONAL", "true" if optional else "false")
            .replace("MAY", "you may " if optional else "").replace("CHOICES\n", choices))
    return _run(tmp_path, text)


def test_a_cycle_with_an_optional_power_on_the_chain_is_no_draw(tmp_path):
    """Two 'you may' echoes: the players say yes twelve times, then B stops: no draw, the run ends."""
    eng = _echo(tmp_path, True, 12)
    assert not _drawn(eng)
    assert sum(o.counters.get("+1/+1", 0) for o in eng.in_play()) == 13  # Rally's, then twelve echoes


def test_the_same_cycle_made_mandatory_is_a_draw(tmp_path):
    eng = _echo(tmp_path, False, 0)
    assert _drawn(eng)
